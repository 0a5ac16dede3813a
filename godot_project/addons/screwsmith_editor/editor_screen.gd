@tool
extends VBoxContainer
## The level editor's main screen, the one view of the level: the Level menu, the tool bar and
## Play on top; the level canvas (canvas/level_canvas.tscn) on the left of a split; on its right
## the selection's properties (the palette first), the level's settings, and under them the verdict
## card, its headline in view without scrolling (widget scenes under widgets/). The level itself,
## its history and undo are the document's (editor_view.gd): every edit goes through do_edit, JSON
## for the LevelEditor, one EditorUndoRedoManager action each (the plugin sets `undo_redo`),
## measured on a Rust thread. This screen only draws the level and turns gestures into edits.

signal verdict_arrived(verdict: Dictionary)

const Document := preload("res://addons/screwsmith_editor/editor_view.gd")
const CanvasDraw := preload("res://addons/screwsmith_editor/canvas/canvas_draw.gd")
const CanvasOverlay := preload("res://addons/screwsmith_editor/canvas/canvas_overlay.gd")
const Settings := preload("res://addons/screwsmith_editor/widgets/level_settings.gd")
const SHIPPED := "res://levels/levels.json"
const RINGS := CanvasDraw.RINGS

var undo_redo: EditorUndoRedoManager = null
## The level, its history and undo (editor_view.gd).
var document: Node
var editor = null
## The level canvas (its API: canvas/level_canvas.gd).
var canvas: Control
## The Level menu: open (shipped, file, Daily Bench), new, save, play in game.
var files: MenuButton
## The crate queue (drag to reorder), in the properties panel.
var queue: Node
var last_verdict: Dictionary = {}
## A plain UndoRedo for a headless test (the Godot editor's is `undo_redo`): the document's.
var history: UndoRedo:
	get:
		return document.history
	set(h):
		document.history = h
var longest_frame_ms: float:
	get:
		return document.longest_frame_ms
## The canvas's selection: its first part and first screw (0: none).
var current_part: int:
	get:
		return int(canvas.selected_parts[0]) if not canvas.selected_parts.is_empty() else 0
var selected_screw: int:
	get:
		return int(canvas.selected_screws[0]) if not canvas.selected_screws.is_empty() else 0

var _level: Dictionary = {}
var _shown := Vector2i(-1, -1)
## The document the last level_changed was of: a new one is an opened level, not an edit.
var _document := -1


func _ready() -> void:
	files = %FileMenu
	queue = %Properties.queue_list()
	canvas = %Canvas
	document = Document.new()
	document.undo_redo = undo_redo
	add_child(document)
	document.said.connect(_on_said)
	editor = document.editor
	if editor == null:
		%Status.text = "The screwsmith extension is not loaded: build it and restart the editor."
		return
	editor.verdict.connect(_on_verdict)
	editor.level_changed.connect(_on_level_changed)
	files.setup(editor)
	var devices: Array = []
	var palette: Array = []
	var audit = null
	if ClassDB.class_exists("ReadabilityAudit"):
		audit = ClassDB.instantiate("ReadabilityAudit")
		palette = audit.palette()
		devices = audit.devices().map(func(d): return d["name"])
	canvas.setup(palette, audit)
	canvas.apply_edit = do_edit
	canvas.history_key.connect(_on_history_key)
	%Properties.setup(palette, editor.shipped_colours().size())
	%Properties.set_limits(editor.bomb_limits())
	canvas.tools.locks.pick_ended.connect(_on_pick_ended)
	canvas.tool_changed.connect(func(t): %ToolBar.show_tool(t))
	%ToolBar.button("Grid").set_pressed_no_signal(canvas.show_grid)
	%ToolBar.button("Frame").set_pressed_no_signal(canvas.show_phone_frame)
	%Verdict.setup(editor.shipped_curve(FileAccess.get_file_as_string(SHIPPED)), devices)
	%ToolBar.setup(canvas.TOOLS, self)
	select_tool("paint")
	_on_level_changed()


func _process(_delta: float) -> void:
	if editor == null:
		return
	var now := Vector2i(current_part, selected_screw)
	if now != _shown:
		_show_selection()
	%Hover.text = CanvasOverlay.under_pointer(canvas) if canvas.on_board(canvas.hover) else ""


## Applies one edit (a Dictionary with "op"), undoably. Returns false when the level refused it.
## `merge`: a run of edits with this key is one undo step (a number typed into one field).
func do_edit(edit: Dictionary, merge := "") -> bool:
	var ok: bool = document.do_edit(edit, merge)
	if not ok:
		# The fields show the level again, not the refused value.
		_show_selection()
		%Settings.show_level(_level)
	return ok


## Plays the level as it stands in the game's board scene (the Play button, F6 on the canvas).
func play() -> void:
	files.play_in_game()


func undo() -> bool:
	return document.undo()


func redo() -> bool:
	return document.redo()


## Where cell `cell` of the level is on the screen (its centre), for input events.
func cell_centre(cell: Vector2i) -> Vector2:
	return canvas.cell_centre(cell)


func select_tool(tool_name: String) -> void:
	canvas.set_tool(tool_name)
	%ToolBar.show_tool(tool_name)


## The colour the next placed screw gets (the swatch down while nothing is selected).
func set_colour(colour: int) -> void:
	canvas.colour = colour
	if selected_screw == 0:
		%Properties.show_colour(colour)


## The ring a screw gets: a fault names it (red), it is buried (orange), a device cannot read it
## (magenta); clear when the verdict says nothing of it.
func ring_colour(id: int) -> Color:
	return CanvasDraw.ring_colour(last_verdict, id)


func highlighted_screws() -> Array:
	var out: Array = []
	for key in RINGS:
		for s in last_verdict.get(key, []):
			if not out.has(int(s)):
				out.append(int(s))
	return out


func status_text() -> String:
	return %Status.text


func _show_selection() -> void:
	_shown = Vector2i(current_part, selected_screw)
	var parts: Array = [current_part] if current_part != 0 else []
	var screws: Array = [selected_screw] if selected_screw != 0 else []
	%Properties.show_selection(_level, parts, screws)
	if screws.is_empty():
		# Nothing selected: the swatch down is the next screw's colour.
		%Properties.show_colour(canvas.colour)


## A refusal (the document's words, from LevelEditor.last_error()) in the status line's warm colour.
func _on_said(text: String) -> void:
	_say(text)
	if text.begins_with("Refused"):
		%Status.add_theme_color_override("font_color", Color(1.0, 0.6, 0.45))


func _say(text: String) -> void:
	%Status.text = text
	%Status.remove_theme_color_override("font_color")


func _on_level_changed() -> void:
	_level = editor.level()
	var opened: bool = editor.document() != _document
	_document = editor.document()
	# A newly opened level starts with nothing selected and nothing unsaved; an edit marks it.
	if opened:
		canvas.select([], [])
	files.mark_unsaved(not opened)
	canvas.tools.locks.marks = editor.screw_marks()
	canvas.painter.covered = editor.covered_screws()
	canvas.show_level(_level)
	var notes: PackedStringArray = editor.edit_notes()
	_say(" · ".join(notes))
	%Properties.show_queue(editor.crate_queue(), _level.get("crate_queue") != null)
	%Settings.show_level(_level)
	_show_selection()
	%Verdict.mark_stale()


func _on_verdict(v: Dictionary) -> void:
	last_verdict = v
	canvas.show_verdict(v)
	%Verdict.show_verdict(v, int(_level.get("number", 0)))
	verdict_arrived.emit(v)


func _on_status(text: String) -> void:
	_say(text)


func _on_tool_chosen(tool_name: String) -> void:
	select_tool(tool_name)


func _on_grid_toggled(on: bool) -> void:
	canvas.show_grid = on


func _on_frame_toggled(on: bool) -> void:
	canvas.show_phone_frame = on


func _on_undo_pressed() -> void:
	undo()


func _on_redo_pressed() -> void:
	redo()


## The generator's hang poses for the selected plate, or the plate of the selected screw.
func _on_hangs_pressed() -> void:
	var part: int = current_part
	if part == 0 and selected_screw != 0:
		part = int(canvas.screw(selected_screw)["part"])
	if part != 0:
		do_edit({"op": "generate_hangs", "part": part})
	else:
		_say("Select a plate or one of its screws: its screws get the generator's hang poses.")


func _on_delete_pressed() -> void:
	canvas.tools.delete_selection()


## An edit from the panel or the settings: a number field's run of typing is one undo step.
func _on_edit_requested(edit: Dictionary) -> void:
	var merge := ""
	if str(edit["op"]) in ["set_bomb", "set_layer"] or str(edit["op"]) in Settings.OPS:
		merge = "%s %s" % [edit.get("screw", edit.get("part", "")), "field"]
	do_edit(edit, merge)


func _on_history_key(again: bool) -> void:
	if again:
		redo()
	else:
		undo()


## Pick key pressed in the panel: the canvas's next click picks the key screw of `screw`.
func _on_pick_key_toggled(screw: int, on: bool) -> void:
	if on:
		canvas.tools.locks.start_pick(screw)
		canvas.grab_focus()
		_say("Click the screw that holds screw %d's key (Esc: cancel)." % screw)
	else:
		canvas.tools.locks.cancel_pick()


func _on_pick_ended(screw: int, key: int) -> void:
	%Properties.end_pick()
	if key != 0:
		_say("Screw %d is locked: screw %d holds its key." % [screw, key])
	_show_selection()


func _on_colour_chosen(colour: int) -> void:
	set_colour(colour)


func _on_kind_chosen(kind: String) -> void:
	canvas.kind = kind


func _on_hidden_chosen(on: bool) -> void:
	canvas.screw_hidden = on


func _on_layer_chosen(layer: int) -> void:
	canvas.layer = layer


## A fault row was clicked: its first screw (else part) is selected, and ringed white on the grid.
func _on_fault_selected(screws: Array, parts: Array) -> void:
	if not screws.is_empty():
		canvas.focus_screw(int(screws[0]))
	elif not parts.is_empty():
		canvas.focus_part(int(parts[0]))
	_show_selection()
