extends SceneTree
## A new player's first boards, by taps only, on a fresh save that has seen no introduction:
## levels 1, 2 and 3 from Continue (each won by its stored solution, then Next), the first level
## with a lock and the first with a bomb from the level map (the levels between taken as won, so
## the cards of '?', rust and bolts are still unseen there). On every board: at most one
## introduction card before its first move (a tap dismisses it and makes no move); after every
## move, when its animation has ended, each crate place the core reports empty is drawn empty and
## the tool row's buttons stand where they stood when the board opened. The lock level is won; the
## bomb level is lost by taps, and before its lose panel covers the board the board shows what lost
## it (LoseCause: the bomb, or the screw that found no place).
##   -- --save=user://e2e/playtest.json

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const Hints := preload("res://tests/e2e/hints.gd")
const MENU := "res://scenes/main_menu.tscn"
const BOARD := "res://scenes/board.tscn"
const CARD := "Hud/Root/Onboarding/IntroCard"
const TOOLS := "Hud/Root/Bottom/Tools"
const CRATES := "Hud/Root/Top/Deck/Crates"
## Where the first lock and the first bomb are looked for.
const SCAN := 60

var d: Driver
## The tool row's buttons' rectangles when the board opened.
var _tools: Array[Rect2] = []
## How often an empty crate place was seen after a move (the check is idle without one).
var _empties := 0


func _initialize() -> void:
	d = Driver.new(self, "playtest_test")
	Driver.fresh_save(0, false)
	_run.call_deferred()


func _run() -> void:
	d.app().set_setting("language", "en")
	if await d.start(MENU):
		await d.tap_path("Box/Continue")
		for n in [1, 2, 3]:
			if not await d.wait_scene(BOARD) or not await _win(n):
				break
			if n < 3:
				await d.tap_path("Hud/Root/WinPanel/Box/Next")
	var lock := _first(func(row: Dictionary): return int(row["lock_tag"]) >= 0)
	var bomb := _first(func(row: Dictionary): return int(row["bomb"]) >= 0)
	d.check(lock > 3 and bomb > 3, "a lock level (%d) and a bomb level (%d)" % [lock, bomb])
	if lock > 3 and await _open(lock):
		await _win(lock)
	if bomb > 3 and await _open(bomb):
		await _lose_to_bomb(bomb)
	print("playtest: %d empty crate places seen" % _empties)
	d.check(_empties > 0, "the boards played left a crate place empty")
	await d.finish()


## The first baked level with a screw whose row passes `has`, or -1.
func _first(has: Callable) -> int:
	for n in range(1, SCAN + 1):
		if Hints.oracle(d, n).screws().any(has):
			return n
	return -1


## Opens level `n` from the map, every level before it taken as won.
func _open(n: int) -> bool:
	for k in range(1, n):
		d.app().save.record_opened(k)
		d.app().save.record_win(k, 0, false)
	return await Hints.open_level(d, n)


## Level `n`, open: its cards dismissed, its stored solution tapped to the win panel.
func _win(n: int) -> bool:
	var oracle = Hints.oracle(d, n)
	await _cards(n, oracle)
	for move: Dictionary in oracle.solution():
		if not await _move(n, oracle, move):
			return false
	return d.check(d.visible("Hud/Root/WinPanel"), "level %d won by taps" % n)


## Level `n`, open: lost by taps, the bomb going off if it can; the cause shows before the panel.
func _lose_to_bomb(n: int) -> void:
	var oracle = Hints.oracle(d, n)
	await _cards(n, oracle)
	var losing := _bomb_loss(Hints.oracle(d, n), [5000])
	if losing.is_empty():
		losing = Driver.losing_moves(Hints.oracle(d, n))
	if not d.check(not losing.is_empty(), "level %d can be lost" % n):
		return
	for move: Dictionary in losing.slice(0, losing.size() - 1):
		if not await _move(n, oracle, move):
			return
	var last: Dictionary = losing.back()
	oracle.tap(int(last["screw"]))
	var reason: String = oracle.loss()
	var cause: LoseCause = d.node("World/LoseCause")
	await d.tap_screw(oracle, int(last["screw"]))
	var shown := func(): return cause.screw() >= 0 or d.visible("Hud/Root/LosePanel")
	await d.wait_for(shown, 3.0, "level %d: the cause or the panel" % n)
	if reason != "no_legal_move":
		var want := int(last["screw"]) if reason == "rail_full" else _bomb_screw(oracle)
		d.check(
			cause.screw() == want,
			"level %d (%s): cause on %d, not %d" % [n, reason, want, cause.screw()]
		)
		d.check(
			not d.visible("Hud/Root/LosePanel"), "level %d: the board first, then the panel" % n
		)
	await d.wait_for(func(): return d.visible("Hud/Root/LosePanel"), 5.0, "the lose panel")
	print("playtest: level %d lost (%s)" % [n, reason])


## Dismisses the cards over a fresh board (a tap on a screw under each): at most one.
func _cards(n: int, oracle) -> void:
	var first: int = oracle.legal_moves()[0]["screw"]
	var shown := []
	for i in 4:
		if not d.visible(CARD):
			break
		shown.append(d.node(CARD).card)
		await d.tap_screw(oracle, first)
		await d.frames(2)
	print("playtest: level %d cards %s" % [n, shown])
	d.check(shown.size() <= 1, "level %d: one card at most before the board, saw %s" % [n, shown])
	d.check(oracle.move_count() == 0 and _moves_shown() == 0, "level %d: a card tap moved" % n)
	_tools = _tool_rects()


## One move by taps; then, once it has played out, the crates and the tool row are checked.
func _move(n: int, oracle, move: Dictionary) -> bool:
	if not await Play.play_moves(d, oracle, [move]):
		return false
	var animator: Node = d.node("Animator")
	await d.wait_until(func(): return not animator.busy(), 600, "the move's animation ends")
	var boxes: Array = d.node(CRATES).get_children().filter(
		func(c): return not c.is_queued_for_deletion()
	)
	var rows: Array = oracle.state()["crates"]
	for slot in rows.size():
		var empty: bool = not rows[slot]["active"]
		_empties += int(empty)
		if slot < boxes.size():
			d.check(
				boxes[slot].empty == empty,
				"level %d move %d: crate %d empty=%s" % [n, oracle.move_count(), slot, empty]
			)
	var tools := _tool_rects()
	return d.check(
		tools == _tools, "level %d move %d: the tool row moved" % [n, oracle.move_count()]
	)


func _tool_rects() -> Array[Rect2]:
	var out: Array[Rect2] = []
	for child: Control in d.node(TOOLS).get_children():
		out.append(child.get_global_rect() if child.visible else Rect2())
	return out


func _moves_shown() -> int:
	var text := d.text_of(Play.MOVES)
	return int(text.get_slice(":", 1).strip_edges()) if text.contains(":") else -1


## The screw whose bomb went off on the oracle's lost board.
func _bomb_screw(oracle) -> int:
	for row: Dictionary in oracle.screws():
		if int(row["bomb"]) == 0 and not row["removed"]:
			return int(row["id"])
	return -1


## Taps, never a bomb screw, after which a bomb goes off; [] when none is found in `budget` states.
func _bomb_loss(sim, budget: Array) -> Array:
	budget[0] -= 1
	if sim.status() != "playing" or budget[0] < 0:
		return []
	for move: Dictionary in sim.legal_moves():
		var row: Dictionary = _row(sim, int(move["screw"]))
		if move["wrench"] or int(row["bomb"]) >= 0:
			continue
		sim.tap(int(move["screw"]))
		var lost: bool = sim.status() == "lost"
		var bomb: bool = lost and sim.loss() == "bomb"
		var rest := [] if lost else _bomb_loss(sim, budget)
		sim.undo()
		if bomb or not rest.is_empty():
			return [move] + rest
	return []


func _row(sim, id: int) -> Dictionary:
	for row: Dictionary in sim.screws():
		if int(row["id"]) == id:
			return row
	return {}
