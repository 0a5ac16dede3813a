class_name HudMotions
extends RefCounted
## The HUD's part of a move's choreography, on the animator's Timeline: a full crate pops, a sealed
## one with none to follow leaves its place empty, the next crate slides in, the crates hop on a
## win, the rail shakes on a loss, the wrench button swings with a bolt's turns. Only scale, alpha
## and position move here; what a crate or place shows is the HUD's (BoardHud.hold_crate,
## show_result).

var motion: Motion

var _timeline: Timeline
var _hud: BoardHud


func _init(timeline: Timeline, hud: BoardHud) -> void:
	_timeline = timeline
	_hud = hud


## The crate that got its third screw closes with a pop.
func pop(slot: int, start: float, duration: float) -> void:
	var box: Control = _hud.crate_node(slot)
	if box == null:
		return
	_timeline.track(
		start,
		duration,
		1.0,
		func(t):
			box.pivot_offset = box.size * 0.5
			box.scale = Vector2.ONE * (1.0 + 0.18 * sin(t * PI))
	)
	_timeline.ending(_unscale.bind(box))


## A sealed crate with none to follow it: it fades out, then its empty place fades in.
func leave(slot: int, start: float, duration: float) -> void:
	var box: CrateBox = _hud.crate_node(slot)
	if box == null:
		return
	var empty := [false]
	_timeline.track(
		start,
		duration,
		1.0,
		func(t):
			if t >= 0.5 and not empty[0]:
				empty[0] = true
				_hud.empty_crate(slot)
			box.modulate.a = 1.0 - 2.0 * t if t < 0.5 else 0.45 * (2.0 * t - 1.0)
	)


## The next queued crate slides into `slot` from above.
func slide_in(slot: int, start: float, duration: float) -> void:
	var box: Control = _hud.crate_node(slot)
	if box == null:
		return
	var alpha := box.modulate.a
	_timeline.track(
		start,
		duration,
		motion.pull_curve,
		func(t):
			box.pivot_offset = Vector2(box.size.x * 0.5, 0.0)
			box.scale = Vector2(1.0, t)
			box.modulate.a = alpha * t
	)
	_timeline.ending(_unscale.bind(box))
	_timeline.ending(_alpha.bind(box, alpha))


## Reduce motion: the crate pulled into `slot` fades in.
func fade_in(slot: int, duration: float) -> void:
	var box: Control = _hud.crate_node(slot)
	if box == null:
		return
	var alpha := box.modulate.a
	_timeline.track(0.0, duration, 1.0, func(t): box.modulate.a = alpha * t)
	_timeline.ending(_alpha.bind(box, alpha))


## The crates hop one after another; returns when the last hop ends.
func celebrate(start: float) -> float:
	_timeline.cue(start, "win", motion.buzz_win)
	var slot := 0
	while _hud.crate_node(slot) != null:
		var box: Control = _hud.crate_node(slot)
		_timeline.track(
			start + slot * motion.celebrate_stagger,
			motion.celebrate,
			1.0,
			func(t):
				box.pivot_offset = box.size * 0.5
				box.scale = Vector2.ONE * (1.0 + 0.2 * absf(sin(t * PI * 2.0)) * (1.0 - t))
		)
		_timeline.ending(_unscale.bind(box))
		slot += 1
	return start + maxi(slot - 1, 0) * motion.celebrate_stagger + motion.celebrate


## The rail shakes: no place was left for the screw.
func shake_rail(start: float) -> void:
	_timeline.cue(start, "lose", motion.buzz_lose)
	var rail: Control = _hud.rail_node(-1)
	if rail == null:
		return
	var base := rail.position
	_timeline.track(
		start,
		motion.shake,
		1.0,
		func(t): rail.position.x = base.x + sin(t * TAU * 4.0) * motion.shake_px * (1.0 - t)
	)
	_timeline.ending(_place.bind(rail, base))


## The wrench button swings back and forth with the bolt's turns, dying out.
func kick_wrench(duration: float, turns: float) -> void:
	var button: Control = _hud.wrench_button()
	_timeline.track(
		0.0,
		duration,
		1.0,
		func(t):
			button.pivot_offset = button.size * 0.5
			button.rotation = sin(t * PI * turns) * motion.wrench_kick * (1.0 - t)
	)
	_timeline.ending(func(): button.rotation = 0.0)


func _unscale(box: Control) -> void:
	if is_instance_valid(box):
		box.scale = Vector2.ONE


func _alpha(box: Control, alpha: float) -> void:
	if is_instance_valid(box):
		box.modulate.a = alpha


func _place(control: Control, base: Vector2) -> void:
	if is_instance_valid(control):
		control.position = base
