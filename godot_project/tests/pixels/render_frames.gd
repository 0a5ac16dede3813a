extends SceneTree
## Renders the frames the rendered-pixel readability audit measures (scripts/pixel_audit.sh runs it
## under Xvfb, once per renderer): the board scene at each audited device size with that device's
## safe-area insets, on each chosen level at its opening state and at states along its stored
## solution. It only draws: every frame is saved as a PNG and listed in manifest.json (level,
## moves played, device index, size, renderer); `screwsmith audit pixels DIR` replays the same
## moves in the core, finds every screw head and plate through the camera model and measures the
## pixels.
##   -- --save=user://pixels/save.json --out=DIR --renderer=mobile|compatibility
##      [--levels=1,36,180|all] [--devices=0,7|all] [--states=N]   (N states after the opening one)
##      [--switch=linear-vertex-colour|one-tint-per-layer|covered-underneath|grey-collar]
##      (a bug switch the audit must catch)

const Driver := preload("res://tests/e2e/driver.gd")
const Still := preload("res://tests/screenshots/still.gd")
const BOARD := "res://scenes/board.tscn"

var d: Driver
var _frames: Array[Dictionary] = []


func _initialize() -> void:
	d = Driver.new(self, "render_frames")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	var out := Driver.user_arg("out")
	DirAccess.make_dir_recursive_absolute(out)
	PlateMesh.bug_switch = Driver.user_arg("switch")
	var devices: Array = d.app().audit.devices()
	var levels := _levels()
	var states := maxi(0, int(Driver.user_arg("states")))
	var started := Time.get_ticks_msec()
	for device_index in _indices(Driver.user_arg("devices"), devices.size()):
		var device: Dictionary = devices[device_index]
		# [top, bottom, left, right], as App reads `--safe-insets`.
		d.app().safe_insets_override = Array(device["insets"])
		for n in levels:
			await _render_level(out, n, device_index, device, states)
	var manifest := {
		"renderer": Driver.user_arg("renderer"),
		"switch": Driver.user_arg("switch"),
		"frames": _frames,
	}
	var file := FileAccess.open(out.path_join("manifest.json"), FileAccess.WRITE)
	d.check(file != null, "could not write the manifest in %s" % out)
	if file != null:
		file.store_string(JSON.stringify(manifest, "  "))
		file.close()
	print(
		(
			"render_frames: %d frames in %s (%.1f s)"
			% [_frames.size(), out, (Time.get_ticks_msec() - started) / 1000.0]
		)
	)
	await d.finish()


## Level numbers from `--levels` (comma-separated, or "all" for every shipped level).
func _levels() -> Array[int]:
	var arg := Driver.user_arg("levels")
	var out: Array[int] = []
	if arg == "all" or arg.is_empty():
		for n in range(1, d.app().library.count() + 1):
			out.append(n)
		return out
	for part in arg.split(","):
		out.append(int(part))
	return out


## Device indices from `--devices` (comma-separated, or "all").
func _indices(arg: String, count: int) -> Array[int]:
	var out: Array[int] = []
	if arg == "all" or arg.is_empty():
		for i in count:
			out.append(i)
		return out
	for part in arg.split(","):
		out.append(int(part))
	return out


## The board on level `n` at its opening state, then after evenly spaced prefixes of its stored
## solution (never the last move: the won panel covers the board).
func _render_level(out: String, n: int, device_index: int, device: Dictionary, states: int) -> void:
	d.app().board_request = {"mode": "level", "number": n}
	var size := Vector2i(int(device["width"]), int(device["height"]))
	if not await d.start(BOARD, size):
		d.check(false, "level %d did not open" % n)
		return
	var board := d.scene()
	var solution: Array = board._sim.solution()
	var stops: Array[int] = [0]
	for k in range(1, states + 1):
		var at := int(floor(float(solution.size() - 1) * k / (states + 1)))
		if at > stops.back():
			stops.append(at)
	var played := 0
	for stop in stops:
		while played < stop:
			var move: Dictionary = solution[played]
			var id := int(move["screw"])
			var result: Dictionary = (
				board._sim.wrench_tap(id) if move["wrench"] else board._sim.tap(id)
			)
			if not d.check(not result.is_empty(), "level %d: move %d refused" % [n, played]):
				return
			board._take(result)
			played += 1
		await _save(out, n, played, device_index, size)


func _save(out: String, n: int, moves: int, device_index: int, size: Vector2i) -> void:
	var animator := d.node("Animator")
	if animator != null:
		animator.finish()
	var image := await Still.drawn(d, 3)
	var name := "L%03d_m%02d_d%d.png" % [n, moves, device_index]
	var sized := image.get_size() == size
	if not d.check(sized, "%s: frame %s, device %s" % [name, image.get_size(), size]):
		return
	if d.check(image.save_png(out.path_join(name)) == OK, "could not write %s" % name):
		(
			_frames
			. append(
				{
					"file": name,
					"level": n,
					"moves": moves,
					"device": device_index,
					"width": size.x,
					"height": size.y,
				}
			)
		)
