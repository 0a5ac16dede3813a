extends SceneTree
## Renders what a player must not guess (scripts/screenshots.sh, under Xvfb like shoot.gd), played
## by taps: the first board with hidden screws (their '?' caps); the first board with rusty screws,
## one of them loosened by a first tap (its steel collar) beside the stuck ones; the hint's ring on
## a screw at the board's edge; a won level's celebration mid-way (stars popping, confetti) and
## settled.
##   -- --save=user://shots/looks.json --out=DIR --name=phone --size=720x1600 --lang=en

const Driver := preload("res://tests/e2e/driver.gd")
const FrameStrip := preload("res://tests/screenshots/frame_strip.gd")
const Hints := preload("res://tests/e2e/hints.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const Still := preload("res://tests/screenshots/still.gd")
const HIDDEN_LEVEL := 7
const RUSTY_LEVEL := 11
const GLOW_LEVEL := 20
const WIN_LEVEL := 3

var d: Driver
var _shots := 0


func _initialize() -> void:
	d = Driver.new(self, "look_shots")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	var size := Driver.size_arg()
	d.app().set_setting("language", Driver.user_arg("lang"))
	if await FrameStrip.open_level(d, HIDDEN_LEVEL, size) != null:
		await _shot("hidden_caps")
	await _loosened(size)
	await _edge_glow(size)
	await _win(size)
	print("look_shots: %d pictures in %s" % [_shots, Driver.user_arg("out")])
	await d.finish()


## A rusty screw tapped once: it stays, loosened, among the stuck ones.
func _loosened(size: Vector2i) -> void:
	var sim = await FrameStrip.open_level(d, RUSTY_LEVEL, size)
	if sim == null:
		return
	for move: Dictionary in sim.solution():
		var row: Dictionary = _row(sim, int(move["screw"]))
		if row.get("kind", "") == "rusty" and int(row["touches"]) == 0:
			await Play.play_moves(d, sim, [move])
			await _shot("rusty_loosened")
			return
		await Play.play_moves(d, sim, [move])
	d.check(false, "level %d loosens a rusty screw" % RUSTY_LEVEL)


## The hints followed until one glows on a screw in the board's outer column.
func _edge_glow(size: Vector2i) -> void:
	var sim = await FrameStrip.open_level(d, GLOW_LEVEL, size)
	if sim == null:
		return
	for i in 40:
		if await Hints.press(d) != "move":
			break
		var move := Hints.glowing_move(d, sim)
		var x := int(_row(sim, int(move["screw"]))["x"])
		if x == 0 or x == sim.width() - 1:
			await _shot("hint_edge")
			return
		if not await Play.play_moves(d, sim, [move]) or sim.status() != "playing":
			break
	d.check(false, "a hint glowed at the board's edge on level %d" % GLOW_LEVEL)


## The win: mid-celebration (the animator's clock and the party stepped by hand), then settled.
func _win(size: Vector2i) -> void:
	var sim = await FrameStrip.open_level(d, WIN_LEVEL, size)
	if sim == null or not await Play.play_moves(d, sim, sim.solution()):
		return
	var party: Node = d.node("Hud/Root/WinParty")
	party.set_process(false)
	party.call("_process", 0.45)
	await Still.now(d, "win_celebration")
	_shots += 1
	party.skip()
	await _shot("win_settled")


func _row(sim, id: int) -> Dictionary:
	for row: Dictionary in sim.screws():
		if int(row["id"]) == id:
			return row
	return {}


func _shot(screen: String) -> void:
	await Still.take(d, screen)
	_shots += 1
