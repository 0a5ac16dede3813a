extends Control
## A busy indicator drawn as a turning arc (no image or font needed). Runs while visible.

@export var speed_turns_per_second := 1.2
@export var colour := Color(0.95, 0.75, 0.3)
@export var thickness := 8.0

var _angle := 0.0


func _process(delta: float) -> void:
	if not is_visible_in_tree():
		return
	_angle = fmod(_angle + delta * TAU * speed_turns_per_second, TAU)
	queue_redraw()


func _draw() -> void:
	var radius: float = min(size.x, size.y) * 0.5 - thickness
	draw_arc(size * 0.5, radius, _angle, _angle + TAU * 0.7, 48, colour, thickness, true)
