@tool
extends VBoxContainer
## The level editor's main screen: the Level menu and the tool bar on top, the level on the left of
## a split, and on its right the verdict card over the selection's properties (widget scenes under
## widgets/). The level is drawn and edited on the level canvas (canvas/level_canvas.tscn) of the
## level view (editor_view.gd, made here and put in the %Canvas slot with its own bars hidden); the
## tool bar shows the canvas's tools. Every edit goes through the view's do_edit: JSON for the
## LevelEditor, one EditorUndoRedoManager action each (the plugin sets `undo_redo`), measured on a
## Rust thread.

signal verdict_arrived(verdict: Dictionary)

const EditorView := preload("res://addons/screwsmith_editor/editor_view.gd")
const CanvasOverlay := preload("res://addons/screwsmith_editor/canvas/canvas_overlay.gd")
const Settings := preload("res://addons/screwsmith_editor/widgets/level_settings.gd")
const SHIPPED := "res://levels/levels.json"

var undo_redo: EditorUndoRedoManager = null
var editor = null
## The level view in the canvas slot.
var grid: Control
## The Level menu: open (shipped, file, Daily Bench), new, save, play in game.
var files: MenuButton
## The crate queue (drag to reorder), in the properties panel.
var queue: Node
var last_verdict: Dictionary = {}

var _level: Dictionary = {}
var _shown := Vector2i(-1, -1)
## The document the last level_changed was of: a new one is an opened level, not an edit.
var _document := -1


func _ready() -> void:
	files = %FileMenu
	queue = %Properties.queue_list()
	grid = EditorView.new()
	grid.undo_redo = undo_redo
	%Canvas.add_child(grid)
	grid.set_anchors_and_offsets_preset(Control.PRESET_FULL_RECT)
	_hide_grid_bars()
	editor = grid.editor
	if editor == null:
		%Status.text = "The screwsmith extension is not loaded: build it and restart the editor."
		return
	editor.verdict.connect(_on_verdict)
	editor.level_changed.connect(_on_level_changed)
	files.setup(editor)
	var devices: Array = []
	var palette: Array = []
	if ClassDB.class_exists("ReadabilityAudit"):
		var audit = ClassDB.instantiate("ReadabilityAudit")
		palette = audit.palette()
		devices = audit.devices().map(func(d): return d["name"])
	%Properties.setup(palette, editor.shipped_colours().size())
	%Properties.set_limits(editor.bomb_limits())
	grid.canvas.tools.locks.pick_ended.connect(_on_pick_ended)
	grid.canvas.edit_refused.connect(func(_e): _refused())
	grid.canvas.tool_changed.connect(func(t): %ToolBar.show_tool(t))
	%ToolBar.button("Grid").set_pressed_no_signal(grid.canvas.show_grid)
	%ToolBar.button("Frame").set_pressed_no_signal(grid.canvas.show_phone_frame)
	%Verdict.setup(editor.shipped_curve(FileAccess.get_file_as_string(SHIPPED)), devices)
	%ToolBar.setup(grid.canvas.TOOLS, self)
	select_tool("paint")
	_on_level_changed()


func _process(_delta: float) -> void:
	if editor == null:
		return
	var now := Vector2i(grid.current_part, grid.selected_screw)
	if now != _shown:
		_show_selection()
	var at: Vector2i = grid.canvas.hover
	%Hover.text = CanvasOverlay.under_pointer(grid.canvas) if grid.canvas.on_board(at) else ""


## Applies one edit (a Dictionary with "op"), undoably. Returns false when the level refused it.
## `merge`: a run of edits with this key is one undo step (a number typed into one field).
func do_edit(edit: Dictionary, merge := "") -> bool:
	var ok: bool = grid.do_edit(edit, merge)
	if not ok:
		_refused()
		# The fields show the level again, not the refused value.
		_show_selection()
		%Settings.show_level(_level)
	return ok


## Plays the level as it stands in the game's board scene (the Play button, F6 on the canvas).
func play() -> void:
	files.play_in_game()


func undo() -> bool:
	return grid.undo()


func redo() -> bool:
	return grid.redo()


## Where cell `cell` of the level is on the screen (its centre), for input events.
func cell_centre(cell: Vector2i) -> Vector2:
	return grid.cell_centre(cell)


func select_tool(tool_name: String) -> void:
	grid.select_tool(tool_name)
	%ToolBar.show_tool(tool_name)


## The colour the next placed screw gets.
func set_colour(colour: int) -> void:
	grid.set_colour(colour)


func ring_colour(id: int) -> Color:
	return grid.ring_colour(id)


## The grid view's own tool bar, file strip and verdict column: this screen's widgets replace them.
func _hide_grid_bars() -> void:
	var left: Control = grid.get_child(0)
	left.get_child(0).visible = false
	grid.files.visible = false
	(grid.get_child(1) as Control).visible = false


func _show_selection() -> void:
	_shown = Vector2i(grid.current_part, grid.selected_screw)
	var parts: Array = [grid.current_part] if grid.current_part != 0 else []
	var screws: Array = [grid.selected_screw] if grid.selected_screw != 0 else []
	%Properties.show_selection(_level, parts, screws)
	if screws.is_empty():
		# Nothing selected: the swatch down is the next screw's colour.
		%Properties.show_colour(grid.canvas.colour)


## A refusal in the status line, in the level's words (LevelEditor.last_error()).
func _refused() -> void:
	%Status.text = "Refused: %s" % editor.last_error()
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
		grid.canvas.select([], [])
	files.mark_unsaved(not opened)
	var notes: PackedStringArray = editor.edit_notes()
	_say(" · ".join(notes))
	%Properties.show_queue(editor.crate_queue(), _level.get("crate_queue") != null)
	%Settings.show_level(_level)
	_show_selection()
	%Verdict.mark_stale()


func _on_verdict(v: Dictionary) -> void:
	last_verdict = v
	%Verdict.show_verdict(v, int(_level.get("number", 0)))
	verdict_arrived.emit(v)


func _on_status(text: String) -> void:
	_say(text)


func _on_tool_chosen(tool_name: String) -> void:
	select_tool(tool_name)


func _on_grid_toggled(on: bool) -> void:
	grid.canvas.show_grid = on


func _on_frame_toggled(on: bool) -> void:
	grid.canvas.show_phone_frame = on


func _on_undo_pressed() -> void:
	undo()


func _on_redo_pressed() -> void:
	redo()


## The generator's hang poses for the selected plate, or the plate of the selected screw.
func _on_hangs_pressed() -> void:
	var part: int = grid.current_part
	if part == 0 and grid.selected_screw != 0:
		part = int(grid.canvas.screw(grid.selected_screw)["part"])
	if part != 0:
		do_edit({"op": "generate_hangs", "part": part})
	else:
		_say("Select a plate or one of its screws: its screws get the generator's hang poses.")


func _on_delete_pressed() -> void:
	grid._on_delete()


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
		grid.canvas.tools.locks.start_pick(screw)
		grid.canvas.grab_focus()
		_say("Click the screw that holds screw %d's key (Esc: cancel)." % screw)
	else:
		grid.canvas.tools.locks.cancel_pick()


func _on_pick_ended(screw: int, key: int) -> void:
	%Properties.end_pick()
	if key != 0:
		_say("Screw %d is locked: screw %d holds its key." % [screw, key])
	_show_selection()


func _on_colour_chosen(colour: int) -> void:
	set_colour(colour)


func _on_kind_chosen(kind: String) -> void:
	grid._kind.select(maxi(0, grid.KINDS.find(kind)))


func _on_hidden_chosen(on: bool) -> void:
	grid._hidden.button_pressed = on


func _on_layer_chosen(layer: int) -> void:
	grid._layer.value = layer


## A fault row was clicked: its first screw (else part) is selected, and ringed white on the grid.
func _on_fault_selected(screws: Array, parts: Array) -> void:
	if not screws.is_empty():
		grid.canvas.focus_screw(int(screws[0]))
	elif not parts.is_empty():
		grid.canvas.focus_part(int(parts[0]))
	_show_selection()
