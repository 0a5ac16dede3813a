@tool
extends HSplitContainer
## The level editor's view: the level canvas (canvas/level_canvas.tscn) to paint parts and place
## screws on, a tool bar, and the live verdict. It only draws and forwards: every edit is JSON for
## the LevelEditor extension class, which applies it, keeps the level, and measures it on a Rust
## thread (result by signal). With an EditorUndoRedoManager (the plugin sets it), or a plain
## UndoRedo `history` (a headless test), each edit is an undoable "Screwsmith: …" action whose undo
## is the inverse edit LevelEditor returned; this screen's undo and redo only ever take back such
## an action, never another one sharing the history. With neither, the level's own history.

signal verdict_arrived(verdict: Dictionary)

const KINDS := ["normal", "rusty", "bolt"]
## Every action this screen puts in a history is named so: its undo and redo act on no other.
const ACTION_PREFIX := "Screwsmith: "
const CanvasScene := preload("res://addons/screwsmith_editor/canvas/level_canvas.tscn")
const CanvasDraw := preload("res://addons/screwsmith_editor/canvas/canvas_draw.gd")
const RINGS := CanvasDraw.RINGS
const VerdictText := preload("res://addons/screwsmith_editor/verdict_text.gd")
const EditorFiles := preload("res://addons/screwsmith_editor/editor_files.gd")
const QueueList := preload("res://addons/screwsmith_editor/queue_list.gd")

var undo_redo: EditorUndoRedoManager = null
## A history of its own when there is no EditorUndoRedoManager (a test sharing it with others).
var history: UndoRedo = null
var editor = null
## The canvas's selection: its first part and first screw (0: none).
var current_part: int:
	get:
		var parts: Array = canvas.selected_parts
		return int(parts[0]) if not parts.is_empty() else 0
var selected_screw: int:
	get:
		var screws: Array = canvas.selected_screws
		return int(screws[0]) if not screws.is_empty() else 0
## The level canvas (its API: canvas/level_canvas.gd).
var canvas: Control
var last_verdict: Dictionary = {}
var longest_frame_ms := 0.0
var set_screw_button: Button
## The file bar: open (shipped, file, Daily Bench), save, play in game.
var files: EditorFiles
## The crate queue (drag to reorder).
var queue: QueueList

var _level: Dictionary = {}
var _palette: Array = []
var _tool_pick: OptionButton
var _layer: SpinBox
var _colour: SpinBox
var _kind: OptionButton
var _hidden: CheckBox
var _verdict_label: Label
var _status: Label
var _last_tick := 0


func _ready() -> void:
	_build()
	if not ClassDB.class_exists("LevelEditor"):
		_status.text = "The screwsmith extension is not loaded: build it and restart the editor."
		return
	editor = ClassDB.instantiate("LevelEditor")
	add_child(editor)
	editor.verdict.connect(_on_verdict)
	editor.level_changed.connect(_on_level_changed)
	files.setup(editor)
	var audit = ClassDB.instantiate("ReadabilityAudit")
	_palette = audit.palette()
	canvas.setup(_palette, audit)
	editor.new_blank(6, 8)


func _process(_delta: float) -> void:
	var now := Time.get_ticks_usec()
	var working: bool = editor != null and (editor.is_measuring() or editor.is_opening_daily())
	if _last_tick != 0 and working:
		longest_frame_ms = maxf(longest_frame_ms, (now - _last_tick) / 1000.0)
	_last_tick = now


## Applies one edit (a Dictionary with "op"), undoably. Returns false when the level refused it.
## Edits with the same `merge` key made in a quick run (a number typed digit by digit into one
## field) are one undo step (UndoRedo's MERGE_ENDS: the first's undo, the last's do).
func do_edit(edit: Dictionary, merge := "") -> bool:
	var text := JSON.stringify(edit)
	if undo_redo == null and history == null:
		return _said(editor.edit(text))
	# The editor's history outlives the level: its edits name their document, so an undo after
	# another level was opened changes nothing.
	var document: int = editor.document()
	var inverse: String = editor.apply_in(document, text)
	if inverse.is_empty():
		return _said(false)
	var action := ACTION_PREFIX + str(edit["op"]) + ("" if merge.is_empty() else " " + merge)
	var mode := UndoRedo.MERGE_DISABLE if merge.is_empty() else UndoRedo.MERGE_ENDS
	if undo_redo != null:
		undo_redo.create_action(action, mode, editor)
		undo_redo.add_do_method(editor, "apply_in", document, text)
		undo_redo.add_undo_method(editor, "apply_in", document, inverse)
		undo_redo.commit_action(false)
	else:
		history.create_action(action, mode)
		history.add_do_method(editor.apply_in.bind(document, text))
		history.add_undo_method(editor.apply_in.bind(document, inverse))
		history.commit_action(false)
	return true


## Takes back this screen's last edit, only when it is the history's latest action: an action of
## another screen sharing the history (a project setting, a scene edit) is never undone from here.
func undo() -> bool:
	var h := _history()
	if h == null:
		return _said(editor.undo())
	if not h.has_undo():
		_status.text = "Nothing to undo."
		return false
	var latest := h.get_current_action_name()
	if not latest.begins_with(ACTION_PREFIX):
		_status.text = (
			'Not undone: the latest action in this history is "%s", not a level edit' % latest
			+ " (undo it where it was made)."
		)
		return false
	return h.undo()


## Applies again this screen's last undone edit, only when it is the next action of the history.
func redo() -> bool:
	var h := _history()
	if h == null:
		return _said(editor.redo())
	var next := h.get_current_action() + 1
	if not h.has_redo() or next >= h.get_history_count():
		_status.text = "Nothing to redo."
		return false
	var name := h.get_action_name(next)
	if not name.begins_with(ACTION_PREFIX):
		_status.text = (
			'Not redone: the next action in this history is "%s", not a level edit.' % name
		)
		return false
	return h.redo()


## The history this screen's actions are in, or null (the level's own history).
func _history() -> UndoRedo:
	if undo_redo != null:
		return undo_redo.get_history_undo_redo(undo_redo.get_object_history_id(editor))
	return history


## A refused edit, undo or redo says why in the status line.
func _said(ok: bool) -> bool:
	if not ok:
		_status.text = "Refused: %s" % editor.last_error()
	return ok


## Saves under levels/custom/ (or `dir`); returns the file's path or "".
func save_as(level_name: String, dir := "") -> String:
	return files.save_as(level_name, dir)


## Where cell `cell` of the level is on screen (its centre), for input events.
func cell_centre(cell: Vector2i) -> Vector2:
	return canvas.cell_centre(cell)


## Starts measuring the longest frame afresh (from the next frame on).
func reset_frame_clock() -> void:
	longest_frame_ms = 0.0
	_last_tick = 0


func select_tool(tool_name: String) -> void:
	canvas.set_tool(tool_name)


func set_colour(colour: int) -> void:
	_colour.value = colour


## The ring a screw gets: a fault names it (red), it is buried (orange), a device cannot read it
## (magenta); clear when the verdict says nothing of it.
func ring_colour(id: int) -> Color:
	return CanvasDraw.ring_colour(last_verdict, id)


func highlighted_screws() -> Array:
	var out: Array = []
	for key in ["error_screws", "buried", "unreadable_screws"]:
		for s in last_verdict.get(key, []):
			if not out.has(int(s)):
				out.append(int(s))
	return out


func _build() -> void:
	var left := VBoxContainer.new()
	left.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	add_child(left)
	var bar := HFlowContainer.new()
	left.add_child(bar)
	canvas = CanvasScene.instantiate()
	var tools: Array = canvas.TOOLS.keys()
	_tool_pick = OptionButton.new()
	for t in tools:
		_tool_pick.add_item(t)
	_tool_pick.item_selected.connect(func(i): canvas.set_tool(tools[i]))
	canvas.tool_changed.connect(func(t): _tool_pick.select(tools.find(t)))
	bar.add_child(_tool_pick)
	_layer = _spin(bar, "layer", 0, 3, 0)
	_layer.value_changed.connect(func(v): canvas.layer = int(v))
	_colour = _spin(bar, "colour", 0, 15, 0)
	_colour.value_changed.connect(func(v): canvas.colour = int(v))
	_kind = OptionButton.new()
	for k in KINDS:
		_kind.add_item(k)
	_kind.item_selected.connect(func(i): canvas.kind = KINDS[i])
	bar.add_child(_kind)
	_hidden = CheckBox.new()
	_hidden.text = "hidden"
	_hidden.toggled.connect(func(on): canvas.screw_hidden = on)
	bar.add_child(_hidden)
	set_screw_button = _button(bar, "Set screw", _on_set_screw)
	_button(bar, "Hang poses", func(): do_edit({"op": "generate_hangs", "part": current_part}))
	_button(bar, "Delete", _on_delete)
	_button(bar, "Undo", undo)
	_button(bar, "Redo", redo)
	files = EditorFiles.new()
	left.add_child(files)
	files.build(_spin, _button)
	files.status.connect(func(text): _status.text = text)
	canvas.size_flags_vertical = Control.SIZE_EXPAND_FILL
	canvas.apply_edit = do_edit
	canvas.history_key.connect(_on_history_key)
	left.add_child(canvas)
	var right := VBoxContainer.new()
	right.custom_minimum_size.x = 300
	add_child(right)
	_status = Label.new()
	_status.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	right.add_child(_status)
	_verdict_label = Label.new()
	_verdict_label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	_verdict_label.text = "verdict: measuring…"
	queue = QueueList.new()
	queue.colour_of = _colour_of
	queue.edit_requested.connect(do_edit)
	right.add_child(queue)
	right.add_child(_verdict_label)


func _spin(parent: Control, label: String, lo: int, hi: int, value: int) -> SpinBox:
	var l := Label.new()
	l.text = label
	parent.add_child(l)
	var s := SpinBox.new()
	s.min_value = lo
	s.max_value = hi
	s.value = value
	parent.add_child(s)
	return s


func _button(parent: Control, text: String, action: Callable) -> Button:
	var b := Button.new()
	b.text = text
	b.pressed.connect(action)
	parent.add_child(b)
	return b


func _on_history_key(again: bool) -> void:
	if again:
		redo()
	else:
		undo()


func _on_level_changed() -> void:
	_level = editor.level()
	canvas.tools.locks.marks = editor.screw_marks()
	canvas.painter.covered = editor.covered_screws()
	canvas.show_level(_level)
	var notes: PackedStringArray = editor.edit_notes()
	if not notes.is_empty():
		_status.text = " · ".join(notes)
	queue.show_queue(editor.crate_queue(), _level.get("crate_queue") != null)
	_verdict_label.text = "verdict: measuring…"


func _on_verdict(v: Dictionary) -> void:
	last_verdict = v
	_verdict_label.text = VerdictText.of(v)
	canvas.show_verdict(v)
	verdict_arrived.emit(v)


func _on_set_screw() -> void:
	if selected_screw != 0:
		do_edit(
			{
				"op": "set_screw",
				"screw": selected_screw,
				"color": int(_colour.value),
				"kind": KINDS[_kind.selected],
				"hidden": _hidden.button_pressed,
			}
		)


func _on_delete() -> void:
	canvas.tools.delete_selection()


func _colour_of(index: int) -> Color:
	if index < _palette.size():
		var entry: Dictionary = _palette[index]
		return entry["bright"]
	return Color.from_hsv(index / 8.0, 0.7, 0.9)
