@tool
extends VBoxContainer
## The selection's properties: a screw's colour (the palette's swatches), kind and hidden flag, its
## lock (Pick key: the next click on the canvas picks the screw holding its key; Clear opens it) and
## its bomb's count (0: none); its part's layer and which of that part's screws have a hang pose;
## and the level's crate queue (queue_list.gd). With nothing selected the same controls choose what
## the screw tool places next (the lock and bomb fields need a screw). Every change goes out as the
## edit Dictionary the LevelEditor takes (`set_screw`, `set_lock`, `set_bomb`, `set_layer`, and the
## queue's `move_crate` / `set_queue`), never applied here; picking a key is asked of the host.

## An edit for the level (the host applies it, undoably).
signal edit_requested(edit: Dictionary)
## The colour, kind, hidden flag or layer the next placed screw / part gets.
signal colour_chosen(colour: int)
signal kind_chosen(kind: String)
signal hidden_chosen(on: bool)
signal layer_chosen(layer: int)
## Pick key pressed (`on`) for screw `screw`, or let up: the host puts the canvas in (or out of) its
## "pick key" mode.
signal pick_key_toggled(screw: int, on: bool)
## Ctrl+Z (`redo` false) or Ctrl+Shift+Z / Ctrl+Y in a number field: the host undoes or redoes the
## level's edits (the field's own text history would show a value the level no longer has).
signal history_key(redo: bool)

const KINDS := ["normal", "rusty", "bolt"]
const NumberFields := preload("res://addons/screwsmith_editor/widgets/number_fields.gd")
const SWATCH := 26

var palette: Array = []
## The screw and part shown (0: none).
var screw := 0
var part := 0
var _level: Dictionary = {}
var _group := ButtonGroup.new()
var _showing := false


func _ready() -> void:
	for spin in [%Bomb, %Layer]:
		NumberFields.own(spin, func(again): history_key.emit(again))


## The palette (ReadabilityAudit.palette(): `{bright, ...}` per colour) and the crate queue's
## colours; `swatches`: how many colours a level may use (LevelEditor.shipped_colours(), the first
## ones of the palette; every palette colour when negative).
func setup(level_palette: Array, swatches := -1) -> void:
	palette = level_palette
	%Queue.colour_of = colour_of
	for old in %Swatches.get_children():
		%Swatches.remove_child(old)
		old.queue_free()
	for i in swatches if swatches >= 0 else maxi(palette.size(), 8):
		var b := Button.new()
		b.toggle_mode = true
		b.button_group = _group
		b.focus_mode = Control.FOCUS_NONE
		b.custom_minimum_size = Vector2(SWATCH, SWATCH)
		b.tooltip_text = (
			"colour %d (%s)" % [i, palette[i]["name"]] if i < palette.size() else "colour %d" % i
		)
		b.set_meta("colour", i)
		var style := StyleBoxFlat.new()
		style.bg_color = colour_of(i)
		style.set_corner_radius_all(SWATCH / 2)
		var down := style.duplicate()
		down.border_color = Color.WHITE
		down.set_border_width_all(3)
		b.add_theme_stylebox_override("normal", style)
		b.add_theme_stylebox_override("hover", style)
		b.add_theme_stylebox_override("pressed", down)
		b.add_theme_stylebox_override("hover_pressed", down)
		b.pressed.connect(_on_swatch.bind(i))
		%Swatches.add_child(b)


## The bomb field's range (LevelEditor.bomb_limits(): `{max_moves, max_bombs}`).
func set_limits(limits: Dictionary) -> void:
	%Bomb.max_value = int(limits.get("max_moves", %Bomb.max_value))
	%Bomb.tooltip_text = (
		"A countdown bomb: the moves allowed while the screw is uncovered before it goes off"
		+ " (0: no bomb; at most %d in a level)" % int(limits.get("max_bombs", 0))
	)


## The key being picked ended (the canvas's pick_ended): the button comes back up.
func end_pick() -> void:
	%PickKey.set_pressed_no_signal(false)


## Shows the selection of `level` (`parts`, `screws`: ids; the first of each is shown).
func show_selection(level: Dictionary, parts: Array, screws: Array) -> void:
	_level = level
	screw = int(screws[0]) if not screws.is_empty() else 0
	var row := _screw_row(screw)
	part = (
		int(parts[0]) if not parts.is_empty() else (int(row["part"]) if not row.is_empty() else 0)
	)
	_showing = true
	if not row.is_empty():
		show_colour(int(row["color"]))
		%Kind.select(maxi(0, KINDS.find(str(row.get("kind", "normal")))))
		%Hidden.set_pressed_no_signal(bool(row.get("hidden", false)))
	var part_row := _part_row(part)
	if not part_row.is_empty():
		%Layer.set_value_no_signal(int(part_row["layer"]))
	# A value undone or refused is replaced by the level's, in the field being typed in too.
	for spin in [%Bomb, %Layer]:
		if spin.get_line_edit().text != str(int(spin.value)):
			spin.get_line_edit().text = str(int(spin.value))
	_show_marks(row)
	_showing = false
	%Title.text = _title(row, part_row)
	%Poses.text = _poses(part_row)
	%Layer.editable = part == 0 or not part_row.is_empty()


## Shows the crate queue (LevelEditor.crate_queue()); `explicit`: the level sets its own order.
func show_queue(queue: PackedInt32Array, explicit: bool) -> void:
	%Queue.show_queue(queue, explicit)


## The colour swatch `i` (palette order), for a test's click.
func swatch(i: int) -> Button:
	return %Swatches.get_child(i)


func chosen_colour() -> int:
	var b := _group.get_pressed_button()
	return int(b.get_meta("colour")) if b != null else 0


func queue_list() -> Node:
	return %Queue


func colour_of(index: int) -> Color:
	if index >= 0 and index < palette.size():
		return palette[index]["bright"]
	return Color.from_hsv(index / 8.0, 0.7, 0.9)


func pick_key_button() -> Button:
	return %PickKey


func clear_lock_button() -> Button:
	return %ClearLock


func bomb_field() -> SpinBox:
	return %Bomb


func lock_text() -> String:
	return %LockText.text


## The screw's lock (its key screw) and the screws it holds keys of, and its bomb's count.
func _show_marks(row: Dictionary) -> void:
	var on := not row.is_empty()
	%PickKey.disabled = not on
	%Bomb.editable = on
	var key = row.get("locked_by")
	%ClearLock.disabled = key == null
	var text := (
		"locked by screw %d" % int(key)
		if key != null
		else ("not locked" if on else "select a screw to lock it")
	)
	var locks: Array = []
	for s in _level.get("screws", []):
		if on and s.get("locked_by") != null and int(s["locked_by"]) == screw:
			locks.append(str(int(s["id"])))
	if not locks.is_empty():
		text += " · holds the key of %s" % ", ".join(locks)
	%LockText.text = text
	var moves = row.get("bomb")
	%Bomb.set_value_no_signal(int(moves) if moves != null else 0)
	%BombText.text = "moves" if moves != null else "off"


## Exactly one swatch down: `colour`'s (a group's set_pressed_no_signal leaves the others down).
func show_colour(colour: int) -> void:
	for b in %Swatches.get_children():
		(b as Button).set_pressed_no_signal(int(b.get_meta("colour")) == colour)


func _screw_row(id: int) -> Dictionary:
	for s in _level.get("screws", []):
		if int(s["id"]) == id:
			return s
	return {}


func _part_row(id: int) -> Dictionary:
	for p in _level.get("parts", []):
		if int(p["id"]) == id:
			return p
	return {}


func _title(row: Dictionary, part_row: Dictionary) -> String:
	if not row.is_empty():
		return "Screw %d · part %d" % [screw, int(row["part"])]
	if not part_row.is_empty():
		return "Part %d · %d cells" % [part, part_row["rest"].size()]
	return "The next screw (nothing selected):"


## Which screws of the part have a hang pose, and which have none.
func _poses(part_row: Dictionary) -> String:
	if part_row.is_empty():
		return ""
	var hang: Dictionary = part_row.get("hang", {})
	var own: Array = []
	for s in _level.get("screws", []):
		if int(s["part"]) == part:
			own.append(int(s["id"]))
	var posed := own.filter(func(id): return hang.has(str(id)))
	var bare := own.filter(func(id): return not hang.has(str(id)))
	if own.is_empty():
		return "hang poses: the part has no screws"
	var text := "hang poses: %d of %d screws" % [posed.size(), own.size()]
	if not bare.is_empty():
		text += " · none for %s" % ", ".join(bare.map(func(id): return str(id)))
	return text


func _on_swatch(colour: int) -> void:
	colour_chosen.emit(colour)
	if screw != 0 and not _showing:
		edit_requested.emit({"op": "set_screw", "screw": screw, "color": colour})


func _on_kind_item_selected(index: int) -> void:
	kind_chosen.emit(KINDS[index])
	if screw != 0 and not _showing:
		edit_requested.emit({"op": "set_screw", "screw": screw, "kind": KINDS[index]})


func _on_hidden_toggled(on: bool) -> void:
	hidden_chosen.emit(on)
	if screw != 0 and not _showing:
		edit_requested.emit({"op": "set_screw", "screw": screw, "hidden": on})


func _on_layer_value_changed(value: float) -> void:
	layer_chosen.emit(int(value))
	if part != 0 and not _showing:
		edit_requested.emit({"op": "set_layer", "part": part, "layer": int(value)})


func _on_pick_key_toggled(on: bool) -> void:
	if screw == 0:
		%PickKey.set_pressed_no_signal(false)
		return
	pick_key_toggled.emit(screw, on)


func _on_clear_lock_pressed() -> void:
	if screw != 0:
		edit_requested.emit({"op": "set_lock", "screw": screw, "key": null})


func _on_bomb_value_changed(value: float) -> void:
	if screw != 0 and not _showing:
		var moves = int(value) if value >= 1.0 else null
		edit_requested.emit({"op": "set_bomb", "screw": screw, "moves": moves})


func _on_queue_edit_requested(edit: Dictionary) -> void:
	edit_requested.emit(edit)
