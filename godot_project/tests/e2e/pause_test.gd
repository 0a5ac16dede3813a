extends SceneTree
## In-level controls, by taps and Android back:
##   - pause opens the sheet over the board and resume closes it with the board as it was;
##   - a switch on the sheet (colour-blind patterns) is saved at once;
##   - restart (on the sheet and in the tool row) starts the attempt again at move 0; mid-level it
##     asks first ("keep playing" keeps the move), with no move made it asks nothing;
##   - leaving mid-level asks first: "keep playing" returns to the sheet, Android back on the board
##     asks too, and back again returns to the board; leaving with no move made asks nothing;
##   - confirming leaves to the menu.

const Driver := preload("res://tests/e2e/driver.gd")
const Sheet := preload("res://tests/e2e/sheet.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const MENU := "res://scenes/main_menu.tscn"
const BOARD := "res://scenes/board.tscn"

var d: Driver
var _oracle


func _initialize() -> void:
	d = Driver.new(self, "pause_test")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	if await d.start(MENU):
		await d.tap_path("Box/Continue")
		if await d.wait_scene(BOARD):
			await _pause_and_resume()
			await _switch()
			await _restart()
			await _leave()
	await d.finish()


func _moves() -> String:
	return d.text_of(Play.MOVES)


func _one_move() -> void:
	_oracle = ClassDB.instantiate("GameSim")
	_oracle.load_json(d.app().library.level_json(1))
	var first: Dictionary = _oracle.solution()[0]
	_oracle.tap(int(first["screw"]))
	await d.tap_screw(_oracle, int(first["screw"]))
	d.check(_moves() == TranslationServer.translate("BOARD_MOVES") % 1, "one move: %s" % _moves())


func _pause_and_resume() -> void:
	await _one_move()
	await d.tap_path(Sheet.PAUSE)
	d.check(d.visible(Sheet.SHEET + "Resume"), "pause shows the sheet")
	# A tap on the board under the sheet is no move.
	var second: Dictionary = _oracle.solution()[1]
	await d.tap_screw(_oracle, int(second["screw"]))
	d.check(d.visible(Sheet.SHEET + "Resume"), "the sheet stays over the board")
	await d.tap_path(Sheet.SHEET + "Resume")
	d.check(not d.visible(Sheet.SHEET + "Resume"), "resume closes the sheet")
	d.check(_moves() == TranslationServer.translate("BOARD_MOVES") % 1, "board as it was")


func _switch() -> void:
	var before: bool = d.app().setting("colorblind_patterns") == true
	await d.tap_path(Sheet.PAUSE)
	await d.tap_path(Sheet.SHEET + "ColorblindPatterns")
	var reread = ClassDB.instantiate("SaveData")
	reread.open(Driver.user_arg("save"))
	d.check(reread.settings()["colorblind_patterns"] != before, "the switch is saved")
	await d.tap_path(Sheet.SHEET + "Resume")
	_check_crate_marks(not before)


## With patterns on, every hole of every open crate carries its colour's mark (the filled ones on
## their screw); with patterns off, none.
func _check_crate_marks(on: bool) -> void:
	var crates := d.node("Hud/Root/Top/Deck/Crates").get_children()
	d.check(not crates.is_empty(), "open crates shown")
	var by_colour := {}
	for entry in d.app().palette:
		by_colour[entry["dimmed"]] = str(entry["pattern"])
	for crate in crates:
		# An empty place (no crate left for it) has no colour and no mark.
		var expected: String = by_colour.get(crate.color, "") if on else ""
		for mark in crate.marks:
			d.check(
				mark == expected, "crate %s: mark %s, expected %s" % [crate.color, mark, expected]
			)


func _restart() -> void:
	await d.tap_path(Sheet.PAUSE)
	await _restarted(Sheet.SHEET + "Restart")
	await _one_move()
	# Mid-level the tool row's restart asks; keeping playing keeps the move.
	await d.tap_path(Sheet.RESTART)
	d.check(d.visible(Sheet.ASK + "Confirm"), "restarting mid-level asks first")
	d.check(
		d.text_of(Sheet.ASK + "Question") == TranslationServer.translate("RESTART_ASK"),
		"the question is the restart's: %s" % d.text_of(Sheet.ASK + "Question")
	)
	await d.tap_path(Sheet.ASK + "Stay")
	await d.tap_path(Sheet.SHEET + "Resume")
	d.check(_moves() == TranslationServer.translate("BOARD_MOVES") % 1, "kept: %s" % _moves())
	await _restarted(Sheet.RESTART)
	# With no move made it asks nothing.
	var before := d.scene().get_instance_id()
	await d.tap_path(Sheet.RESTART)
	d.check(not d.visible(Sheet.ASK + "Confirm"), "no move made: restart asks nothing")
	await d.wait_until(
		func(): return d.scene() != null and d.scene().get_instance_id() != before,
		30,
		"a restart with no move reloads the board"
	)
	await d.wait_scene(BOARD)


## Taps `path` (confirming the question, if it asks) and waits for a new board at move 0.
func _restarted(path: String) -> void:
	var before := d.scene().get_instance_id()
	await d.tap_path(path)
	if d.visible(Sheet.ASK + "Confirm"):
		await d.tap_path(Sheet.ASK + "Confirm")
	await d.wait_until(
		func(): return d.scene() != null and d.scene().get_instance_id() != before,
		30,
		"%s reloads the board" % path
	)
	if await d.wait_scene(BOARD):
		d.check(
			_moves() == TranslationServer.translate("BOARD_MOVES") % 0, "restart: %s" % _moves()
		)


func _leave() -> void:
	# No move made: leaving asks nothing.
	await d.tap_path(Sheet.PAUSE)
	await d.tap_path(Sheet.SHEET + "Leave")
	if not await d.wait_scene(MENU):
		return
	await d.tap_path("Box/Continue")
	if not await d.wait_scene(BOARD):
		return
	await _one_move()
	await d.tap_path(Sheet.PAUSE)
	await d.tap_path(Sheet.SHEET + "Leave")
	d.check(d.visible(Sheet.ASK + "Confirm"), "leaving mid-level asks first")
	await d.tap_path(Sheet.ASK + "Stay")
	d.check(d.visible(Sheet.SHEET + "Resume"), "keep playing returns to the sheet")
	await d.tap_path(Sheet.SHEET + "Resume")
	await d.back()
	await d.frames(2)
	d.check(d.visible(Sheet.ASK + "Confirm"), "Android back mid-level asks first")
	await d.back()
	await d.frames(2)
	d.check(d.visible(Sheet.SHEET + "Resume"), "back on the question returns to the sheet")
	await d.back()
	await d.frames(2)
	d.check(not d.visible(Sheet.SHEET + "Resume"), "back on the sheet returns to the board")
	d.check(d.scene().scene_file_path == BOARD, "still on the board")
	await Sheet.leave(d)
	await d.wait_scene(MENU)
