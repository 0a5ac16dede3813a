extends SceneTree
## The level editor (addons/screwsmith_editor) by input events, headless: a small level is built
## by strokes and clicks on its canvas (two parts painted, six screws of two colours, a colour set),
## undone and redone, saved as a one-level file with its measure and help copy (`--out=DIR`; the
## line "editor_test: saved level PATH" makes scripts/godot_check.sh run `screwsmith validate
## --file` and `solve --file --verify` on it), and its verdict arrives "proven" by signal. Then it
## is broken twice at once by clicks: a frame over a screw (buried) and a screw recoloured so two
## colour counts are not multiples of 3; one verdict names both faults and the buried screw, and
## every screw they name is ringed. The canvas's gestures, each one undo step: a stroke grows a
## part, a screw dragged, a screw placed, a box-select, a nudge by arrow key, a copy and paste; a
## foreign action in the same history is never undone by this screen's undo, and undoing every
## gesture restores the level exactly. The Daily Bench of a date opens (made on a thread; the view's
## frames meanwhile are measured). A 42-screw shipped level: the verdict's time and the longest
## frame while it ran are printed (`editor_bench:` line), and the frames while a paint stroke is
## dragged over it (`editor_drag:` line), after checking that a still canvas draws nothing. Last,
## Play hands the level to the board.

const Driver := preload("res://tests/e2e/driver.gd")
const Rig := preload("res://tests/e2e/editor_rig.gd")
const Gestures := preload("res://tests/e2e/editor_gestures.gd")
const BENCH_LEVEL := 167
const DAILY_DATE := "2026-11-01"

var d: Driver
var view: Control
## Every verdict the view announced (its verdict_arrived signal), latest last.
var heard: Array = []


func _initialize() -> void:
	d = Driver.new(self, "editor_test")
	_run.call_deferred()


func _run() -> void:
	root.size = Vector2i(1280, 800)
	view = await Rig.screen_in(self, d)
	# A history of its own, as the Godot editor's global one: shared with other actions.
	view.history = UndoRedo.new()
	view.verdict_arrived.connect(func(v): heard.append(v))
	await d.frames(5)
	if d.check(view.editor != null, "the LevelEditor class is loaded"):
		await _build()
		await _break()
		await _queue_and_hang()
		await Gestures.new(self).run()
		await _daily()
		_documents()
		await _bench()
		await Gestures.new(self).drag_frames()
		await _play()
	view.history.free()
	view.queue_free()
	await d.finish()


func click(cell: Vector2i) -> void:
	await d.tap(view.cell_centre(cell))


func verdict_where(condition: Callable, what: String) -> bool:
	return await d.wait_for(
		func(): return not view.editor.is_measuring() and condition.call(_latest()), 30.0, what
	)


func _latest() -> Dictionary:
	return heard.back() if not heard.is_empty() else {}


func _build() -> void:
	# Two parts of three cells (rows 0 and 2), each one stroke, three screws of colour 0 and
	# three of colour 1.
	for row in [0, 2]:
		view.select_tool("paint")
		var actions: int = view.history.get_current_action()
		await d.drag(view.cell_centre(Vector2i(0, row)), view.cell_centre(Vector2i(2, row)))
		d.check(view.history.get_current_action() == actions + 1, "one stroke, one action")
		view.select_tool("screw")
		view.set_colour(row / 2)
		for x in 3:
			await click(Vector2i(x, row))
	var level: Dictionary = view.editor.level()
	d.check(level["parts"].size() == 2 and level["parts"][1]["rest"].size() == 3, "two parts of 3")
	d.check(level["screws"].size() == 6, "six screws placed: %s" % str(level["screws"]))
	d.check(level["colors"] == [0, 1], "colours 0 and 1: %s" % str(level["colors"]))
	await verdict_where(func(v): return v.get("status") == "proven", "a proven verdict")
	# A colour set on a selected screw, undone and redone.
	view.select_tool("select")
	await click(Vector2i(1, 0))
	d.check(view.selected_screw == 2, "screw 2 selected, got %d" % view.selected_screw)
	await d.tap_control(view.get_node("%Properties").swatch(3))
	d.check(int(view.editor.level()["screws"][1]["color"]) == 3, "screw 2 recoloured")
	d.check(view.undo(), "undo")
	d.check(int(view.editor.level()["screws"][1]["color"]) == 0, "undo restores the colour")
	d.check(view.redo(), "redo")
	d.check(int(view.editor.level()["screws"][1]["color"]) == 3, "redo recolours again")
	d.check(view.undo(), "undo again")
	await verdict_where(func(v): return v.get("status") == "proven", "proven after undo")
	var v: Dictionary = _latest()
	d.check(
		v["valid"] and v["min_rail"] != null and v["difficulty"] != null, "measured: %s" % str(v)
	)
	var out := Driver.user_arg("out")
	out = out if not out.is_empty() else "user://editor_test/%d" % OS.get_process_id()
	var path: String = view.files.save_as("two_colours", ProjectSettings.globalize_path(out))
	d.check(path.ends_with("two_colours.json"), "saved: %s" % path)
	var text := FileAccess.get_file_as_string(path)
	d.check(text.begins_with('{\n  "number": 1,'), "a one-level file (a level object)")
	d.check(text.contains('"measure"') and text.contains('"help"'), "measure and help stored")
	print("editor_test: saved level %s" % path)


func _break() -> void:
	# A frame (a part without screws) on layer 1 over screw 1: buried.
	view.canvas.layer = 1
	view.select_tool("paint")
	await click(Vector2i(0, 0))
	# Screw 3 recoloured 4 by its button: colour 0 has 2 screws, colour 4 has 1.
	view.select_tool("select")
	await click(Vector2i(2, 0))
	d.check(view.selected_screw == 3, "screw 3 selected, got %d" % view.selected_screw)
	await d.tap_control(view.get_node("%Properties").swatch(4))
	await verdict_where(func(v): return v.has("valid") and not v["valid"], "an invalid verdict")
	var v: Dictionary = _latest()
	var messages: Array = v["errors"].map(func(f): return f["message"])
	d.check(messages.size() == 2, "two faults named: %s" % str(messages))
	d.check(
		str(messages[0]).contains("colour 0 (red) has 2 screws, not a multiple of 3"),
		"colour 0's count is named, with the colour's name: %s" % str(messages)
	)
	d.check(
		str(messages.back()).contains("colour 4 (purple) has 1 screws"),
		"colour 4's count is named: %s" % str(messages)
	)
	d.check(v["errors"][0]["screws"] == [1, 2], "its screws: %s" % str(v["errors"][0]))
	d.check(v["buried"] == [1], "screw 1 named buried: %s" % str(v["buried"]))
	var ringed: Array = view.highlighted_screws()
	for s in [1, 2, 3]:
		d.check(ringed.has(s), "screw %d is ringed: %s" % [s, str(ringed)])
		d.check(view.ring_colour(s) == Color.RED, "in the fault's red")
	d.check(view.ring_colour(4) == Color.TRANSPARENT, "screw 4 is not ringed")
	var shown: String = view.get_node("%Verdict").tooltip_text
	d.check(
		shown.contains("2 faults") and shown.contains("buried screws: [1]"),
		"the panel lists both faults and the buried screw: %s" % shown
	)
	d.check(view.undo(), "undo the recolour")
	await verdict_where(func(v): return v.get("status") == "broken", "the frame alone: broken")
	d.check(_latest()["buried"] == [1], "screw 1 still buried: %s" % str(_latest()))
	d.check(view.ring_colour(1) == view.RINGS["buried"], "ringed in the buried orange")
	d.check(view.undo(), "undo the frame")
	await verdict_where(func(v): return v.get("status") == "proven", "proven again")


func _queue_and_hang() -> void:
	# The two crates, shuffled from the seed; dragging the second onto the first swaps them.
	var before: PackedInt32Array = view.editor.crate_queue()
	d.check(view.queue.count() == 2, "two crates listed: %d" % view.queue.count())
	var second_colour: Color = view.queue.crate_colour(1)
	await d.drag(view.queue.crate_centre(1), view.queue.crate_centre(0))
	var level: Dictionary = view.editor.level()
	d.check(
		level.get("crate_queue") == [before[1], before[0]],
		"dragged: %s from %s" % [str(level["crate_queue"]), str(before)]
	)
	d.check(view.queue.crate_colour(0) == second_colour, "the list shows the new order")
	await verdict_where(func(v): return v.get("status") == "proven", "proven with its queue")
	d.check(view.undo(), "undo the drag")
	d.check(view.editor.level().get("crate_queue") == null, "the queue is the seed's again")
	# Each placed screw hangs part 1 (resting on row 0) as gravity turns it: screw 1, at its left
	# end, down column 0. The pose painted by hand for screw 1: its lowest cell taken, then undone.
	var gravity: Dictionary = view.editor.level()["parts"][0].get("hang", {})
	d.check(gravity.size() == 3, "every screw hangs its plate: %s" % str(gravity))
	d.check(gravity.get("1", []) == [[0, 0], [0, 1], [0, 2]], "screw 1 hangs down: %s" % str(gravity))
	view.select_tool("select")
	await click(Vector2i(0, 0))
	view.select_tool("hang")
	await click(Vector2i(0, 2))
	var hang: Dictionary = view.editor.level()["parts"][0].get("hang", {})
	d.check(hang.get("1", []) == [[0, 0], [0, 1]], "painted to two cells: %s" % str(hang))
	await verdict_where(func(v): return v.get("valid", false), "a valid verdict with its hang")
	view.undo()
	hang = view.editor.level()["parts"][0].get("hang", {})
	d.check(hang == gravity, "undone to gravity's poses: %s" % str(hang))
	await verdict_where(func(v): return v.get("status") == "proven", "proven again")


func _daily() -> void:
	var opened: Array = []
	view.editor.daily_opened.connect(func(r): opened.append(r))
	view.document.reset_frame_clock()
	var start := Time.get_ticks_msec()
	d.check(view.files.open_daily(DAILY_DATE), "the Daily Bench of %s is being made" % DAILY_DATE)
	d.check(view.editor.is_opening_daily(), "on the extension's thread")
	await d.wait_for(func(): return not opened.is_empty(), 120.0, "the Daily Bench opened")
	if opened.is_empty():
		return
	var r: Dictionary = opened[0]
	d.check(not r.has("error"), "no error: %s" % str(r))
	d.check(str(r.get("date", "")) == DAILY_DATE, "its date: %s" % str(r))
	var level: Dictionary = view.editor.level()
	d.check(int(level["number"]) == int(r.get("bench", -1)), "the bench's level is open")
	d.check(
		view.status_text().contains("Daily Bench #"), "the status says so: %s" % view.status_text()
	)
	print(
		(
			"editor_daily: bench #%d (%s, %d screws) made in %d ms, longest frame %.1f ms"
			% [
				int(r["bench"]),
				DAILY_DATE,
				level["screws"].size(),
				Time.get_ticks_msec() - start,
				view.longest_frame_ms
			]
		)
	)
	Engine.print_error_messages = false
	d.check(not view.files.open_daily("not a date"), "a bad date is refused")
	Engine.print_error_messages = true
	d.check(view.status_text() != "", "and the status says why")


## The Godot editor's history outlives the level open in the view: an edit made on one level and
## undone after another level was opened must change nothing (LevelEditor.apply_in refuses it).
func _documents() -> void:
	var editor = view.editor
	var first: int = editor.document()
	var slots := int(editor.level()["rail_slots"])
	var edit := JSON.stringify({"op": "set_rail", "slots": 2 if slots != 2 else 3})
	var inverse: String = editor.apply_in(first, edit)
	d.check(not inverse.is_empty(), "an edit on the open document applies")
	editor.new_blank(6, 8)
	d.check(editor.document() == first + 1, "opening a level makes a new document")
	var blank: String = editor.level_json()
	Engine.print_error_messages = false
	d.check(editor.apply_in(first, inverse).is_empty(), "the old document's undo is refused")
	Engine.print_error_messages = true
	d.check(
		editor.last_error().contains("another level was opened"),
		"and says why: %s" % editor.last_error()
	)
	d.check(editor.level_json() == blank, "the newly opened level is unchanged")


func _play() -> void:
	# Play: the level as it stands goes to the board scene through the request file (the editor
	# then runs board.tscn; here the test opens it).
	var level_json: String = view.editor.level_json()
	var screws: int = view.editor.level()["screws"].size()
	d.check(view.files.write_play_request(), "the play request is written")
	await d.start("res://scenes/board.tscn", root.size)
	var board := d.scene()
	d.check(board.get("_sim") != null, "the board plays it")
	if board.get("_sim") != null:
		d.check(board._sim.screws().size() == screws, "with its %d screws" % screws)
	d.check(board.get("_request").get("level_json") == level_json, "the edited level itself")
	d.check(not FileAccess.file_exists(view.files.PLAY_REQUEST), "the request is used once")
	d.check(d.app().editor_request().is_empty(), "and then there is none")
	if board.get("_sim") != null:
		# After a win, Next goes back to the designer's level, not to shipped level 2.
		var first := board.get_instance_id()
		board._on_next_pressed()
		await d.wait_until(func(): return not is_instance_id_valid(first), 30, "the board again")
		await d.frames(3)
		var again: Dictionary = d.scene().get("_request") if d.scene() != null else {}
		d.check(again.get("level_json") == level_json, "Next plays the designer's level again")
	unload_current_scene()
	await d.frames(3)


func _bench() -> void:
	var opened := Time.get_ticks_msec()
	view.files.open_text(FileAccess.get_file_as_string("res://levels/levels.json"), BENCH_LEVEL - 1)
	var start := Time.get_ticks_msec()
	print("editor_bench: opening level %d took %d ms" % [BENCH_LEVEL, start - opened])
	view.document.reset_frame_clock()
	await verdict_where(
		func(v): return v.get("status") == "proven", "level %d proven" % BENCH_LEVEL
	)
	var v: Dictionary = _latest()
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
