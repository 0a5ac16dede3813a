extends SceneTree
## A still screen costs nothing: on the menu, the level map, a board (level 12, nothing moving; then
## with the hint's ring shown; then with the rail's nearly-full warning), the Daily Bench and the
## settings, the engine draws at most 1 frame per second over 5 s once the
## screen has settled (low-processor mode: a frame is drawn only when something changed). Then the
## breaking case: an animation that never stops, put on the settings screen, must be caught.
## Needs a real renderer (frames are counted as drawn): run under Xvfb, e.g.
##   xvfb-run -a godot --path godot_project --rendering-method mobile
##     -s res://tests/e2e/idle_test.gd -- --save=user://e2e/idle.json
## (scripts/idle_check.sh). Prints "idle_test: <screen> <frames/s> frames/s" per screen.

const Driver := preload("res://tests/e2e/driver.gd")
const Hints := preload("res://tests/e2e/hints.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const SCREENS := {
	"menu": "res://scenes/main_menu.tscn",
	"map": "res://scenes/level_map.tscn",
	"daily": "res://scenes/daily_bench.tscn",
	"settings": "res://scenes/settings.tscn",
}
const BOARD := "res://scenes/board.tscn"
const LEVEL := 12
const RAIL_LEVEL := 6
## Long enough for every animation to end: the rail's warning pulses 4 × 0.9 s, the hint's ring
## 4 × 0.8 s.
const SETTLE_S := 4.0
const MEASURE_S := 5.0
const MAX_PER_S := 1.0


## A Control that asks for a frame every frame, for ever: the breaking case.
class NeverStops:
	extends Control

	func _process(_delta: float) -> void:
		queue_redraw()

	func _draw() -> void:
		draw_rect(Rect2(Vector2.ZERO, Vector2(4, 4)), Color(1, 1, 1, 0.01))


var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "idle_test")
	Driver.fresh_save(LEVEL - 1)
	_run.call_deferred()


func _run() -> void:
	d.check(OS.is_in_low_processor_usage_mode(), "low-processor mode is on")
	for screen in ["menu", "map", "daily", "settings"]:
		if await d.start(SCREENS[screen]):
			d.check(await _idle(screen) <= MAX_PER_S, "%s draws while nothing moves" % screen)
	d.app().play_level(LEVEL)
	if await d.wait_scene(BOARD):
		d.check(await _idle("board") <= MAX_PER_S, "the board draws while nothing moves")
		await _board_after_pulses()
	if await d.start(SCREENS["settings"]):
		d.scene().add_child(NeverStops.new())
		var rate := await _idle("breaking case: an animation that never stops")
		d.check(rate > MAX_PER_S, "the never-ending animation was not caught (%.1f/s)" % rate)
	await d.finish()


## The hint's ring and the rail's nearly-full warning pulse, then rest: the board is still again.
func _board_after_pulses() -> void:
	d.check(await Hints.press(d) == "move", "the hint shows a screw")
	d.check(await _idle("board, hint shown") <= MAX_PER_S, "the hint's ring never rests")
	# Level 2 is lost by taps with one rail place left on the way.
	d.app().board_request = {"mode": "level", "number": RAIL_LEVEL}
	if not await d.start(BOARD):
		return
	var sim = Hints.oracle(d, RAIL_LEVEL)
	for move in Driver.losing_moves(Hints.oracle(d, RAIL_LEVEL)):
		await Play.play_moves(d, sim, [move])
		if sim.state()["rail_nearly_full"]:
			break
	var warning: RailWarning = d.node("Hud/Root").rail_warning()
	# The warning shows when the move's animation has landed.
	if await d.wait_for(func(): return warning.on, 3.0, "the rail's warning"):
		var rate := await _idle("board, rail warning")
		d.check(rate <= MAX_PER_S, "the rail's warning never rests")


## Frames drawn per second over MEASURE_S, after SETTLE_S for the screen to come to rest.
func _idle(screen: String) -> float:
	await _seconds(SETTLE_S)
	var frames := Engine.get_frames_drawn()
	var started := Time.get_ticks_usec()
	await _seconds(MEASURE_S)
	var rate := (Engine.get_frames_drawn() - frames) / ((Time.get_ticks_usec() - started) / 1e6)
	print("idle_test: %s %.2f frames/s" % [screen, rate])
	return rate


func _seconds(s: float) -> void:
	await create_timer(s).timeout
