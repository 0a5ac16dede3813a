class_name HintBanner
extends PanelContainer
## The hint's answer when it is not a screw to tap, over the bottom of the board: the
## board can no longer be won (with Rewind), the board was rewound (the marked screw lost it), or no
## hint was found in time. Only its Rewind button takes touches: the screws under it stay tappable.

signal rewind_pressed

const BACK := Color(0.1, 0.11, 0.15, 0.94)
const RIM := Color(0.98, 0.62, 0.16)

var _text := Label.new()
var _rewind := Button.new()


func _init() -> void:
	name = "HintBanner"
	visible = false
	mouse_filter = Control.MOUSE_FILTER_IGNORE
	var style := StyleBoxFlat.new()
	style.bg_color = BACK
	style.border_color = RIM
	style.set_border_width_all(3)
	style.set_corner_radius_all(18)
	style.set_content_margin_all(16)
	add_theme_stylebox_override("panel", style)
	var box := HBoxContainer.new()
	box.name = "Box"
	box.mouse_filter = Control.MOUSE_FILTER_IGNORE
	box.add_theme_constant_override("separation", 16)
	add_child(box)
	_text.name = "Text"
	_text.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	_text.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	_text.vertical_alignment = VERTICAL_ALIGNMENT_CENTER
	_text.mouse_filter = Control.MOUSE_FILTER_IGNORE
	box.add_child(_text)
	_rewind.name = "Rewind"
	_rewind.text = "BOARD_HINT_REWIND"
	_rewind.theme_type_variation = &"AccentButton"
	_rewind.pressed.connect(rewind_pressed.emit)
	box.add_child(_rewind)


## Lays the banner above the rail band (`bottom_px` from the viewport's bottom), between the HUD's
## side margins, its Rewind button a tool's height (`button` px: a 48-dp target).
func place(bottom_px: float, left: float, right: float, button: float) -> void:
	set_anchors_preset(Control.PRESET_BOTTOM_WIDE)
	offset_left = left
	offset_right = -right
	offset_bottom = -bottom_px - float(HudArt.layout()["banner_gap"])
	offset_top = offset_bottom
	_rewind.custom_minimum_size = Vector2(button * 1.6, button)
	grow_vertical = Control.GROW_DIRECTION_BEGIN


## Says `key` (a strings-table key); `rewind` offers the Rewind button.
func say(key: String, rewind: bool) -> void:
	_text.text = key
	_rewind.visible = rewind
	visible = true
	# Its width is the band's; its height follows the text, growing up from its bottom edge.
	offset_top = offset_bottom


func clear() -> void:
	visible = false


## The key it says now ("" when hidden): the tests read what the player reads.
func saying() -> String:
	return _text.text if visible else ""
