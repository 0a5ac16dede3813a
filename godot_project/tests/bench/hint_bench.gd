extends SceneTree
## Engine benchmark of the hint: no frame waits for the hint. Level 95 is opened by the real board
## scene, a third of its stored solution played by taps, then the hint button is pressed HINTS
## times (tapping each hinted screw in between); while each hint is computed (button pressed to
## the screw glowing) every frame is measured: its work (first physics or process step to the end
## of its process step) and the wall time between frames. Prints the longest and the median frame;
## a frame over FRAME_LIMIT_MS is reported as over, but the run only fails on errors (a shared CI
## machine is no stopwatch — the figures are for the report). For comparison it measures as many
## idle frames of the same board (no hint asked), and times HintJob.start() itself: the only part
## of a hint on the main thread (it parses the level and replays the moves; the search is on the
## worker thread).

const Driver := preload("res://tests/e2e/driver.gd")
const FrameEnd := preload("res://tests/bench/frame_end.gd")
const Hints := preload("res://tests/e2e/hints.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const LEVEL := 95
const HINTS := 20
const FRAME_LIMIT_MS := 16.0

var d: Driver
var _work: Array[float] = []
var _walls: Array[float] = []
var _answer_ms: Array[float] = []
var _idle_walls: Array[float] = []
var _start_ms: Array[float] = []
var _idle := false
var _measuring := false
var _start_usec := 0
var _last_usec := 0


func _initialize() -> void:
	d = Driver.new(self, "hint_bench")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	root.size = Driver.PHONE
	d.app().board_request = {"mode": "level", "number": LEVEL}
	if not await d.start(Hints.BOARD):
		await d.finish()
		return
	var sim = Hints.oracle(d, LEVEL)
	var solution: Array = sim.solution()
	await Play.play_moves(d, sim, solution.slice(0, solution.size() / 3))
	physics_frame.connect(_on_physics_frame)
	process_frame.connect(_on_frame)
	var last := FrameEnd.new()
	last.ended.connect(_on_frame_done)
	root.add_child(last)
	for i in HINTS:
		if sim.status() != "playing":
			break
		var started := Time.get_ticks_usec()
		_measuring = true
		var answer: String = await Hints.press(d)
		_measuring = false
		_answer_ms.append((Time.get_ticks_usec() - started) / 1000.0)
		if not d.check(answer == "move", "hint %d on level %d: %s" % [i + 1, LEVEL, answer]):
			break
		await Play.play_moves(d, sim, [Hints.glowing_move(d, sim)])
	await _baseline(sim)
	_report()
	await d.finish()


## Idle frames of the same board (as many as were measured while hints computed), and the main
## thread's share of a hint: HintJob.start() on the board's moves, timed.
func _baseline(sim) -> void:
	await d.frames(10)
	_idle = true
	while _idle_walls.size() < _walls.size():
		await d.frames(1)
	_idle = false
	var level_json: String = d.app().library.level_json(LEVEL)
	for i in 10:
		var job = ClassDB.instantiate("HintJob")
		root.add_child(job)
		var moves: Array[Dictionary] = []
		moves.assign(sim.history())
		# The hints may have won the board: time the start on the state before the last move.
		if sim.status() != "playing":
			moves.resize(moves.size() - 1)
		var started := Time.get_ticks_usec()
		job.start(level_json, moves)
		_start_ms.append((Time.get_ticks_usec() - started) / 1000.0)
		await d.wait_for(func(): return not job.is_running(), 10.0, "the timed hint ends")
		job.queue_free()


func _report() -> void:
	if not d.check(not _work.is_empty() and not _walls.is_empty(), "no frame measured"):
		return
	_work.sort()
	_walls.sort()
	_answer_ms.sort()
	_idle_walls.sort()
	_start_ms.sort()
	var over := _walls.filter(func(ms): return ms > FRAME_LIMIT_MS).size()
	var idle_over := _idle_walls.filter(func(ms): return ms > FRAME_LIMIT_MS).size()
	print(
		(
			(
				"hint_bench: level %d, %d hints (press to glow: median %.0f ms, max %.0f ms):"
				+ " %d frames while computing; work median %.2f ms, max %.2f ms;"
				+ " frame-to-frame median %.2f ms, max %.2f ms; %d frame(s) over %.0f ms"
			)
			% [
				LEVEL,
				_answer_ms.size(),
				_answer_ms[_answer_ms.size() / 2],
				_answer_ms[-1],
				_walls.size(),
				_work[_work.size() / 2],
				_work[-1],
				_walls[_walls.size() / 2],
				_walls[-1],
				over,
				FRAME_LIMIT_MS
			]
		)
	)
	if _idle_walls.is_empty() or _start_ms.is_empty():
		return
	print(
		(
			(
				"hint_bench: idle (no hint): frame-to-frame median %.2f ms, max %.2f ms, %d over;"
				+ " HintJob.start() on the main thread: median %.2f ms, max %.2f ms"
			)
			% [
				_idle_walls[_idle_walls.size() / 2],
				_idle_walls[-1],
				idle_over,
				_start_ms[_start_ms.size() / 2],
				_start_ms[-1]
			]
		)
	)


func _on_physics_frame() -> void:
	if _start_usec == 0:
		_start_usec = Time.get_ticks_usec()


func _on_frame() -> void:
	var now := Time.get_ticks_usec()
	if _start_usec == 0:
		_start_usec = now
	if _measuring and _last_usec > 0:
		_walls.append((now - _last_usec) / 1000.0)
	elif _idle and _last_usec > 0:
		_idle_walls.append((now - _last_usec) / 1000.0)
	_last_usec = now


func _on_frame_done() -> void:
	if _measuring and _start_usec > 0:
		_work.append((Time.get_ticks_usec() - _start_usec) / 1000.0)
	_start_usec = 0
