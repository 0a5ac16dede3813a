class_name BoardAnimator
extends Node
## Plays what GameSim says a move (or an undo) did, in the order it said it: the only source of
## "what moves where" is the event list (screw_moved, crate_sealed, crate_pulled, rail_flowed,
## part_changed, level_won/lost; undone, screw_returned, flow_returned), collected until
## state_changed. By then the board and HUD already show the new state (the core is the truth):
## the animation only carries nodes from where they were to where they now are. finish() jumps
## every running animation to its end, so a tap is never held back by one.
##
## Timeline, not Tweens: each track is (start, duration, curve, apply(t)) on one clock, so
## finish() is exact, the engine tests can advance the clock by a known delta and sample the scene,
## and a frame costs one loop over the few running tracks.

const MOTION: Motion = preload("res://scripts/board/motion.tres")
## A place shows its screw this much before the flight ends (the flying screw hides at the end):
## never a frame with the screw in neither place.
const LAND_EARLY := 0.002
## Spare fading copies of each plate material kept ready (two panels may swing or fall at once).
const PLATE_SPARES := 2

## Set false to drive the clock by advance() only (the engine tests sample fixed times).
var auto_play := true
## Moves and undos whose animation was set up so far (the benchmark tells tap frames by it).
var moves_played := 0
var motion: Motion = MOTION

var _sim = null
var _world: BoardWorld
var _hud: BoardHud
var _camera: Camera3D
var _sounds: BoardSounds
var _events: Array = []
var _tracks: Array = []
## Callables that put every node the tracks touched into the state the board drew.
var _endings: Array[Callable] = []
var _clock := 0.0
var _ghosts := {}
var _cues: Array = []
## Alpha-blended copies of shared materials: spare ones per original, and those in use.
var _fade_pool := {}
var _lent: Array = []
var _ghost_root: Node3D
## The parts and screws as the last state_changed left them: a move's events say what changed,
## these say where it was before.
var _parts := {}
var _screws := {}
## The part and screw rows the move changed (GameSim.parts_since/screws_since the revision this
## animator last saw): only those are fetched, and a move's events only concern those.
var _revision := 0
var _now_parts: Array = []
var _now_screws: Array = []
## The HUD's rows as the last state_changed left them (GameSim.crates(), queue_preview(),
## rail_colors()): the HUD shows them when a move's animation ends, and until a flying screw lands
## it shows the rows from before the move.
var _crates: Array = []
var _queue: Array = []
var _rail: Array = []
var _patterns := false
## Actions that wait for the coming move's animation to end (after_move), e.g. the result panel.
var _after: Array[Callable] = []


## Listens to `sim`; connect after the board's own redraw so the new state is drawn first. Draws
## the HUD's crates, queue and rail from now on (`patterns`: colour-blind marks).
func attach(sim, world: BoardWorld, hud: BoardHud, camera: Camera3D, patterns := false) -> void:
	_sim = sim
	_world = world
	_hud = hud
	_camera = camera
	_patterns = patterns
	_fetch_rows()
	_show_rows()
	_sounds = BoardSounds.shared(get_tree())
	_ghost_root = Node3D.new()
	_world.add_child(_ghost_root)
	sim.screw_moved.connect(func(id, dest, index): _events.append(["moved", id, dest, index]))
	sim.rail_flowed.connect(func(id, place, slot): _events.append(["flowed", id, place, slot]))
	sim.crate_sealed.connect(func(slot, _id): _events.append(["sealed", slot]))
	sim.crate_pulled.connect(func(slot, _id, colour): _events.append(["pulled", slot, colour]))
	sim.part_changed.connect(func(part, pose): _events.append(["part", part, pose]))
	sim.level_won.connect(func(): _events.append(["won"]))
	sim.level_lost.connect(func(): _events.append(["lost"]))
	sim.undone.connect(func(id): _events.append(["undone", id]))
	sim.screw_returned.connect(func(id, from, index): _events.append(["returned", id, from, index]))
	sim.flow_returned.connect(func(id, slot, place): _events.append(["unflowed", id, slot, place]))
	sim.state_changed.connect(_play)
	_remember()


## Whether an animation is still running.
func busy() -> bool:
	return not _tracks.is_empty()


## Runs `action` once the animation of the move being made ends, `motion.result_pause` later
## (at once if a tap fast-forwards it, or if the move plays no animation), then plays the result
## panel's entrance (BoardHud.result_entrance). Call it from a handler of
## one of the move's own signals (level_won, level_lost): state_changed, which starts the
## animation, comes last.
func after_move(action: Callable) -> void:
	_after.append(action)


## Seconds left until the running animation ends.
func remaining() -> float:
	var end := 0.0
	for track in _tracks:
		end = maxf(end, track["start"] + track["duration"])
	return maxf(0.0, end - _clock)


## The stand-in of a panel while it swings or falls, or null.
func ghost(part_id: int) -> Node3D:
	var node: Node3D = _ghosts.get(part_id)
	return node if is_instance_valid(node) else null


## Jumps every running animation to its end: nodes stand where the board drew them.
func finish() -> void:
	for track in _tracks:
		track["apply"].call(1.0)
	_tracks.clear()
	_cues.clear()
	for ending in _endings:
		ending.call()
	_endings.clear()
	for node in _ghosts.values():
		if is_instance_valid(node):
			node.queue_free()
	_ghosts.clear()
	# Nothing uses a lent copy any more: the endings put the originals back, the ghosts are gone.
	for loan in _lent:
		var spare: Array = _fade_pool.get(loan[0], [])
		spare.append(loan[1])
		_fade_pool[loan[0]] = spare
	_lent.clear()
	_clock = 0.0


## Moves the clock by `delta` seconds and applies every track at the new time.
func advance(delta: float) -> void:
	if _tracks.is_empty():
		return
	_clock += delta
	while not _cues.is_empty() and _cues[0]["at"] <= _clock:
		var cue: Dictionary = _cues.pop_front()
		_sounds.play(cue["sound"])
		App.buzz(cue["buzz"])
	var running: Array = []
	for track in _tracks:
		var t: float = (_clock - track["start"]) / maxf(track["duration"], 0.0001)
		if t < 0.0:
			running.append(track)
			continue
		track["apply"].call(ease(clampf(t, 0.0, 1.0), track["curve"]))
		if t < 1.0:
			running.append(track)
	_tracks = running
	if _tracks.is_empty():
		finish()


func _process(delta: float) -> void:
	if auto_play:
		advance(delta)
	if _tracks.is_empty():
		_stock_fade_pool()


## A refused tap: the screw shakes its head, a dull buzz.
func refuse(screw_id: int) -> void:
	_sounds.play("invalid")
	App.buzz(motion.buzz_invalid)
	var node: Node3D = _world.screw_node(screw_id)
	if node == null or _reduced():
		return
	finish()
	var base := node.position
	_track(
		0.0,
		motion.shake,
		1.0,
		func(t): node.position.x = base.x + sin(t * TAU * 3.0) * 0.06 * (1.0 - t)
	)
	_endings.append(_place.bind(node, base))


func _reduced() -> bool:
	return App.setting("reduce_motion") == true


func _track(start: float, duration: float, curve: float, apply: Callable) -> void:
	_tracks.append({"start": start, "duration": duration, "curve": curve, "apply": apply})


## At `time` on the clock, once: a sound and a buzz (skipped when a tap fast-forwards past it).
func _cue(time: float, sound: String, buzz_ms: int) -> void:
	_cues.append({"at": time, "sound": sound, "buzz": buzz_ms})


func _play() -> void:
	var events := _events
	_events = []
	# The last move's animation ends: the HUD shows the rows from before this move.
	finish()
	var before := [_crates, _rail]
	_fetch_rows()
	var after := _after
	_after = []
	if events.is_empty() or not is_inside_tree():
		_show_rows()
		_remember()
		for action in after:
			action.call()
		return
	moves_played += 1
	_fetch()
	var undo: bool = events[0][0] == "undone"
	var speed := motion.undo_speed if undo else 1.0
	# The HUD ends in the new rows; a screw flying into it changes them when it lands (below).
	_endings.append(_show_rows)
	if _reduced() or undo:
		_show_rows()
	if _reduced():
		_fade_all(events, speed)
	else:
		_move_all(events, speed, before if not undo else [])
	var end := remaining() + motion.result_pause / speed
	for action in after:
		_at(end, action)
	if not after.is_empty():
		_hud.result_entrance(0.0)
		_track(end, motion.panel_in, motion.panel_in_curve, _hud.result_entrance)
	_cues.sort_custom(func(a, b): return a["at"] < b["at"])
	_remember()


func _fetch_rows() -> void:
	_crates = _sim.crates()
	_queue = Array(_sim.queue_preview())
	_rail = Array(_sim.rail_colors())


func _show_rows() -> void:
	_hud.show_rows(_crates, _queue, _rail, _patterns)


## Runs `action` once when the clock reaches `time` (at once if a tap fast-forwards past it).
func _at(time: float, action: Callable) -> void:
	_track(time, 0.0, 1.0, func(_t): action.call())


## The full animation: each event starts where the one it follows from ends. `before` holds the
## HUD's crates and rail from before a move ([] for an undo): the HUD keeps showing them, and each
## crate and rail place changes when a screw reaches or leaves it (a crate shows its third screw,
## closes, then the next slides in; rail screws leave their places as they flow).
func _move_all(events: Array, speed: float, before: Array) -> void:
	var m := motion
	# Panels start to move and "?" flip when the tapped screw is out of its hole.
	var out_time := m.unscrew / speed
	for event in events:
		if event[0] == "moved":
			out_time = _unscrew_time(event[1]) / speed
			break
	var landed := out_time
	var cascade := 0.0
	var slide_in := 0.0
	var flows := 0
	# A winning move's last crates stay, full, through the celebration, and leave after it.
	var wins := events.any(func(e): return e[0] == "won")
	var leaving: Array[int] = []
	# What each crate slot shows as the move plays: [colour, fill].
	var shown := {}
	if not before.is_empty():
		for row in before[0]:
			shown[int(row["slot"])] = [int(row["color"]), int(row["fill"])]
	for k in events.size():
		var event: Array = events[k]
		match event[0]:
			"moved":
				landed = _screw_moved(event[1], event[2], event[3], speed)
				cascade = landed
				if event[2] == "crate" and shown.has(event[3]):
					_land_in_crate(shown, event[3], landed)
				elif event[2] == "rail" and not before.is_empty():
					_at(landed - LAND_EARLY, _hud.hold_rail.bind(event[3], _colour_on_rail(event[3])))
			"sealed":
				_crate_pop(event[1], cascade, m.seal / speed)
				_cue(cascade, "seal", m.buzz_seal)
				cascade += m.seal / speed
				if not _pulled_later(events, k, event[1]) and shown.has(event[1]):
					# No crate left to pull: the sealed one leaves an empty place.
					if wins:
						leaving.append(event[1])
					else:
						_crate_leave(event[1], cascade, m.pull / speed)
						cascade += m.pull / speed
			"pulled":
				if shown.has(event[1]):
					shown[event[1]] = [int(event[2]), 0]
					_at(cascade, _hud.hold_crate.bind(event[1], int(event[2]), 0))
					_at(cascade, _hud.show_queue.bind(_queue))
				_crate_slide_in(event[1], cascade, m.pull / speed)
				slide_in = cascade
				cascade += m.pull / speed
				flows = 0
			"flowed":
				var start := slide_in + (m.pull + flows * m.flow_stagger) / speed
				flows += 1
				var end := _fly_between(
					event[1],
					_hud_point("rail", event[2]),
					_hud_point("crate", event[3]),
					start,
					m.flow / speed
				)
				if not before.is_empty():
					_at(start, _hud.hold_rail.bind(event[2], -1))
				if shown.has(event[3]):
					_land_in_crate(shown, event[3], end)
				_cue(end, "crate", m.buzz_land)
				cascade = maxf(cascade, end)
			"part":
				_part_changed(event[1], event[2], out_time, speed)
			"won":
				var end := _celebrate(maxf(cascade, landed))
				for slot in leaving:
					_crate_leave(slot, end, m.pull / speed)
			"lost":
				_shake_rail(landed)
			"returned":
				_screw_returned(event[1], event[2], event[3], speed)
			"unflowed":
				var start := flows * m.flow_stagger / speed
				flows += 1
				_fly_between(
					event[1],
					_hud_point("crate", event[2]),
					_hud_point("rail", event[3]),
					start,
					m.flow / speed
				)
	_reveals(out_time)


## A screw lands in crate `slot` at `time`: from then on the crate shows one screw more.
func _land_in_crate(shown: Dictionary, slot: int, time: float) -> void:
	shown[slot] = [shown[slot][0], shown[slot][1] + 1]
	_at(time - LAND_EARLY, _hud.hold_crate.bind(slot, shown[slot][0], shown[slot][1]))


## The colour of the screw that now parks at rail `place` (the rail after the move).
func _colour_on_rail(place: int) -> int:
	return int(_rail[place]) if place >= 0 and place < _rail.size() else -1


## The tapped screw: spin and rise out of its hole, then fly on an arc to its crate or rail place
## (behind which it disappears). Returns the landing time.
func _screw_moved(id: int, dest: String, index: int, speed: float) -> float:
	var m := motion
	var node: Node3D = _world.screw_node(id)
	if node == null:
		return 0.0
	var base := node.position
	var shown := node.visible
	_endings.append(_rest.bind(node, base, shown))
	if dest == "loosened":
		# Half a turn and it sticks: the head stands raised (the board drew it so).
		_track(0.0, m.loosen / speed, m.loosen_curve, func(t): node.rotation.y = PI * (t - 1.0))
		_sounds.play("rusty")
		App.buzz(m.buzz_unscrew)
		return m.loosen / speed
	if dest == "lost":
		# The screw that found no place: it pulses where it stands.
		_track(
			0.0,
			m.shake / speed,
			1.0,
			func(t): node.scale = Vector3.ONE * (1.0 + 0.35 * sin(t * PI * 3.0))
		)
		return 0.0
	var up := base + Vector3(0, _world.screw_height() * m.unscrew_rise, 0)
	var bolt := _is_bolt(id)
	var out := _unscrew_time(id) / speed
	var turns := m.bolt_turns if bolt else m.unscrew_turns
	node.visible = true
	_track(
		0.0,
		out,
		m.unscrew_curve,
		func(t):
			node.visible = true
			node.position = base.lerp(up, t)
			node.scale = Vector3.ONE * (1.0 + 0.25 * t)
			node.rotation.y = t * TAU * turns
	)
	if bolt:
		_kick_wrench(out, turns)
	_sounds.play("bolt" if bolt else "unscrew")
	App.buzz(m.buzz_unscrew)
	var target := _hud_point(dest, index)
	var land := out + m.fly / speed
	_track(out, m.fly / speed, m.fly_curve, _arc(node, _value.bind(up), target, shown))
	_cue(land, dest, m.buzz_land)
	return land


## Whether screw `id` was a bolt (the wrench's screw) before the move.
func _is_bolt(id: int) -> bool:
	return _screws.get(id, {}).get("kind", "") == "bolt"


## How long screw `id` takes to come out of its hole at normal speed.
func _unscrew_time(id: int) -> float:
	return motion.bolt_unscrew if _is_bolt(id) else motion.unscrew


## The wrench button swings back and forth with the bolt's turns, dying out.
func _kick_wrench(duration: float, turns: float) -> void:
	var button: Control = _hud.wrench_button()
	_track(
		0.0,
		duration,
		1.0,
		func(t):
			button.pivot_offset = button.size * 0.5
			button.rotation = sin(t * PI * turns) * motion.wrench_kick * (1.0 - t)
	)
	_endings.append(func(): button.rotation = 0.0)


## Undo: from the crate or rail place back above the hole, then screwed in.
func _screw_returned(id: int, from: String, index: int, speed: float) -> void:
	var m := motion
	var node: Node3D = _world.screw_node(id)
	if node == null or not (from in ["crate", "rail"]):
		return
	var base := node.position
	var shown := node.visible
	var up := base + Vector3(0, _world.screw_height() * m.unscrew_rise, 0)
	_endings.append(_rest.bind(node, base, shown))
	var source := _hud_point(from, index)
	node.position = source.call()
	_track(0.0, m.fly / speed, m.fly_curve, _arc(node, source, _value.bind(up), true))
	_track(
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
func _fly_between(id: int, from: Callable, to: Callable, start: float, duration: float) -> float:
	var node: Node3D = _world.screw_node(id)
	if node == null:
		return start
	var base := node.position
	var shown := node.visible
	_endings.append(_rest.bind(node, base, shown))
	_track(start, duration, motion.fly_curve, _arc(node, from, to, shown))
	return start + duration


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


## A Callable giving the world point in front of the HUD place (`kind` "crate" or "rail"), at the
## board's depth, so a flight ends where the player sees the place.
func _hud_point(kind: String, index: int) -> Callable:
	return func() -> Vector3:
		var control: Control = _hud.crate_node(index) if kind == "crate" else _hud.rail_node(index)
		var depth := _camera.global_position.distance_to(_world.global_position) * 0.8
		var screen := Vector2(get_viewport().get_visible_rect().size) * Vector2(0.5, 0.0)
		if control != null:
			screen = control.get_global_rect().get_center()
		return _world.to_local(_camera.project_position(screen, depth))


func _rest(node: Node3D, base: Vector3, shown: bool) -> void:
	if not is_instance_valid(node):
		return
	node.position = base
	node.rotation = Vector3.ZERO
	node.scale = Vector3.ONE
	node.visible = shown


## The crate that got its third screw closes with a pop.
func _crate_pop(slot: int, start: float, duration: float) -> void:
	var box: Control = _hud.crate_node(slot)
	if box == null:
		return
	_track(
		start,
		duration,
		1.0,
		func(t):
			box.pivot_offset = box.size * 0.5
			box.scale = Vector2.ONE * (1.0 + 0.18 * sin(t * PI))
	)
	_endings.append(_unscale.bind(box))


## Whether a crate is pulled into `slot` after event `k`.
func _pulled_later(events: Array, k: int, slot: int) -> bool:
	for event in events.slice(k + 1):
		if event[0] == "pulled" and event[1] == slot:
			return true
	return false


## A sealed crate with none to follow it: it fades out, then its empty place fades in.
func _crate_leave(slot: int, start: float, duration: float) -> void:
	var box: CrateBox = _hud.crate_node(slot)
	if box == null:
		return
	var empty := [false]
	_track(
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
func _crate_slide_in(slot: int, start: float, duration: float) -> void:
	var box: Control = _hud.crate_node(slot)
	if box == null:
		return
	var alpha := box.modulate.a
	_track(
		start,
		duration,
		motion.pull_curve,
		func(t):
			box.pivot_offset = Vector2(box.size.x * 0.5, 0.0)
			box.scale = Vector2(1.0, t)
			box.modulate.a = alpha * t
	)
	_endings.append(_unscale.bind(box))
	_endings.append(_alpha.bind(box, alpha))


func _unscale(box: Control) -> void:
	if is_instance_valid(box):
		box.scale = Vector2.ONE


func _value(value: Variant) -> Variant:
	return value


func _alpha(box: Control, alpha: float) -> void:
	if is_instance_valid(box):
		box.modulate.a = alpha


func _place(node: Node3D, base: Vector3) -> void:
	if is_instance_valid(node):
		node.position = base


func _place_2d(control: Control, base: Vector2) -> void:
	if is_instance_valid(control):
		control.position = base


func _show(node: Node3D, shown: bool) -> void:
	if is_instance_valid(node):
		node.visible = shown


func _unfade(node: Node3D, shown: bool) -> void:
	if not is_instance_valid(node):
		return
	for child in node.find_children("*", "GeometryInstance3D", true, false):
		if child.has_meta("faded_from"):
			child.material_override = child.get_meta("faded_from")
			child.remove_meta("faded_from")
	node.visible = shown


## A panel that changed pose: swings about the screw it keeps, falls, or drops back (undo).
func _part_changed(part_id: int, pose: String, start: float, speed: float) -> void:
	var old: Dictionary = _parts.get(part_id, {})
	if old.is_empty() or old["pose"] == "fallen" and pose == "fallen":
		return
	var real: Node3D = _world.part_node(part_id)
	if pose == "fallen":
		_fall(_ghost_of(old), start, motion.fall / speed)
		_cue(start, "fall", motion.buzz_fall)
		return
	if old["pose"] == "fallen":
		if real != null:
			var base := real.position
			_track(
				start,
				motion.fall / speed,
				1.0 / motion.fall_curve,
				func(t): real.position = base + Vector3(0, motion.fall_drop * (1.0 - t), 0)
			)
			_endings.append(_place.bind(real, base))
		return
	var now: Dictionary = _part_dict(part_id)
	var pivot := _pivot(old, now)
	var shift := _centre(now) - _centre(old)
	var shade := _ghost_of(old)
	_fadeable(shade)
	if real != null:
		real.visible = false
		_endings.append(_show.bind(real, true))
	var settle := motion.swing_settle
	var wobble := motion.swing_wobble * (1.0 if shift.x >= 0.0 else -1.0)
	_track(
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
			_set_alpha(shade, 1.0 - hand)
			if real != null:
				real.visible = hand > 0.0
	)


func _fall(shade: Node3D, start: float, duration: float) -> void:
	_fadeable(shade)
	_track(
		start,
		duration,
		motion.fall_curve,
		func(t):
			shade.position = Vector3(0, -motion.fall_drop * t, motion.fall_drop * 0.4 * t)
			shade.rotation.x = 0.5 * t
			_set_alpha(shade, 1.0 - t)
	)


## The part's plate as it stood before (the board draws only where it is now), under a holder
## the animation moves (the plate keeps its own layer height).
func _ghost_of(part: Dictionary) -> Node3D:
	var holder := Node3D.new()
	holder.add_child(_world.part_ghost(part))
	_ghost_root.add_child(holder)
	_ghosts[int(part["id"])] = holder
	return holder


## Gives every mesh under `root` its own alpha-blended copy of its material (the original kept
## in meta "faded_from", put back by _unfade), so one node can fade without touching the shared
## materials; per-instance transparency is not drawn by the Compatibility and Mobile renderers.
## The copies come from a pool per original and go back to it when the animation ends (a copy
## costs about a millisecond; a move may fade several plates).
func _fadeable(root: Node) -> void:
	for child in root.find_children("*", "GeometryInstance3D", true, false):
		var material = child.material_override
		if material is BaseMaterial3D and not child.has_meta("faded_from"):
			child.set_meta("faded_from", material)
			var spare: Array = _fade_pool.get(material, [])
			var copy: BaseMaterial3D = spare.pop_back() if not spare.is_empty() else null
			if copy == null:
				copy = _fade_copy(material)
			copy.albedo_color = material.albedo_color
			_lent.append([material, copy])
			child.material_override = copy


func _fade_copy(material: BaseMaterial3D) -> BaseMaterial3D:
	var copy: BaseMaterial3D = material.duplicate()
	copy.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	return copy


## While nothing moves, one frame at a time, stocks the pool with PLATE_SPARES copies of the
## plates' shared materials: the first swing or fall of a level then costs no copy in its tap
## frame (a swing fades two plates' worth: the plate and its shadow).
func _stock_fade_pool() -> void:
	for material in _world.shared_materials():
		var spare: Array = _fade_pool.get(material, [])
		if spare.size() < PLATE_SPARES:
			spare.append(_fade_copy(material))
			_fade_pool[material] = spare
			return


func _set_alpha(root: Node, alpha: float) -> void:
	for child in root.find_children("*", "GeometryInstance3D", true, false):
		if child.has_meta("faded_from"):
			var base: Color = child.get_meta("faded_from").albedo_color
			child.material_override.albedo_color.a = base.a * alpha


## The screw a swinging part turns about: its screw whose cell it covers before and after.
func _pivot(old: Dictionary, now: Dictionary) -> Vector3:
	var before := Array(old["cells"])
	var after := Array(now["cells"])
	for screw in _screws.values():
		var cell := Vector2i(int(screw["x"]), int(screw["y"]))
		if int(screw["part"]) == int(old["id"]) and cell in before and cell in after:
			return _world.cell_point(cell, int(old["layer"]))
	return _centre(old)


func _centre(part: Dictionary) -> Vector3:
	var sum := Vector3.ZERO
	var cells := Array(part["cells"])
	for cell in cells:
		sum += _world.cell_point(cell, int(part["layer"]))
	return sum / maxf(1.0, cells.size())


## Hidden screws the move uncovered turn over to show their colour.
func _reveals(start: float) -> void:
	for screw in _now_screws:
		var before: Dictionary = _screws.get(int(screw["id"]), {})
		if before.is_empty() or before["known"] or not screw["known"]:
			continue
		var node: Node3D = _world.screw_node(int(screw["id"]))
		if node == null:
			continue
		_track(start, motion.reveal, 1.0, func(t): node.scale.x = absf(cos(t * PI)) + 0.001)
		# A screw revealed by its own tap flips in flight; its flight's ending puts it away (an
		# ending here, run later, would show it again where it stood).
		if not screw["removed"]:
			_endings.append(_rest.bind(node, node.position, node.visible))


## The crates hop one after another; returns when the last hop ends.
func _celebrate(start: float) -> float:
	_cue(start, "win", motion.buzz_win)
	var slot := 0
	while _hud.crate_node(slot) != null:
		var box: Control = _hud.crate_node(slot)
		_track(
			start + slot * motion.celebrate_stagger,
			motion.celebrate,
			1.0,
			func(t):
				box.pivot_offset = box.size * 0.5
				box.scale = Vector2.ONE * (1.0 + 0.2 * absf(sin(t * PI * 2.0)) * (1.0 - t))
		)
		_endings.append(_unscale.bind(box))
		slot += 1
	return start + maxi(slot - 1, 0) * motion.celebrate_stagger + motion.celebrate


func _shake_rail(start: float) -> void:
	_cue(start, "lose", motion.buzz_lose)
	var rail: Control = _hud.rail_node(-1)
	if rail == null:
		return
	var base := rail.position
	_track(
		start,
		motion.shake,
		1.0,
		func(t): rail.position.x = base.x + sin(t * TAU * 4.0) * motion.shake_px * (1.0 - t)
	)
	_endings.append(_place_2d.bind(rail, base))


## Reduce motion: nothing flies, spins or swings; what left fades out, what arrived fades in.
func _fade_all(events: Array, speed: float) -> void:
	var fade := motion.fade / speed
	for event in events:
		match event[0]:
			"moved":
				var node: Node3D = _world.screw_node(event[1])
				if node != null and event[2] in ["crate", "rail"]:
					var shown := node.visible
					node.visible = true
					_fadeable(node)
					_track(0.0, fade, 1.0, func(t): _set_alpha(node, 1.0 - t))
					_endings.append(_unfade.bind(node, shown))
				_sounds.play(event[2] if event[2] in ["crate", "rail"] else "rusty")
			"pulled":
				var box: Control = _hud.crate_node(event[1])
				if box != null:
					var alpha := box.modulate.a
					_track(0.0, fade, 1.0, func(t): box.modulate.a = alpha * t)
					_endings.append(_alpha.bind(box, alpha))
			"sealed":
				_sounds.play("seal")
			"part":
				var old: Dictionary = _parts.get(int(event[1]), {})
				if not old.is_empty() and old["pose"] != "fallen":
					var shade := _ghost_of(old)
					_fadeable(shade)
					_track(0.0, fade, 1.0, func(t): _set_alpha(shade, 1.0 - t))
			"won":
				_sounds.play("win")
			"lost":
				_sounds.play("lose")


func _part_dict(part_id: int) -> Dictionary:
	for part in _now_parts:
		if int(part["id"]) == part_id:
			return part
	return {}


## The rows changed since the last move this animator saw.
func _fetch() -> void:
	_now_parts = _sim.parts_since(_revision)
	_now_screws = _sim.screws_since(_revision)
	_revision = _sim.revision()


## Folds the move's changed rows into the remembered state (fetching them if the move was not
## played, e.g. a restart with no events).
func _remember() -> void:
	if _revision != _sim.revision():
		_fetch()
	for part in _now_parts:
		_parts[int(part["id"])] = part
	for screw in _now_screws:
		_screws[int(screw["id"])] = screw
	_now_parts = []
	_now_screws = []
