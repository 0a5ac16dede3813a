extends RefCounted
## The level editor's e2e test, its canvas gestures (editor_test.gd runs them): each is one action
## of the history, driven by input events; a foreign action in the same history is never undone
## from this screen; and the frames while a paint stroke is dragged over the largest level.

var _t


func _init(test) -> void:
	_t = test


func _key(keycode: Key, ctrl := false) -> void:
	for pressed in [true, false]:
		var key := InputEventKey.new()
		key.keycode = keycode
		key.ctrl_pressed = ctrl
		key.pressed = pressed
		_t.root.push_input(key)
		await _t.d.frames(1)


func _hover(cell: Vector2i) -> void:
	var motion := InputEventMouseMotion.new()
	motion.position = _t.root.get_final_transform() * _t.view.cell_centre(cell)
	motion.global_position = motion.position
	_t.root.push_input(motion)
	await _t.d.frames(2)


func _part(id: int) -> Dictionary:
	for p in _t.view.editor.level()["parts"]:
		if int(p["id"]) == id:
			return p
	return {}


func _screw_cell(id: int) -> Array:
	for s in _t.view.editor.level()["screws"]:
		if int(s["id"]) == id:
			return s["cell"]
	return []


## Every canvas gesture is one action of the history, and undoing them all restores the level.
func run() -> void:
	var start: String = _t.view.editor.level_json()
	var actions: int = _t.view.history.get_current_action()
	var c = _t.view.canvas
	# `hidden` (what a placed screw gets) is the canvas's own, though CanvasItem has a signal so named.
	c.hidden = true
	_t.d.check(c.screw_hidden and c.hidden, "canvas.hidden sets the next screw's hidden flag")
	c.hidden = false
	# A stroke beside the selected part grows it: three cells, one action.
	c.select_part(1)
	_t.view.select_tool("paint")
	await _t.d.drag(_t.view.cell_centre(Vector2i(3, 0)), _t.view.cell_centre(Vector2i(5, 0)))
	_t.d.check(_part(1)["rest"].size() == 6, "the stroke grew part 1: %s" % str(_part(1)))
	_t.d.check(_t.view.history.get_current_action() == actions + 1, "one action for the stroke")
	_t.d.check(_t.view.undo() and _part(1)["rest"].size() == 3, "one undo takes the whole stroke")
	_t.d.check(_t.view.redo() and _part(1)["rest"].size() == 6, "one redo paints it again")
	# Screw 3 dragged along its part; a new screw placed by a click.
	_t.view.select_tool("select")
	await _t.d.drag(_t.view.cell_centre(Vector2i(2, 0)), _t.view.cell_centre(Vector2i(4, 0)))
	_t.d.check(_screw_cell(3) == [4, 0], "screw 3 dragged to [4,0]: %s" % str(_screw_cell(3)))
	_t.view.select_tool("screw")
	_t.view.set_colour(5)
	await _t.click(Vector2i(5, 0))
	var screws: Array = _t.view.editor.level()["screws"]
	_t.d.check(
		screws.size() == 7 and int(screws[6]["color"]) == 5, "a screw placed: %s" % str(screws)
	)
	# Placing leaves the selection: a swatch picked next sets the next screw, not this one.
	_t.d.check(not c.selection()["screws"].has(7), "not selected: %s" % str(c.selection()))
	# A box from the empty bench round part 2 selects it and its screws; Down nudges them.
	_t.view.select_tool("select")
	await _t.d.drag(_t.view.cell_centre(Vector2i(5, 3)), _t.view.cell_centre(Vector2i(0, 1)))
	var picked: Dictionary = c.selection()
	_t.d.check(picked["parts"] == [2], "the box selects part 2: %s" % str(picked))
	var boxed: Array = picked["screws"]
	boxed.sort()
	_t.d.check(boxed == [4, 5, 6], "and its screws: %s" % str(picked))
	await _key(KEY_DOWN)
	_t.d.check(_part(2)["rest"].has([0, 3]) and _screw_cell(4) == [0, 3], "Down nudged part 2")
	# Ctrl+C, then Ctrl+V over [0,5]: a copy of part 2 with its three screws there.
	await _key(KEY_C, true)
	await _hover(Vector2i(0, 5))
	await _key(KEY_V, true)
	var level: Dictionary = _t.view.editor.level()
	_t.d.check(
		level["parts"].size() == 3 and _part(3)["rest"].has([2, 5]), "pasted: %s" % str(_part(3))
	)
	_t.d.check(level["screws"].size() == 10, "with its screws: %d" % level["screws"].size())
	_t.d.check(c.selection()["parts"] == [3], "the pasted part is selected")
	_t.d.check(_t.view.history.get_current_action() == actions + 5, "five gestures, five actions")
	# Delete takes the selected part (with its screws) away in one action; undo brings it back.
	await _key(KEY_DELETE)
	_t.d.check(_t.view.editor.level()["parts"].size() == 2, "Delete removed the pasted part")
	_t.d.check(_t.view.editor.level()["screws"].size() == 7, "and its three screws")
	_t.d.check(_t.view.history.get_current_action() == actions + 6, "Delete is one action")
	_t.d.check(_t.view.undo() and _t.view.editor.level()["parts"].size() == 3, "undo restores it")
	# A foreign action on top of the history: this screen's undo refuses it, the history's own
	# undo (the editor's Ctrl+Z) takes it back, and then this screen's undo reaches its edits.
	var foreign := Resource.new()
	_t.view.history.create_action("Set project setting")
	_t.view.history.add_do_property(foreign, "resource_name", "changed")
	_t.view.history.add_undo_property(foreign, "resource_name", "")
	_t.view.history.commit_action()
	_t.d.check(not _t.view.undo(), "undo refuses a foreign action")
	_t.d.check(foreign.resource_name == "changed", "which stays done")
	_t.d.check(
		_t.view.status_text().contains("Set project setting"),
		"the status says: %s" % _t.view.status_text()
	)
	_t.d.check(_t.view.editor.level()["parts"].size() == 3, "and the level is untouched")
	# Ctrl+Z with the focus on the canvas is this screen's undo: it refuses the foreign action too.
	_t.view.canvas.grab_focus()
	await _key(KEY_Z, true)
	_t.d.check(
		foreign.resource_name == "changed", "Ctrl+Z on the canvas leaves the foreign action done"
	)
	_t.d.check(_t.view.editor.level()["parts"].size() == 3, "and the level as it was")
	_t.d.check(
		_t.view.history.undo() and foreign.resource_name == "", "the editor's undo takes it back"
	)
	_t.d.check(not _t.view.redo(), "this screen's redo refuses it too")
	var before_key: int = _t.view.history.get_current_action()
	await _key(KEY_Z, true)
	_t.d.check(_t.view.history.get_current_action() == before_key - 1, "Ctrl+Z undid the paste")
	_t.d.check(_t.view.editor.level()["parts"].size() == 2, "the pasted part is gone")
	for i in 4:
		_t.d.check(_t.view.undo(), "undo gesture %d" % (4 - i))
	_t.d.check(
		_t.view.editor.level_json() == start, "every gesture undone: the level exactly as before"
	)
	await _t.verdict_where(func(v): return v.get("status") == "proven", "proven after the gestures")


## The frames while a paint stroke is dragged over the largest level (its verdict is already in).
## First, a still screen draws nothing: neither the board nor the overlay redraws without a change.
func drag_frames() -> void:
	await _t.d.frames(3)
	var draws := [0]
	var count := func(): draws[0] += 1
	for layer in ["Board", "Overlay"]:
		_t.view.canvas.get_node(layer).draw.connect(count)
	await _t.d.frames(10)
	_t.d.check(draws[0] == 0, "a still canvas draws nothing: %d draws in 10 frames" % draws[0])
	for layer in ["Board", "Overlay"]:
		_t.view.canvas.get_node(layer).draw.disconnect(count)
	var times: Array = []
	var last := [Time.get_ticks_usec()]
	var tick := func():
		var now := Time.get_ticks_usec()
		times.append((now - last[0]) / 1000.0)
		last[0] = now
	_t.view.canvas.select([], [])
	_t.view.select_tool("paint")
	var level: Dictionary = _t.view.editor.level()
	var w := int(level["width"])
	var h := int(level["height"])
	_t.process_frame.connect(tick)
	await _t.d.drag(
		_t.view.cell_centre(Vector2i(0, 0)), _t.view.cell_centre(Vector2i(w - 1, h - 1)), 40
	)
	_t.process_frame.disconnect(tick)
	times.pop_front()
	var sorted := times.duplicate()
	sorted.sort()
	var median: float = sorted[sorted.size() / 2] if not sorted.is_empty() else 0.0
	var p95: float = sorted[int(sorted.size() * 0.95)] if not sorted.is_empty() else 0.0
	print(
		(
			(
				"editor_drag: level %d (%dx%d), %d frames while dragging a paint stroke: median %.1f ms,"
				+ " p95 %.1f ms, longest %.1f ms"
			)
			% [
				_t.BENCH_LEVEL,
				w,
				h,
				times.size(),
				median,
				p95,
				sorted.back() if not sorted.is_empty() else 0.0
			]
		)
	)
	_t.d.check(
		_t.view.editor.level()["parts"].size() == level["parts"].size() + 1,
		"the stroke made a part"
	)
	_t.d.check(_t.view.undo(), "and is undone")
