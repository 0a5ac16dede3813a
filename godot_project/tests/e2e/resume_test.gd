extends SceneTree
## Closing the app mid-level and starting again resumes the same attempt, by taps:
##   phase=close:    Continue → level 17 (bolts and the wrench): the first moves of its solution,
##                   one screwdriver use; then the app is sent NOTIFICATION_APPLICATION_PAUSED (what
##                   Android sends before it may end a backgrounded app) and the run ends;
##   phase=resume:   a new SceneTree on the same save: Continue offers level 17 and opens it at the
##                   same move count, rail, crates and tools (an oracle replays the same moves), and
##                   the attempt plays on;
##   phase=tampered: a kept attempt that does not replay (another board) resumes nothing: level 17
##                   opens at its start and the levels won before keep their stars.
## Run by scripts/godot_check.sh: close, then resume on one save; tampered on its own.

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const MENU := "res://scenes/main_menu.tscn"
const BOARD := "res://scenes/board.tscn"
const LEVEL := 17
## Moves of the solution played before the close; the last one is then taken back.
const PLAYED := 5

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "resume_test")
	var phase := Driver.user_arg("phase")
	if phase != "resume":
		Driver.fresh_save(LEVEL - 1)
	if phase == "tampered":
		_tamper()
	_run.call_deferred()


func _run() -> void:
	match Driver.user_arg("phase"):
		"close":
			await _close()
		"resume":
			await _resume()
		"tampered":
			await _tampered()
	await d.finish()


## The attempt the test plays: the solution's first PLAYED moves, the last one taken back.
func _oracle():
	var sim = ClassDB.instantiate("GameSim")
	sim.load_json(d.app().library.level_json(LEVEL))
	return sim


func _open() -> bool:
	if not await d.start(MENU):
		return false
	var offered := TranslationServer.translate("MENU_CONTINUE") % LEVEL
	d.check(d.text_of("Box/Continue") == offered, "Continue: %s" % d.text_of("Box/Continue"))
	await d.tap_path("Box/Continue")
	return await d.wait_scene(BOARD)


func _close() -> void:
	if not await _open():
		return
	var oracle = _oracle()
	var moves: Array = oracle.solution().slice(0, PLAYED)
	if not await Play.play_moves(d, oracle, moves):
		return
	await d.tap_path(Play.SCREWDRIVER)
	oracle.undo()
	d.check(d.text_of(Play.MOVES) == _moves_text(PLAYED - 1), "one move taken back")
	root.propagate_notification(Node.NOTIFICATION_APPLICATION_PAUSED)
	await d.frames(2)
	var kept = ClassDB.instantiate("SaveData")
	kept.open(Driver.user_arg("save"))
	d.check(kept.in_progress_level() == LEVEL, "the attempt is in the save file")


func _resume() -> void:
	if not await _open():
		return
	var oracle = _oracle()
	var solution: Array = oracle.solution()
	for move in solution.slice(0, PLAYED - 1):
		if move["wrench"]:
			oracle.wrench_tap(move["screw"])
		else:
			oracle.tap(move["screw"])
	d.check(
		d.text_of(Play.MOVES) == _moves_text(PLAYED - 1), "resumed at %s" % d.text_of(Play.MOVES)
	)
	var uses: int = d.app().save.screwdriver_uses()
	d.check(d.text_of(Play.SCREWDRIVER) == str(uses - 1), "one screwdriver use spent")
	var wrench := "Hud/Root/Bottom/Tools/Wrench"
	d.check(
		not d.visible(wrench) or d.text_of(wrench) == str(oracle.wrench_charges()),
		"wrench charges %s, the oracle has %d" % [d.text_of(wrench), oracle.wrench_charges()]
	)
	# The rail place by place: a screw's bright colour, an empty place the hole.
	var rail: Array[Color] = []
	for c in oracle.rail_colors():
		rail.append(d.app().palette[c]["bright"] if c >= 0 else HudArt.HOLE)
	var shown := d.row_colours("Hud/Root/Bottom/Rail")
	d.check(shown == rail, "rail %s, the oracle's %s" % [shown, rail])
	# The attempt plays on from there.
	if await Play.play_moves(d, oracle, solution.slice(PLAYED - 1, PLAYED)):
		d.check(d.text_of(Play.MOVES) == _moves_text(PLAYED), "the next move counts on")


func _tampered() -> void:
	# The board's GameSim.resume refuses the attempt, as meant: its error line is silenced here
	# (godot_check.sh fails a run on any ERROR line).
	Engine.print_error_messages = false
	var opened := await _open()
	Engine.print_error_messages = true
	if not opened:
		return
	d.check(d.text_of(Play.MOVES) == _moves_text(0), "nothing resumed: %s" % d.text_of(Play.MOVES))
	d.check(d.app().save.stars(LEVEL - 1) == 3, "the levels won before keep their stars")
	d.check(d.app().save.in_progress_level() == 0, "the attempt that did not replay is forgotten")


## A kept attempt on level 17 whose board is not level 17's, added to the file's text (a JSON
## round trip in GDScript would turn its integers into floats, which the save rightly refuses).
func _tamper() -> void:
	var path := Driver.user_arg("save")
	var text := FileAccess.get_file_as_string(path).strip_edges()
	var attempt := (
		'"in_progress": {"level": %d, "board": "0000000000000000", "moves": [{"tap": 1}],'
		+ ' "screwdriver_used": 0, "wrench_charges": 0}'
	)
	text = text.left(text.length() - 1) + ", " + attempt % LEVEL + "}"
	var file := FileAccess.open(path, FileAccess.WRITE)
	file.store_string(text)
	file.close()


func _moves_text(n: int) -> String:
	return TranslationServer.translate("BOARD_MOVES") % n
