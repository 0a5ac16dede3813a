extends RefCounted
## The board's pause sheet as a player reaches it, for the engine tests (by taps, through Driver).

## The sheet's two pages: its buttons and switches, and the question before leaving or restarting
## a level.
const PAUSE := "Hud/Root/Bottom/Tools/Pause"
const RESTART := "Hud/Root/Bottom/Tools/Restart"
const SHEET := "Hud/Root/PauseSheet/Center/Panel/Stack/Box/"
const ASK := "Hud/Root/PauseSheet/Center/Panel/Stack/Ask/"


## Leaves the board as a player does: pause, "Leave level", and mid-level "Leave level" again on
## the question.
static func leave(d) -> void:
	await d.tap_path(PAUSE)
	await d.tap_path(SHEET + "Leave")
	if d.visible(ASK + "Confirm"):
		await d.tap_path(ASK + "Confirm")


## Restarts as a player does: the tool row's restart, and mid-level "Restart" on the question.
static func restart(d) -> void:
	await d.tap_path(RESTART)
	if d.visible(ASK + "Confirm"):
		await d.tap_path(ASK + "Confirm")
