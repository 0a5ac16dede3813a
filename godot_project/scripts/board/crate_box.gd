class_name CrateBox
extends Control
## One crate of the HUD: a box in its screw colour with three holes, the screws it holds sitting
## in them. An inactive crate (not yet on the belt) is drawn faded; a place with no crate left to
## fill it is an empty recess, never a box (a faded brown box with holes read as a crate waiting
## for screws); the queue's small crates are the same box without holes. With colour-blind
## patterns on, an open crate's empty holes carry its colour's mark too: the crate a player matches
## against says its colour by shape, not only the screws already in it.

## The crate's colour (its palette entry's `dimmed`, `bright` for a queue swatch; tests read it).
var color := Color(0.3, 0.22, 0.14)
## No crate here: the place is drawn as an empty recess (the tests read it).
var empty := false
## The colour of each hole's screw, or transparent for an empty hole (the tests read it).
var places: Array[Color] = []
## The colour-blind mark drawn in each hole ("" for none; a filled hole's screw carries its own).
var marks: Array[String] = []
var _entry := {}
var _fill := 0
var _holes := 3
var _patterns := false


## `entry` is the crate colour's palette entry ({} for none), `fill` how many holes hold a screw.
func show_crate(entry: Dictionary, fill: int, active: bool, patterns: bool, holes := 3) -> void:
	_entry = entry
	_fill = fill
	_holes = holes
	_patterns = patterns
	# A crate is its dimmed colour (its screws stand out in it); a queue swatch is the bright one.
	color = entry.get("dimmed" if holes > 0 else "bright", Color(0.3, 0.22, 0.14))
	places.clear()
	marks.clear()
	for i in holes:
		places.append(entry["bright"] if i < fill and not entry.is_empty() else Color.TRANSPARENT)
		marks.append(str(entry["pattern"]) if patterns and entry.has("pattern") else "")
	modulate.a = 1.0 if active else 0.45
	empty = entry.is_empty() and holes > 0
	mouse_filter = Control.MOUSE_FILTER_IGNORE
	queue_redraw()


func _draw() -> void:
	var rect := Rect2(Vector2.ZERO, size)
	var radius := minf(size.x, size.y) * 0.16
	if empty:
		_draw_recess(rect, radius)
		return
	HudArt.box(self, rect, color, radius)
	if _holes == 0:
		if _patterns and _entry.has("pattern"):
			var dark := (_entry["bright"] as Color).get_luminance() >= HudArt.LIGHT_HEAD
			HudArt.mark(
				self,
				rect.get_center(),
				size.y * 0.28,
				str(_entry["pattern"]),
				HudArt.MARK_DARK if dark else HudArt.MARK_LIGHT
			)
		return
	var step := size.x / _holes
	var r := minf(step * 0.36, size.y * 0.34)
	for i in _holes:
		var c := Vector2(step * (i + 0.5), size.y * 0.5)
		HudArt.hole(self, c, r)
		if i < _fill and not _entry.is_empty():
			HudArt.screw(self, c, r * 0.9, _entry, _patterns, 0.4 + i)
		elif not marks[i].is_empty():
			HudArt.mark(
				self, c, r * 0.5, marks[i], (_entry["bright"] as Color).lerp(Color.WHITE, 0.2)
			)


## The place a crate stood: a dark, sunken outline with nothing in it.
func _draw_recess(rect: Rect2, radius: float) -> void:
	var style := StyleBoxFlat.new()
	style.bg_color = Color(0, 0, 0, 0.22)
	style.border_color = Color(1, 1, 1, 0.16)
	style.set_border_width_all(int(maxf(2.0, radius * 0.18)))
	style.set_corner_radius_all(int(radius))
	draw_style_box(style, rect.grow(-radius * 0.15))
