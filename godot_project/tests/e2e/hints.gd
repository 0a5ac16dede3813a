extends RefCounted
## Helpers of the hint's end-to-end tests, by touches only: open a level from the map,
## press the hint button and wait for what the player sees (a glowing screw, or the banner), follow
## the hints to a win, Rewind when the banner offers it. An oracle GameSim follows the board's moves
## so the driver knows where the screws are.

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const MAP := "res://scenes/level_map.tscn"
const BOARD := "res://scenes/board.tscn"
const MENU := "res://scenes/main_menu.tscn"
const HINT := "Hud/Root/Bottom/Tools/Hint"
const BANNER := "Hud/Root/HintBanner"
const BANNER_TEXT := "Hud/Root/HintBanner/Box/Text"
const REWIND := "Hud/Root/HintBanner/Box/Rewind"
## Wall-clock seconds a hint may take on a loaded CI machine (release p99 is 50 ms; debug is
## slower).
const ANSWER_SECONDS := 20.0
## The levels searched for a lost-in-waiting state (rewind_test, hint_shots), in order.
const DOOM_FIRST := 2
const DOOM_LAST := 40
## States the search visits per level before it gives the level up.
const DOOM_STATES := 400
## A state is doomed when every continuation this many moves long loses.
const DOOM_DEPTH := 2


## Opens level `n` from the main menu's level map, by taps.
static func open_level(d: Driver, n: int) -> bool:
	if not await d.start(MENU):
		return false
	await d.tap_path("Box/LevelMap")
	if not await d.wait_scene(MAP):
		return false
	var button := d.node("Box/Scroll/Grid").get_child(n - 1).get_child(0) as Button
	await d.tap_control(button)
	return await d.wait_scene(BOARD)


static func oracle(d: Driver, n: int):
	var sim = ClassDB.instantiate("GameSim")
	sim.load_json(d.app().library.level_json(n))
	return sim


## The screw that glows on the board (-1: none).
static func glowing(d: Driver) -> int:
	var glow: Node = d.node("World/HintGlow")
	return glow.glowing() if glow != null else -1


static func marked(d: Driver) -> int:
	var glow: Node = d.node("World/HintGlow")
	return glow.marked() if glow != null else -1


## What the banner says (a strings-table key; "" when hidden).
static func banner(d: Driver) -> String:
	return d.text_of(BANNER_TEXT) if d.visible(BANNER) else ""


## Presses the hint and waits for its answer as the player sees it: "move" (a screw glows), "lost"
## or "unknown" (the banner says so), or "" when nothing came.
static func press(d: Driver) -> String:
	await d.tap_path(HINT)
	var seen := [""]
	await d.wait_for(
		func():
			if glowing(d) >= 0:
				seen[0] = "move"
			elif banner(d) == "BOARD_HINT_LOST":
				seen[0] = "lost"
			elif banner(d) == "BOARD_HINT_UNKNOWN":
				seen[0] = "unknown"
			return seen[0] != "",
		ANSWER_SECONDS,
		"the hint's answer"
	)
	return seen[0]


## The glowing screw as a move (a bolt the oracle cannot tap takes the wrench).
static func glowing_move(d: Driver, sim) -> Dictionary:
	var id := glowing(d)
	var tap := {"screw": id, "wrench": false}
	return tap if sim.legal_moves().has(tap) else {"screw": id, "wrench": true}


## Taps Rewind on the banner; the oracle goes back to the move count the HUD then shows.
static func rewind(d: Driver, sim) -> bool:
	if not await d.tap_path(REWIND):
		return false
	var moves_text := TranslationServer.translate("BOARD_MOVES")
	var shown := d.text_of(Play.MOVES)
	while sim.move_count() > 0 and moves_text % sim.move_count() != shown:
		sim.undo()
	return d.check(moves_text % sim.move_count() == shown, "rewound to %s" % shown)


## Follows the hints (rewinding when the banner offers it) until the win panel shows, each glow
## inside the safe area, its pulse included; at most `steps` presses. Returns the number of
## rewinds taken, or -1 on failure.
static func win_by_hints(d: Driver, sim, steps := 200) -> int:
	var rewinds := 0
	for i in steps:
		var answer: String = await press(d)
		if answer == "lost":
			if (
				not d.check(d.visible(REWIND), "a lost hint offers Rewind")
				or not await rewind(d, sim)
			):
				return -1
			rewinds += 1
			continue
		if not d.check(answer == "move", "hint %d answered %s" % [i + 1, answer]):
			return -1
		var move := glowing_move(d, sim)
		var reach: Rect2 = d.node("World/HintGlow").reach()
		var safe := Rect2(d.app().safe_area(d.tree.root))
		d.check(
			safe.encloses(reach), "the glow on %d leaves the safe area: %s" % [move["screw"], reach]
		)
		if not await Play.play_moves(d, sim, [move]):
			return -1
		if sim.status() == "won":
			return rewinds
		if not d.check(sim.status() == "playing", "a hinted move lost the game"):
			return -1
	d.check(false, "no win after %d hints" % steps)
	return -1


## The stars the win panel shows (its label).
static func stars_label(stars: int) -> String:
	return TranslationServer.translate("WIN_STARS") % stars


## A tap sequence from the oracle's state to a state still in play where every continuation of
## `depth` moves loses (lost-in-waiting), searched depth first with rail-filling taps first over at
## most `states` states; [] when none was found.
static func doomed_path(sim, states: int, depth: int) -> Array:
	return _doom_path(sim, [], [states], depth)


static func _doom_path(sim, path: Array, budget: Array, depth: int) -> Array:
	budget[0] -= 1
	if budget[0] < 0 or sim.status() != "playing":
		return []
	if not path.is_empty() and _doomed(sim, depth):
		return path.duplicate()
	for move in _ordered(sim):
		_apply(sim, move)
		var found := _doom_path(sim, path + [move], budget, depth)
		sim.undo()
		if not found.is_empty():
			return found
	return []


## Whether every sequence of `depth` moves from here loses (a lost game is doomed, a won one not).
static func _doomed(sim, depth: int) -> bool:
	if sim.status() != "playing":
		return sim.status() == "lost"
	if depth == 0:
		return false
	for move in sim.legal_moves():
		_apply(sim, move)
		var doomed := _doomed(sim, depth - 1)
		sim.undo()
		if not doomed:
			return false
	return true


## The legal plain taps, those that park their screw on the rail first.
static func _ordered(sim) -> Array:
	var parking := []
	var others := []
	for move in sim.legal_moves():
		if move["wrench"]:
			continue
		var before := _parked(sim)
		sim.tap(int(move["screw"]))
		var parked: bool = _parked(sim) > before
		sim.undo()
		(parking if parked else others).append(move)
	return parking + others


static func _apply(sim, move: Dictionary) -> void:
	if move["wrench"]:
		sim.wrench_tap(int(move["screw"]))
	else:
		sim.tap(int(move["screw"]))


static func _parked(sim) -> int:
	return Array(sim.rail()).filter(func(id): return id >= 0).size()
