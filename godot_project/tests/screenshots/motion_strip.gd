extends SceneTree
## Renders one move as a frame strip for docs/screenshots/motion_strip.png (run by
## scripts/screenshots.sh under Xvfb, Mobile renderer): the first move of a shipped level's
## stored solution that seals a crate and pulls the next one, after the moves before it were tapped.
## The animator's clock is held and moved to fixed times; each frame is the rendered window, scaled
## down and set side by side: unscrew → flight → landing → seal → next crate.
##   -- --save=user://shots/motion.json --out=DIR [--size=720x1600]

const Driver := preload("res://tests/e2e/driver.gd")
const FrameStrip := preload("res://tests/screenshots/frame_strip.gd")
## Seconds after the tap at which a frame is taken.
const TIMES := [0.0, 0.05, 0.1, 0.17, 0.24, 0.3, 0.36, 0.43]
const SCALE := 0.34

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "motion_strip")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	d.app().set_setting("language", "en")
	var found := _first_seal()
	if d.check(not found.is_empty(), "a shipped level seals a crate by a plain tap"):
		await _strip(found[0], found[1], Driver.size_arg())
	await d.finish()


func _strip(number: int, before: int, size: Vector2i) -> void:
	var oracle = await FrameStrip.open_level(d, number, size)
	if oracle == null:
		return
	var strip: Image = await FrameStrip.tap_strip(d, oracle, before, TIMES, SCALE)
	var path := Driver.user_arg("out").path_join("motion_strip.png")
	d.check(strip.save_png(path) == OK, "could not write %s" % path)
	print(
		(
			"motion_strip: level %d move %d, %d frames at %s s -> %s"
			% [number, before + 1, TIMES.size(), TIMES, path]
		)
	)


## [level, moves before] of the first stored-solution tap that seals a crate and pulls the next,
## after at least three moves (so the crates show some progress), or [].
func _first_seal() -> Array:
	var library = d.app().library
	for number in range(1, library.count() + 1):
		var sim = ClassDB.instantiate("GameSim")
		sim.load_json(library.level_json(number))
		var solution: Array = sim.solution()
		for k in solution.size():
			var move: Dictionary = solution[k]
			if move["wrench"]:
				break
			var events: Array = sim.tap(move["screw"])["events"]
			var pulled := events.any(func(e): return e["kind"] == GameSim.EVENT_CRATE_PULLED)
			if pulled and k >= 3 and sim.status() == "playing":
				return [number, k]
	return []
