extends SceneTree
## Renders what the board shows of its plates for docs/screenshots/ (run by scripts/screenshots.sh
## under Xvfb, Mobile renderer): a plate swinging as itself, as a frame strip (the first stored-
## solution tap of a shipped level whose panel hangs turned, after the moves before it were tapped;
## the animator's clock held and moved to fixed times), and covered screws seen dimmed through the
## plates over them on levels 2, 3 and 36 at their opening state and along their solutions.
##   -- --save=user://shots/view.json --out=DIR [--size=720x1600] [--still-scale=0.5]

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const Probe := preload("res://tests/e2e/board_probe.gd")
const FrameStrip := preload("res://tests/screenshots/frame_strip.gd")
const Still := preload("res://tests/screenshots/still.gd")
## Seconds after the tap at which a frame of the swing is taken (the unscrew takes 0.1 s).
const TIMES := [0.0, 0.12, 0.16, 0.2, 0.24, 0.28, 0.34, 0.42]
const SCALE := 0.34
## Levels whose covered screws are shown, and the fraction of the stored solution played first.
const COVERED := [[2, 0.0], [3, 0.0], [36, 0.0], [36, 0.4]]
## The board pictures are scaled down to keep docs/screenshots small.
const STILL_SCALE := 0.5

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "view_shots")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	d.app().set_setting("language", "en")
	var size := Driver.size_arg()
	var found := Probe.first_swing(d.app().library)
	if d.check(not found.is_empty(), "a shipped level hangs a panel turned"):
		await _strip(found[0], found[1], size)
	for shot in COVERED:
		await _covered(shot[0], shot[1], size)
	await d.finish()


func _strip(number: int, before: int, size: Vector2i) -> void:
	var oracle = await FrameStrip.open_level(d, number, size)
	if oracle == null:
		return
	_save(await FrameStrip.tap_strip(d, oracle, before, TIMES, SCALE), "swing_strip.png")
	print("view_shots: swing on level %d move %d at %s s" % [number, before + 1, TIMES])


## Level `number` after `fraction` of its stored solution, its covered screws shown.
func _covered(number: int, fraction: float, size: Vector2i) -> void:
	var oracle = await FrameStrip.open_level(d, number, size)
	if oracle == null:
		return
	var solution: Array = oracle.solution()
	var moves := int(solution.size() * fraction)
	await Play.play_moves(d, oracle, solution.slice(0, moves))
	var animator = d.node("Animator")
	await d.wait_until(func(): return not animator.busy(), 300, "the moves before the still end")
	animator.finish()
	var covered := 0
	for screw in oracle.screws():
		covered += int(int(screw["cover"]) >= 0)
	await Still.drawn(d, 4)
	var name := "covered_L%03d_m%02d.png" % [number, moves]
	var arg := Driver.user_arg("still-scale")
	var scale := float(arg) if arg else STILL_SCALE
	_save(FrameStrip.grab(self, scale), name)
	print("view_shots: %s, %d covered screws" % [name, covered])


func _save(image: Image, name: String) -> void:
	var path := Driver.user_arg("out").path_join(name)
	d.check(image.save_png(path) == OK, "could not write %s" % path)
