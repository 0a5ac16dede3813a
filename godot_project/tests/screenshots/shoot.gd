extends SceneTree
## Renders every screen of the game to PNG for docs/screenshots/ (run by scripts/screenshots.sh
## under Xvfb with the Mobile renderer; it needs a real window, not --headless). Screens
## are opened like the app opens them and the board is played by taps (tests/e2e/driver.gd), so
## the pictures show what a player sees.
##   -- --save=user://shots/save.json --out=DIR --name=phone --size=720x1600 --lang=en
##      [--safe-insets=T,B,L,R]   (read by App: the phone's safe-area insets in window pixels)
##      [--only=pause]            (only the pause sheet's pictures)
##      [--only=daily]            (only settings, the Daily Bench and the licences)
##      [--only=onboarding]       (only level 1's pointer, the introduction cards and the lock's
##                                 and the bomb's levels)

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const Sheet := preload("res://tests/e2e/sheet.gd")
const Still := preload("res://tests/screenshots/still.gd")
const BOARD := "res://scenes/board.tscn"
## The level the board pictures show (rusty screws, three layers of panels).
const LEVEL := 12
## A shipped level with two locks (their keys told apart by their badges) and two bombs.
const LOCKS_BOMBS := 91
const CARD := "Hud/Root/Onboarding/IntroCard"

var d: Driver
var _shots := 0


func _initialize() -> void:
	d = Driver.new(self, "shoot")
	Driver.fresh_save(LEVEL - 1)
	_run.call_deferred()


func _run() -> void:
	var size_arg := Driver.user_arg("size").split("x")
	var size := Vector2i(int(size_arg[0]), int(size_arg[1]))
	d.app().set_setting("language", Driver.user_arg("lang"))
	# `--only=pause`: just the pause sheet's pictures (a quick look at the in-level controls).
	if Driver.user_arg("only") == "pause":
		await _pause_shots(size)
		await d.finish()
		return
	# `--only=daily`: Settings (the way to the licences), the Daily Bench with a streak and the
	# licences screen.
	if Driver.user_arg("only") == "daily":
		if await d.start("res://scenes/settings.tscn", size):
			await _shot("settings")
		await _daily_shots(size)
		await d.finish()
		return
	if Driver.user_arg("only") == "onboarding":
		await _onboarding_shots(size)
		await d.finish()
		return
	for screen in [
		["menu", "res://scenes/main_menu.tscn"],
		["map", "res://scenes/level_map.tscn"],
		["settings", "res://scenes/settings.tscn"],
	]:
		if await d.start(screen[1], size):
			await _shot(screen[0])
	await _daily_shots(size)
	await _board_shots(size)
	await _onboarding_shots(size)
	print("shoot: %d pictures in %s" % [_shots, Driver.user_arg("out")])
	await d.finish()


func _board_shots(size: Vector2i) -> void:
	var oracle = await _open_board(size)
	if oracle == null:
		return
	await _shot("board_start")
	var solution: Array = oracle.solution()
	var half := solution.size() / 2
	await Play.play_moves(d, oracle, solution.slice(0, half))
	await _shot("board_mid")
	await Play.play_moves(d, oracle, solution.slice(half))
	await _shot("board_won")
	# The lost board: LEVEL, or the nearest level after it a tap sequence can lose.
	for n in range(LEVEL, LEVEL + 40):
		var losing := Driver.losing_moves(_oracle(n))
		if losing.is_empty():
			continue
		oracle = await _open_board(size, n)
		if oracle != null:
			await Play.play_moves(d, oracle, losing)
			d.check(d.visible("Hud/Root/LosePanel"), "level %d: no lose panel" % n)
			await _shot("board_lost")
		break
	d.app().set_setting("colorblind_patterns", true)
	if await _open_board(size) != null:
		await _shot("board_patterns")
	d.app().set_setting("colorblind_patterns", false)
	await _pause_shots(size)


## The pause sheet over a board in progress (patterns on: the open crates' marks show), and its
## question before leaving.
func _pause_shots(size: Vector2i) -> void:
	d.app().set_setting("colorblind_patterns", true)
	var oracle = await _open_board(size)
	if oracle != null:
		await Play.play_moves(d, oracle, oracle.solution().slice(0, 2))
		await d.tap_path(Sheet.PAUSE)
		await _shot("board_pause")
		await d.tap_path(Sheet.SHEET + "Leave")
		await _shot("board_leave")
		await d.tap_path(Sheet.ASK + "Stay")
	d.app().set_setting("colorblind_patterns", false)


## The Daily Bench at a fixed moment (2026-12-01 16:42:10 UTC, bench 98) after two won days: the
## streak, the day's best and the countdown show. Then the licences screen with Godot's licence
## open, and with the Rust crates open.
func _daily_shots(size: Vector2i) -> void:
	d.app().clock_override = 1795996800 + 86400 + 16 * 3600 + 42 * 60 + 10
	if await _open_daily(size):
		# The bench's board, from the day's cache beside the save.
		var cached = JSON.parse_string(FileAccess.get_file_as_string(d.app().daily_cache_path()))
		var sim = ClassDB.instantiate("GameSim")
		sim.load_json(str(cached["level_json"]) if cached is Dictionary else "")
		var moves: int = sim.solution().size()
		d.app().save.record_daily(97, "2026-11-30", true, moves + 3, 0, 1)
		d.app().save.record_daily(98, "2026-12-01", true, moves, 1, 0)
		if await _open_daily(size):
			await _shot("daily")
	d.app().clock_override = -1
	if await d.start("res://scenes/licences.tscn", size):
		await d.tap_path("Box/Scroll/Sections/Godot")
		await _shot("licences")
		await d.tap_path("Box/Scroll/Sections/Godot")
		await d.tap_path("Box/Scroll/Sections/Rust")
		await d.frames(10)
		await _shot("licences_crates")


## Opens the Daily Bench and waits for its board; true when it is ready.
func _open_daily(size: Vector2i) -> bool:
	if not await d.start("res://scenes/daily_bench.tscn", size):
		return false
	await d.wait_until(func(): return d.visible("Box/Play"), 3000, "daily bench ready")
	return d.visible("Box/Play")


## Level 1's pointer and the introduction cards of level 7 ('?'), 36 (the wall), the lock (23) and
## the bomb (29), as a player who has seen none of them meets them; the lock's and the bomb's
## shipped levels once their card is dismissed, and LOCKS_BOMBS, a later one with two of each;
## each of those three also played into the most keys and bombs in sight (_marks_shot).
func _onboarding_shots(size: Vector2i) -> void:
	d.app().save.reset_intros()
	if await _open_board(size, 1) != null:
		await d.frames(2)
		await _shot("board_guide")
	if await _open_board(size, 7) != null:
		await _shot("board_intro")
	if await _open_board(size, 36) != null:
		await _shot("board_wall")
	for entry in [["board_lock", 23, "lock"], ["board_bomb", 29, "bomb"]]:
		if await _open_board(size, entry[1]) == null:
			continue
		# The level's earlier cards (its '?', rust and bolts) a player has seen by then.
		for i in 4:
			if not d.visible(CARD) or d.node(CARD).card == entry[2]:
				break
			await d.tap_control(d.node(CARD))
		if not d.check(d.node(CARD).card == entry[2], "level %d: no %s card" % entry.slice(1)):
			continue
		await _shot(entry[0])
		await d.tap_control(d.node(CARD))
		d.check(not d.visible(CARD), "level %d: a card after the %s card" % entry.slice(1))
		await _shot(entry[0] + "_level")
		await _marks_shot(size, entry[1], entry[0] + "_play")
	if await _open_board(size, LOCKS_BOMBS) != null:
		await _shot("board_locks_bombs")
		await _marks_shot(size, LOCKS_BOMBS, "board_locks_bombs_play")


## Level `n` (open, no card up) played along its solution to the first position with the most
## key holders and bombs uncovered, as `screen`.
func _marks_shot(size: Vector2i, n: int, screen: String) -> void:
	var sim = _oracle(n)
	var solution: Array = sim.solution()
	var best := [_marks_in_sight(sim), 0]
	for i in solution.size() - 1:
		_apply(sim, solution[i])
		var seen := _marks_in_sight(sim)
		if seen > best[0]:
			best = [seen, i + 1]
	d.check(best[0] > 0, "level %d: no key or bomb ever in sight" % n)
	var oracle = _oracle(n)
	await Play.play_moves(d, oracle, solution.slice(0, best[1]))
	await _shot(screen)


## How many key holders and bombs are on `sim`'s board uncovered.
func _marks_in_sight(sim) -> int:
	var seen := 0
	for screw: Dictionary in sim.screws():
		var marked: bool = int(screw["key_tag"]) >= 0 or int(screw["bomb"]) >= 0
		if marked and screw["accessible"] and not screw["removed"]:
			seen += 1
	return seen


func _apply(sim, move: Dictionary) -> void:
	if move["wrench"]:
		sim.wrench_tap(int(move["screw"]))
	else:
		sim.tap(int(move["screw"]))


## Opens the board on level `n`; returns an oracle GameSim of it, or null.
func _open_board(size: Vector2i, n := LEVEL):
	d.app().board_request = {"mode": "level", "number": n}
	if not await d.start(BOARD, size):
		return null
	return _oracle(n)


func _oracle(n: int):
	var sim = ClassDB.instantiate("GameSim")
	sim.load_json(d.app().library.level_json(n))
	return sim


func _shot(screen: String) -> void:
	await Still.take(d, screen)
	_shots += 1
