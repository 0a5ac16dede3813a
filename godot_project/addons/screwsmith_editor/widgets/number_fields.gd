@tool
extends RefCounted
## How the editor's number fields behave (the properties panel's, the level settings'): a typed
## value counts as soon as it is typed (no Enter needed), and Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y in the
## field undo and redo the LEVEL's edits, not the field's text (the text's own undo would show an
## old value the level no longer has, and commit it as a new edit on the next click).


## Makes `spin` take typed values at once and hand the history keys to `history_key(redo: bool)`.
static func own(spin: SpinBox, history_key: Callable) -> void:
	spin.update_on_text_changed = true
	var line := spin.get_line_edit()
	line.select_all_on_focus = true
	line.gui_input.connect(_on_key.bind(line, history_key))


static func _on_key(event: InputEvent, line: LineEdit, history_key: Callable) -> void:
	var key := event as InputEventKey
	if key == null or not key.pressed or not key.is_command_or_control_pressed():
		return
	if key.keycode == KEY_Z or key.keycode == KEY_Y:
		line.accept_event()
		history_key.call(key.keycode == KEY_Y or key.shift_pressed)
