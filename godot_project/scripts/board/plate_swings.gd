class_name PlateSwings
extends RefCounted
## The panels' part of a move's choreography, on the animator's Timeline: a PART_CHANGED event
## swings the panel about the screw it hangs from (the event names it), drops it off the board, or
## brings it back (undo). The board already draws the new pose: a stand-in ("ghost") of the old pose
## moves and fades into it, its materials lent by the FadePool.

var motion: Motion

var _timeline: Timeline
var _world: BoardWorld
var _pool: FadePool
var _root: Node3D
## Per part id: its stand-in while it swings or falls.
var _ghosts := {}


func _init(timeline: Timeline, world: BoardWorld, pool: FadePool) -> void:
	_timeline = timeline
	_world = world
	_pool = pool
	_root = Node3D.new()
	_world.add_child(_root)


## The stand-in of a panel while it swings or falls, or null.
func ghost(part_id: int) -> Node3D:
	var node: Node3D = _ghosts.get(part_id)
	return node if is_instance_valid(node) else null


## Frees every stand-in (the animation ended).
func clear() -> void:
	for node in _ghosts.values():
		if is_instance_valid(node):
			node.queue_free()
	_ghosts.clear()


## A panel that changed pose (a PART_CHANGED event): swings about the screw it keeps, falls, or
## drops back (undo), from `start`.
func changed(event: Dictionary, start: float, speed: float) -> void:
	var old: Dictionary = event["before"]
	var now: Dictionary = event["after"]
	var real: Node3D = _world.part_node(int(event["part"]))
	if now["pose"] == GameSim.POSE_FALLEN:
		_fall(ghost_of(old), start, motion.fall / speed)
		_timeline.cue(start, "fall", motion.buzz_fall)
		return
	if old["pose"] == GameSim.POSE_FALLEN:
		if real != null:
			var base := real.position
			_timeline.track(
				start,
				motion.fall / speed,
				1.0 / motion.fall_curve,
				func(t): real.position = base + Vector3(0, motion.fall_drop * (1.0 - t), 0)
			)
			_timeline.ending(_place.bind(real, base))
		return
	var pivot := _centre(old)
	if event["pivot"] != null:
		pivot = _world.cell_point(event["pivot"], int(old["layer"]))
	var shift := _centre(now) - _centre(old)
	var shade := ghost_of(old)
	_pool.fadeable(shade)
	if real != null:
		real.visible = false
		_timeline.ending(_show.bind(real, true))
	var settle := motion.swing_settle
	var wobble := motion.swing_wobble * (1.0 if shift.x >= 0.0 else -1.0)
	_timeline.track(
		start,
		motion.swing / speed,
		1.0,
		func(t):
			# Hanging poses are authored, not always a rigid turn: the plate travels to where it
			# hangs while it rocks about the screw it keeps, a damped pendulum ...
			var turn := Basis(Vector3.UP, wobble * sin(t * PI * 2.5) * (1.0 - t))
			var travel := shift * ease(t, motion.swing_curve)
			shade.transform = Transform3D(turn, pivot - turn * pivot + travel)
			# ... then hands over to the drawn pose by a fade.
			var hand := clampf((t - settle) / (1.0 - settle), 0.0, 1.0)
			_pool.set_alpha(shade, 1.0 - hand)
			if real != null:
				real.visible = hand > 0.0
	)


## Reduce motion: the panel's old pose fades out (a fallen one had none).
func fade_out(event: Dictionary, duration: float) -> void:
	var old: Dictionary = event["before"]
	if old["pose"] == GameSim.POSE_FALLEN:
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


func _centre(part: Dictionary) -> Vector3:
	var sum := Vector3.ZERO
	var cells := Array(part["cells"])
	for cell in cells:
		sum += _world.cell_point(cell, int(part["layer"]))
	return sum / maxf(1.0, cells.size())


func _place(node: Node3D, base: Vector3) -> void:
	if is_instance_valid(node):
		node.position = base


func _show(node: Node3D, shown: bool) -> void:
	if is_instance_valid(node):
		node.visible = shown
