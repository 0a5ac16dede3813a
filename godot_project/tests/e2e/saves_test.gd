extends SceneTree
## Progress that never lies, by taps:
##   phase=continue: a save with levels 1–5 won (5 opened last) → the menu offers
##                   "Continue: level 6" and its tap opens level 6;
##   phase=newer:    a save written by a newer build → the menu says it is left untouched and
##                   nothing is saved; level 1 is played to a win and the menu visited again; the
##                   file is byte-identical afterwards and nothing was written beside it.
## Run by scripts/godot_check.sh with `-- --save=user://e2e/RUN/… --phase=PHASE` (phase newer in a
## folder of its own: it checks that nothing else appears there).

const Driver := preload("res://tests/e2e/driver.gd")
const Sheet := preload("res://tests/e2e/sheet.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const MENU := "res://scenes/main_menu.tscn"
const BOARD := "res://scenes/board.tscn"
## What a newer build might write: a higher version and a field this build does not know.
const NEWER := '{"version": 99, "levels": {"1": {"stars": 3, "wins": 1}}, "gems": 12}\n'

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "saves_test")
	if Driver.user_arg("phase") == "newer":
		Driver.fresh_save(0)
		var file := FileAccess.open(Driver.user_arg("save"), FileAccess.WRITE)
		file.store_string(NEWER)
		file.close()
	else:
		Driver.fresh_save(5)
	_run.call_deferred()


func _run() -> void:
	if Driver.user_arg("phase") == "newer":
		await _newer()
	else:
		await _continue()
	await d.finish()


func _continue() -> void:
	if not await d.start(MENU):
		return
	var offered := TranslationServer.translate("MENU_CONTINUE") % 6
	d.check(d.text_of("Box/Continue") == offered, "after winning 5: %s" % d.text_of("Box/Continue"))
	await d.tap_path("Box/Continue")
	if await d.wait_scene(BOARD):
		d.check(d.text_of("Hud/Root/Top/Bar/Title").contains("6"), "Continue opened level 6")


func _newer() -> void:
	if not await d.start(MENU):
		return
	var told := TranslationServer.translate("MENU_SAVE_NEWER")
	d.check(d.text_of("Box/Notice") == told, "the menu says the save is left untouched")
	await d.tap_path("Box/Continue")
	if not await d.wait_scene(BOARD):
		return
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(d.app().library.level_json(1))
	d.check(await Play.play_moves(d, oracle, oracle.solution()), "level 1 plays to a win")
	await d.tap_path("Hud/Root/WinPanel/Box/Next")
	await d.frames(3)
	await Sheet.leave(d)
	if await d.wait_scene(MENU):
		d.check(d.text_of("Box/Notice") == told, "said again on the next visit")
	var path := Driver.user_arg("save")
	d.check(FileAccess.get_file_as_string(path) == NEWER, "the newer save is byte-identical")
	var beside := DirAccess.get_files_at(path.get_base_dir())
	d.check(Array(beside) == [path.get_file()], "nothing written beside it: %s" % [beside])
