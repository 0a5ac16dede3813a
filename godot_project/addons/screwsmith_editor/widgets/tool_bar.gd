@tool
extends HBoxContainer
## The level editor's tool bar: one toggle per canvas tool (a group: one is down, and it follows the
## tool however it was chosen: the host calls show_tool), the grid and the phone-frame overlays,
## undo / redo, the generator's hang poses, delete, and Play (the level in the game). Each button
## carries an editor icon (EditorInterface's theme; a text label instead where there is no editor,
## as in a headless test), a tooltip naming its shortcut, and a Shortcut that acts only while the
## focus is in the view the host names. Labels show beside the icons while the bar is wide enough.
## It only emits: the host changes the canvas.

signal tool_chosen(tool_name: String)
signal grid_toggled(on: bool)
signal frame_toggled(on: bool)
signal undo_pressed
signal redo_pressed
signal hangs_pressed
signal delete_pressed
signal play_pressed

## The fixed buttons: node → [editor icon, label, tooltip, shortcut ("" = none)].
const FIXED := {
	"Grid": ["Grid", "Grid", "Show the cell grid", "Shift+G"],
	"Frame": ["Camera2D", "Phone frame", "Show what a 720×1600 phone's camera frames", "Shift+F"],
	"Undo": ["UndoRedo", "Undo", "Undo the last edit (Ctrl+Z)", ""],
	"Redo": ["Redo|RotateRight", "Redo", "Redo (Ctrl+Shift+Z)", ""],
	"Hangs":
	[
		"PinJoint2D",
		"Hang poses",
		"Give every screw of the selected plate (or the selected screw's plate) its hang pose",
		"Shift+H"
	],
	"Delete": ["Remove", "Delete", "Delete the selected screw, else the selected part", "Delete"],
	"Play": ["PlayScene", "Play", "Play the level as it stands in the game", "F6"],
}
## From this width on the tools show their labels beside their icons, and from `WIDE` every button.
const TOOLS_WIDE := 560
const WIDE := 1000

var _group := ButtonGroup.new()
var _labels := {}
var _wide := true


func _ready() -> void:
	for node_name in FIXED:
		var spec: Array = FIXED[node_name]
		_dress(get_node("%" + node_name), spec[0], spec[1], spec[2], spec[3])


## Makes one toggle per tool of `tools` (name → {"icon", "tip", "key"}, the canvas's TOOLS), with
## shortcuts that act while the focus is inside `context`.
func setup(tools: Dictionary, context: Node = null) -> void:
	for old in %Tools.get_children():
		%Tools.remove_child(old)
		old.queue_free()
	for tool_name in tools:
		var spec: Dictionary = tools[tool_name]
		var b := Button.new()
		b.name = tool_name.capitalize()
		b.toggle_mode = true
		b.button_group = _group
		b.set_meta("tool", tool_name)
		b.focus_mode = Control.FOCUS_NONE
		b.pressed.connect(func(): tool_chosen.emit(tool_name))
		%Tools.add_child(b)
		var tip: String = spec.get("tip", tool_name)
		_dress(b, str(spec.get("icon", "")), tool_name.capitalize(), tip, spec.get("key", ""))
	for b in _all_buttons():
		b.shortcut_context = context
	_fit()


## Shows `tool_name`'s button down (without emitting).
func show_tool(tool_name: String) -> void:
	var b := tool_button(tool_name)
	if b != null:
		b.set_pressed_no_signal(true)


func tool_button(tool_name: String) -> Button:
	for b in %Tools.get_children():
		if b.get_meta("tool", "") == tool_name:
			return b
	return null


## The button of a fixed action: "Grid", "Frame", "Undo", "Redo", "Hangs", "Delete".
func button(node_name: String) -> Button:
	return get_node("%" + node_name)


## Whether labels are shown beside the icons.
func is_wide() -> bool:
	return _wide


## The editor's icon `icon` (null outside the editor or when the theme has none), a label, a tooltip
## with the shortcut, and the shortcut itself.
func _dress(b: Button, icon: String, label: String, tip: String, key: Variant) -> void:
	var texture := _editor_icon(icon)
	b.icon = texture
	_labels[b] = label
	b.text = label
	var shown_key := ""
	if str(key) != "" and str(key) != "0":
		var event := _key_event(key)
		if event != null:
			var shortcut := Shortcut.new()
			shortcut.events = [event]
			b.shortcut = shortcut
			b.shortcut_in_tooltip = false
			shown_key = event.as_text()
	b.tooltip_text = tip if shown_key.is_empty() else "%s (%s)" % [tip, shown_key]


static func _editor_icon(icon: String) -> Texture2D:
	if icon.is_empty() or not Engine.is_editor_hint():
		return null
	var theme: Theme = EditorInterface.get_editor_theme()
	# "A|B": the first of these the editor's theme has.
	for icon_name in icon.split("|"):
		if theme != null and theme.has_icon(icon_name, "EditorIcons"):
			return theme.get_icon(icon_name, "EditorIcons")
	return null


## A Key (KEY_E), or "Shift+G", "Delete", "E" → a key event (null when it names no key).
static func _key_event(key: Variant) -> InputEventKey:
	var event := InputEventKey.new()
	if key is int:
		event.keycode = key
		return event
	var text := str(key)
	var parts := text.split("+")
	for modifier in parts.slice(0, parts.size() - 1):
		match modifier.to_lower():
			"shift":
				event.shift_pressed = true
			"ctrl", "cmd":
				event.command_or_control_autoremap = true
			"alt":
				event.alt_pressed = true
	var code := OS.find_keycode_from_string(parts[parts.size() - 1])
	if code == KEY_NONE:
		return null
	event.keycode = code
	return event


func _all_buttons() -> Array:
	var out: Array = %Tools.get_children()
	for node_name in FIXED:
		out.append(get_node("%" + node_name))
	return out


## Labels beside the icons while the bar is wide; icons alone (the tooltip names them) when narrow.
## A button without an icon always keeps its label.
func _fit() -> void:
	_wide = size.x == 0.0 or size.x >= WIDE
	var tools_wide := size.x == 0.0 or size.x >= TOOLS_WIDE
	var tools: Array = %Tools.get_children()
	for b in _all_buttons():
		if not is_instance_valid(b) or not _labels.has(b):
			continue
		var labelled := _wide or (tools_wide and tools.has(b))
		b.text = _labels[b] if labelled or b.icon == null else ""


func _on_resized() -> void:
	_fit()


func _on_grid_toggled(on: bool) -> void:
	grid_toggled.emit(on)


func _on_frame_toggled(on: bool) -> void:
	frame_toggled.emit(on)


func _on_undo_pressed() -> void:
	undo_pressed.emit()


func _on_redo_pressed() -> void:
	redo_pressed.emit()


func _on_hangs_pressed() -> void:
	hangs_pressed.emit()


func _on_delete_pressed() -> void:
	delete_pressed.emit()


func _on_play_pressed() -> void:
	play_pressed.emit()
