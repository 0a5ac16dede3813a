class_name RefusalLine
extends PanelContainer
## One short line under the HUD's top band saying why a tap did nothing (a covered or locked screw,
## a bolt by finger, the wrench on a normal screw): the core names the message (a strings-table key,
## GameSim.play's `refusal`), this only shows it for a few seconds. It takes no touch: the board
## under it stays tappable. Its look is refusal_line.tscn; the HUD scene instances it.

## Seconds the line stays before it fades (a second refusal starts it again).
const SHOWN := 2.6
## Seconds of its fade (none with reduce motion: it just goes).
const FADE := 0.35

var _key := ""
var _tween: Tween = null

@onready var _text: Label = %Text


## Lays the line just under the top band (`top_px` from the viewport's top), between the HUD's
## side margins.
func place(top_px: float, left: float, right: float, gap: float) -> void:
	set_anchors_preset(Control.PRESET_TOP_WIDE)
	offset_left = left
	offset_right = -right
	offset_top = top_px + gap
	offset_bottom = offset_top


## Says `key` (a strings-table key; "" says nothing); `still`: reduce motion, no fade.
func say(key: String, still: bool) -> void:
	if key == "":
		return
	_key = key
	_text.text = key
	modulate.a = 1.0
	visible = true
	offset_bottom = offset_top
	_tween = TimedFade.start(self, _tween, self, "modulate:a", Vector2(SHOWN, FADE), still, clear)


func clear() -> void:
	if _tween != null:
		_tween.kill()
		_tween = null
	visible = false
	_key = ""


## The key it says now ("" when hidden): the tests read what the player reads.
func saying() -> String:
	return _key if visible else ""
