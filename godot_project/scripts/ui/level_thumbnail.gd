class_name LevelThumbnail
extends Control
## A top-down picture of a level's start: its panels by layer (the board's layer colours, each
## panel its own tint) and its screws as the board draws them: palette colours, a '?' on a hidden
## one, rust on a rusty one, a bolt's hex head (ScrewArt). Drawn from the
## level JSON the extension generated (the Daily Bench shows today's board before it is played).

var _level := {}


func show_level(level_json: String) -> void:
	var parsed = JSON.parse_string(level_json)
	_level = parsed if parsed is Dictionary else {}
	queue_redraw()


func _draw() -> void:
	if _level.is_empty():
		return
	var w := int(_level.get("width", 1))
	var h := int(_level.get("height", 1))
	var cell := minf(size.x / (w + 0.6), size.y / (h + 0.6))
	var origin := (size - Vector2(w, h) * cell) * 0.5
	var bench := StyleBoxFlat.new()
	bench.bg_color = BoardWorld.BENCH_COLOUR
	bench.set_corner_radius_all(int(cell * 0.3))
	bench.shadow_color = Color(0, 0, 0, 0.4)
	bench.shadow_size = 10
	draw_style_box(bench, Rect2(origin, Vector2(w, h) * cell).grow(cell * 0.25))
	var parts: Array = _level.get("parts", [])
	var layer_of := {}
	var top := 0
	for part in parts:
		layer_of[int(part["id"])] = int(part["layer"])
		top = maxi(top, int(part["layer"]))
	# Layer by layer, each layer's screws over its panels: a higher plate covers what is under it.
	for layer in top + 1:
		for part in parts:
			if int(part["layer"]) != layer:
				continue
			var colour := _tint(part)
			var cells := []
			for c in part.get("rest", []):
				cells.append(Vector2i(c[0], c[1]))
			# The board's own plate outlines, in cells, placed on the picture.
			var place := Transform2D(0.0, Vector2(cell, cell), 0.0, origin)
			for shape in PlateMesh.outlines(cells, func(c): return Vector2(c) + Vector2(0.5, 0.5)):
				var plate := place * shape
				var shadow := Transform2D(0.0, Vector2.ONE * cell * 0.08) * plate
				draw_colored_polygon(shadow, Color(0, 0, 0, 0.35))
				draw_colored_polygon(plate, colour)
		for screw in _level.get("screws", []):
			if layer_of.get(int(screw["part"]), 0) != layer:
				continue
			var c := (
				origin + (Vector2(screw["cell"][0], screw["cell"][1]) + Vector2(0.5, 0.5)) * cell
			)
			var entry: Dictionary = {}
			var index := int(screw["color"])
			if index >= 0 and index < App.palette.size():
				entry = App.palette[index]
			# The board's own heads: a '?' for a hidden screw, rust, a bolt's hex.
			if screw.get("hidden", false):
				ScrewArt.hidden(self, c, cell * 0.3, get_theme_font("font"))
			elif screw.get("kind", "normal") == "rusty":
				ScrewArt.rusty(self, c, cell * 0.3, entry)
			elif screw.get("kind", "normal") == "bolt":
				ScrewArt.bolt(self, c, cell * 0.3, entry)
			else:
				HudArt.screw(self, c, cell * 0.3, entry, false, float(screw["id"]))


func _tint(part: Dictionary) -> Color:
	return App.audit.plate_colour(int(part["layer"]), int(part["id"]), GameSim.POSE_REST)
