extends SceneTree
## The defects only the engine shows, each checked in the engine:
##   - every palette colour's colour-blind mark has its own outline (a 3-sided CylinderMesh was
##     raised to 4 sides: the triangle drew the diamond) and stands out from the head (a white
##     mark on the white and pink heads could not be seen);
##   - the mark lies on top of a loosened rusty screw's raised head, not inside it;
##   - the HUD and the board keep inside the safe area; the level is still played by taps;
##   - the level map scrolls when a finger drags across its level buttons (and opens no level);
##   - Chinese device locales get Chinese strings and the matching Han face first;
##   - the board is re-fitted when the window changes size (and still played by taps);
##   - the editor preview renders at the 360×640 its camera is computed for;
##   - the board's own cell-to-world mapping (read once from the camera model) is the camera model's
##     cell_to_world on every cell and layer of the largest level.

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const ScrewViewScript := preload("res://scripts/board/screw_view.gd")
const PreviewDock := preload("res://addons/screwsmith_preview/preview_dock.gd")
const MAP := "res://scenes/level_map.tscn"
const BOARD := "res://scenes/board.tscn"
const IPHONE := Vector2i(1170, 2532)
## The iPhone's insets in devices.json (top: Dynamic Island, bottom: home indicator).
const IPHONE_INSETS := [141.0, 102.0, 0.0, 0.0]
const TABLET := Vector2i(1640, 2360)
## Device locale → the translation shown and the Han face that must come first.
const LOCALES := {
	"zh_Hans_CN": ["zh_CN", "NotoSansSC"],
	"zh_Hant_TW": ["zh_TW", "NotoSansTC"],
	"zh_HK": ["zh_TW", "NotoSansTC"],
	"zh": ["zh_CN", "NotoSansSC"],
	"zh_CN": ["zh_CN", "NotoSansSC"],
	"zh_TW": ["zh_TW", "NotoSansTC"],
	"ja_JP": ["ja", "NotoSansJP"],
	"ko_KR": ["ko", "NotoSansKR"],
}

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "defects_test")
	Driver.fresh_save(60)
	_run.call_deferred()


func _run() -> void:
	_check_marks()
	_check_rusty_mark()
	_check_locales()
	await _check_preview()
	await _check_map_scroll()
	await _check_safe_area()
	await _check_refit()
	await _check_cell_points(95)
	await d.finish()


func _screw_view() -> Node3D:
	var view: Node3D = ScrewViewScript.new()
	root.add_child(view)
	var cam: Dictionary = d.app().audit.camera(Driver.PHONE, 7, 9, 0)
	view.setup(1, cam, d.app().ui_font())
	return view


func _screw(kind: String, touches: int) -> Dictionary:
	return {
		"removed": false, "accessible": true, "known": true, "kind": kind, "touches": touches
	}


func _check_marks() -> void:
	var view := _screw_view()
	var outlines := {}
	for entry in d.app().palette:
		view.show_state(_screw("normal", 0), entry, true)
		var outline := _outline(view._pattern)
		var name := "%s (%s)" % [entry["name"], entry["pattern"]]
		d.check(not outline.is_empty(), "%s: no mark drawn" % name)
		for other in outlines:
			d.check(outlines[other] != outline, "%s draws the same mark as %s" % [name, other])
		outlines[name] = outline
		var shown: Array = view._pattern.get_children().filter(
			func(m): return not m.is_queued_for_deletion()
		)
		var mark: Color = shown[0].material_override.albedo_color
		var contrast := absf(mark.get_luminance() - (entry["bright"] as Color).get_luminance())
		d.check(contrast >= 0.4, "%s: mark and head differ by %.2f in luminance" % [name, contrast])
		if entry["pattern"] == "triangle":
			d.check(outline.size() == 3, "the triangle mark has %d corners" % outline.size())
	view.free()


## The corners of a mark as seen from above: its meshes' vertices (rotated as placed) away from
## the centre, rounded, as a sorted list.
func _outline(pattern: Node3D) -> Array:
	var corners := {}
	for mark in pattern.get_children():
		if mark.is_queued_for_deletion():
			continue
		var mesh: Mesh = mark.mesh
		for i in mesh.get_surface_count():
			for v in mesh.surface_get_arrays(i)[Mesh.ARRAY_VERTEX]:
				var p: Vector3 = mark.transform * v
				var flat := Vector2(snappedf(p.x, 0.01), snappedf(p.z, 0.01))
				if flat.length() > 0.02:
					corners[flat] = true
	var list := corners.keys()
	list.sort()
	return list


func _check_rusty_mark() -> void:
	var view := _screw_view()
	var entry: Dictionary = d.app().palette[0]
	for touches in [0, 1]:
		view.show_state(_screw("rusty", touches), entry, true)
		var head_top: float = view._head.position.y + view._height * 0.5
		d.check(
			view._pattern.position.y > head_top,
			"rusty screw, %d taps: mark at %.3f under the head's top %.3f"
			% [touches, view._pattern.position.y, head_top]
		)
	view.free()


func _check_locales() -> void:
	for locale in LOCALES:
		d.app().apply_locale(locale)
		var expected: Array = LOCALES[locale]
		var strings := TranslationServer.get_translation_object(locale)
		d.check(
			strings != null and strings.locale == expected[0],
			"%s shows %s strings" % [locale, strings.locale if strings else "no"]
		)
		var first: Font = d.app().ui_font().fallbacks[0]
		d.check(
			first.resource_path.contains(expected[1]),
			"%s: first Han face %s, expected %s" % [locale, first.resource_path, expected[1]]
		)
	d.app().apply_language()


func _check_preview() -> void:
	var dock: Control = PreviewDock.new()
	dock.size = Vector2(280, 900)
	root.add_child(dock)
	await d.frames(3)
	dock._number.value = 12
	dock._on_show_level()
	await d.frames(3)
	var viewport: SubViewport = dock._viewport
	d.check(viewport.size == PreviewDock.PREVIEW_SIZE, "preview renders at %s" % viewport.size)
	var cam: Dictionary = d.app().audit.camera(
		PreviewDock.PREVIEW_SIZE, dock._sim.width(), dock._sim.height(), _max_layer(dock._sim)
	)
	d.check(
		is_equal_approx(dock._camera.fov, cam["fov_y_deg"]), "preview camera is the model's"
	)
	dock.free()


func _check_map_scroll() -> void:
	if not await d.start(MAP):
		return
	# A phone's display server reports a touchscreen (ScrollContainer drags only then); headless
	# reports one while touch is emulated from the mouse.
	Input.emulate_touch_from_mouse = true
	var scroll := d.node("Box/Scroll") as ScrollContainer
	scroll.scroll_vertical = 0
	await d.frames(2)
	var button := d.node("Box/Scroll/Grid").get_child(7).get_child(0) as Control
	var from := button.get_global_rect().get_center()
	await d.drag(from, from - Vector2(0, 600))
	await d.frames(5)
	d.check(
		scroll.scroll_vertical > 300,
		"a drag of 600 px across level buttons scrolled the map by %d px" % scroll.scroll_vertical
	)
	d.check(d.scene().scene_file_path == MAP, "a drag opened a level")
	Input.emulate_touch_from_mouse = false


## At the iPhone's size with its insets: both HUD bands inside the safe area, every screw between
## the bands, and level 12 (rusty screws) played to a win by taps.
func _check_safe_area() -> void:
	d.app().safe_insets_override = IPHONE_INSETS
	for screen in ["res://scenes/main_menu.tscn", MAP, "res://scenes/settings.tscn"]:
		if await d.start(screen, IPHONE):
			var box := (d.node("Box") as Control).get_global_rect()
			var inside: Rect2 = Rect2(d.app().safe_area(root))
			d.check(inside.encloses(box), "%s: %s outside the safe area %s" % [screen, box, inside])
	d.app().board_request = {"mode": "level", "number": 12}
	if not await d.start(BOARD, IPHONE):
		return
	var safe: Rect2i = d.app().safe_area(root)
	var scale := root.get_final_transform().get_scale().y
	d.check(
		absf(safe.position.y * scale - IPHONE_INSETS[0]) <= scale,
		"safe area top %d (canvas) for a %d px inset" % [safe.position.y, IPHONE_INSETS[0]]
	)
	var top := (d.node("Hud/Root/Top") as Control).get_global_rect()
	var bottom := (d.node("Hud/Root/Bottom") as Control).get_global_rect()
	d.check(top.position.y >= safe.position.y, "crates band under the notch: %s" % top)
	d.check(bottom.end.y <= safe.end.y, "tools under the home indicator: %s" % bottom)
	await _check_screws_between(top.end.y, bottom.position.y, 12)
	d.app().safe_insets_override = []


## Level 1 at the phone size, then the window becomes a tablet: the camera is the model's for the
## new size and the level is won by taps there.
func _check_refit() -> void:
	d.app().board_request = {"mode": "level", "number": 1}
	if not await d.start(BOARD):
		return
	root.size = TABLET
	await d.frames(3)
	var oracle = _oracle(1)
	var size := Vector2i(root.get_visible_rect().size)
	var cam: Dictionary = d.app().audit.camera(
		size, oracle.width(), oracle.height(), _max_layer(oracle)
	)
	var camera := root.get_camera_3d()
	d.check(
		camera.global_position.distance_to(cam["position"]) < 0.01,
		"after a resize to %s the camera stands at %s, the model says %s"
		% [TABLET, camera.global_position, cam["position"]]
	)
	var top := (d.node("Hud/Root/Top") as Control).get_global_rect()
	var bottom := (d.node("Hud/Root/Bottom") as Control).get_global_rect()
	await _check_screws_between(top.end.y, bottom.position.y, 1)


func _check_cell_points(level: int) -> void:
	d.app().board_request = {"mode": "level", "number": level}
	if not await d.start(BOARD):
		return
	var oracle = _oracle(level)
	var world = d.node("World")
	var audit = d.app().audit
	var worst := 0.0
	var checked := 0
	for layer in _max_layer(oracle) + 1:
		for y in oracle.height():
			for x in oracle.width():
				var model: Vector3 = audit.cell_to_world(x, y, layer, oracle.width(), oracle.height())
				worst = maxf(worst, model.distance_to(world.cell_point(Vector2i(x, y), layer)))
				checked += 1
	d.check(checked > 60, "level %d has %d cells" % [level, checked])
	d.check(worst < 1e-5, "the board's cell_point is off the camera model by %f" % worst)


func _check_screws_between(top_y: float, bottom_y: float, level: int) -> void:
	var oracle = _oracle(level)
	for screw in oracle.screws():
		var at := d.screw_screen_position(oracle, int(screw["id"]))
		d.check(
			at.y > top_y and at.y < bottom_y,
			(
				"level %d screw %d at %s, outside the board area %d..%d"
				% [level, screw["id"], at, top_y, bottom_y]
			)
		)
	await Play.play_moves(d, oracle, oracle.solution())
	d.check(d.visible("Hud/Root/WinPanel"), "level %d won by taps at %s" % [level, root.size])


func _oracle(n: int):
	var sim = ClassDB.instantiate("GameSim")
	sim.load_json(d.app().library.level_json(n))
	return sim


func _max_layer(sim) -> int:
	var top := 0
	for part in sim.parts():
		top = maxi(top, int(part["layer"]))
	return top
