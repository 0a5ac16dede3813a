extends SceneTree
## End to end by taps: a losing sequence on level 6 shows the lose panel and locks the board (the
## screwdriver button does not bring a lost game back); the loss is saved once, when Retry leaves
## the lost board (until then the panel may rescue it); after 3 saved losses the 4th
## try is the invisible-help copy (its queue preview is the help level's); before each panel the
## screw that found no place wears the lose cause's ring. Then level 17, with reduce motion (its
## win stands still): the wrench arms (the counter shows its hint) and removes the bolt its
## stored solution needs. Then a bomb that goes
## off (MechanicLevels.bomb_loss_json()), with motion and with reduce motion: its badge beats
## anew at 2 and at 1 (steady when still), it bursts at 0, and the board shows it (ring, burst)
## for Motion.lose_hold before the lose panel covers it.

const Driver := preload("res://tests/e2e/driver.gd")
const Sheet := preload("res://tests/e2e/sheet.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const Hints := preload("res://tests/e2e/hints.gd")
const Levels := preload("res://tests/e2e/mechanic_levels.gd")
## How long the lost board must be seen before its panel covers it: a glance at the cause.
const SEEN := 0.5
const CAUSE := "World/LoseCause"
const LOSE_PANEL := "Hud/Root/LosePanel"
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
	# The wrench level is won with reduce motion: its celebration stands still.
	d.app().set_setting("reduce_motion", true)
	await _wrench()
	for still: bool in [false, true]:
		d.app().set_setting("reduce_motion", still)
		await _bomb(still)
	d.app().set_setting("reduce_motion", false)
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
		if oracle.loss() == "rail_full":
			var blamed: int = d.node(CAUSE).screw()
			var stray := int(losing.back()["screw"])
			d.check(blamed == stray, "the ring is on screw %d, found %d" % [stray, blamed])
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
	var party: Node = d.node("Hud/Root/WinParty")
	d.check(not party.playing() and party.star_size(0) == 1.0, "reduce motion: the stars stand")


## The bomb board played to its loss: screws 2, 3 and 4 go to the rail while the bomb on 1 counts.
func _bomb(still: bool) -> void:
	var tag := " (reduce motion)" if still else ""
	var text := Levels.bomb_loss_json()
	d.app().board_request = {"mode": "level", "number": Levels.NUMBER, "level_json": text}
	if not await d.start(BOARD):
		return
	var oracle = _oracle(text)
	var world: BoardWorld = d.node("World")
	var bomb_screw: ScrewView = world.screw_node(1)
	var marks: ScrewMarks = bomb_screw.marks()
	for id in [2, 3]:
		await d.tap_screw(oracle, id)
		oracle.tap(id)
		var left := marks.bomb_text()
		d.check(
			marks.bomb_look() == ("still" if still else "warning"), "warns at %s%s" % [left, tag]
		)
		d.check(marks.bomb_beating() != still, "beats at %s: %s%s" % [left, not still, tag])
		# The beats rest before the next count: the next one must start them anew.
		await d.wait_for(func(): return not marks.bomb_beating(), 5.0, "the beats rest" + tag)
	var cause: LoseCause = d.node(CAUSE)
	await d.tap_screw(oracle, 4)
	# With motion the cause shows when the tapped screw has landed on the rail.
	var shown := func(): return cause.screw() == 1 and cause.bomb()
	await d.wait_for(shown, 3.0, "the board shows the bomb went off" + tag)
	var seen := Time.get_ticks_msec()
	var burst := cause.burst()
	if still:
		d.check(burst == 1.0, "with reduce motion the burst stands at full size: %.2f" % burst)
	else:
		d.check(burst > 0.0 and burst < 1.0, "the burst grows out of the screw: %.2f" % burst)
	d.check(not d.visible(LOSE_PANEL), "the board, not the panel, first" + tag)
	await d.wait_for(func(): return d.visible(LOSE_PANEL), 5.0, "the lose panel" + tag)
	var held := (Time.get_ticks_msec() - seen) / 1000.0
	d.check(held >= SEEN, "the board was seen %.2f s before the panel%s" % [held, tag])
	d.check(cause.screw() == 1, "the ring stays under the panel" + tag)
	var title := TranslationServer.translate(d.text_of(LOSE_PANEL + "/Box/LoseTitle"))
	d.check(title == TranslationServer.translate("LOSE_BOMB"), "the title: %s%s" % [title, tag])


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
