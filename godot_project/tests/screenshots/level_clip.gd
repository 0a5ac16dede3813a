extends SceneTree
## Renders a whole shipped level played by its stored solution as animation frames, for
## docs/screenshots/level_clip.png (an APNG put together by scripts/apng.py; run by
## scripts/screenshots.sh under Xvfb, Mobile renderer). The animator's clock is held and
## moved FPS times a second of animation, so the clip shows every move at its real speed whatever
## the machine renders at. Writes DIR/frame_NNNN.png and DIR/frames.json (file names and
## milliseconds each frame stays).
##   -- --save=user://shots/clip.json --frames=DIR [--level=4] [--size=720x1600] [--scale=0.5]

const FPS := 25.0
## Seconds the board rests before the first tap, between two moves (a player's thinking time) and
## on the result panel at the end.
const REST := {"start": 0.8, "move": 0.2, "end": 2.0}
const Driver := preload("res://tests/e2e/driver.gd")
const Still := preload("res://tests/screenshots/still.gd")
const BOARD := "res://scenes/board.tscn"

var d: Driver
var _scale := 0.5
var _dir := ""
var _frames: Array = []


func _initialize() -> void:
	d = Driver.new(self, "level_clip")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	var number := int(Driver.user_arg("level")) if Driver.user_arg("level") != "" else 4
	if Driver.user_arg("scale") != "":
		_scale = float(Driver.user_arg("scale"))
	_dir = Driver.user_arg("frames")
	if d.check(_dir != "" and DirAccess.make_dir_recursive_absolute(_dir) == OK, "--frames=DIR"):
		await _clip(number, Driver.size_arg())
	await d.finish()


func _clip(number: int, size: Vector2i) -> void:
	d.app().set_setting("language", "en")
	d.app().board_request = {"mode": "level", "number": number}
	if not await d.start(BOARD, size):
		return
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(d.app().library.level_json(number))
	var animator = d.node("Animator")
	animator.auto_play = false
	await _frame(REST["start"])
	for move in oracle.solution():
		if move["wrench"]:
			await d.tap_path("Hud/Root/Bottom/Tools/Wrench")
			await _frame(REST["move"])
			oracle.wrench_tap(move["screw"])
		else:
			oracle.tap(move["screw"])
		await d.tap_screw(oracle, int(move["screw"]))
		while animator.busy():
			await _frame(1.0 / FPS)
			animator.advance(1.0 / FPS)
		await _frame(REST["end"] if oracle.status() != "playing" else REST["move"])
	d.check(d.visible("Hud/Root/WinPanel"), "level %d won in the clip" % number)
	var manifest := FileAccess.open(_dir.path_join("frames.json"), FileAccess.WRITE)
	if d.check(manifest != null, "could not write frames.json in %s" % _dir):
		manifest.store_string(JSON.stringify(_frames))
	print(
		(
			"level_clip: level %d, %d moves, %d frames, %.1f s -> %s"
			% [
				number,
				oracle.solution().size(),
				_frames.size(),
				_frames.reduce(func(sum, f): return sum + int(f["ms"]), 0) / 1000.0,
				_dir
			]
		)
	)


## Renders the window as it is now and keeps it for `seconds` of the clip.
func _frame(seconds: float) -> void:
	var image := await Still.drawn(d, 1)
	image.resize(
		int(image.get_width() * _scale), int(image.get_height() * _scale), Image.INTERPOLATE_LANCZOS
	)
	var file := "frame_%04d.png" % _frames.size()
	if d.check(image.save_png(_dir.path_join(file)) == OK, "could not write %s" % file):
		_frames.append({"file": file, "ms": roundi(seconds * 1000.0)})
