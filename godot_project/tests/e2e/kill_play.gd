extends SceneTree
## The child that scripts/kill_test.py kills: plays by taps from the menu's Continue, levels one
## after another (their stored solutions, one screwdriver use and one wrench tap where the level has
## bolts), and says on stdout what it is doing, so the harness can kill it at any moment and judge
## the next start (on stderr, which is not buffered: a line is out before the next step begins):
##   kill_play: save <absolute path> <open outcome>
##   kill_play: start continue=<n> in_progress=<n> stars=<s1,s2,...>
##   kill_play: resumed level=<n> moves=<m>     (the board Continue opened, as its HUD says)
##   kill_play: moving level=<n> to=<m>         (a tap or the screwdriver is on its way)
##   kill_play: moved level=<n> moves=<m>       (the HUD shows it)
##   kill_play: won level=<n> stars=<s>
## `--phase=fresh` starts on a new save with levels 1..FIRST-1 won; `--phase=last` stops after
## the resume (a clean exit); `--seed=N` varies the pauses between taps (xorshift32, reproducible).

const Driver := preload("res://tests/e2e/driver.gd")
const MENU := "res://scenes/main_menu.tscn"
const BOARD := "res://scenes/board.tscn"
const MOVES := "Hud/Root/Top/Bar/Moves"
const SCREWDRIVER := "Hud/Root/Bottom/Tools/Screwdriver"
const WRENCH := "Hud/Root/Bottom/Tools/Wrench"
const FIRST := 12
## Levels reported in the stars line.
const REPORTED := 80

var d: Driver
var _rng := 1


func _initialize() -> void:
	d = Driver.new(self, "kill_play")
	_rng = maxi(1, int(Driver.user_arg("seed")))
	if Driver.user_arg("phase") == "fresh":
		Driver.fresh_save(FIRST - 1)
	_run.call_deferred()


func _run() -> void:
	var save = d.app().save
	var path: String = Driver.user_arg("save")
	var reread = ClassDB.instantiate("SaveData")
	var opened: Dictionary = reread.open(path)
	_say("kill_play: save %s %s" % [ProjectSettings.globalize_path(path), opened["outcome"]])
	var stars := PackedStringArray()
	for n in range(1, REPORTED + 1):
		stars.append(str(save.stars(n)))
	_say(
		(
			"kill_play: start continue=%d in_progress=%d stars=%s"
			% [save.continue_level(), save.in_progress_level(), ",".join(stars)]
		)
	)
	if await d.start(MENU):
		await d.tap_path("Box/Continue")
		if await d.wait_scene(BOARD):
			await _play()
	await d.finish()


## Plays on from the board Continue opened until killed (or, in the last phase, stops there).
func _play() -> void:
	while true:
		var level := int(d.app().board_request["number"])
		var moves := _shown_moves()
		_say("kill_play: resumed level=%d moves=%d" % [level, moves])
		if Driver.user_arg("phase") == "last" or moves < 0:
			return
		if not await _play_level(level, moves):
			return
		await d.tap_path("Hud/Root/WinPanel/Box/Next")
		if not await d.wait_until(
			func(): return int(d.app().board_request["number"]) == level + 1, 60, "the next level"
		):
			return
		if not await d.wait_scene(BOARD):
			return


## The rest of `level`'s solution from move `done`; one screwdriver use on the way.
func _play_level(level: int, done: int) -> bool:
	var oracle = ClassDB.instantiate("GameSim")
	var json: String = (
		d.app().library.help_level_json(level)
		if d.app().save.needs_help(level)
		else d.app().library.level_json(level)
	)
	oracle.load_json(json)
	var solution: Array = oracle.solution()
	for i in done:
		_apply(oracle, solution[i])
	var undone := done > 3
	for i in range(done, solution.size()):
		if i == 3 and not undone:
			undone = true
			await _move(oracle, solution[i], level, i + 1)
			_say("kill_play: moving level=%d to=%d" % [level, i])
			await d.tap_path(SCREWDRIVER)
			oracle.undo()
			if not await _shown(level, i):
				return false
			# The screw is back where a finger finds it once its return has played.
			var animator: Node = d.node("Animator")
			await d.wait_for(func(): return not animator.busy(), 3.0, "the undo's animation")
		await _move(oracle, solution[i], level, i + 1)
		if oracle.status() == "won":
			var panel := "Hud/Root/WinPanel"
			if not await d.wait_for(func(): return d.visible(panel), 8.0, "the win panel"):
				return false
			_say("kill_play: won level=%d stars=%d" % [level, d.app().save.stars(level)])
			return true
		if not await _shown(level, i + 1):
			return false
	return d.check(false, "level %d: the solution did not win" % level)


func _move(oracle, move: Dictionary, level: int, to: int) -> void:
	_say("kill_play: moving level=%d to=%d" % [level, to])
	if move["wrench"]:
		await d.tap_path(WRENCH)
	_apply(oracle, move)
	await d.tap_screw(oracle, int(move["screw"]))
	# A pause of 0-11 frames: the next kill lands mid-tap, mid-animation or between moves.
	await d.frames(_next() % 12)


func _apply(oracle, move: Dictionary) -> void:
	if move["wrench"]:
		oracle.wrench_tap(int(move["screw"]))
	else:
		oracle.tap(int(move["screw"]))


func _shown(level: int, moves: int) -> bool:
	var ok := d.check(
		_shown_moves() == moves, "level %d: the HUD shows %s" % [level, d.text_of(MOVES)]
	)
	if ok:
		_say("kill_play: moved level=%d moves=%d" % [level, moves])
	return ok


## The move count the HUD shows, or -1.
func _shown_moves() -> int:
	var text := d.text_of(MOVES)
	for n in 400:
		if text == TranslationServer.translate("BOARD_MOVES") % n:
			return n
	return -1


func _say(line: String) -> void:
	printerr(line)


## xorshift32: the pauses between taps, the same for the same seed.
func _next() -> int:
	_rng ^= (_rng << 13) & 0xFFFFFFFF
	_rng ^= _rng >> 17
	_rng ^= (_rng << 5) & 0xFFFFFFFF
	return _rng
