extends SceneTree
## Engine test of the HintJob class, in the style of gdext_smoke.gd:
##   godot --headless --path godot_project -s res://tests/hint_job_test.gd
## The node computes on a Rust thread and delivers `finished` from its own `_process` on the
## main thread: the test only lets frames pass (it never polls by hand), so the delivery path
## the game uses is the one checked. Bad calls are refused at once with last_error(), never a
## crash; every deliberate bad call silences the engine's error print for that one call.

const CASCADE: String = preload("res://tests/gdext_smoke.gd").CASCADE
const FRAMES_LIMIT := 600

var _failures: Array[String] = []
## gdext_smoke.gd's CASCADE level with one rail place: two parts of three screws, one crate slot,
## queue [0, 1]. Tapping screw 1 (colour 1, no crate for it yet) fills the rail; a second colour-1
## tap then loses. After [1] a win still exists (4, 5, 6 seal crate 0, screw 1 flows into crate 1,
## then 2 and 3).
var _tight := CASCADE.replace('"rail_slots":5', '"rail_slots":1')


func _initialize() -> void:
	_run.call_deferred()


func _run() -> void:
	if not ClassDB.class_exists("HintJob"):
		_failures.append("class HintJob is not registered (is bin/ built?)")
	elif _tight == CASCADE:
		_failures.append("CASCADE no longer has a five-place rail to tighten")
	else:
		await _check_move()
		await _check_lost()
		_check_refusals()
	for failure in _failures:
		printerr("FAIL: ", failure)
	print("hint_job_test: %d failure(s)" % _failures.size())
	quit(1 if not _failures.is_empty() else 0)


## Starts a hint on a node in the tree and waits for its `finished`, frame by frame.
func _answer(moves: Array[Dictionary]) -> Dictionary:
	var job = ClassDB.instantiate("HintJob")
	root.add_child(job)
	var answers: Array = []
	job.finished.connect(func(answer): answers.append(answer))
	if not job.start(_tight, moves):
		_failures.append("HintJob.start(%s): %s" % [moves, job.last_error()])
		job.queue_free()
		return {}
	var frames := 0
	while answers.is_empty() and frames < FRAMES_LIMIT:
		await process_frame
		frames += 1
	job.queue_free()
	if answers.size() != 1:
		_failures.append("HintJob: %d answers after %d frames" % [answers.size(), frames])
		return {}
	return answers[0]


func _check_move() -> void:
	var moves: Array[Dictionary] = [{"screw": 1, "wrench": false}]
	var answer := await _answer(moves)
	var sim = ClassDB.instantiate("GameSim")
	sim.load_json(_tight)
	sim.tap(1)
	var legal: Array = sim.legal_moves()
	if answer.get("status") != "move":
		_failures.append("after [1] the hint is a move: %s" % answer)
		return
	var hinted := {"screw": answer["screw"], "wrench": answer["wrench"]}
	if not legal.has(hinted):
		_failures.append("hinted %s is not among the legal moves %s" % [hinted, legal])
	# The proven move keeps the win: with one rail place only colour 0 (screws 4-6) is safe.
	if not [4, 5, 6].has(int(answer["screw"])):
		_failures.append("after [1] only screws 4, 5, 6 keep a win, hinted %s" % answer)


func _check_lost() -> void:
	var moves: Array[Dictionary] = [{"screw": 1, "wrench": false}, {"screw": 2, "wrench": false}]
	var answer := await _answer(moves)
	if answer.get("status") != "lost" or answer.get("last_winnable") != 1:
		_failures.append("after [1, 2] the hint is lost with last_winnable 1: %s" % answer)
		return
	if answer.get("losing_move") != {"screw": 2, "wrench": false}:
		_failures.append("the losing move is the tap on screw 2: %s" % answer)


func _check_refusals() -> void:
	var job = ClassDB.instantiate("HintJob")
	var none: Array[Dictionary] = []
	if _refused(func(): return job.start("{", none)) or job.last_error() == "":
		_failures.append("HintJob.start must refuse malformed JSON at once")
	var twice: Array[Dictionary] = [{"screw": 1, "wrench": false}, {"screw": 1, "wrench": false}]
	if _refused(func(): return job.start(_tight, twice)) or job.last_error() == "":
		_failures.append("HintJob.start must refuse an illegal move list at once")
	if job.is_running():
		_failures.append("a refused start must not leave a job running")
	job.free()


static func _refused(bad_call: Callable) -> Variant:
	Engine.print_error_messages = false
	var result = bad_call.call()
	Engine.print_error_messages = true
	return result
