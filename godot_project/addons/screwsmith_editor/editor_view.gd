@tool
extends HSplitContainer
## The level editor's view: a grid to paint parts and place screws on, a tool bar, and the live
## verdict. It only draws and forwards: every edit is JSON for the LevelEditor extension class,
## which applies it, keeps the level, and measures it on a Rust thread (result by signal).
## With an EditorUndoRedoManager (the plugin sets it) each edit is an undoable action whose undo is
## the inverse edit LevelEditor returned; without one (a headless test) the level's own history.

signal verdict_arrived(verdict: Dictionary)

const CELL := 44
const TOOLS := ["paint", "erase", "part", "screw", "select", "hang"]
const KINDS := ["normal", "rusty", "bolt"]
const LAYER_SHADES := [
	Color(0.35, 0.38, 0.45), Color(0.45, 0.5, 0.6), Color(0.55, 0.62, 0.74), Color(0.66, 0.74, 0.86)
]
const RINGS := {
	"error_screws": Color.RED, "buried": Color(1.0, 0.55, 0.0), "unreadable_screws": Color.MAGENTA
}
const VerdictText := preload("res://addons/screwsmith_editor/verdict_text.gd")
const EditorFiles := preload("res://addons/screwsmith_editor/editor_files.gd")
const QueueList := preload("res://addons/screwsmith_editor/queue_list.gd")

var undo_redo: EditorUndoRedoManager = null
var editor = null
var tool := "paint"
var current_part := 0
var selected_screw := 0
var last_verdict: Dictionary = {}
var longest_frame_ms := 0.0
var set_screw_button: Button
## The file bar: open (shipped, file, Daily Bench), save, play in game.
var files: EditorFiles
## The crate queue (drag to reorder).
var queue: QueueList

var _level: Dictionary = {}
var _palette: Array = []
var _grid: Control
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
	if ClassDB.class_exists("ReadabilityAudit"):
		_palette = ClassDB.instantiate("ReadabilityAudit").palette()
	editor.new_blank(6, 8)


func _process(_delta: float) -> void:
	var now := Time.get_ticks_usec()
	var working: bool = editor != null and (editor.is_measuring() or editor.is_opening_daily())
	if _last_tick != 0 and working:
		longest_frame_ms = maxf(longest_frame_ms, (now - _last_tick) / 1000.0)
	_last_tick = now


## Applies one edit (a Dictionary with "op"), undoably. Returns false when the level refused it.
func do_edit(edit: Dictionary) -> bool:
	var text := JSON.stringify(edit)
	if undo_redo == null:
		return editor.edit(text)
	# The editor's history outlives the level: its edits name their document, so an undo after
	# another level was opened changes nothing.
	var document: int = editor.document()
	var inverse: String = editor.apply_in(document, text)
	if inverse.is_empty():
		return false
	undo_redo.create_action("Screwsmith: %s" % edit["op"], UndoRedo.MERGE_DISABLE, editor)
	undo_redo.add_do_method(editor, "apply_in", document, text)
	undo_redo.add_undo_method(editor, "apply_in", document, inverse)
	undo_redo.commit_action(false)
	return true


func undo() -> bool:
	if undo_redo == null:
		return editor.undo()
	return undo_redo.get_history_undo_redo(undo_redo.get_object_history_id(editor)).undo()


func redo() -> bool:
	if undo_redo == null:
		return editor.redo()
	return undo_redo.get_history_undo_redo(undo_redo.get_object_history_id(editor)).redo()


## Saves under levels/custom/ (or `dir`); returns the file's path or "".
func save_as(level_name: String, dir := "") -> String:
	return files.save_as(level_name, dir)


## Where cell `cell` of the grid is on the canvas (its centre), for input events.
func cell_centre(cell: Vector2i) -> Vector2:
	return _grid.get_global_rect().position + (Vector2(cell) + Vector2(0.5, 0.5)) * CELL


## Starts measuring the longest frame afresh (from the next frame on).
func reset_frame_clock() -> void:
	longest_frame_ms = 0.0
	_last_tick = 0


func select_tool(tool_name: String) -> void:
	tool = tool_name
	_tool_pick.select(TOOLS.find(tool_name))


func set_colour(colour: int) -> void:
	_colour.value = colour


## The ring a screw gets: a fault names it (red), it is buried (orange), a device cannot read it
## (magenta); clear when the verdict says nothing of it.
func ring_colour(id: int) -> Color:
	for key in RINGS:
		for s in last_verdict.get(key, []):
			if int(s) == id:
				return RINGS[key]
	return Color.TRANSPARENT


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
	_tool_pick = OptionButton.new()
	for t in TOOLS:
		_tool_pick.add_item(t)
	_tool_pick.item_selected.connect(func(i): tool = TOOLS[i])
	bar.add_child(_tool_pick)
	_layer = _spin(bar, "layer", 0, 3, 0)
	_colour = _spin(bar, "colour", 0, 15, 0)
	_kind = OptionButton.new()
	for k in KINDS:
		_kind.add_item(k)
	bar.add_child(_kind)
	_hidden = CheckBox.new()
	_hidden.text = "hidden"
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
	var scroll := ScrollContainer.new()
	scroll.size_flags_vertical = Control.SIZE_EXPAND_FILL
	left.add_child(scroll)
	_grid = Control.new()
	_grid.draw.connect(_draw_grid)
	_grid.gui_input.connect(_on_grid_input)
	scroll.add_child(_grid)
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


func _on_level_changed() -> void:
	_level = editor.level()
	_grid.custom_minimum_size = Vector2(int(_level["width"]), int(_level["height"])) * CELL
	queue.show_queue(editor.crate_queue(), _level.get("crate_queue") != null)
	_verdict_label.text = "verdict: measuring…"
	_grid.queue_redraw()


func _on_verdict(v: Dictionary) -> void:
	last_verdict = v
	_verdict_label.text = VerdictText.of(v)
	_grid.queue_redraw()
	verdict_arrived.emit(v)


func _cell_at(pos: Vector2) -> Vector2i:
	return Vector2i(int(pos.x) / CELL, int(pos.y) / CELL)


## The topmost part covering `cell` (its id), or 0.
func _part_at(cell: Vector2i, layer := -1) -> int:
	var best := 0
	var best_layer := -1
	for p in _level.get("parts", []):
		if layer >= 0 and int(p["layer"]) != layer:
			continue
		for c in p["rest"]:
			if int(c[0]) == cell.x and int(c[1]) == cell.y and int(p["layer"]) > best_layer:
				best = int(p["id"])
				best_layer = int(p["layer"])
	return best


func _screw_at(cell: Vector2i) -> int:
	for s in _level.get("screws", []):
		if int(s["cell"][0]) == cell.x and int(s["cell"][1]) == cell.y:
			return int(s["id"])
	return 0


func _on_grid_input(event: InputEvent) -> void:
	var mouse := event as InputEventMouseButton
	if mouse == null or not mouse.pressed or mouse.button_index != MOUSE_BUTTON_LEFT:
		return
	var cell := _cell_at(mouse.position)
	var at := [cell.x, cell.y]
	var layer := int(_layer.value)
	match tool:
		"part":
			if do_edit({"op": "add_part", "layer": layer, "cell": at}):
				current_part = _last_id("parts")
		"paint":
			if current_part == 0:
				select_tool("part")
				_on_grid_input(event)
				select_tool("paint")
			else:
				do_edit({"op": "paint", "part": current_part, "cell": at})
		"erase":
			var part := _part_at(cell, layer)
			if part != 0:
				do_edit({"op": "erase", "part": part, "cell": at})
		"screw":
			var host := _part_at(cell)
			if host != 0:
				do_edit({"op": "add_screw", "part": host, "cell": at, "color": int(_colour.value)})
				selected_screw = _last_id("screws")
		"hang":
			# Paints the selected screw's hang pose (the cells its part covers hanging from it).
			if selected_screw != 0:
				do_edit({"op": "toggle_hang", "screw": selected_screw, "cell": at})
		"select":
			selected_screw = _screw_at(cell)
			var part := _part_at(cell)
			if part != 0:
				current_part = part
			_grid.queue_redraw()
	accept_event()


func _last_id(key: String) -> int:
	var best := 0
	for item in _level.get(key, []):
		best = maxi(best, int(item["id"]))
	return best


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
	if selected_screw != 0:
		do_edit({"op": "delete_screw", "screw": selected_screw})
		selected_screw = 0
	elif current_part != 0:
		do_edit({"op": "delete_part", "part": current_part})
		current_part = 0


func _colour_of(index: int) -> Color:
	if index < _palette.size():
		var entry: Dictionary = _palette[index]
		return entry["bright"]
	return Color.from_hsv(index / 8.0, 0.7, 0.9)


func _draw_grid() -> void:
	if _level.is_empty():
		return
	var w := int(_level["width"])
	var h := int(_level["height"])
	_grid.draw_rect(Rect2(Vector2.ZERO, Vector2(w, h) * CELL), Color(0.1, 0.1, 0.12))
	var bad_parts: Array = last_verdict.get("error_parts", [])
	var parts: Array = _level["parts"].duplicate()
	parts.sort_custom(func(a, b): return int(a["layer"]) < int(b["layer"]))
	for p in parts:
		var shade: Color = LAYER_SHADES[clampi(int(p["layer"]), 0, 3)]
		if int(p["id"]) == current_part:
			shade = shade.lightened(0.2)
		for c in p["rest"]:
			var r := Rect2(Vector2(int(c[0]), int(c[1])) * CELL, Vector2(CELL, CELL)).grow(-2)
			_grid.draw_rect(r, shade)
			if bad_parts.has(int(p["id"])):
				_grid.draw_rect(r, Color.RED, false, 3.0)
	_draw_hang()
	for s in _level["screws"]:
		var centre := (Vector2(int(s["cell"][0]), int(s["cell"][1])) + Vector2(0.5, 0.5)) * CELL
		_grid.draw_circle(centre, CELL * 0.3, _colour_of(int(s["color"])))
		if s.get("kind", "normal") != "normal":
			_grid.draw_arc(centre, CELL * 0.34, 0, TAU, 24, Color.BLACK, 3.0)
		if s.get("hidden", false):
			_grid.draw_string(get_theme_default_font(), centre + Vector2(-5, 6), "?")
		if int(s["id"]) == selected_screw:
			_grid.draw_arc(centre, CELL * 0.42, 0, TAU, 24, Color.WHITE, 2.0)
		var ring := ring_colour(int(s["id"]))
		if ring.a > 0.0:
			_grid.draw_arc(centre, CELL * 0.46, 0, TAU, 24, ring, 3.0)
	for x in w + 1:
		_grid.draw_line(Vector2(x * CELL, 0), Vector2(x * CELL, h * CELL), Color(1, 1, 1, 0.08))
	for y in h + 1:
		_grid.draw_line(Vector2(0, y * CELL), Vector2(w * CELL, y * CELL), Color(1, 1, 1, 0.08))


## The selected screw's hang pose, outlined: where its part hangs while that screw alone holds it.
func _draw_hang() -> void:
	if selected_screw == 0:
		return
	for p in _level["parts"]:
		var pose = p.get("hang", {}).get(str(selected_screw))
		for c in pose if pose != null else []:
			var r := Rect2(Vector2(int(c[0]), int(c[1])) * CELL, Vector2(CELL, CELL)).grow(-6)
			_grid.draw_rect(r, Color(1.0, 0.85, 0.2), false, 2.0)
