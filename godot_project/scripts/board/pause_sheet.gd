class_name PauseSheet
extends Control
## The board's pause sheet: resume, restart, the four settings a player changes mid-level (sound,
## haptics, reduce motion, colour-blind patterns) and leave. Leaving or restarting a level in
## progress asks first, on the same sheet: both throw the attempt's moves away, and the restart
## button sits in the tool row beside the hint, where a thumb lands by mistake. A question rather
## than an undoable restart: one pattern for both, and a restart reloads the board, which would
## have to carry the old attempt along to give it back. Settings are stored through App
## (SaveData validates them); what the player chose reaches the board by signals. It covers the
## whole screen, so no tap reaches the board while it shows.

signal restart_chosen
signal leave_chosen
signal settings_changed

## Setting key → its switch on the sheet (the scene binds each key to its switch's toggled).
const SWITCHES := {
	"sound": "Sound",
	"haptics": "Haptics",
	"reduce_motion": "ReduceMotion",
	"colorblind_patterns": "ColorblindPatterns",
}

var _in_progress := false
## What the question asks about: "leave" or "restart".
var _asking := ""

@onready var _menu: VBoxContainer = %Box
@onready var _ask: VBoxContainer = %Ask


## Every button and switch is a 48-dp target on the smallest phone, the panel as wide as the
## layout asks (HudArt.layout: sheet_row, sheet_width): sizes follow the screen, so they are set
## here rather than in the scene.
func _ready() -> void:
	var layout := HudArt.layout()
	(%Panel as Control).custom_minimum_size.x = layout["sheet_width"]
	for box in [_menu, _ask]:
		for row in box.get_children():
			if row is BaseButton:
				row.custom_minimum_size.y = layout["sheet_row"]


## Shows the sheet; `in_progress`: leaving would end an attempt with moves in it (asks first).
func open(in_progress: bool) -> void:
	_in_progress = in_progress
	for key in SWITCHES:
		(_menu.get_node(SWITCHES[key]) as CheckButton).set_pressed_no_signal(
			App.setting(key) == true
		)
	_show_menu()
	visible = true


## Shows the sheet at its question: "leave this level?" (Android back mid-level).
func ask_to_leave() -> void:
	open(true)
	_on_leave()


## The tool row's restart: with moves made (`in_progress`) the sheet shows its question, "restart
## this level?"; with none it restarts at once.
func ask_to_restart(in_progress: bool) -> void:
	_in_progress = in_progress
	if in_progress:
		App.click()
		open(true)
	_on_restart_pressed()


## Android back on the sheet: from the question back to the sheet, from the sheet to the board.
func back() -> void:
	if _ask.visible:
		_show_menu()
	else:
		close()


func close() -> void:
	App.click()
	visible = false


func _show_menu() -> void:
	_menu.visible = true
	_ask.visible = false


func _on_leave() -> void:
	if not _in_progress:
		leave_chosen.emit()
		return
	_ask_about("leave", "LEAVE_ASK", "PAUSE_LEAVE")


func _on_restart_pressed() -> void:
	if not _in_progress:
		restart_chosen.emit()
		return
	_ask_about("restart", "RESTART_ASK", "PAUSE_RESTART")


func _ask_about(what: String, question: String, confirm: String) -> void:
	_asking = what
	%Question.text = tr(question)
	%Confirm.text = tr(confirm)
	_menu.visible = false
	_ask.visible = true


func _on_confirmed() -> void:
	if _asking == "restart":
		restart_chosen.emit()
	else:
		leave_chosen.emit()


func _on_switch(on: bool, key: String) -> void:
	App.set_setting(key, on)
	App.click()
	settings_changed.emit()
