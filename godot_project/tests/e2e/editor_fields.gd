extends "res://tests/e2e/editor_rig.gd"
## The level editor's fields and highlights on its main screen, by input events
## (editor_widgets_test.gd runs it). A bomb's count typed into the panel counts without Enter, and
## Ctrl+Z in that field undoes the level's edit (the whole typed run, one step), after which a click
## on the canvas commits nothing. Exactly one colour swatch is down whatever was selected before;
## the tool bar follows a tool chosen by its key on the canvas; the layer strip shows a new layer
## visible and hides it on the first click. A setting out of range is refused in the designer's
## words with no engine error line, and the field shows the level again; a band typed is the
## level's. A bolt with no wrench charge is BROKEN and the card says why; a wrench charge typed
## proves it. Open over unsaved edits asks first. A screw under a plate of a higher layer is one
## the canvas draws dimmed through it.

var settings
var _history: UndoRedo


func run() -> void:
	if await open():
		# A history shared as the Godot editor's is (a typed run is merged into one action there).
		_history = UndoRedo.new()
		screen.history = _history
		screen.select_tool("select")
		settings = screen.get_node("%Settings")
		screen.editor.new_blank(5, 6)
		two_plates(screen)
		await _field_undo()
		await _highlights()
		await _settings()
		await _broken()
		await _unsolvable()
		await _discard()
		_history.free()
	await close()


func _field_undo() -> void:
	screen.canvas.select_screw(2)
	await d.frames(3)
	await d.tap_control(panel.bomb_field())
	await _type("25")
	d.check(_screw(2).get("bomb") == 25, "typed 25, no Enter: %s" % str(_screw(2)))
	var steps := _history.get_history_count()
	await _key(KEY_Z, true)
	d.check(_screw(2).get("bomb") == null, "Ctrl+Z in the field undoes the level: %s" % _screw(2))
	d.check(panel.bomb_field().get_line_edit().text == "0", "and the field shows it")
	await d.tap(screen.cell_centre(Vector2i(4, 5)))
	d.check(_screw(2).get("bomb") == null, "a click after it commits nothing: %s" % _screw(2))
	d.check(_history.get_history_count() == steps, "no new edit in the history")
	await _key(KEY_Z, true, true)
	d.check(_screw(2).get("bomb") == 25, "Ctrl+Shift+Z on the canvas redoes the typed run")


func _highlights() -> void:
	for id in [1, 4, 2]:
		screen.canvas.select_screw(id)
		await d.frames(3)
		var down: Array = []
		for i in 6:
			if panel.swatch(i).button_pressed:
				down.append(i)
		d.check(down == [int(_screw(id)["color"])], "one swatch down for screw %d: %s" % [id, down])
	await d.tap(screen.cell_centre(Vector2i(4, 4)))
	var bar = screen.get_node("%ToolBar")
	for key in [[KEY_E, "erase"], [KEY_R, "rect"], [KEY_S, "select"]]:
		await _key(key[0])
		d.check(
			bar.tool_button(key[1]).button_pressed, "%s's key moves the bar's highlight" % key[1]
		)
	# A plate on layer 1 over screw 1: the strip grows a visible L1; one click on L0 hides layer 0.
	screen.do_edit({"op": "new_part", "layer": 1, "cells": [[0, 0], [0, 1]]})
	await d.frames(3)
	var strip: Control = screen.canvas.get_node("Layers")
	var eyes: Array = ["Layer0", "Layer1"].map(func(n): return strip.get_node_or_null(n))
	d.check(eyes.all(func(b): return b != null and b.button_pressed), "L0 and L1 read visible")
	d.check(Array(screen.canvas.painter.covered) == [1], "screw 1 is drawn through the plate")
	await d.tap_control(eyes[0])
	d.check(not screen.canvas.layer_shown(0), "the first click on L0 hides layer 0")
	await d.tap_control(eyes[0])
	screen.undo()


func _settings() -> void:
	var rail := int(screen.editor.level()["rail_slots"])
	await d.tap_control(settings.field("Rail"))
	await _type("9")
	d.check(int(screen.editor.level()["rail_slots"]) == rail, "rail 9 is refused")
	var status: String = screen.get_node("%Status").text
	d.check(status.contains("rail places are 1 to 7, not 9"), "in designer words: %s" % status)
	d.check(
		settings.field("Rail").get_line_edit().text == str(rail), "the field shows the level again"
	)
	await d.tap_control(settings.field("Band"))
	await _type("3")
	d.check(int(screen.editor.level()["band"]) == 3, "a band typed is the level's")
	screen.undo()


func _broken() -> void:
	_heard.clear()
	screen.do_edit({"op": "set_screw", "screw": 5, "kind": "bolt"})
	await _verdict()
	var card = screen.get_node("%Verdict")
	d.check(card.status_text() == "BROKEN", "a bolt with no wrench: %s" % card.status_text())
	var rows: Array = card.fault_rows().map(func(b): return b.text)
	d.check(
		rows.any(func(t): return t.begins_with("screw 5 is a bolt with no wrench")),
		"the card says why: %s" % str(rows)
	)
	_heard.clear()
	await d.tap_control(settings.field("Wrench"))
	await _type("1")
	await _verdict()
	d.check(card.status_text() == "PROVEN", "a wrench charge proves it: %s" % card.status_text())


## Red screws under a plate held by three yellow ones, red's crate first, one crate place and two
## rail places: UNSOLVABLE, the card says what the search tried and places the level nowhere on
## the curve (no SCRIPT ERROR: the run's log is scanned for one).
func _unsolvable() -> void:
	_heard.clear()
	screen.editor.new_blank(3, 2)
	for row in [[0, 0], [1, 1]]:
		var cells: Array = [[0, row[0]], [1, row[0]], [2, row[0]]]
		var screws: Array = cells.map(func(c): return {"cell": c, "color": row[1]})
		if row[1] == 1:
			cells += [[0, 0], [1, 0], [2, 0]]
		screen.do_edit({"op": "new_part", "layer": row[1], "cells": cells, "screws": screws})
	for edit in [
		{"op": "set_queue", "queue": [0, 1]},
		{"op": "set_crate_slots", "slots": 1},
		{"op": "set_rail", "slots": 2},
	]:
		screen.do_edit(edit)
	await _verdict()
	var card = screen.get_node("%Verdict")
	d.check(card.status_text() == "UNSOLVABLE", "unsolvable: %s" % card.status_text())
	var rows: Array = card.fault_rows().map(func(b): return b.text)
	d.check(
		rows.size() == 1 and rows[0].begins_with("no order of taps clears the board with 2 rail"),
		"the card says what the search tried: %s" % str(rows)
	)
	var place: String = card.get_node("%Place").text
	d.check(place.ends_with("difficulty not known"), "and places it nowhere: %s" % place)


func _discard() -> void:
	var files = screen.files
	d.check(files.unsaved and files.text.ends_with("•"), "edits mark the level unsaved")
	var before: String = screen.editor.level_json()
	files.choose(files.Item.SHIPPED)
	await d.frames(2)
	d.check(files.dialog("DiscardDialog").visible, "Open over unsaved edits asks first")
	d.check(not files.dialog("ShippedDialog").visible, "and opens nothing yet")
	d.check(screen.editor.level_json() == before, "the level is kept")
	# The dialog is a window embedded in the root: its button's place is the window's plus its own.
	var ask: Window = files.dialog("DiscardDialog")
	await d.tap(Vector2(ask.position) + ask.get_ok_button().get_global_rect().get_center())
	d.check(files.dialog("ShippedDialog").visible, "once the edits may go, Open shipped asks")
	files.dialog("ShippedDialog").hide()


func _verdict() -> void:
	await d.wait_for(
		func(): return not _heard.is_empty() and not screen.editor.is_measuring(), 60.0, "verdict"
	)
	await d.frames(2)


func _key(keycode: Key, ctrl := false, shift := false) -> void:
	await key(_t, d, keycode, ctrl, shift)


func _type(text: String) -> void:
	for ch in text:
		await key(_t, d, char_key(ch), false, false, ch.unicode_at(0))
