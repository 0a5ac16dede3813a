extends SceneTree
## The hint end to end, by touches only: mid-level on level 20 (a third of its stored solution
## played by taps), the hint button is pressed and each hinted (glowing) screw tapped until the
## level is won. The win earns 2 stars (a hinted win earns at most 2), the save keeps them, and the
## board never waited for the solver: the button showed it was busy while the hint was computed.

const Driver := preload("res://tests/e2e/driver.gd")
const Hints := preload("res://tests/e2e/hints.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const LEVEL := 20

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "hint_test")
	Driver.fresh_save(LEVEL - 1)
	_run.call_deferred()


func _run() -> void:
	if await Hints.open_level(d, LEVEL):
		await _mid_level_to_a_win()
	await d.finish()


func _mid_level_to_a_win() -> void:
	var sim = Hints.oracle(d, LEVEL)
	var solution: Array = sim.solution()
	if not d.check(solution.size() >= 6, "level %d has a stored solution" % LEVEL):
		return
	if not await Play.play_moves(d, sim, solution.slice(0, solution.size() / 3)):
		return
	d.check(Hints.glowing(d) < 0, "nothing glows before the hint is asked")
	# The button shows it works while the hint is computed (on the worker thread).
	var hint: Control = d.node(Hints.HINT)
	await d.tap_control(hint)
	var busy_seen: bool = hint.get("busy") or Hints.glowing(d) >= 0
	d.check(busy_seen, "the hint button shows it is busy, or the answer came at once")
	await d.wait_for(func(): return Hints.glowing(d) >= 0, Hints.ANSWER_SECONDS, "a glowing screw")
	d.check(not hint.get("busy"), "the button is idle once the hint answered")
	var first := Hints.glowing(d)
	# A screw stays lit until it is tapped.
	await d.frames(10)
	d.check(Hints.glowing(d) == first, "the hinted screw keeps glowing")
	var rewinds: int = await Hints.win_by_hints(d, sim)
	if rewinds < 0:
		return
	d.check(rewinds == 0, "hints from a winnable board never needed a rewind")
	d.check(d.visible("Hud/Root/WinPanel"), "level %d won by hints" % LEVEL)
	d.check(Hints.glowing(d) < 0, "nothing glows on a won board")
	var stars_text := d.text_of("Hud/Root/WinPanel/Box/Stars")
	d.check(stars_text == Hints.stars_label(2), "a hinted win shows 2 stars: %s" % stars_text)
	var missing := d.text_of("Hud/Root/WinPanel/Box/Missing")
	d.check(
		(
			d.visible("Hud/Root/WinPanel/Box/Missing")
			and missing == TranslationServer.translate("WIN_MISSING_HELPED")
		),
		"the panel says what the third star needed: %s" % missing
	)
	var pause := d.node("Hud/Root/Bottom/Tools/Pause") as Button
	d.check(pause.disabled, "nothing stays lit behind the win panel")
	d.check(
		d.app().save.stars(LEVEL) == 2, "the save keeps 2 stars: %d" % d.app().save.stars(LEVEL)
	)
	d.check(d.app().save.losses(LEVEL) == 0, "no loss saved")
