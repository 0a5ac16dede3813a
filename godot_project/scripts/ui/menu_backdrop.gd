class_name MenuBackdrop
extends Control
## The menus' background: a deep blue-grey workshop wall, lighter at the top, with a few large
## screw heads sunk into it at the edges. Drawn, not an image: it scales to any screen.

const TOP := Color(0.16, 0.18, 0.25)
const BOTTOM := Color(0.07, 0.08, 0.11)
## (x, y) as fractions of the screen, radius as a fraction of its width, palette index.
const SCREWS := [
	[0.08, 0.05, 0.05, 0], [0.93, 0.09, 0.035, 2], [0.06, 0.3, 0.03, 4],
	[0.93, 0.8, 0.045, 1], [0.12, 0.95, 0.04, 3], [0.9, 0.95, 0.03, 5],
]

## The screws are the main menu's; screens full of content show the plain wall.
@export var with_screws := true


func _ready() -> void:
	mouse_filter = Control.MOUSE_FILTER_IGNORE
	set_anchors_preset(Control.PRESET_FULL_RECT)
	resized.connect(queue_redraw)


func _draw() -> void:
	var colours := PackedColorArray([TOP, TOP, BOTTOM, BOTTOM])
	var rect := PackedVector2Array([
		Vector2.ZERO, Vector2(size.x, 0), size, Vector2(0, size.y)
	])
	draw_polygon(rect, colours)
	if not with_screws:
		return
	for s in SCREWS:
		var entry: Dictionary = {}
		if int(s[3]) < App.palette.size():
			entry = App.palette[int(s[3])].duplicate()
			entry["bright"] = (entry["bright"] as Color).darkened(0.45)
		HudArt.screw(self, Vector2(s[0], s[1]) * size, s[2] * size.x, entry, false, s[0] * 9.0)
