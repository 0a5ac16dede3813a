extends SceneTree
## Rewind end to end, by touches only: a board that can no longer be won, still in play (a
## lost-in-waiting state found by the oracle: the hint job says "lost" while the game goes on).
## The hint says so and offers Rewind; Rewind takes the board back to the last winnable point and
## marks the screw whose move lost it; the hints then win from there (at most 2 stars).

const Driver := preload("res://tests/e2e/driver.gd")
const Hints := preload("res://tests/e2e/hints.gd")
const Play := preload("res://tests/e2e/play_test.gd")

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "rewind_test")
	Driver.fresh_save(Hints.DOOM_LAST)
	_run.call_deferred()


func _run() -> void:
	var found := await _lost_in_waiting()
	var searched := "levels %d..%d" % [Hints.DOOM_FIRST, Hints.DOOM_LAST]
	if d.check(not found.is_empty(), "a lost-in-waiting state on " + searched):
		await _rewind_and_win(found)
	await d.finish()


## The first level with a tap sequence to a state still in play that can no longer be won, found
## by a depth-first search (rail-filling taps first) for a state where every continuation of
## DOOM_DEPTH moves loses; the oracle's own HintJob then confirms it and names the last winnable
## point: `{level, moves, last_winnable, losing}`, or {}.
func _lost_in_waiting() -> Dictionary:
	for n in range(Hints.DOOM_FIRST, Hints.DOOM_LAST + 1):
		var moves := Hints.doomed_path(Hints.oracle(d, n), Hints.DOOM_STATES, Hints.DOOM_DEPTH)
		if moves.is_empty():
			continue
		var answer := await _hint(d.app().library.level_json(n), moves)
		if answer.get("status") == "lost" and answer.get("last_winnable") != null:
			return {
				"level": n,
				"moves": moves,
				"last_winnable": int(answer["last_winnable"]),
				"losing": int(answer["losing_move"]["screw"]),
			}
		d.check(
			false, "level %d: the oracle's doomed state is not lost to the hint: %s" % [n, answer]
		)
	return {}


func _hint(level_json: String, moves: Array) -> Dictionary:
	var job = ClassDB.instantiate("HintJob")
	root.add_child(job)
	var answers := []
	job.finished.connect(func(answer): answers.append(answer))
	var typed: Array[Dictionary] = []
	typed.assign(moves)
	if job.start(level_json, typed):
		await d.wait_for(func(): return not answers.is_empty(), Hints.ANSWER_SECONDS, "oracle hint")
	job.queue_free()
	return answers[0] if not answers.is_empty() else {}


func _rewind_and_win(found: Dictionary) -> void:
	var n: int = found["level"]
	print(
		(
			"rewind_test: level %d lost-in-waiting after %d taps, last winnable after %d"
			% [n, found["moves"].size(), found["last_winnable"]]
		)
	)
	if not await Hints.open_level(d, n):
		return
	var sim = Hints.oracle(d, n)
	if not await Play.play_moves(d, sim, found["moves"]):
		return
	d.check(sim.status() == "playing", "level %d: the board is still in play" % n)
	var answer: String = await Hints.press(d)
	if not d.check(answer == "lost", "level %d: the hint says the board is lost: %s" % [n, answer]):
		return
	d.check(d.visible(Hints.REWIND), "the lost hint offers Rewind")
	d.check(Hints.glowing(d) < 0, "a lost board has no glowing screw")
	if not await Hints.rewind(d, sim):
		return
	d.check(
		sim.move_count() == found["last_winnable"],
		"Rewind went back to move %d: %d" % [found["last_winnable"], sim.move_count()]
	)
	d.check(
		Hints.marked(d) == found["losing"],
		"the screw that lost it is marked: %d, expected %d" % [Hints.marked(d), found["losing"]]
	)
	d.check(Hints.banner(d) == "BOARD_HINT_REWOUND", "the banner says what the mark means")
	var rewinds: int = await Hints.win_by_hints(d, sim)
	if rewinds < 0:
		return
	d.check(rewinds == 0, "the hints win from the rewound board without another rewind")
	d.check(d.visible("Hud/Root/WinPanel"), "level %d won after the rewind" % n)
	# The save keeps the level's best stars (the levels before were won with 3): the panel shows
	# what this win earned.
	var stars_text := d.text_of("Hud/Root/WinPanel/Box/Stars")
	d.check(stars_text == Hints.stars_label(2), "a rewound win earns 2 stars: %s" % stars_text)
	d.check(d.app().save.losses(n) == 0, "the rewound loss was never counted")
