class_name RailWarning
extends RefCounted
## The rail's nearly-full warning: when the core says one place is left
## (`rail_nearly_full` in a move's result), the tray turns amber and its rim pulses; with reduce
## motion the tray stays amber with a thick rim that does not move. It only draws what it is told.

const AMBER := Color(0.98, 0.62, 0.16)
## Seconds of one pulse (bright and back).
const PULSE := 0.9
## Pulses before the rim rests bright (a still screen then draws nothing; the amber stays).
const PULSES := 4

var on := false
## Drawn without motion (reduce motion): a steady amber tray and a thick rim.
var still := false
var _row: Control
var _glow := 0.0
var _tween: Tween = null


func attach(row: Control) -> void:
	_row = row


## Shows the warning while `nearly_full`; `still_now` draws it without motion.
func show_warning(nearly_full: bool, still_now: bool) -> void:
	if nearly_full == on and still_now == still:
		return
	on = nearly_full
	still = still_now
	if _tween != null:
		_tween.kill()
		_tween = null
	_glow = 1.0
	if on and not still:
		_tween = _row.create_tween().set_loops(PULSES)
		_tween.tween_method(_set_glow, 1.0, 0.2, PULSE * 0.5)
		_tween.tween_method(_set_glow, 0.2, 1.0, PULSE * 0.5)
	_row.queue_redraw()


## The tray's fill: amber-tinted while warning.
func tint(tray: Color) -> Color:
	return tray.lerp(AMBER, 0.18 + 0.12 * _glow) if on else tray


## The tray's rim: amber, brightening with the pulse.
func rim(normal: Color) -> Color:
	return AMBER.lerp(Color.WHITE, 0.35 * _glow) if on else normal


func rim_width(normal: int) -> int:
	if not on:
		return normal
	return 6 if still else int(round(4.0 + 3.0 * _glow))


func _set_glow(value: float) -> void:
	_glow = value
	_row.queue_redraw()
