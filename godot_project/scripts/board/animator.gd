class_name BoardAnimator
extends Node
## Plays the result of a move (or an undo) in the order GameSim says it happened: its events are the
## only source of "what moves where", each carrying what its animation needs (the crate fill once a
## screw lands, the screw a panel hangs from, the panel as it stood before). By then the board and
## the HUD's tools already show the new state (the core is the truth): the animation only carries
## nodes from where they were to where they now are. finish() jumps every running animation to its
## end, so a tap is never held back by one.
##
## Three parts: the Timeline (tracks on one clock: exact finish(), stepping for the tests), the
## FadePool (fading copies of the plates' materials), and the choreography — this script decides
## when each event plays, ScrewFlights, PlateSwings and HudMotions how.

const MOTION: Motion = preload("res://scripts/board/motion.tres")
## A place shows its screw this much before the flight ends (the flying screw hides at the end):
## never a frame with the screw in neither place.
const LAND_EARLY := 0.002

## Set false to drive the clock by advance() only (the engine tests sample fixed times).
var auto_play := true
## Moves and undos whose animation was set up so far (the benchmark tells tap frames by it).
var moves_played := 0
## Locks whose opening was played so far (EVENT_LOCK_OPENED; the engine tests read it).
var locks_opened := 0
var motion: Motion = MOTION:
	set = _set_motion

var _timeline := Timeline.new()
var _pool := FadePool.new()
var _world: BoardWorld
var _hud: BoardHud
var _sounds: BoardSounds
var _screws: ScrewFlights
var _plates: PlateSwings
var _crates: HudMotions
## What lost the board, shown on it before the lose panel (LoseCause).
var _cause: LoseCause
## How much longer the coming result panel waits: the lose cause's hold, else 0.
var _hold := 0.0
## Actions that wait for the coming move's animation to end (after_move), e.g. the result panel.
var _after: Array[Callable] = []


## Plays on `world` and `hud`, seen through `camera`. The HUD's crates, queue and rail change when
## a move's flying screw reaches them (BoardHud.hold_crate, show_result).
func attach(world: BoardWorld, hud: BoardHud, camera: Camera3D) -> void:
	_world = world
	_hud = hud
	_sounds = BoardSounds.shared(get_tree())
	_timeline.on_cue = _on_cue
	_screws = ScrewFlights.new(_timeline, world, hud, camera, _sounds)
	_plates = PlateSwings.new(_timeline, world, _pool)
	_crates = HudMotions.new(_timeline, hud)
	_cause = LoseCause.new()
	_cause.name = "LoseCause"
	world.add_child(_cause)
	_cause.attach(world)
	_set_motion(motion)


## Whether an animation is still running.
func busy() -> bool:
	return _timeline.busy()


## Runs `action` once the animation of the coming move ends, `motion.result_pause` later (at once
## if a tap fast-forwards it, or if the move plays no animation), then plays the result panel's
## entrance (BoardHud.result_entrance). Call it before play() of the move that ends the game.
func after_move(action: Callable) -> void:
	_after.append(action)


## Seconds left until the running animation ends.
func remaining() -> float:
	return _timeline.remaining()


## The stand-in of a panel while it swings or falls, or null.
func ghost(part_id: int) -> Node3D:
	return _plates.ghost(part_id) if _plates != null else null


## Jumps every running animation to its end: nodes stand where the board drew them.
func finish() -> void:
	_timeline.finish()
	if _plates != null:
		_plates.clear()
	# Nothing uses a lent copy any more: the endings put the originals back, the ghosts are gone.
	_pool.give_back()


## Moves the clock by `delta` seconds and applies every track at the new time.
func advance(delta: float) -> void:
	if _timeline.advance(delta):
		finish()


func _exit_tree() -> void:
	_timeline.clear()


func _process(delta: float) -> void:
	if auto_play:
		advance(delta)
	if not _timeline.busy() and _world != null:
		# While nothing moves, one copy a frame: the first swing or fall of a level then costs no
		# copy in its tap frame (a swing fades two plates' worth: the plate and its shadow).
		_pool.stock(_world.shared_materials())


## A refused tap: the screw shakes its head, a dull buzz; on a locked screw the badge of its key
## beats once.
func refuse(screw_id: int) -> void:
	_sounds.play("invalid")
	App.buzz(motion.buzz_invalid)
	var node: Node3D = _world.screw_node(screw_id)
	if node == null or _reduced():
		return
	finish()
	var base := node.position
	_timeline.track(
		0.0,
		motion.shake,
		1.0,
		func(t): node.position.x = base.x + sin(t * TAU * 3.0) * 0.06 * (1.0 - t)
	)
	_timeline.ending(_place.bind(node, base))
	# A locked screw: the badge of the screw holding its key beats once, so the pair is found.
	var key: ScrewView = _world.screw_node(node.key_id) if node is ScrewView else null
	if key != null and key.marks() != null:
		_timeline.track(0.0, motion.shake, 1.0, key.marks().nudge_key)
		_timeline.ending(key.marks().nudge_key.bind(1.0))


## Plays `result` (what GameSim.tap / wrench_tap / screwdriver / undo returned). The HUD shows the
## result's crates, queue and rail when the animation ends; until a flying screw lands it keeps
## showing what it showed before the move.
func play(result: Dictionary) -> void:
	var events: Array = result["events"]
	# The last move's animation ends: the HUD shows the rows from before this move.
	finish()
	var after := _after
	_after = []
	if _cause != null:
		_cause.clear()
	_hold = 0.0
	var show_hud := _hud.show_result.bind(result)
	if events.is_empty() or not is_inside_tree():
		show_hud.call()
		for action in after:
			action.call()
		return
	moves_played += 1
	var undo: bool = events[0]["kind"] == GameSim.EVENT_UNDONE
	var speed := motion.undo_speed if undo else 1.0
	_timeline.ending(show_hud)
	if _reduced() or undo:
		show_hud.call()
	if _reduced():
		_fade_all(events, speed, result)
	else:
		_move_all(events, speed, result, not undo)
	var end := _timeline.remaining() + _hold + motion.result_pause / speed
	for action in after:
		_timeline.at(end, action)
	if not after.is_empty():
		_hud.result_entrance(0.0)
		_timeline.track(end, motion.panel_in, motion.panel_in_curve, _hud.result_entrance)


## The full animation: each event starts where the one it follows from ends. With `holds` (a move,
## not an undo) the HUD keeps showing what it showed before, and each crate and rail place changes
## when a screw reaches or leaves it (a crate shows its third screw, closes, then the next slides
## in; rail screws leave their places as they flow).
func _move_all(events: Array, speed: float, result: Dictionary, holds: bool) -> void:
	var m := motion
	# Panels start to move and "?" flip when the tapped screw is out of its hole.
	var out_time := m.unscrew / speed
	for event in events:
		if event["kind"] == GameSim.EVENT_SCREW_MOVED:
			out_time = _screws.unscrew_time(event["bolt"]) / speed
			break
	var landed := out_time
	var cascade := 0.0
	var slide_in := 0.0
	var flows := 0
	# A winning move's last crates stay, full, through the celebration, and leave after it.
	var wins := events.any(func(e): return e["kind"] == GameSim.EVENT_LEVEL_WON)
	var leaving: Array[int] = []
	for event: Dictionary in events:
		match int(event["kind"]):
			GameSim.EVENT_SCREW_MOVED:
				landed = _screws.moved(event, speed)
				cascade = landed
				var flies: bool = event["dest"] in [GameSim.PLACE_CRATE, GameSim.PLACE_RAIL]
				if event["bolt"] and flies:
					_crates.kick_wrench(out_time, m.bolt_turns)
				if holds and event["dest"] == GameSim.PLACE_CRATE:
					_land_in_crate(event, int(event["index"]), landed)
				elif holds and event["dest"] == GameSim.PLACE_RAIL:
					var hold := _hud.hold_rail.bind(int(event["index"]), int(event["color"]))
					_timeline.at(landed - LAND_EARLY, hold)
			GameSim.EVENT_CRATE_SEALED:
				var slot := int(event["slot"])
				_crates.pop(slot, cascade, m.seal / speed)
				_timeline.cue(cascade, "seal", m.buzz_seal)
				cascade += m.seal / speed
				if holds and not event["refilled"]:
					# No crate left to pull: the sealed one leaves an empty place.
					if wins:
						leaving.append(slot)
					else:
						_crates.leave(slot, cascade, m.pull / speed)
						cascade += m.pull / speed
			GameSim.EVENT_CRATE_PULLED:
				var slot := int(event["slot"])
				if holds:
					_timeline.at(cascade, _hud.hold_crate.bind(slot, int(event["color"]), 0))
					_timeline.at(cascade, _hud.show_queue.bind(Array(result["queue"])))
				_crates.slide_in(slot, cascade, m.pull / speed)
				slide_in = cascade
				cascade += m.pull / speed
				flows = 0
			GameSim.EVENT_RAIL_FLOWED:
				var start := slide_in + (m.pull + flows * m.flow_stagger) / speed
				flows += 1
				var place := int(event["place"])
				var end := _screws.fly_between(
					int(event["screw"]),
					_screws.hud_point(GameSim.PLACE_RAIL, place),
					_screws.hud_point(GameSim.PLACE_CRATE, int(event["slot"])),
					start,
					m.flow / speed
				)
				if holds:
					_timeline.at(start, _hud.hold_rail.bind(place, -1))
					_land_in_crate(event, int(event["slot"]), end)
				_timeline.cue(end, "crate", m.buzz_land)
				cascade = maxf(cascade, end)
			GameSim.EVENT_PART_CHANGED:
				_plates.changed(event, out_time, speed)
			GameSim.EVENT_SCREW_REVEALED:
				_screws.reveal(event, out_time)
			GameSim.EVENT_LEVEL_WON:
				var end := _crates.celebrate(maxf(cascade, landed))
				for slot in leaving:
					_crates.leave(slot, end, m.pull / speed)
			GameSim.EVENT_LEVEL_LOST:
				if int(event["bomb"]) >= 0:
					_pulse_screw(int(event["bomb"]), landed)
				else:
					_crates.shake_rail(landed)
				_show_cause(events, event, landed, false)
			GameSim.EVENT_LOCK_OPENED:
				_open_lock(int(event["screw"]), out_time, m.lock_open / speed, false)
			GameSim.EVENT_LOCK_CLOSED:
				_close_lock(int(event["screw"]), m.lock_open / speed)
			GameSim.EVENT_BOMB_TICK:
				if _warns(result, int(event["screw"])):
					_timeline.cue(out_time, "bomb", m.buzz_invalid)
			GameSim.EVENT_SCREW_RETURNED:
				_screws.returned(event, speed)
			GameSim.EVENT_FLOW_RETURNED:
				var start := flows * m.flow_stagger / speed
				flows += 1
				_screws.fly_between(
					int(event["screw"]),
					_screws.hud_point(GameSim.PLACE_CRATE, int(event["slot"])),
					_screws.hud_point(GameSim.PLACE_RAIL, int(event["place"])),
					start,
					m.flow / speed
				)


## A screw lands in crate `slot` at `time`: from then on the crate shows the fill the event says.
func _land_in_crate(event: Dictionary, slot: int, time: float) -> void:
	var hold := _hud.hold_crate.bind(slot, int(event["color"]), int(event["fill"]))
	_timeline.at(time - LAND_EARLY, hold)


## A lock whose key left (EVENT_LOCK_OPENED): from `start`, its shackle lifts and the badge fades
## (only the fade when `still`). The board has already drawn it open: the badge shows until then.
func _open_lock(screw_id: int, start: float, duration: float, still: bool) -> void:
	var node: ScrewView = _world.screw_node(screw_id)
	var marks: ScrewMarks = node.marks() if node != null else null
	if marks == null:
		return
	locks_opened += 1
	marks.opening(0.0, still)
	_timeline.track(start, duration, motion.lock_open_curve, func(t): marks.opening(t, still))
	_timeline.ending(marks.opening.bind(1.0, still))
	_timeline.cue(start, "unlock", 0)


## An undo put the key back (EVENT_LOCK_CLOSED): the opening played backwards, the badge fading in
## and the shackle dropping into the body.
func _close_lock(screw_id: int, duration: float) -> void:
	var node: ScrewView = _world.screw_node(screw_id)
	var marks: ScrewMarks = node.marks() if node != null else null
	if marks != null:
		_timeline.track(0.0, duration, motion.lock_open_curve, func(t): marks.opening(1.0 - t))
		_timeline.ending(marks.opening.bind(0.0))


## The screw whose bomb went off pulses where it stands.
func _pulse_screw(screw_id: int, start: float) -> void:
	var node: Node3D = _world.screw_node(screw_id)
	if node == null:
		return
	var beat := func(t): node.scale = Vector3.ONE * (1.0 + 0.35 * sin(t * PI * 3.0))
	_timeline.track(start, motion.shake, 1.0, beat)
	_timeline.ending(func(): node.scale = Vector3.ONE)


## The lost board's cause (`lost`, its EVENT_LEVEL_LOST) shown from `start`: the screw whose bomb
## went off bursts and wears the ring, else the screw that found no place does; the panel then
## waits lose_hold. A board with no move left has no one screw to blame: its panel's title says it.
func _show_cause(events: Array, lost: Dictionary, start: float, still: bool) -> void:
	var id := int(lost["bomb"])
	var bomb := id >= 0
	for event: Dictionary in events:
		if not bomb and event["kind"] == GameSim.EVENT_SCREW_MOVED:
			if event["dest"] == GameSim.PLACE_LOST:
				id = int(event["screw"])
	if id < 0:
		return
	_hold = motion.lose_hold
	_timeline.at(start, _cause.show_cause.bind(id, bomb, still))
	if bomb:
		_timeline.cue(start, "boom", motion.buzz_lose)
		if not still:
			_timeline.track(start, motion.explode, motion.explode_curve, _cause.explode)


## What lost the board, as shown on it (the engine tests read it).
func cause() -> LoseCause:
	return _cause


## Whether the result's row of `screw_id` says its bomb warns (the core decides at 1–2 moves).
func _warns(result: Dictionary, screw_id: int) -> bool:
	for row: Dictionary in result["screws"]:
		if int(row["id"]) == screw_id:
			return row.get("bomb_warning", false)
	return false


## Reduce motion: nothing flies, spins or swings; what left fades out, what arrived fades in.
func _fade_all(events: Array, speed: float, result: Dictionary) -> void:
	var fade := motion.fade / speed
	for event: Dictionary in events:
		match int(event["kind"]):
			GameSim.EVENT_SCREW_MOVED:
				var node: Node3D = _world.screw_node(int(event["screw"]))
				var lands: bool = event["dest"] in [GameSim.PLACE_CRATE, GameSim.PLACE_RAIL]
				if node != null and lands:
					var shown := node.visible
					node.visible = true
					_pool.fadeable(node)
					_timeline.track(0.0, fade, 1.0, func(t): _pool.set_alpha(node, 1.0 - t))
					_timeline.ending(_pool.unfade.bind(node, shown))
				_sounds.play(ScrewFlights.sound_of(event["dest"]) if lands else "rusty")
			GameSim.EVENT_CRATE_PULLED:
				_crates.fade_in(int(event["slot"]), fade)
			GameSim.EVENT_CRATE_SEALED:
				_sounds.play("seal")
			GameSim.EVENT_PART_CHANGED:
				_plates.fade_out(event, fade)
			GameSim.EVENT_LEVEL_WON:
				_sounds.play("win")
			GameSim.EVENT_LEVEL_LOST:
				_sounds.play("lose")
				_show_cause(events, event, 0.0, true)
			GameSim.EVENT_LOCK_OPENED:
				_open_lock(int(event["screw"]), 0.0, fade, true)
			GameSim.EVENT_BOMB_TICK:
				if _warns(result, int(event["screw"])):
					_sounds.play("bomb")


func _place(node: Node3D, base: Vector3) -> void:
	if is_instance_valid(node):
		node.position = base


func _reduced() -> bool:
	return App.setting("reduce_motion") == true


func _on_cue(sound: String, buzz_ms: int) -> void:
	_sounds.play(sound)
	App.buzz(buzz_ms)


func _set_motion(value: Motion) -> void:
	motion = value
	for part in [_screws, _plates, _crates]:
		if part != null:
			part.motion = value
