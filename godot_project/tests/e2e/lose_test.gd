extends SceneTree
## End to end by taps: a losing sequence on level 6 shows the lose panel and locks the board (the
## screwdriver button does not bring a lost game back); the loss is saved once, when Retry leaves
## the lost board (until then the panel may rescue it); after 3 saved losses the 4th
## try is the invisible-help copy (its queue preview is the help level's). Then level 17: the wrench
## arms (the counter shows its hint) and removes the bolt its stored solution needs.

const Driver := preload("res://tests/e2e/driver.gd")
const Sheet := preload("res://tests/e2e/sheet.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const Hints := preload("res://tests/e2e/hints.gd")
const MAP := "res://scenes/level_map.tscn"
const BOARD := "res://scenes/board.tscn"
const LOSE_LEVEL := 6
const WRENCH_LEVEL := 17

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "lose_test")
	Driver.fresh_save(WRENCH_LEVEL - 1)
	_run.call_deferred()


func _run() -> void:
	await _losses()
	await _wrench()
	await d.finish()


func _losses() -> void:
	if not await _open_level(LOSE_LEVEL):
		return
	var app := d.app()
	var losing := Driver.losing_moves(_oracle(app.library.level_json(LOSE_LEVEL)))
	if not d.check(not losing.is_empty(), "found no losing sequence on level %d" % LOSE_LEVEL):
		return
	for attempt in app.save.help_after_losses():
		var oracle = _oracle(app.library.level_json(LOSE_LEVEL))
		await Play.play_moves(d, oracle, losing)
		d.check(d.visible("Hud/Root/LosePanel"), "lose panel after losing try %d" % (attempt + 1))
		d.check(app.save.losses(LOSE_LEVEL) == attempt, "loss %d not saved yet" % (attempt + 1))
		var moves := d.text_of(Play.MOVES)
		await d.tap_path(Play.SCREWDRIVER)
		d.check(d.text_of(Play.MOVES) == moves, "the screwdriver changed a lost board")
		d.check(d.visible("Hud/Root/LosePanel"), "lose panel stays on a lost board")
		d.check(app.save.losses(LOSE_LEVEL) == attempt, "losses unchanged by a locked tap")
		var before := d.scene().get_instance_id()
		await d.tap_path("Hud/Root/LosePanel/Box/LoseRetry")
		await d.wait_until(
			func(): return d.scene() != null and d.scene().get_instance_id() != before,
			30,
			"retry reloads the board"
		)
		await d.wait_scene(BOARD)
		d.check(app.save.losses(LOSE_LEVEL) == attempt + 1, "Retry saved loss %d" % (attempt + 1))
	var normal = _oracle(app.library.level_json(LOSE_LEVEL))
	var help = _oracle(app.library.help_level_json(LOSE_LEVEL))
	var shown := d.row_colours("Hud/Root/Top/Deck/QueueRow/Queue")
	# The HUD shows the first upcoming crates (BoardHud.QUEUE_SHOWN).
	var n := shown.size()
	d.check(
		n > 0 and shown == _bright(help.queue_preview()).slice(0, n),
		"4th try shows the help copy's queue"
	)
	d.check(
		shown != _bright(normal.queue_preview()).slice(0, n), "4th try is not the original level"
	)


func _wrench() -> void:
	await Sheet.leave(d)
	if not await _open_level(WRENCH_LEVEL):
		return
	var oracle = _oracle(d.app().library.level_json(WRENCH_LEVEL))
	var solution: Array = oracle.solution()
	var bolts := solution.filter(func(m): return m["wrench"])
	if not d.check(not bolts.is_empty(), "level %d needs the wrench" % WRENCH_LEVEL):
		return
	await Play.play_moves(d, oracle, solution)
	d.check(d.visible("Hud/Root/WinPanel"), "level %d won with the wrench by taps" % WRENCH_LEVEL)


func _open_level(n: int) -> bool:
	return await Hints.open_level(d, n)


func _oracle(level_json: String):
	var sim = ClassDB.instantiate("GameSim")
	sim.load_json(level_json)
	return sim


func _bright(colours: Array) -> Array[Color]:
	var out: Array[Color] = []
	for c in colours:
		out.append(d.app().palette[int(c)]["bright"] if int(c) >= 0 else Color())
	return out
