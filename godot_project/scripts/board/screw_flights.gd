class_name ScrewFlights
extends RefCounted
## The screws' part of a move's choreography, on the animator's Timeline: a tapped screw spins out
## of its hole and flies on an arc to its crate or rail place, a rail screw flows into its crate, an
## undone screw flies back and screws in, a "?" screw flips to show its colour. Every flight ends
## with the screw where the board drew it (an ending per node).

var motion: Motion

var _timeline: Timeline
var _world: BoardWorld
var _hud: BoardHud
var _camera: Camera3D
var _sounds: BoardSounds


func _init(
	timeline: Timeline, world: BoardWorld, hud: BoardHud, camera: Camera3D, sounds: BoardSounds
) -> void:
	_timeline = timeline
	_world = world
	_hud = hud
	_camera = camera
	_sounds = sounds


## How long a screw (or under the wrench, a bolt) takes to come out of its hole at normal speed.
func unscrew_time(bolt: bool) -> float:
	return motion.bolt_unscrew if bolt else motion.unscrew


## The tapped screw (a SCREW_MOVED event): spin and rise out of its hole, then fly on an arc to its
## crate or rail place (behind which it disappears). Returns the landing time.
func moved(event: Dictionary, speed: float) -> float:
	var m := motion
	var node: Node3D = _world.screw_node(int(event["screw"]))
	if node == null:
		return 0.0
	var base := node.position
	var shown := node.visible
	_timeline.ending(rest.bind(node, base, shown))
	var dest: int = event["dest"]
	if dest == GameSim.PLACE_LOOSENED:
		# Half a turn and it sticks: the head stands raised (the board drew it so).
		_timeline.track(
			0.0, m.loosen / speed, m.loosen_curve, func(t): node.rotation.y = PI * (t - 1.0)
		)
		_sounds.play("rusty")
		App.buzz(m.buzz_unscrew)
		return m.loosen / speed
	if dest == GameSim.PLACE_LOST:
		# The screw that found no place: it pulses where it stands.
		_timeline.track(
			0.0,
			m.shake / speed,
			1.0,
			func(t): node.scale = Vector3.ONE * (1.0 + 0.35 * sin(t * PI * 3.0))
		)
		return 0.0
	var up := base + Vector3(0, _world.screw_height() * m.unscrew_rise, 0)
	var bolt: bool = event["bolt"]
	var out := unscrew_time(bolt) / speed
	var turns := m.bolt_turns if bolt else m.unscrew_turns
	node.visible = true
	_timeline.track(
		0.0,
		out,
		m.unscrew_curve,
		func(t):
			node.visible = true
			node.position = base.lerp(up, t)
			node.scale = Vector3.ONE * (1.0 + 0.25 * t)
			node.rotation.y = t * TAU * turns
	)
	var sound := sound_of(dest)
	_sounds.play("bolt" if bolt else "unscrew")
	App.buzz(m.buzz_unscrew)
	var target := hud_point(dest, int(event["index"]))
	var land := out + m.fly / speed
	_timeline.track(out, m.fly / speed, m.fly_curve, _arc(node, _value.bind(up), target, shown))
	_timeline.cue(land, sound, m.buzz_land)
	return land


## Undo (a SCREW_RETURNED event): from the crate or rail place back above the hole, then screwed in.
func returned(event: Dictionary, speed: float) -> void:
	var m := motion
	var node: Node3D = _world.screw_node(int(event["screw"]))
	var from: int = event["from"]
	if node == null or not (from in [GameSim.PLACE_CRATE, GameSim.PLACE_RAIL]):
		return
	var base := node.position
	var shown := node.visible
	var up := base + Vector3(0, _world.screw_height() * m.unscrew_rise, 0)
	_timeline.ending(rest.bind(node, base, shown))
	var source := hud_point(from, int(event["index"]))
	node.position = source.call()
	_timeline.track(0.0, m.fly / speed, m.fly_curve, _arc(node, source, _value.bind(up), true))
	_timeline.track(
		m.fly / speed,
		m.unscrew / speed,
		m.unscrew_curve,
		func(t):
			node.position = up.lerp(base, t)
			node.rotation.y = (1.0 - t) * TAU * m.unscrew_turns
	)
	_sounds.play("unscrew")


## A screw that is not on the board flying between two HUD places (a rail flow, or its undo);
## hidden again when it arrives. Returns the arrival time.
func fly_between(id: int, from: Callable, to: Callable, start: float, duration: float) -> float:
	var node: Node3D = _world.screw_node(id)
	if node == null:
		return start
	var base := node.position
	var shown := node.visible
	_timeline.ending(rest.bind(node, base, shown))
	_timeline.track(start, duration, motion.fly_curve, _arc(node, from, to, shown))
	return start + duration


## Hidden screws the move showed (SCREW_REVEALED events) turn over to show their colour.
func reveal(event: Dictionary, start: float) -> void:
	var node: Node3D = _world.screw_node(int(event["screw"]))
	if node == null:
		return
	_timeline.track(start, motion.reveal, 1.0, func(t): node.scale.x = absf(cos(t * PI)) + 0.001)
	# A screw revealed by its own tap flips in flight; its flight's ending puts it away (an ending
	# here, run later, would show it again where it stood).
	if not event["removed"]:
		_timeline.ending(rest.bind(node, node.position, node.visible))


## A Callable giving the world point in front of the HUD place (`place` GameSim.PLACE_CRATE or
## PLACE_RAIL, at `index`), at the board's depth, so a flight ends where the player sees the place.
func hud_point(place: int, index: int) -> Callable:
	return func() -> Vector3:
		var control: Control = (
			_hud.crate_node(index) if place == GameSim.PLACE_CRATE else _hud.rail_node(index)
		)
		var depth := _camera.global_position.distance_to(_world.global_position) * 0.8
		var screen := Vector2(_world.get_viewport().get_visible_rect().size) * Vector2(0.5, 0.0)
		if control != null:
			screen = control.get_global_rect().get_center()
		return _world.to_local(_camera.project_position(screen, depth))


## The sound of a screw landing at `place`.
static func sound_of(place: int) -> String:
	return "crate" if place == GameSim.PLACE_CRATE else "rail"


## Puts a screw back where the board drew it.
static func rest(node: Node3D, base: Vector3, shown: bool) -> void:
	if not is_instance_valid(node):
		return
	node.position = base
	node.rotation = Vector3.ZERO
	node.scale = Vector3.ONE
	node.visible = shown


## apply(t) moving `node` from from.call() to to.call() on an arc towards the camera; the HUD
## points are asked when the flight starts (the HUD lays its new rows out a frame after a redraw).
func _arc(node: Node3D, from: Callable, to: Callable, shown_at_end: bool) -> Callable:
	var ends := []
	return func(t: float) -> void:
		if ends.is_empty():
			ends.append_array([from.call(), to.call()])
		var a: Vector3 = ends[0]
		var b: Vector3 = ends[1]
		var lift := _camera.global_basis.z * a.distance_to(b) * motion.fly_arc * sin(t * PI)
		node.position = a.lerp(b, t) + lift
		node.scale = Vector3.ONE * lerpf(1.25, 0.9, t)
		node.visible = t < 1.0 or shown_at_end


func _value(value: Variant) -> Variant:
	return value
