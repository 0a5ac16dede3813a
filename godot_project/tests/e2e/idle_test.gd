extends SceneTree
## A still screen costs nothing: on the menu, the level map, a board (level 12, nothing moving), the
## Daily Bench and the settings, the engine draws at most 1 frame per second over 5 s once the
## screen has settled (low-processor mode: a frame is drawn only when something changed). Then the
## breaking case: an animation that never stops, put on the settings screen, must be caught.
## Needs a real renderer (frames are counted as drawn): run under Xvfb, e.g.
##   xvfb-run -a godot --path godot_project --rendering-method mobile -s res://tests/e2e/idle_test.gd
##     -- --save=user://e2e/idle.json
## (scripts/idle_check.sh). Prints "idle_test: <screen> <frames/s> frames/s" per screen.

const Driver := preload("res://tests/e2e/driver.gd")
const SCREENS := {
	"menu": "res://scenes/main_menu.tscn",
	"map": "res://scenes/level_map.tscn",
	"daily": "res://scenes/daily_bench.tscn",
	"settings": "res://scenes/settings.tscn",
}
const BOARD := "res://scenes/board.tscn"
const LEVEL := 12
const SETTLE_S := 3.0
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
	if await d.start(SCREENS["settings"]):
		d.scene().add_child(NeverStops.new())
		var rate := await _idle("breaking case: an animation that never stops")
		d.check(rate > MAX_PER_S, "the never-ending animation was not caught (%.1f/s)" % rate)
	await d.finish()


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
