extends RefCounted
## What the level editor's engine tests share: its main screen as the Godot editor shows it (the
## engine's default theme stands in for the editor's: the project's theme is the phone game's), a
## level of two plates and six screws built by one edit each, the level's screws by id, and keys
## pressed and typed. A part of editor_widgets_test.gd extends it (`_init` with that test).

const ScreenScene := preload("res://addons/screwsmith_editor/editor_screen.tscn")

var d
var screen
var panel
var _t
## Every verdict the screen announced since the last edit that matters.
var _heard: Array = []


func _init(test) -> void:
	_t = test
	d = test.d


## Opens the screen (its properties panel in `panel`, its verdicts heard); false without the
## extension.
func open() -> bool:
	screen = await screen_in(_t, d)
	if not d.check(screen.editor != null, "the screen has its LevelEditor"):
		return false
	screen.verdict_arrived.connect(func(v): _heard.append(v))
	panel = screen.get_node("%Properties")
	return true


func close() -> void:
	screen.queue_free()
	await d.frames(2)


func _level() -> Dictionary:
	return screen.editor.level()


func _screw(id: int) -> Dictionary:
	for s in _level()["screws"]:
		if int(s["id"]) == id:
			return s
	return {}


func _status() -> String:
	return screen.status_text()


## The main screen, filling `tree`'s window, a few frames after it entered the tree.
static func screen_in(tree: SceneTree, driver) -> Control:
	var s: Control = ScreenScene.instantiate()
	s.theme = ThemeDB.get_default_theme()
	tree.root.add_child(s)
	s.set_anchors_and_offsets_preset(Control.PRESET_FULL_RECT)
	await driver.frames(3)
	return s


## Plates 1 (row 0, screws 1-3 of colour 0) and 2 (row 2, screws 4-6 of colour 1).
static func two_plates(s: Control) -> void:
	for row in [0, 2]:
		var screws: Array = []
		for x in 3:
			screws.append({"cell": [x, row], "color": row / 2})
		var cells: Array = [[0, row], [1, row], [2, row]]
		s.do_edit({"op": "new_part", "layer": 0, "cells": cells, "screws": screws})


## One key pressed and let go, with Ctrl and Shift when asked.
static func key(
	tree: SceneTree, driver, keycode: Key, ctrl := false, shift := false, unicode := 0
) -> void:
	for pressed in [true, false]:
		var event := InputEventKey.new()
		event.keycode = keycode
		event.physical_keycode = keycode
		event.unicode = unicode
		event.ctrl_pressed = ctrl
		event.shift_pressed = shift
		event.pressed = pressed
		tree.root.push_input(event)
		await driver.frames(1)
	await driver.frames(2)


## The key of one typed character.
static func char_key(ch: String) -> Key:
	return OS.find_keycode_from_string(ch)
