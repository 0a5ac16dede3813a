class_name TitlePlate
extends Control
## The main menu's title treatment: the game's name on a brushed steel plate held by four screws,
## one in each of the first palette colours.

const PLATE := Color(0.62, 0.66, 0.74)
const PLATE_DARK := Color(0.36, 0.39, 0.47)


func _ready() -> void:
	resized.connect(queue_redraw)


func _draw() -> void:
	var rect := Rect2(Vector2.ZERO, size)
	var radius := size.y * 0.16
	var style := StyleBoxFlat.new()
	style.bg_color = PLATE
	style.set_corner_radius_all(int(radius))
	style.border_color = PLATE_DARK
	style.set_border_width_all(4)
	style.border_width_bottom = 10
	style.shadow_color = Color(0, 0, 0, 0.45)
	style.shadow_size = 18
	style.shadow_offset = Vector2(0, 10)
	style.anti_aliasing = true
	draw_style_box(style, rect)
	# Brushed lines.
	var step := size.y / 14.0
	for i in range(2, 13):
		var y := i * step
		draw_line(
			Vector2(radius, y), Vector2(size.x - radius, y), Color(1, 1, 1, 0.05 + 0.03 * (i % 2)), 2.0
		)
	var r := size.y * 0.075
	var inset := Vector2(radius * 0.85, radius * 0.85)
	var corners := [
		inset, Vector2(size.x - inset.x, inset.y), size - inset, Vector2(inset.x, size.y - inset.y)
	]
	for i in corners.size():
		var entry: Dictionary = App.palette[i] if i < App.palette.size() else {}
		HudArt.screw(self, corners[i], r, entry, false, 0.4 + i * 0.9)
