extends SceneTree
## Engine-side benchmark: the largest shipped level (most screws) is built by the real board
## scene and its stored solution played by taps (tests/e2e/driver.gd). Prints the board build
## time (instantiate + _ready: camera, screws, first draw) over RUNS builds, and the frame CPU
## times while the solution plays: from the frame's first physics step (or its process step) to
## the end of its process step (a node that processes last) — the frame's work; headless there is
## no drawing. The wall time between frames is printed too; it also holds the main loop's sleep.
## Figures only: the run fails on errors, not on timing (a shared CI machine is no stopwatch).
## Targets: build ≤ 50 ms, p99 frame ≤ 4 ms on one core. It also counts the calls into
## the extension each screw tap costs, press to release (GameSim.extension_calls():
## ≤ 3 — each one costs 13–30 µs in a debug build).
## `-- --motion=play` waits after each tap until its animation has played out (every animation frame
## is measured); `--motion=off` holds the animator's clock (each tap only jumps to the end state);
## without it the taps come as fast as the driver can, fast-forwarding the running animations.

const Driver := preload("res://tests/e2e/driver.gd")
const FrameEnd := preload("res://tests/bench/frame_end.gd")
const BOARD := "res://scenes/board.tscn"
const RUNS := 7
const BUILD_TARGET_MS := 50.0
const FRAME_TARGET_MS := 4.0
const CALLS_TARGET := 3

var d: Driver
var _frame_times: Array[float] = []
## The same frames split: those in which a tap started a move (core, redraw, animation set-up) and
## those that only ran animations (BoardAnimator.moves_played tells them apart).
var _tap_frames: Array[float] = []
var _between_frames: Array[float] = []
var _animator: Node = null
var _plays_seen := 0
var _frame_walls: Array[float] = []
## Extension calls per screw tap (the wrench button's tap before a bolt not included).
var _calls: Array[int] = []
var _last_frame_usec := 0
var _frame_start_usec := 0
var _measuring := false


func _initialize() -> void:
	d = Driver.new(self, "board_bench")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	var level := _largest_level()
	var oracle = _oracle(level)
	root.size = Driver.PHONE
	d.app().board_request = {"mode": "level", "number": level}
	var packed: PackedScene = load(BOARD)
	var builds: Array[float] = []
	for i in RUNS:
		var started := Time.get_ticks_usec()
		var board := packed.instantiate()
		root.add_child(board)
		builds.append((Time.get_ticks_usec() - started) / 1000.0)
		await d.frames(2)
		board.free()
	builds.sort()
	# The played board is the app's own (a scene change), the way a player reaches it.
	if not await d.start(BOARD):
		await d.finish()
		return
	physics_frame.connect(_on_physics_frame)
	process_frame.connect(_on_frame)
	var last := FrameEnd.new()
	last.ended.connect(_on_frame_done)
	root.add_child(last)
	# Where each screw is tapped, worked out before the clock runs (the oracle's work is the
	# test's, not the game's).
	var taps := {}
	for screw in oracle.screws():
		taps[int(screw["id"])] = d.screw_screen_position(oracle, int(screw["id"]))
	var wrench := (d.node("Hud/Root/Bottom/Tools/Wrench") as Control).get_global_rect().get_center()
	var motion := Driver.user_arg("motion")
	var animator = d.node("Animator")
	_animator = animator
	_plays_seen = animator.moves_played
	if motion == "off":
		animator.auto_play = false
	_measuring = true
	for move in oracle.solution():
		if move["wrench"]:
			await d.tap(wrench)
		var calls_before := GameSim.extension_calls()
		await d.tap(taps[int(move["screw"])])
		_calls.append(GameSim.extension_calls() - calls_before)
		var until := Time.get_ticks_msec() + 3000
		while motion == "play" and animator.busy() and Time.get_ticks_msec() < until:
			await d.frames(1)
	_measuring = false
	# The last move's animation (with the clock held, never played) ends: the result panel shows.
	animator.finish()
	d.check(d.visible("Hud/Root/WinPanel"), "level %d won by taps" % level)
	_frame_times.sort()
	_tap_frames.sort()
	_between_frames.sort()
	_frame_walls.sort()
	_calls.sort()
	if not d.check(not _frame_times.is_empty(), "no frame measured"):
		await d.finish()
		return
	var build_median: float = builds[builds.size() / 2]
	var p99 := _percentile(_frame_times, 0.99)
	print(
		(
			(
				"board_bench: level %d (%d screws, %dx%d): build median %.1f ms"
				+ " (min %.1f, max %.1f, %d runs; target <= %.0f)"
			)
			% [
				level,
				oracle.screws().size(),
				oracle.width(),
				oracle.height(),
				build_median,
				builds[0],
				builds[-1],
				RUNS,
				BUILD_TARGET_MS
			]
		)
	)
	print(
		(
			(
				"board_bench: motion %s: %d frames over %d taps, work per frame: median %.2f ms,"
				+ " p99 %.2f ms, max %.2f ms (target p99 <= %.0f); wall p99 %.2f ms"
			)
			% [
				motion if motion != "" else "fast taps",
				_frame_times.size(),
				oracle.solution().size(),
				_percentile(_frame_times, 0.5),
				p99,
				_frame_times[-1],
				FRAME_TARGET_MS,
				_percentile(_frame_walls, 0.99)
			]
		)
	)
	print(
		(
			(
				"board_bench: %d tap frames: median %.2f ms, p99 %.2f ms;"
				+ " %d other frames: median %.2f ms, p99 %.2f ms"
			)
			% [
				_tap_frames.size(),
				_percentile(_tap_frames, 0.5),
				_percentile(_tap_frames, 0.99),
				_between_frames.size(),
				_percentile(_between_frames, 0.5),
				_percentile(_between_frames, 0.99)
			]
		)
	)
	print(
		(
			"board_bench: extension calls per tap: median %d, max %d (target <= %d)"
			% [_calls[_calls.size() / 2], _calls[-1], CALLS_TARGET]
		)
	)
	print(
		(
			"board_bench: build %s target, p99 frame %s target"
			% [
				"within" if build_median <= BUILD_TARGET_MS else "OVER",
				"within" if p99 <= FRAME_TARGET_MS else "OVER"
			]
		)
	)
	await d.finish()


func _on_physics_frame() -> void:
	if _frame_start_usec == 0:
		_frame_start_usec = Time.get_ticks_usec()


func _on_frame() -> void:
	var now := Time.get_ticks_usec()
	if _frame_start_usec == 0:
		_frame_start_usec = now
	if _measuring and _last_frame_usec > 0:
		_frame_walls.append((now - _last_frame_usec) / 1000.0)
	_last_frame_usec = now


func _on_frame_done() -> void:
	if _measuring and _frame_start_usec > 0:
		var work := (Time.get_ticks_usec() - _frame_start_usec) / 1000.0
		_frame_times.append(work)
		if _animator != null and _animator.moves_played != _plays_seen:
			_plays_seen = _animator.moves_played
			_tap_frames.append(work)
		else:
			_between_frames.append(work)
	_frame_start_usec = 0


func _percentile(sorted: Array[float], q: float) -> float:
	if sorted.is_empty():
		return 0.0
	return sorted[mini(sorted.size() - 1, int(ceil(q * sorted.size())) - 1)]


func _largest_level() -> int:
	var library = d.app().library
	var best := 1
	var most := 0
	for n in range(1, library.count() + 1):
		var screws: int = _oracle(n).screws().size()
		if screws > most:
			most = screws
			best = n
	return best


func _oracle(n: int):
	var sim = ClassDB.instantiate("GameSim")
	sim.load_json(d.app().library.level_json(n))
	return sim
