class_name PlateSwings
extends RefCounted
## The panels' part of a move's choreography, on the animator's Timeline. A PART_CHANGED event turns
## the panel's own plate (the board's PlateNode, its rest mesh) about the screw it hangs from, from
## the quarter turn it stood at to the one the core now names: eased, rocking once past it and
## settling, like a pendulum. It never changes shape. Undo turns it back the same way. A panel with
## no screw left drops off the board: a stand-in carrying the very plate mesh it showed falls and
## fades (its materials lent by the FadePool); undo lifts the plate back in. A stored hanging pose
## that is no turn of the rest shape (a hand-made board's) is drawn where it hangs at once, as is
## every turn with reduce motion on (a fall then only fades).

var motion: Motion

var _timeline: Timeline
var _world: BoardWorld
var _pool: FadePool
var _root: Node3D
## Per part id: its stand-in while it falls.
var _ghosts := {}


func _init(timeline: Timeline, world: BoardWorld, pool: FadePool) -> void:
	_timeline = timeline
	_world = world
	_pool = pool
	_root = Node3D.new()
	_world.add_child(_root)


## The stand-in of a panel while it falls, or null.
func ghost(part_id: int) -> Node3D:
	var node: Node3D = _ghosts.get(part_id)
	return node if is_instance_valid(node) else null


## Frees every stand-in (the animation ended).
func clear() -> void:
	for node in _ghosts.values():
		if is_instance_valid(node):
			node.queue_free()
	_ghosts.clear()


## A panel that changed pose (a PART_CHANGED event): turns about the screw it keeps, falls, or
## drops back (undo), from `start`.
func changed(event: Dictionary, start: float, speed: float) -> void:
	var old: Dictionary = event["before"]
	var now: Dictionary = event["after"]
	var real: PlateNode = _world.part_node(int(event["part"]))
	if now["pose"] == GameSim.POSE_FALLEN:
		_fall(ghost_of(old), start, motion.fall / speed)
		_timeline.cue(start, "fall", motion.buzz_fall)
		return
	if real == null:
		return
	if old["pose"] == GameSim.POSE_FALLEN:
		var base := real.position
		_timeline.track(
			start,
			motion.fall / speed,
			1.0 / motion.fall_curve,
			func(t): real.position = base + Vector3(0, motion.fall_drop * (1.0 - t), 0)
		)
		_timeline.ending(_place.bind(real, base))
		return
	if BoardWorld.turned(old) and BoardWorld.turned(now) and event["pivot"] != null:
		_swing(real, old, now, event["pivot"], start, motion.swing / speed)


## The plate turns from `old`'s quarter turn to `now`'s about `pivot` (a cell): the short way, a
## half turn the way its weight pulls it (clockwise when it lies right of the screw).
func _swing(
	real: PlateNode, old: Dictionary, now: Dictionary, pivot: Vector2i, start: float, time: float
) -> void:
	var centre := _world.cell_point(pivot, int(old["layer"]))
	real.set_pivot(centre)
	var from := BoardWorld.turn_angle(old)
	var sweep := sweep_of(from, BoardWorld.turn_angle(now), _centre(old).x - centre.x)
	var rock := motion.swing_wobble * signf(sweep)
	real.turn(from)
	_timeline.track(
		start,
		time,
		1.0,
		func(t):
			# Eased into the new turn, past it and back once (a damped pendulum), riding a hair
			# above its layer so it never cuts through the plates beside it.
			var past: float = rock * sin(t * PI * 2.0) * (1.0 - t) * t * 4.0
			real.turn(from + sweep * ease(t, motion.swing_curve) + past, _lift(t))
	)
	_timeline.ending(real.turn.bind(from + sweep, _world.rest_lift(now)))


## The signed angle (radians) a plate turns through from `from` to `to`: the shorter way; a half
## turn clockwise (negative) when the plate's centre lies `right` > 0 of its screw, else
## anticlockwise.
static func sweep_of(from: float, to: float, right: float) -> float:
	var sweep := wrapf(to - from, -PI, PI)
	if absf(absf(sweep) - PI) < 0.01:
		return -PI if right > 0.0 else PI
	return sweep


## Reduce motion: nothing turns (the board already draws every plate where it now is); a panel that
## left the board fades out where it stood.
func fade_out(event: Dictionary, duration: float) -> void:
	var old: Dictionary = event["before"]
	if event["after"]["pose"] != GameSim.POSE_FALLEN or old["pose"] == GameSim.POSE_FALLEN:
		return
	var shade := ghost_of(old)
	_pool.fadeable(shade)
	_timeline.track(0.0, duration, 1.0, func(t): _pool.set_alpha(shade, 1.0 - t))


## The part's plate as it stood before (the board draws only where it is now), under a holder
## the animation moves (the plate keeps its own layer height).
func ghost_of(part: Dictionary) -> Node3D:
	var holder := Node3D.new()
	holder.add_child(_world.part_ghost(part))
	_root.add_child(holder)
	_ghosts[int(part["id"])] = holder
	return holder


func _fall(shade: Node3D, start: float, duration: float) -> void:
	_pool.fadeable(shade)
	_timeline.track(
		start,
		duration,
		motion.fall_curve,
		func(t):
			shade.position = Vector3(0, -motion.fall_drop * t, motion.fall_drop * 0.4 * t)
			shade.rotation.x = 0.5 * t
			_pool.set_alpha(shade, 1.0 - t)
	)


## How high above its layer a swinging plate rides at `t`.
func _lift(t: float) -> float:
	return motion.swing_lift * sin(t * PI)


func _centre(part: Dictionary) -> Vector3:
	var sum := Vector3.ZERO
	var cells := Array(part["cells"])
	for cell in cells:
		sum += _world.cell_point(cell, int(part["layer"]))
	return sum / maxf(1.0, cells.size())


func _place(node: Node3D, base: Vector3) -> void:
	if is_instance_valid(node):
		node.position = base
