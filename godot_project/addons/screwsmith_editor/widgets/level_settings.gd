@tool
extends GridContainer
## The level-wide settings: the level's number, the band it is made for, its machine, rail places,
## crate places, wrench charges and seed. Each field sends its edit (`set_number`, `set_band`, …)
## as soon as a value is typed or stepped; the LevelEditor checks it (a value out of range is
## refused in the designer's words) and the field shows the level again either way.

## An edit for the level (the host applies it, undoably; one field's run of typing is one step).
signal edit_requested(edit: Dictionary)
## Ctrl+Z (`redo` false) or Ctrl+Shift+Z / Ctrl+Y in a field: the host undoes or redoes.
signal history_key(redo: bool)

const NumberFields := preload("res://addons/screwsmith_editor/widgets/number_fields.gd")
## Field node → [the level's key, the edit's op, the edit's field].
const FIELDS := {
	"Number": ["number", "set_number", "number"],
	"Band": ["band", "set_band", "band"],
	"Machine": ["machine", "set_machine", "machine"],
	"Rail": ["rail_slots", "set_rail", "slots"],
	"Crates": ["crate_slots", "set_crate_slots", "slots"],
	"Wrench": ["wrench_charges", "set_wrench", "charges"],
	"Seed": ["seed", "set_seed", "seed"],
}

## The ops these fields send.
const OPS := [
	"set_number", "set_band", "set_machine", "set_rail", "set_crate_slots", "set_wrench", "set_seed"
]

var _showing := false


func _ready() -> void:
	for node_name in FIELDS:
		var spin: SpinBox = get_node("%" + node_name)
		NumberFields.own(spin, func(again): history_key.emit(again))
		spin.value_changed.connect(_on_value_changed.bind(node_name))


## Shows `level`'s settings (LevelEditor.level()) without sending anything.
func show_level(level: Dictionary) -> void:
	_showing = true
	for node_name in FIELDS:
		var spin: SpinBox = get_node("%" + node_name)
		var value := int(level.get(FIELDS[node_name][0], 0))
		if int(spin.value) != value:
			spin.set_value_no_signal(value)
		# A refused value typed in the field is replaced by the level's.
		if spin.get_line_edit().text != str(value):
			spin.get_line_edit().text = str(value)
	_showing = false


## The field of a setting: "Number", "Band", "Machine", "Rail", "Crates", "Wrench", "Seed".
func field(node_name: String) -> SpinBox:
	return get_node("%" + node_name)


func _on_value_changed(value: float, node_name: String) -> void:
	if _showing:
		return
	var spec: Array = FIELDS[node_name]
	edit_requested.emit({"op": spec[1], spec[2]: int(value)})
