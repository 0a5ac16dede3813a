extends SceneTree
## The lose panel's rescue end to end, by touches only: fill the rail on level 6, the lose panel
## offers "Undo last move" (a screwdriver use is left); the undo brings the board back into play,
## the hints then win it (rewinding if the undone board was already lost-in-waiting). The save
## shows one win and no loss — also after leaving the board. Then a loss left by Retry is counted
## once, and one the app was paused on is counted then and not again when Android back leaves it.

const Driver := preload("res://tests/e2e/driver.gd")
const Hints := preload("res://tests/e2e/hints.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const LEVEL := 6
const LOSE := "Hud/Root/LosePanel"
const UNDO := "Hud/Root/LosePanel/Box/LoseUndo"

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "rescue_test")
	Driver.fresh_save(LEVEL - 1)
	_run.call_deferred()


func _run() -> void:
	if await Hints.open_level(d, LEVEL):
		await _rescue_and_win()
	d.app().set_setting("reduce_motion", true)
	if await Hints.open_level(d, LEVEL):
		await _lose_and_retry()
	await d.finish()


func _rescue_and_win() -> void:
	var sim = Hints.oracle(d, LEVEL)
	var losing := Driver.losing_moves(Hints.oracle(d, LEVEL))
	if not d.check(not losing.is_empty(), "level %d can be lost by taps" % LEVEL):
		return
	await Play.play_moves(d, sim, losing)
	if not d.check(d.visible(LOSE), "the lose panel after the rail filled"):
		return
	d.check(d.visible(UNDO), "the lose panel offers Undo last move")
	d.check(d.app().save.losses(LEVEL) == 0, "no loss counted while the panel is up")
	await d.tap_path(UNDO)
	sim.undo()
	d.check(not d.visible(LOSE), "Undo last move closes the lose panel")
	var moves: String = TranslationServer.translate("BOARD_MOVES") % sim.move_count()
	d.check(
		d.text_of(Play.MOVES) == moves, "back in play at %s: %s" % [moves, d.text_of(Play.MOVES)]
	)
	if await Hints.win_by_hints(d, sim) < 0:
		return
	d.check(d.visible("Hud/Root/WinPanel"), "level %d won after the rescue" % LEVEL)
	d.check(d.app().save.is_done(LEVEL), "the save shows the win")
	d.check(d.app().save.losses(LEVEL) == 0, "the save shows no loss")
	await d.tap_path("Hud/Root/WinPanel/Box/WinMenu")
	await d.wait_scene(Hints.MENU)
	d.check(d.app().save.losses(LEVEL) == 0, "leaving the won board counts no loss")


## A loss that is not rescued is counted once, when Retry leaves it. Played with reduce motion on:
## the nearly-full rail still shows, without moving.
func _lose_and_retry() -> void:
	var sim = Hints.oracle(d, LEVEL)
	var losing := Driver.losing_moves(Hints.oracle(d, LEVEL))
	var warning: RailWarning = d.node("Hud/Root").rail_warning()
	var warned := false
	for move in losing:
		await Play.play_moves(d, sim, [move])
		var rail: String = sim.state()["rail_state"]
		d.check(warning.state == rail, "the rail shows the core's state: %s" % rail)
		warned = warned or (warning.on and warning.still)
	d.check(warned, "with reduce motion the nearly-full rail shows, still")
	if not d.check(d.visible(LOSE), "the lose panel again"):
		return
	d.check(d.app().save.losses(LEVEL) == 0, "not counted before the player leaves")
	await d.tap_path("Hud/Root/LosePanel/Box/LoseRetry")
	await d.wait_scene(Hints.BOARD)
	d.check(
		d.app().save.losses(LEVEL) == 1,
		"Retry counts the loss once: %d" % d.app().save.losses(LEVEL)
	)
	# The app paused on a lost board counts its loss (Android may end it without a word), and the
	# undo is then withdrawn; Android back then leaves without counting it again.
	sim = Hints.oracle(d, LEVEL)
	await Play.play_moves(d, sim, losing)
	d.check(d.visible(UNDO), "the undo is offered on the new loss")
	d.tree.root.propagate_notification(Node.NOTIFICATION_APPLICATION_PAUSED)
	await d.frames(3)
	d.check(d.app().save.losses(LEVEL) == 2, "pausing on the lost board counts it")
	d.check(not d.visible(UNDO), "a counted loss is not offered the undo")
	await d.back()
	await d.wait_scene(Hints.MENU)
	d.check(d.app().save.losses(LEVEL) == 2, "back from the counted board counts nothing more")
