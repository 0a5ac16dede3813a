extends RefCounted
## Frames of a held animation set side by side in one picture (motion_strip.gd, view_shots.gd): each
## frame is the rendered window scaled down; the strip is the frames left to right on a dark ground.
## `open_level` opens a shipped level for look_shots.gd and hint_shots.gd too.

const Driver := preload("res://tests/e2e/driver.gd")
const Hints := preload("res://tests/e2e/hints.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const GAP := 6


## Shipped level `number` opened on the board at `size`, and a GameSim of it that follows the taps
## (the oracle the driver taps by); null when the board did not open.
static func open_level(d: Driver, number: int, size: Vector2i):
	d.app().board_request = {"mode": "level", "number": number}
	if not await d.start(Hints.BOARD, size):
		return null
	return Hints.oracle(d, number)


## The stored solution's move `before` as a strip: the moves before it tapped and played out, then
## the animator's clock held and moved to each of `times` (seconds after the tap), a frame scaled by
## `factor` taken at each. Low-processor mode is off meanwhile: a held frame would never be drawn.
static func tap_strip(d: Driver, oracle, before: int, times: Array, factor: float) -> Image:
	var solution: Array = oracle.solution()
	await Play.play_moves(d, oracle, solution.slice(0, before))
	var animator = d.node("Animator")
	await d.wait_until(func(): return not animator.busy(), 300, "the moves before the strip end")
	animator.auto_play = false
	var low_processor := OS.low_processor_usage_mode
	OS.low_processor_usage_mode = false
	var id := int(solution[before]["screw"])
	oracle.tap(id)
	await d.tap_screw(oracle, id)
	var frames: Array[Image] = []
	var clock := 0.0
	for t in times:
		animator.advance(t - clock)
		clock = t
		await d.frames(2)
		await RenderingServer.frame_post_draw
		frames.append(grab(d.tree, factor))
	OS.low_processor_usage_mode = low_processor
	return join(frames)


## The window as drawn now, scaled by `factor`.
static func grab(tree: SceneTree, factor: float) -> Image:
	var image := tree.root.get_texture().get_image()
	image.resize(
		int(image.get_width() * factor), int(image.get_height() * factor), Image.INTERPOLATE_LANCZOS
	)
	return image


## `frames` (all one size) left to right, GAP pixels apart.
static func join(frames: Array[Image]) -> Image:
	var w := frames[0].get_width()
	var h := frames[0].get_height()
	var strip := Image.create(frames.size() * (w + GAP) - GAP, h, false, frames[0].get_format())
	strip.fill(Color(0.08, 0.08, 0.1))
	for i in frames.size():
		strip.blit_rect(frames[i], Rect2i(0, 0, w, h), Vector2i(i * (w + GAP), 0))
	return strip
