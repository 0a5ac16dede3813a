extends "res://tests/e2e/editor_rig.gd"
## The level editor's locks and bombs, through the main screen's properties panel and canvas
## (editor_widgets_test.gd runs it): a two-part level of six screws is built by edits; screw 1 is
## selected on the canvas, Pick key is pressed in the panel and screw 5 clicked on the canvas: the
## level has "screw 1 locked by 5", the panel says so and the canvas has its marks. A bomb of 30 is
## set on screw 2 with the panel's spin box. The level is proven, saved, and its file holds both
## (`editor_widgets_test: saved level PATH`: scripts/godot_check.sh runs `screwsmith validate
## --file` and `solve --file --verify` on it). A key that closes a cycle and a screw as its own key
## are refused with the LevelEditor's reason in the status line, and so is a fifth bomb from the
## panel; deleting the key screw clears the lock and says so, undo brings it back; Clear opens the
## lock and a count of 0 takes the bomb off.

const BOMB := 30


func run() -> void:
	if await open():
		two_plates(screen)
		d.check(_level()["screws"].size() == 6, "six screws built")
		await _lock()
		await _bomb()
		await _save()
		await _refusals()
		await _fifth_bomb()
		await _clear()
	await close()


## Selects screw `id` on the canvas; the panel shows it a few frames on.
func _select(id: int) -> void:
	screen.canvas.select_screw(id)
	await d.frames(5)


## Pick key in the panel, then a click on the canvas's screw in `cell`.
func _pick(cell: Vector2i) -> void:
	await d.tap_control(panel.pick_key_button())
	d.check(panel.pick_key_button().button_pressed, "Pick key stays down while picking")
	await d.tap(screen.cell_centre(cell))
	await d.frames(2)


func _lock() -> void:
	await _select(1)
	d.check(panel.lock_text() == "not locked", "screw 1 is not locked: %s" % panel.lock_text())
	await d.tap_control(panel.pick_key_button())
	var locks = screen.canvas.tools.locks
	d.check(locks.picking == 1, "the canvas picks screw 1's key: %d" % locks.picking)
	await d.tap(screen.cell_centre(Vector2i(1, 2)))
	await d.frames(2)
	d.check(_screw(1).get("locked_by") == 5, "screw 1 locked by 5: %s" % str(_screw(1)))
	d.check(locks.picking == 0 and not panel.pick_key_button().button_pressed, "picking ended")
	d.check(screen.canvas.selected_screws == [1], "the click picked, it did not select")
	d.check(panel.lock_text() == "locked by screw 5", "the panel: %s" % panel.lock_text())
	d.check(_status().contains("screw 5 holds its key"), "the status: %s" % _status())
	await _select(5)
	d.check(panel.lock_text().ends_with("holds the key of 1"), "the key: %s" % panel.lock_text())


func _bomb() -> void:
	await _select(2)
	d.check(panel.bomb_field().max_value == 99.0, "the bomb field's range is the level file's")
	_heard.clear()
	panel.bomb_field().value = BOMB
	await d.frames(2)
	d.check(_screw(2).get("bomb") == BOMB, "screw 2 has a bomb of %d: %s" % [BOMB, str(_screw(2))])
	var marks: Array = screen.canvas.tools.locks.marks
	var want := [
		{"bomb": null, "locked_by": 5, "screw": 1, "unlocks": []},
		{"bomb": BOMB, "locked_by": null, "screw": 2, "unlocks": []},
		{"bomb": null, "locked_by": null, "screw": 5, "unlocks": [1]},
	]
	d.check(str(marks) == str(want), "the canvas's marks: %s" % str(marks))


func _save() -> void:
	await d.wait_for(
		func(): return not screen.editor.is_measuring() and not _heard.is_empty(),
		60.0,
		"the locked level's verdict"
	)
	var v: Dictionary = _heard.back() if not _heard.is_empty() else {}
	d.check(v.get("status") == "proven", "locked and bombed, still proven: %s" % str(v))
	var dir := ProjectSettings.globalize_path("user://editor_locks/%d" % OS.get_process_id())
	var path: String = screen.files.save_as("locked", dir)
	if not d.check(path.ends_with("locked.json"), "saved: %s" % path):
		return
	print("editor_widgets_test: saved level %s" % path)
	var saved = JSON.parse_string(FileAccess.get_file_as_string(path))
	var screws: Array = saved["screws"] if saved is Dictionary else []
	var by_id := {}
	for s in screws:
		by_id[int(s["id"])] = s
	d.check(by_id.get(1, {}).get("locked_by") == 5.0, "the file: screw 1 locked by 5")
	d.check(by_id.get(2, {}).get("bomb") == float(BOMB), "the file: screw 2's bomb")
	d.check(saved.get("measure") != null, "the file carries its measure")


func _refusals() -> void:
	await _select(5)
	# Deliberate refusals: the LevelEditor's error lines are silenced around them.
	Engine.print_error_messages = false
	await _pick(Vector2i(0, 0))
	d.check(_screw(5).get("locked_by") == null, "a cycle is refused: %s" % str(_screw(5)))
	d.check(_status().contains("lock cycle 5 locked by 1"), "why: %s" % _status())
	d.check(not panel.pick_key_button().button_pressed, "the button is up after a refusal")
	await _pick(Vector2i(1, 2))
	Engine.print_error_messages = true
	d.check(_status().contains("its own key"), "a screw is not its own key: %s" % _status())
	screen.do_edit({"op": "delete_screw", "screw": 5})
	await d.frames(2)
	d.check(_screw(1).get("locked_by") == null, "deleting the key screw opens the lock")
	d.check(_status().contains("screw 1's lock was cleared"), "and says so: %s" % _status())
	screen.undo()
	await d.frames(2)
	d.check(_screw(1).get("locked_by") == 5, "undo: the key and its lock are back")


## Screws 3, 4 and 6 get bombs too (four with screw 2's): the panel's count on screw 1 is refused,
## the status says why, and the field shows the level again.
func _fifth_bomb() -> void:
	for id in [3, 4, 6]:
		screen.do_edit({"op": "set_bomb", "screw": id, "moves": 9})
	await _select(1)
	Engine.print_error_messages = false
	panel.bomb_field().value = 9
	await d.frames(2)
	Engine.print_error_messages = true
	d.check(_screw(1).get("bomb") == null, "a fifth bomb is refused: %s" % str(_screw(1)))
	d.check(_status().contains("at most 4 bombs"), "why: %s" % _status())
	d.check(panel.bomb_field().value == 0.0, "the field shows no bomb again")
	for id in [3, 4, 6]:
		screen.do_edit({"op": "set_bomb", "screw": id, "moves": null})


func _clear() -> void:
	await _select(1)
	await d.tap_control(panel.clear_lock_button())
	d.check(_screw(1).get("locked_by") == null, "Clear opens the lock")
	await _select(2)
	panel.bomb_field().value = 0
	await d.frames(2)
	d.check(_screw(2).get("bomb") == null, "a count of 0 takes the bomb off")
	d.check(screen.editor.screw_marks().is_empty(), "no marks left")
