@tool
extends VBoxContainer
## The level's crate queue, first crate first (LevelEditor.crate_queue(): the explicit order, or
## the one the seed shuffles). Drag a crate onto another place to move it there (one undoable
## `move_crate` edit, which makes the order explicit); "From seed" gives the order back to the seed.

signal edit_requested(edit: Dictionary)

const SIZE := 26

## Palette index -> Color (the view's palette).
var colour_of: Callable
var _row: HFlowContainer
var _label: Label


func _init() -> void:
	var head := HBoxContainer.new()
	add_child(head)
	_label = Label.new()
	head.add_child(_label)
	var from_seed := Button.new()
	from_seed.text = "From seed"
	from_seed.pressed.connect(func(): edit_requested.emit({"op": "set_queue", "queue": null}))
	head.add_child(from_seed)
	_row = HFlowContainer.new()
	add_child(_row)


## Shows `queue` (palette colours); `explicit`: the level sets its own order.
func show_queue(queue: PackedInt32Array, explicit: bool) -> void:
	_label.text = "crate queue: %s" % ("set" if explicit else "from seed")
	_label.tooltip_text = "Drag a crate onto another place to move it there"
	for old in _row.get_children():
		_row.remove_child(old)
		old.queue_free()
	for i in queue.size():
		var crate := ColorRect.new()
		crate.custom_minimum_size = Vector2(SIZE, SIZE)
		crate.color = colour_of.call(queue[i])
		crate.tooltip_text = "crate %d: colour %d" % [i + 1, queue[i]]
		crate.set_drag_forwarding(_drag.bind(i), _can_drop, _drop.bind(i))
		_row.add_child(crate)


## How many crates are shown.
func count() -> int:
	return _row.get_child_count()


## The colour crate `i` is drawn in.
func crate_colour(i: int) -> Color:
	return (_row.get_child(i) as ColorRect).color


## Where crate `i` is on the canvas (its centre), for input events.
func crate_centre(i: int) -> Vector2:
	return (_row.get_child(i) as Control).get_global_rect().get_center()


func _drag(_at: Vector2, i: int) -> Variant:
	var preview := ColorRect.new()
	preview.size = Vector2(SIZE, SIZE)
	preview.color = crate_colour(i)
	set_drag_preview(preview)
	return {"crate": i}


func _can_drop(_at: Vector2, data: Variant) -> bool:
	return data is Dictionary and data.has("crate")


func _drop(_at: Vector2, data: Variant, i: int) -> void:
	var from := int(data["crate"])
	if from != i:
		edit_requested.emit({"op": "move_crate", "from": from, "to": i})
