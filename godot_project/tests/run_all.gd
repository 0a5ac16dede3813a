extends SceneTree
## Headless smoke test for anyone with a Godot 4 binary (CI runs it when `godot` is on PATH):
##   godot --headless --path godot_project --import
##   godot --headless --path godot_project -s res://tests/run_all.gd
## Loads the extension, replays every stored solution through GameSim, instantiates every scene
## once, and exits non-zero on any failure.

const CLASSES := [
	"GameSim", "LevelLibrary", "LevelSolver", "DailyBench", "ReadabilityAudit", "InputGate", "SaveData"
]
const SCENES := [
	"res://scenes/main_menu.tscn",
	"res://scenes/level_map.tscn",
	"res://scenes/settings.tscn",
	"res://scenes/daily_bench.tscn",
	"res://scenes/board.tscn",
]

var _failures: Array[String] = []


func _initialize() -> void:
	_run.call_deferred()


func _run() -> void:
	for name in CLASSES:
		if not ClassDB.class_exists(name):
			_fail("extension class %s is not registered (is bin/ built?)" % name)
	if _failures.is_empty():
		_replay_solutions()
		await _instantiate_scenes()
	for failure in _failures:
		printerr("FAIL: ", failure)
	print("run_all: %d failure(s)" % _failures.size())
	quit(1 if not _failures.is_empty() else 0)


func _fail(message: String) -> void:
	_failures.append(message)


func _replay_solutions() -> void:
	var library = ClassDB.instantiate("LevelLibrary")
	if not library.load_default():
		_fail("LevelLibrary.load_default: %s" % library.last_error())
		return
	for n in range(1, library.count() + 1):
		var sim = ClassDB.instantiate("GameSim")
		if not sim.load_json(library.level_json(n)):
			_fail("level %d does not load: %s" % [n, sim.last_error()])
			continue
		var solution: Array = sim.solution()
		if solution.is_empty():
			_fail("level %d has no stored solution" % n)
			continue
		for move in solution:
			var ok: bool = sim.wrench_tap(move["screw"]) if move["wrench"] else sim.tap(move["screw"])
			if not ok:
				_fail("level %d: move %s rejected: %s" % [n, move, sim.last_error()])
				break
		if sim.status() != "won":
			_fail("level %d: stored solution ends %s" % [n, sim.status()])
	print("run_all: replayed %d stored solutions" % library.count())


func _instantiate_scenes() -> void:
	var app := root.get_node_or_null("App")
	if app == null:
		_fail("autoload App missing")
		return
	app.board_request = {"mode": "level", "number": 1}
	for path in SCENES:
		var packed := load(path) as PackedScene
		if packed == null:
			_fail("%s does not load" % path)
			continue
		var scene := packed.instantiate()
		root.add_child(scene)
		await process_frame
		await process_frame
		if path.ends_with("board.tscn") and scene.get("_sim") == null:
			_fail("board did not start level 1")
		scene.queue_free()
		await process_frame
	print("run_all: instantiated %d scenes" % SCENES.size())
