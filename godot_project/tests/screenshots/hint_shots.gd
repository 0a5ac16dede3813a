extends SceneTree
## Renders the hint's pictures (scripts/screenshots.sh, under Xvfb like shoot.gd), played by
## taps: the hinted screw glowing mid-level on level 20; a lost-in-waiting board's banner with
## Rewind, then the rewound board with the screw that lost it marked; the nearly-full rail; the lose
## panel offering "Undo last move".
##   -- --save=user://shots/hints.json --out=DIR --name=phone --size=720x1600 --lang=en

const Driver := preload("res://tests/e2e/driver.gd")
const FrameStrip := preload("res://tests/screenshots/frame_strip.gd")
const Hints := preload("res://tests/e2e/hints.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const Still := preload("res://tests/screenshots/still.gd")
const GLOW_LEVEL := 20
const RESCUE_LEVEL := 6

var d: Driver
var _shots := 0


func _initialize() -> void:
	d = Driver.new(self, "hint_shots")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	var size := Driver.size_arg()
	d.app().set_setting("language", Driver.user_arg("lang"))
	await _glow(size)
	await _rewind(size)
	await _rescue(size)
	print("hint_shots: %d pictures in %s" % [_shots, Driver.user_arg("out")])
	await d.finish()


func _glow(size: Vector2i) -> void:
	var sim = await FrameStrip.open_level(d, GLOW_LEVEL, size)
	if sim == null:
		return
	var solution: Array = sim.solution()
	await Play.play_moves(d, sim, solution.slice(0, solution.size() / 3))
	if d.check(await Hints.press(d) == "move", "level %d: a hinted screw" % GLOW_LEVEL):
		await _shot("hint_glow")


func _rewind(size: Vector2i) -> void:
	# The levels rewind_test searches, in its order: the first with a lost-in-waiting state.
	for n in range(Hints.DOOM_FIRST, Hints.DOOM_LAST + 1):
		var moves := Hints.doomed_path(Hints.oracle(d, n), Hints.DOOM_STATES, Hints.DOOM_DEPTH)
		if moves.is_empty():
			continue
		var sim = await FrameStrip.open_level(d, n, size)
		if sim == null or not await Play.play_moves(d, sim, moves):
			return
		if not d.check(await Hints.press(d) == "lost", "level %d: the hint says lost" % n):
			return
		await _shot("hint_lost")
		if await Hints.rewind(d, sim):
			await _shot("rewind_mark")
		return
	d.check(false, "no lost-in-waiting state found")


func _rescue(size: Vector2i) -> void:
	var sim = await FrameStrip.open_level(d, RESCUE_LEVEL, size)
	if sim == null:
		return
	var losing := Driver.losing_moves(Hints.oracle(d, RESCUE_LEVEL))
	var shown_nearly_full := false
	for move in losing:
		await Play.play_moves(d, sim, [move])
		if not shown_nearly_full and sim.state()["rail_nearly_full"]:
			shown_nearly_full = true
			await _shot("rail_nearly_full")
	d.check(shown_nearly_full, "the losing taps pass a nearly full rail")
	if d.check(d.visible("Hud/Root/LosePanel/Box/LoseUndo"), "the lose panel offers the undo"):
		await _shot("rescue_panel")


func _shot(screen: String) -> void:
	await Still.take(d, screen)
	_shots += 1
