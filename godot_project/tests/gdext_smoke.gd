extends RefCounted
## Extension smoke checks that need a running Godot (owned by the gdext crate).
## `run_all.gd` may call it:
##   var failures: Array[String] = preload("res://tests/gdext_smoke.gd").run()
## Covers what `cargo test` cannot: the classes register, a move's one result carries its events
## in the documented order with integer kinds and the rows it changed, refusals return
## false/""/{} with last_error() set instead of crashing, and Dictionaries carry the documented
## keys. (Constants are read through ClassDB: this script must parse without the extension.)
## Every deliberate bad call goes through `_refused`, which silences the engine's error print for
## that one call, so any ERROR line left in the log of a run is a real one (CI fails on it).

const CASCADE := (
	'{"number":3,"seed":1003,"machine":0,"band":1,"width":3,"height":2,"rail_slots":5,'
	+ '"crate_slots":1,"wrench_charges":0,"colors":[0,1],'
	+ '"parts":[{"id":1,"layer":0,"rest":[[0,0],[1,0],[2,0]]},'
	+ '{"id":2,"layer":0,"rest":[[0,1],[1,1],[2,1]]}],'
	+ '"screws":[{"id":1,"part":1,"cell":[0,0],"color":1},{"id":2,"part":1,"cell":[1,0],"color":1},'
	+ '{"id":3,"part":1,"cell":[2,0],"color":1},{"id":4,"part":2,"cell":[0,1],"color":0},'
	+ '{"id":5,"part":2,"cell":[1,1],"color":0},{"id":6,"part":2,"cell":[2,1],"color":0}],'
	+ '"crate_queue":[0,1]}'
)
const RESULT_KEYS := [
	"events",
	"screws",
	"parts",
	"crates",
	"queue",
	"rail",
	"status",
	"moves",
	"wrench_charges",
	"screwdriver_left",
	"screwdriver_used",
	"screwdriver_ready"
]
const SCREW_KEYS := [
	"id",
	"part",
	"x",
	"y",
	"layer",
	"color",
	"known",
	"accessible",
	"removed",
	"kind",
	"touches",
	"hidden"
]


static func run() -> Array[String]:
	var failures: Array[String] = []
	for name in ["GameSim", "LevelLibrary"]:
		if not ClassDB.class_exists(name):
			failures.append("class %s is not registered" % name)
	if not failures.is_empty():
		return failures
	_check_refusals(failures)
	_check_results(failures)
	_check_library(failures)
	if ClassDB.class_exists("LevelSolver"):
		_check_solver(failures)
	if ClassDB.class_exists("ReadabilityAudit"):
		_check_readability(failures)
	return failures


static func _check_refusals(failures: Array[String]) -> void:
	var sim = ClassDB.instantiate("GameSim")
	if not _refused(func(): return sim.tap(1)).is_empty() or sim.last_error() == "":
		failures.append("tap before load_json must be refused with a message")
	if not _refused(func(): return sim.state()).is_empty():
		failures.append("state() before load_json must be refused")
	if (
		_refused(func(): return sim.load_json("{ not json"))
		or not sim.last_error().begins_with("malformed level JSON")
	):
		failures.append("malformed JSON: %s" % sim.last_error())
	sim.load_json(CASCADE)
	if (
		not _refused(func(): return sim.tap(99)).is_empty()
		or sim.last_error() != "no screw with id 99 in this level"
	):
		failures.append("unknown screw: %s" % sim.last_error())
	if not _refused(func(): return sim.tap(1 << 40)).is_empty() or sim.last_error() == "":
		failures.append("a 64-bit screw id must be refused")
	if not _refused(func(): return sim.undo()).is_empty() or sim.last_error() != "nothing to undo":
		failures.append("undo on a fresh game: %s" % sim.last_error())
	if sim.tap(1).is_empty() or sim.last_error() != "":
		failures.append("a legal tap clears last_error: %s" % sim.last_error())
	_check_play(sim, failures)


## GameSim.play, the board's tap: a player's refusal is a result saying why (no error logged: this
## runs unsilenced), a fault is {} with last_error.
static func _check_play(sim, failures: Array[String]) -> void:
	var again: Dictionary = sim.play(1, false)
	var refusal: Dictionary = again.get("refusal", {})
	if refusal.get("screw", -1) != 1 or refusal.get("message", "?") != "" or sim.last_error() != "":
		failures.append("play on a removed screw: a quiet refusal: %s" % again)
	refusal = sim.play(2, true).get("refusal", {})
	if refusal.get("message", "") != "REFUSED_NO_WRENCH" or refusal.get("keeps_wrench", true):
		failures.append("the wrench with no charge is put down: %s" % refusal)
	if not _refused(func(): return sim.play(99, false)).is_empty() or sim.last_error() == "":
		failures.append("play on an unknown id is a fault")


## GameSim's integer constant `name` in lower case ("event_undone": EVENT_UNDONE; upper-case
## literals would read as translation keys).
static func _k(name: String) -> int:
	return ClassDB.class_get_integer_constant("GameSim", name.to_upper())


## An event Dictionary in words, e.g. "moved 6 crate 0 fill 3".
static func _describe(e: Dictionary) -> String:
	var place := {_k("place_crate"): "crate", _k("place_rail"): "rail"}
	var pose := {_k("pose_rest"): "rest", _k("pose_hang"): "hang", _k("pose_fallen"): "fallen"}
	var kind: int = e["kind"]
	if kind == _k("event_screw_moved"):
		return "moved %d %s %d fill %d" % [e["screw"], place[e["dest"]], e["index"], e["fill"]]
	if kind == _k("event_crate_sealed"):
		return "sealed %d %d%s" % [e["slot"], e["crate"], " refilled" if e["refilled"] else ""]
	if kind == _k("event_crate_pulled"):
		return "pulled %d %d %d" % [e["slot"], e["crate"], e["color"]]
	if kind == _k("event_rail_flowed"):
		return "flowed %d %d %d fill %d" % [e["screw"], e["place"], e["slot"], e["fill"]]
	if kind == _k("event_part_changed"):
		return "part %d %s>%s" % [e["part"], pose[e["before"]["pose"]], pose[e["after"]["pose"]]]
	if kind == _k("event_level_won"):
		return "won"
	if kind == _k("event_undone"):
		return "undone %d" % e["screw"]
	if kind == _k("event_screw_returned"):
		return "returned %d %s %d" % [e["screw"], place[e["from"]], e["index"]]
	if kind == _k("event_flow_returned"):
		return "unflowed %d %d %d" % [e["screw"], e["slot"], e["place"]]
	return "kind %s" % e["kind"]


static func _check_results(failures: Array[String]) -> void:
	var sim = ClassDB.instantiate("GameSim")
	if not sim.load_json(CASCADE):
		failures.append("cascade level: %s" % sim.last_error())
		return
	var state: Dictionary = sim.state()
	for key in RESULT_KEYS:
		if not state.has(key):
			failures.append("state() lacks %s" % key)
	if state.get("screws", []).size() != 6 or not state.get("events", [1]).is_empty():
		failures.append("state() is every row and no event: %s" % state)
	for id in [1, 2, 3, 4, 5]:
		sim.tap(id)
	var result: Dictionary = sim.tap(6)
	var seen: Array = result["events"].map(_describe)
	var expected := [
		"moved 6 crate 0 fill 3",
		"sealed 0 1 refilled",
		"pulled 0 2 1",
		"flowed 1 0 0 fill 1",
		"flowed 2 1 0 fill 2",
		"flowed 3 2 0 fill 3",
		"sealed 0 2",
		"part 2 rest>fallen",
		"won"
	]
	if seen != expected:
		failures.append("cascade events %s, expected %s" % [seen, expected])
	if typeof(result["events"][0]["kind"]) != TYPE_INT:
		failures.append("event kinds are ints, not %s" % type_string(typeof(result["events"][0])))
	if result["screws"].map(func(row): return row["id"]) != [6]:
		failures.append("the winning tap changed screw 6 only: %s" % [result["screws"]])
	if result["status"] != "won" or result["rail"].count(-1) != 5 or result["moves"] != 6:
		failures.append("after the win: %s %s" % [result["status"], result["rail"]])
	if sim.status() != "won" or sim.legal_moves().size() != 0:
		failures.append("after the win the queries say %s" % sim.status())
	var undo: Dictionary = sim.undo()
	expected = [
		"undone 6",
		"returned 6 crate 0",
		"unflowed 3 0 2",
		"unflowed 2 0 1",
		"unflowed 1 0 0",
		"part 2 fallen>rest"
	]
	if undo["events"].map(_describe) != expected:
		failures.append("undo events %s" % [undo["events"].map(_describe)])
	# Only what the undo changed: screw 6 back on the board, part 2 back at rest.
	if undo["screws"].map(func(row): return row["id"]) != [6]:
		failures.append("undo's screws: %s" % [undo["screws"]])
	var rest := _k("pose_rest")
	if undo["parts"].map(func(row): return [row["id"], row["pose"]]) != [[2, rest]]:
		failures.append("undo's parts: %s" % [undo["parts"]])
	# The cascade level's screws hang their parts in the rest pose: one pose per part.
	var poses: Array = sim.part_poses().map(func(row): return [row["id"], row["pose"]])
	if poses != [[1, rest], [2, rest]] or sim.part_poses()[1]["cells"].size() != 3:
		failures.append("part_poses(): %s" % [poses])
	var screw: Dictionary = sim.screws()[0]
	for key in SCREW_KEYS:
		if not screw.has(key):
			failures.append("screws() row lacks %s" % key)
	var part: Dictionary = sim.parts()[1]
	if part["pose"] != rest or part["cells"].size() != 3 or not part["cells"][0] is Vector2i:
		failures.append("parts() row %s" % part)


static func _check_library(failures: Array[String]) -> void:
	var library = ClassDB.instantiate("LevelLibrary")
	if _refused(func(): return library.level_json(1)) != "" or library.last_error() == "":
		failures.append("level_json before loading must be refused")
	if not library.load_default():
		failures.append("load_default: %s" % library.last_error())
		return
	if (
		_refused(func(): return library.level_json(0)) != ""
		or _refused(func(): return library.band(0)) != -1
		or _refused(func(): return library.level_info(0)) != {}
	):
		failures.append("level 0 must be refused")
	var info: Dictionary = library.level_info(1)
	for key in ["number", "baked", "band", "machine", "taps", "difficulty", "human_fail_rate"]:
		if not info.has(key):
			failures.append("level_info lacks %s" % key)
	var sim = ClassDB.instantiate("GameSim")
	if not sim.load_json(library.help_level_json(1)):
		failures.append("help copy of level 1: %s" % sim.last_error())


static func _check_solver(failures: Array[String]) -> void:
	var solver = ClassDB.instantiate("LevelSolver")
	if _refused(func(): return solver.start("{", false)) or solver.last_error() == "":
		failures.append("LevelSolver.start must refuse malformed JSON at once")
	var reports: Array = []
	solver.finished.connect(func(report): reports.append(report))
	if not solver.start(CASCADE, false):
		failures.append("LevelSolver.start: %s" % solver.last_error())
		solver.free()
		return
	if _refused(func(): return solver.start(CASCADE, false)):
		failures.append("a second start while running must be refused")
	var deadline := Time.get_ticks_msec() + 30000
	while solver.is_running() and Time.get_ticks_msec() < deadline:
		solver.poll()
		OS.delay_msec(1)
	if reports.size() != 1 or reports[0].get("status") != "proven":
		failures.append("LevelSolver finished with %s" % [reports])
	solver.free()


static func _check_readability(failures: Array[String]) -> void:
	var audit = ClassDB.instantiate("ReadabilityAudit")
	var cam: Dictionary = audit.camera(Vector2i(1080, 2400), 3, 2, 0)
	if not cam.get("position") is Vector3 or cam["position"].y <= cam["target"].y:
		failures.append("camera() %s" % cam)
	if audit.cell_to_world(0, 0, 0, 3, 2) != Vector3(-1.0, 0.0, -0.5):
		failures.append("cell_to_world(0, 0, 0, 3, 2) = %s" % audit.cell_to_world(0, 0, 0, 3, 2))
	if (
		_refused(func(): return audit.camera(Vector2i(1080, 2400), 8, 2, 0)) != {}
		or audit.last_error() == ""
	):
		failures.append("a board wider than 7 must be refused")
	# The iPhone's safe area: the HUD bands grow by its insets (141 px top, 102 px bottom).
	var phone := Vector2i(1170, 2532)
	var plain: Dictionary = audit.camera(phone, 3, 2, 0)
	var safe: Dictionary = audit.camera_in_safe_area(phone, Rect2i(0, 141, 1170, 2289), 3, 2, 0)
	if (
		not is_equal_approx(safe.get("hud_top_px", 0.0), plain["hud_top_px"] + 141.0)
		or not is_equal_approx(safe.get("hud_bottom_px", 0.0), plain["hud_bottom_px"] + 102.0)
	):
		failures.append("camera_in_safe_area %s vs camera %s" % [safe, plain])
	if (
		(
			_refused(
				func(): return audit.camera_in_safe_area(phone, Rect2i(0, 0, 2000, 10), 3, 2, 0)
			)
			!= {}
		)
		or not audit.last_error().contains("safe area")
	):
		failures.append("a safe area outside the viewport must be refused")
	var palette: Array = audit.palette()
	if palette.is_empty() or not palette[0].get("bright") is Color:
		failures.append("palette() %s" % [palette])
	var report: Dictionary = audit.audit_level(CASCADE, 1080, 2400)
	if report.get("passed") != true:
		failures.append("audit_level(cascade) %s" % report)


## Makes one call the test expects the extension to refuse, with the engine's error printing off
## for just that call (the refusal is asserted by the caller through the result and last_error()).
static func _refused(bad_call: Callable) -> Variant:
	Engine.print_error_messages = false
	var result = bad_call.call()
	Engine.print_error_messages = true
	return result
