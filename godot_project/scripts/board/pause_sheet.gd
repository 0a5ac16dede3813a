class_name PauseSheet
extends Control
## The board's pause sheet: resume, restart, the four settings a player changes mid-level (sound,
## haptics, reduce motion, colour-blind patterns) and leave. Leaving a level in progress asks
## first, on the same sheet. Settings are stored through App (SaveData validates them); what the
## player chose reaches the board by signals. It covers the whole screen, so no tap reaches the
## board while it shows.

signal restart_chosen
signal leave_chosen
signal settings_changed

## Setting key → its label (the settings screen's own strings).
const SETTINGS := [
	["sound", "SETTINGS_SOUND"],
	["haptics", "SETTINGS_HAPTICS"],
	["reduce_motion", "SETTINGS_REDUCE_MOTION"],
	["colorblind_patterns", "SETTINGS_PATTERNS"],
]

## Every button and switch is a 48-dp target on the smallest phone (HudArt.layout: sheet_row).
var _row: float = HudArt.layout()["sheet_row"]
var _menu := VBoxContainer.new()
var _ask := VBoxContainer.new()
var _switches := {}
var _in_progress := false


func _init() -> void:
	name = "PauseSheet"
	var panel := Overlay.centred_panel(self, HudArt.layout()["sheet_width"], 0.7)
	var stack := VBoxContainer.new()
	stack.name = "Stack"
	panel.add_child(stack)
	_menu.name = "Box"
	_ask.name = "Ask"
	for box in [_menu, _ask]:
		box.add_theme_constant_override("separation", 12)
		stack.add_child(box)
	_label(_menu, "PAUSE_TITLE", "HeaderMedium")
	_button(_menu, "Resume", "PAUSE_RESUME", close)
	_button(_menu, "Restart", "PAUSE_RESTART", restart_chosen.emit)
	for entry in SETTINGS:
		var switch := CheckButton.new()
		switch.name = str(entry[0]).to_pascal_case()
		switch.text = entry[1]
		switch.custom_minimum_size.y = _row
		switch.toggled.connect(_on_switch.bind(entry[0]))
		_switches[entry[0]] = switch
		_menu.add_child(switch)
	_button(_menu, "Leave", "PAUSE_LEAVE", _on_leave)
	_label(_ask, "LEAVE_ASK", "")
	_button(_ask, "Stay", "LEAVE_STAY", _show_menu)
	_button(_ask, "Leave", "PAUSE_LEAVE", leave_chosen.emit)


## Shows the sheet; `in_progress`: leaving would end an attempt with moves in it (asks first).
func open(in_progress: bool) -> void:
	_in_progress = in_progress
	for key in _switches:
		_switches[key].set_pressed_no_signal(App.setting(key) == true)
	_show_menu()
	visible = true


## Shows the sheet at its question: "leave this level?" (Android back mid-level).
func ask_to_leave() -> void:
	open(true)
	_on_leave()


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
	_menu.visible = false
	_ask.visible = true


func _on_switch(on: bool, key: String) -> void:
	App.set_setting(key, on)
	App.click()
	settings_changed.emit()


func _label(box: Container, key: String, variation: String) -> void:
	var label := Label.new()
	label.text = key
	label.theme_type_variation = variation
	label.horizontal_alignment = HORIZONTAL_ALIGNMENT_CENTER
	label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	box.add_child(label)


func _button(box: Container, node_name: String, key: String, action: Callable) -> void:
	var button := Button.new()
	button.name = node_name
	button.text = key
	button.custom_minimum_size.y = _row
	button.pressed.connect(action)
	box.add_child(button)
