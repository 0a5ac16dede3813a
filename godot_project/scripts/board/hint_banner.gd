class_name HintBanner
extends PanelContainer
## The hint's answer when it is not a screw to tap, over the bottom of the board: the
## board can no longer be won (with Rewind), the board was rewound (the marked screw lost it), or no
## hint was found in time. Only its Rewind button takes touches: the screws under it stay tappable.
## Its look is hint_banner.tscn; the HUD scene instances it.

signal rewind_pressed

@onready var _text: Label = %Text
@onready var _rewind: Button = %Rewind


## Its Rewind button (connected in hint_banner.tscn).
func _on_rewind_pressed() -> void:
	rewind_pressed.emit()


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
