class_name RailPlace
extends Control
## One place of the rail tray: a hole, and the screw parked in it (drawn as on the board).

## The parked screw's colour, or the empty place's (the tests read it).
var color := HudArt.HOLE
var _entry := {}
var _patterns := false


## `entry` is the parked screw's palette entry, {} for an empty place.
func show_place(entry: Dictionary, patterns: bool, empty_colour: Color) -> void:
	_entry = entry
	_patterns = patterns
	color = entry.get("bright", empty_colour)
	mouse_filter = Control.MOUSE_FILTER_IGNORE
	queue_redraw()


func _draw() -> void:
	var c := size * 0.5
	var r := minf(size.x, size.y) * 0.42
	HudArt.hole(self, c, r)
	if not _entry.is_empty():
		HudArt.screw(self, c, r * 0.88, _entry, _patterns, 0.6)
