class_name RailWarning
extends RefCounted
## The rail's warning, as the core decides it (`rail_state` of a move's result: "safe", "one_free"
## or "full"): one free place turns the tray amber, a full rail red with a thicker rim, the
## strongest warning. While warning the rim pulses a few times, then rests bright; with reduce
## motion it is steady at its full width. The looks are the core's (ReadabilityAudit.rail_looks(),
## audited apart for every colour vision); this only draws what it is told.

## Seconds of one pulse (bright and back).
const PULSE := 0.9
## Pulses before the rim rests bright (a still screen then draws nothing; the colour stays).
const PULSES := 4

## "safe", "one_free" or "full": what the tray shows now.
var state := "safe"
## Warning (one free place or full).
var on := false
## Drawn without motion (reduce motion): the warning's tray and rim steady at full width.
var still := false
var _row: Control
var _looks := {}
var _glow := 0.0
var _tween: Tween = null


## `looks`: ReadabilityAudit.rail_looks() (empty without the extension: the tray keeps its colours).
func attach(row: Control, looks: Dictionary) -> void:
	_row = row
	_looks = looks


## Shows the tray for `rail_state`; `still_now` draws it without motion.
func show_warning(rail_state: String, still_now: bool) -> void:
	if rail_state == state and still_now == still:
		return
	state = rail_state if _looks.has(rail_state) else "safe"
	on = state != "safe"
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


## The tray's fill.
func tint(tray: Color) -> Color:
	return _look()["tray"] if on else tray


## The tray's rim, brightening with the pulse.
func rim(normal: Color) -> Color:
	return (_look()["rim"] as Color).lerp(Color.WHITE, 0.25 * _glow) if on else normal


func rim_width(normal: int) -> int:
	if not on:
		return normal
	var full := int(_look()["rim_width"])
	return full if still else int(round(lerpf(full * 0.6, full, _glow)))


func _look() -> Dictionary:
	return _looks[state]


func _set_glow(value: float) -> void:
	_glow = value
	_row.queue_redraw()
