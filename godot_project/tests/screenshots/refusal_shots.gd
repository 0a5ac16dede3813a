extends SceneTree
## Renders what a refused tap and the rail's warnings look like (scripts/screenshots.sh, under Xvfb
## like shoot.gd), played by taps: on a hand-made board (MechanicLevels.refusal_json()) a locked
## screw tapped, its key (under a plate) shown and linked, and a bolt tapped without the wrench,
## each with its line; a covered screw tapped on the tallest board (level 167: the line over its top
## row); then level 2 lost by taps, its rail at one free place and full.
##   -- --save=user://shots/refusals.json --out=DIR --name=phone --size=720x1600 --lang=en

const Driver := preload("res://tests/e2e/driver.gd")
const Hints := preload("res://tests/e2e/hints.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const Levels := preload("res://tests/e2e/mechanic_levels.gd")
const Still := preload("res://tests/screenshots/still.gd")
const RAIL_LEVEL := 2
const TALL_LEVEL := 167

var d: Driver
var _shots := 0


func _initialize() -> void:
	d = Driver.new(self, "refusal_shots")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	var size := Driver.size_arg()
	d.app().set_setting("language", Driver.user_arg("lang"))
	await _refusals(size)
	await _covered(size)
	await _rail(size)
	print("refusal_shots: %d pictures in %s" % [_shots, Driver.user_arg("out")])
	await d.finish()


func _refusals(size: Vector2i) -> void:
	var text := Levels.refusal_json()
	d.app().board_request = {"mode": "level", "number": Levels.NUMBER, "level_json": text}
	if not await d.start(Hints.BOARD, size):
		return
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(text)
	await d.tap_screw(oracle, 4)
	await _shot("refused_lock")
	await d.tap_screw(oracle, 2)
	await _shot("refused_bolt")


func _covered(size: Vector2i) -> void:
	d.app().board_request = {"mode": "level", "number": TALL_LEVEL}
	if not await d.start(Hints.BOARD, size):
		return
	var sim = Hints.oracle(d, TALL_LEVEL)
	for screw: Dictionary in sim.screws():
		if not screw["accessible"]:
			await d.tap_screw(sim, int(screw["id"]))
			await _shot("refused_covered")
			return
	d.check(false, "level %d has a covered screw" % TALL_LEVEL)


func _rail(size: Vector2i) -> void:
	d.app().board_request = {"mode": "level", "number": RAIL_LEVEL}
	if not await d.start(Hints.BOARD, size):
		return
	var sim = Hints.oracle(d, RAIL_LEVEL)
	var shown := {}
	for move in Driver.losing_moves(Hints.oracle(d, RAIL_LEVEL)):
		await Play.play_moves(d, sim, [move])
		var state: String = sim.state()["rail_state"]
		if sim.status() == "playing" and state != "safe" and not shown.has(state):
			shown[state] = true
			await _shot("rail_" + state)
	d.check(shown.has("full"), "the losing taps pass a full rail while playing")


func _shot(screen: String) -> void:
	await Still.take(d, screen)
	_shots += 1
