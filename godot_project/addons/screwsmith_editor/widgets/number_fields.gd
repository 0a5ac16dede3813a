@tool
extends RefCounted
## How the editor's number fields behave (the properties panel's, the level settings'): a typed
## value counts as soon as it is typed (no Enter needed), and Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y in the
## field undo and redo the LEVEL's edits, not the field's text (the text's own undo would show an
## old value the level no longer has, and commit it as a new edit on the next click). The value is
## selected when the field takes the focus, so a typed value replaces it.

## Set on a field's line when it takes the focus, until the click that focused it is let go.
const FRESH := &"screwsmith_fresh_focus"


## Makes `spin` take typed values at once and hand the history keys to `history_key(redo: bool)`.
static func own(spin: SpinBox, history_key: Callable) -> void:
	spin.update_on_text_changed = true
	var line := spin.get_line_edit()
	# The value is selected on focus, so a typed one replaces it; deferred, after the click that
	# focused the field has placed its caret (an input without the pointer's state, as a test's or
	# a tablet's, would otherwise lose the selection to that caret).
	line.select_all_on_focus = true
	line.focus_entered.connect(func(): line.set_meta(FRESH, true))
	line.gui_input.connect(_on_input.bind(line, history_key))


static func _on_input(event: InputEvent, line: LineEdit, history_key: Callable) -> void:
	var click := event as InputEventMouseButton
	if click != null and not click.pressed and line.get_meta(FRESH, false):
		line.set_meta(FRESH, false)
		line.select_all.call_deferred()
		return
	var key := event as InputEventKey
	if key == null or not key.pressed or not key.is_command_or_control_pressed():
		return
	if key.keycode == KEY_Z or key.keycode == KEY_Y:
		line.accept_event()
		history_key.call(key.keycode == KEY_Y or key.shift_pressed)
