extends SceneTree
## The level editor (addons/screwsmith_editor) by input events, headless: a small level is built
## by clicks on its grid (two parts, painted cells, six screws of two colours, a colour set), undone
## and redone, saved as a one-level file with its measure and help copy, and its verdict arrives
## "proven" by signal. Then it is broken twice: a frame over a screw (buried: named, ringed) and a
## colour count that is not a multiple of 3 (the error names the screws, which are ringed). Last, a
## 42-screw shipped level: the verdict's time and the view's longest frame while it ran are printed
## (`editor_bench:` line).

const Driver := preload("res://tests/e2e/driver.gd")
const EditorView := preload("res://addons/screwsmith_editor/editor_view.gd")
const BENCH_LEVEL := 167

var d: Driver
var view: Control


func _initialize() -> void:
	d = Driver.new(self, "editor_test")
	_run.call_deferred()


func _run() -> void:
	root.size = Vector2i(1280, 800)
	view = EditorView.new()
	root.add_child(view)
	view.set_anchors_and_offsets_preset(Control.PRESET_FULL_RECT)
	await d.frames(5)
	if d.check(view.editor != null, "the LevelEditor class is loaded"):
		await _build()
		await _break()
		await _bench()
	view.queue_free()
	await d.finish()


func _click(cell: Vector2i) -> void:
	await d.tap(view.cell_centre(cell))


func _verdict_where(condition: Callable, what: String) -> bool:
	return await d.wait_for(
		func(): return not view.editor.is_measuring() and condition.call(view.last_verdict),
		30.0,
		what
	)


func _build() -> void:
	# Two parts of three cells (rows 0 and 2), three screws of colour 0 and three of colour 1.
	for row in [0, 2]:
		view.select_tool("part")
		await _click(Vector2i(0, row))
		view.select_tool("paint")
		await _click(Vector2i(1, row))
		await _click(Vector2i(2, row))
		view.select_tool("screw")
		view.set_colour(row / 2)
		for x in 3:
			await _click(Vector2i(x, row))
	var level: Dictionary = view.editor.level()
	d.check(level["parts"].size() == 2 and level["parts"][1]["rest"].size() == 3, "two parts of 3")
	d.check(level["screws"].size() == 6, "six screws placed: %s" % str(level["screws"]))
	d.check(level["colors"] == [0, 1], "colours 0 and 1: %s" % str(level["colors"]))
	await _verdict_where(func(v): return v.get("status") == "proven", "a proven verdict")
	# A colour set on a selected screw, undone and redone.
	view.select_tool("select")
	await _click(Vector2i(1, 0))
	d.check(view.selected_screw == 2, "screw 2 selected, got %d" % view.selected_screw)
	view.set_colour(3)
	view._on_set_screw()
	d.check(int(view.editor.level()["screws"][1]["color"]) == 3, "screw 2 recoloured")
	d.check(view.undo(), "undo")
	d.check(int(view.editor.level()["screws"][1]["color"]) == 0, "undo restores the colour")
	d.check(view.redo(), "redo")
	d.check(int(view.editor.level()["screws"][1]["color"]) == 3, "redo recolours again")
	d.check(view.undo(), "undo again")
	await _verdict_where(func(v): return v.get("status") == "proven", "proven after undo")
	var v: Dictionary = view.last_verdict
	d.check(
		v["valid"] and v["min_rail"] != null and v["difficulty"] != null, "measured: %s" % str(v)
	)
	var dir := ProjectSettings.globalize_path("user://editor_test/%d" % OS.get_process_id())
	var path: String = view.save_as("two_colours", dir)
	d.check(path.ends_with("two_colours.json"), "saved: %s" % path)
	var text := FileAccess.get_file_as_string(path)
	d.check(text.begins_with('{\n  "number": 1,'), "a one-level file (a level object)")
	d.check(text.contains('"measure"') and text.contains('"help"'), "measure and help stored")
	print("editor_test: saved %s" % path)


func _break() -> void:
	# A frame (a part without screws) on layer 1 over screw 1: buried.
	view._layer.value = 1
	view.select_tool("part")
	await _click(Vector2i(0, 0))
	await _verdict_where(func(v): return v.get("status") == "broken", "a broken verdict")
	var v: Dictionary = view.last_verdict
	d.check(v["buried"] == [1], "screw 1 named buried: %s" % str(v["buried"]))
	d.check(view.highlighted_screws().has(1), "the buried screw is ringed")
	d.check(view.undo(), "undo the frame")
	# Screw 3 recoloured: colour 0 has 2 screws.
	view.selected_screw = 3
	view.set_colour(4)
	view._on_set_screw()
	await _verdict_where(func(v): return v.has("valid") and not v["valid"], "an invalid verdict")
	v = view.last_verdict
	d.check(
		str(v["error"]).contains("not a multiple of 3"),
		"the colour count is named: %s" % v["error"]
	)
	d.check(v["error_screws"] == [1, 2], "its screws are named: %s" % str(v["error_screws"]))
	d.check(view.highlighted_screws().has(1) and view.highlighted_screws().has(2), "and ringed")


func _bench() -> void:
	var opened := Time.get_ticks_msec()
	view._open_text(FileAccess.get_file_as_string("res://levels/levels.json"), BENCH_LEVEL - 1)
	var start := Time.get_ticks_msec()
	print("editor_bench: opening level %d took %d ms" % [BENCH_LEVEL, start - opened])
	view.reset_frame_clock()
	await _verdict_where(
		func(v): return v.get("status") == "proven", "level %d proven" % BENCH_LEVEL
	)
	var v: Dictionary = view.last_verdict
	print(
		(
			(
				"editor_bench: level %d, %d screws: verdict %d ms (thread), %d ms to the signal,"
				+ " longest frame %.1f ms"
			)
			% [
				BENCH_LEVEL,
				view.editor.level()["screws"].size(),
				v["millis"],
				Time.get_ticks_msec() - start,
				view.longest_frame_ms
			]
		)
	)
