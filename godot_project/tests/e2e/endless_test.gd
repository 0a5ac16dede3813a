extends SceneTree
## Levels past the baked set, through the game's own path, by taps:
##   phase=fresh:    a save with every baked level won → the menu's Continue opens level 201 after
##                   a spinner; the board is the fresh board the core makes for 201 (the same
##                   solution `screwsmith solve --level 201` reports, and not baked level 73),
##                   it plays to a win, level 202 was made meanwhile (Next opens it with no
##                   wait) and 201 is in the file beside the save; reopened from the map it is
##                   read from there.
##   phase=fallback: a generation budget of 0 (`--endless-budget-ms=0`) → Continue opens the cycle
##                   level (baked 73 for 201) and nothing is said: no notice, no file written.
##   phase=close:    Continue → 201, the first PLAYED moves of its solution, then the app is sent
##                   NOTIFICATION_APPLICATION_PAUSED and the run ends;
##   phase=resume:   a new run on the same save with 201's file removed: the level is made again,
##                   the same board, so Continue resumes the attempt at PLAYED moves and it wins.
##   phase=preempt:  201-231 won, so the map makes 232 ahead while it shows (one of the slowest
##                   levels to make: over a second); 229 tapped on the map meanwhile is ready first
##                   (232 stopped, not waited for), opens, and 232 is made after it.
## Run by scripts/godot_check.sh with `-- --save=user://e2e/RUN/endless…/save.json --phase=PHASE
## [--endless-budget-ms=MS]` (a folder per phase: the files beside the save are checked).
## The CLI: $SCREWSMITH_CLI, else target/debug/screwsmith beside the project (CARGO_TARGET_DIR
## when set), which `cargo test --workspace` builds.

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const MENU := "res://scenes/main_menu.tscn"
const MAP := "res://scenes/level_map.tscn"
const BOARD := "res://scenes/board.tscn"
const TITLE := "Hud/Root/Top/Bar/Title"
## Generous: a debug build on loaded shared cores.
const MAKE_SECONDS := 120.0
## Moves played before the close.
const PLAYED := 3
## The preempt phase: the map makes endless level AHEAD (counted from the first) ahead, and the
## player opens the level OPENED levels before it.
const AHEAD := 32
const OPENED := 3

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "endless_test")
	# Every baked level won: Continue is the first endless level. The count is the library's.
	var library = ClassDB.instantiate("LevelLibrary")
	library.load_default()
	if Driver.user_arg("phase") == "preempt":
		Driver.fresh_save(library.count() + AHEAD - 1)
		_remove_made_levels()
	elif Driver.user_arg("phase") != "resume":
		Driver.fresh_save(library.count())
	else:
		var file := Driver.user_arg("save").get_base_dir().path_join(
			"endless-%d.json" % (library.count() + 1)
		)
		DirAccess.remove_absolute(ProjectSettings.globalize_path(file))
	_run.call_deferred()


func _run() -> void:
	match Driver.user_arg("phase"):
		"fallback":
			await _fallback()
		"close":
			await _close()
		"resume":
			await _resume()
		"preempt":
			await _preempt()
		_:
			await _fresh()
	await d.finish()


func _first() -> int:
	return d.app().level_count() + 1


## Continue from the menu, waiting for the board (the level may be made first).
func _continue_to_board() -> bool:
	if not await d.start(MENU):
		return false
	var offered := TranslationServer.translate("MENU_CONTINUE") % _first()
	d.check(d.text_of("Box/Continue") == offered, "Continue: %s" % d.text_of("Box/Continue"))
	await d.tap_path("Box/Continue")
	if not d.app().endless.is_ready(_first()):
		var spinner := d.app().find_child("LevelWait", true, false)
		d.check(spinner != null, "a spinner while the level is made")
	return await d.wait_for(
		func(): return d.scene() != null and d.scene().scene_file_path == BOARD,
		MAKE_SECONDS,
		"the board of level %d" % _first()
	)


func _fresh() -> void:
	var n := _first()
	var cli := _cli_report(n)
	if not await _continue_to_board():
		return
	await d.frames(2)
	d.check(d.text_of(TITLE).contains(str(n)), "the board is level %d: %s" % [n, d.text_of(TITLE)])
	var app := d.app()
	var served: Dictionary = app.endless.served(n)
	d.check(served.get("source", "") == "generated", "generated now: %s" % served)
	d.check(served.get("fresh", false), "a fresh board")
	_report(served)
	var level_json: String = app.library.level_json(n)
	var level: Dictionary = JSON.parse_string(level_json)
	d.check(int(level.get("number", 0)) == n, "the level carries its own number")
	d.check(level_json != app.library.level_json(73), "not baked level 73")
	d.check(app.library.level_info(n).get("fresh", false), "the map's row says fresh")
	# The same board the core's CLI serves for n: its proven solution is the stored one.
	var stored: Array = level.get("measure", {}).get("solution", [])
	d.check(not stored.is_empty(), "the fresh level carries its proven solution")
	d.check(cli.get("fresh", false), "the CLI serves level %d fresh too: %s" % [n, cli.keys()])
	d.check(
		JSON.stringify(cli.get("solution", [])) == JSON.stringify(stored),
		"the CLI's solution for level %d is the board's" % n
	)
	# What the player sees is that board: its solution, tapped, wins it.
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(level_json)
	d.check(await Play.play_moves(d, oracle, oracle.solution()), "level %d plays to a win" % n)
	# The next level was made while this one was played: Next opens it without a wait.
	await d.wait_for(func(): return app.endless.is_ready(n + 1), MAKE_SECONDS, "level %d" % (n + 1))
	await d.tap_path("Hud/Root/WinPanel/Box/Next")
	await d.frames(2)
	d.check(app.get_node_or_null("LevelWait") == null, "no spinner for a level made ahead")
	if await d.wait_scene(BOARD):
		d.check(d.text_of(TITLE).contains(str(n + 1)), "Next opened %d" % (n + 1))
		_report(app.endless.served(n + 1))
	var dir := Driver.user_arg("save").get_base_dir()
	for m in [n, n + 1]:
		var file := dir.path_join("endless-%d.json" % m)
		d.check(FileAccess.file_exists(file), "level %d is kept beside the save" % m)
	await _from_the_map(n, level_json)


## As after a restart of the game: the level set loaded again holds no endless level, and level n
## opened from the map is read from its file, the same board.
func _from_the_map(n: int, level_json: String) -> void:
	var app := d.app()
	app.library.load_default()
	d.check(not app.endless.is_ready(n), "a reloaded library has no endless level yet")
	if not await d.start(MAP):
		return
	var cell := _map_cell(n)
	if not d.check(cell != null, "the map shows level %d" % n):
		return
	await d.tap(cell.get_global_rect().get_center())
	var opened := await d.wait_for(
		func(): return d.scene() != null and d.scene().scene_file_path == BOARD,
		MAKE_SECONDS,
		"level %d from the map" % n
	)
	if opened:
		_report(app.endless.served(n))
		d.check(app.endless.served(n).get("source", "") == "cached", "read from the file")
		d.check(app.library.level_json(n) == level_json, "byte-identical to the board made before")


## One line for the log: how level n came to the board and how long that took.
func _report(served: Dictionary) -> void:
	print(
		(
			"endless_test: level %d %s in %d ms"
			% [served.get("number", 0), served.get("source", "?"), served.get("took_ms", -1)]
		)
	)


func _map_cell(n: int) -> Control:
	var grid: Node = d.scene().get_node_or_null("%Grid")
	if grid == null:
		return null
	for box in grid.get_children():
		var button := box.get_child(0) as Button
		if button != null and button.text == str(n):
			return button
	return null


func _fallback() -> void:
	var n := _first()
	if not await _continue_to_board():
		return
	await d.frames(2)
	var app := d.app()
	var served: Dictionary = app.endless.served(n)
	d.check(served.get("source", "") == "cycle", "the cycle level serves: %s" % served)
	d.check(str(served.get("fell_back", "")).contains("budget"), "because of the budget")
	_report(served)
	d.check(app.library.level_json(n) == app.library.level_json(73), "baked level 73 plays as 201")
	d.check(d.text_of(TITLE).contains(str(n)), "titled level %d" % n)
	d.check(app.notice.is_empty(), "nothing is said: %s" % app.notice)
	var file := Driver.user_arg("save").get_base_dir().path_join("endless-%d.json" % n)
	d.check(not FileAccess.file_exists(file), "a fallback is not kept on disk")


func _close() -> void:
	var n := _first()
	if not await _continue_to_board():
		return
	await d.frames(2)
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(d.app().library.level_json(n))
	if not await Play.play_moves(d, oracle, oracle.solution().slice(0, PLAYED)):
		return
	root.propagate_notification(Node.NOTIFICATION_APPLICATION_PAUSED)
	await d.frames(2)
	var kept = ClassDB.instantiate("SaveData")
	kept.open(Driver.user_arg("save"))
	d.check(kept.in_progress_level() == n, "the attempt on %d is in the save file" % n)


func _resume() -> void:
	var n := _first()
	if not await _continue_to_board():
		return
	await d.frames(2)
	var served: Dictionary = d.app().endless.served(n)
	d.check(served.get("source", "") == "generated", "made again: %s" % served)
	var moves := TranslationServer.translate("BOARD_MOVES")
	d.check(d.text_of(Play.MOVES) == moves % PLAYED, "resumed at %s" % d.text_of(Play.MOVES))
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(d.app().library.level_json(n))
	var solution: Array = oracle.solution()
	for move in solution.slice(0, PLAYED):
		if move["wrench"]:
			oracle.wrench_tap(move["screw"])
		else:
			oracle.tap(move["screw"])
	d.check(await Play.play_moves(d, oracle, solution.slice(PLAYED)), "the attempt plays to a win")


## `screwsmith solve --level N --verify --json` (a roomy budget: the test compares boards, not
## speed), parsed; {} with a failure when it cannot run.
func _cli_report(n: int) -> Dictionary:
	var cli := OS.get_environment("SCREWSMITH_CLI")
	if cli.is_empty():
		var target := OS.get_environment("CARGO_TARGET_DIR")
		if target.is_empty():
			target = ProjectSettings.globalize_path("res://").path_join("../target")
		cli = target.path_join("debug/screwsmith")
	if not d.check(
		FileAccess.file_exists(cli), "no CLI at %s: cargo build -p screwsmith-cli" % cli
	):
		return {}
	var out := []
	var args := ["solve", "--level", str(n), "--verify", "--json", "--budget-ms", "600000"]
	var code := OS.execute(cli, args, out)
	var parsed = JSON.parse_string("".join(out)) if code == 0 else null
	if not d.check(parsed is Dictionary, "the CLI's report (exit %d): %s" % [code, out]):
		return {}
	return parsed


## No level file beside the save: every level of the run is made, none read back.
func _remove_made_levels() -> void:
	var dir := ProjectSettings.globalize_path(Driver.user_arg("save").get_base_dir())
	for file in DirAccess.get_files_at(dir):
		if file.begins_with("endless-"):
			DirAccess.remove_absolute(dir.path_join(file))


func _preempt() -> void:
	var ahead := _first() + AHEAD - 1
	var n := ahead - OPENED
	if not await d.start(MAP):
		return
	var app := d.app()
	var order := []
	app.endless.level_ready.connect(func(number: int, _fresh: bool): order.append(number))
	var making: int = app.endless.making()
	if not d.check(making == ahead, "the map makes %d ahead: %d" % [ahead, making]):
		return
	var cell := _map_cell(n)
	if not d.check(cell != null, "the map shows level %d" % n):
		return
	var tapped := Time.get_ticks_msec()
	await d.tap(cell.get_global_rect().get_center())
	var now: int = app.endless.making()
	var at_once: bool = now == n or app.endless.is_ready(n)
	d.check(at_once, "%d made at once, not after %d: %d" % [n, ahead, now])
	if not await d.wait_for(func(): return not order.is_empty(), MAKE_SECONDS, "a level ready"):
		return
	d.check(order[0] == n, "%d ready first, not behind %d: %s" % [n, ahead, order])
	d.check(not app.endless.is_ready(ahead), "%d was stopped, not finished" % ahead)
	# The board scene is loaded in level_ready's first handler: the tap-to-board time includes it.
	var line := "endless_test: %d opened while %d was made ahead: made in %d ms, board after %d ms"
	var took: int = app.endless.served(n).get("took_ms", -1)
	print(line % [n, ahead, took, Time.get_ticks_msec() - tapped])
	d.check(app.endless.served(n).get("source", "") == "generated", "%d made now" % n)
	if await d.wait_scene(BOARD, 120):
		d.check(d.text_of(TITLE).contains(str(n)), "the board is %d: %s" % [n, d.text_of(TITLE)])
	var made_after := func(): return app.endless.is_ready(ahead)
	await d.wait_for(made_after, MAKE_SECONDS, "%d made after" % ahead)
	d.check(app.endless.served(ahead).get("fresh", false), "%d made again, fresh" % ahead)
	_report(app.endless.served(ahead))
