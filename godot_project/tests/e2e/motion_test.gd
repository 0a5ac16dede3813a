extends SceneTree
## The board's animations in the engine, by taps (tests/e2e/driver.gd). The animator's clock is
## held (auto_play off) and moved by known steps, so the scene is sampled at fixed times:
## - a screw between its cell and its crate or rail place at mid-flight, inside that place at the
##   end of its flight, back at rest (hidden, collider off) when the animation ends;
## - a panel turned part-way at mid-swing, its stand-in gone and the real panel shown at the end;
## - a burst of taps faster than the animations (the clock running on real frames) ends in exactly
##   the core's state, and so does an undo pressed mid-flight;
## - reduce motion: the whole move is one short fade;
## - a bolt under the wrench turns out slower than a screw, and the wrench button swings meanwhile;
##   a "?" screw revealed by its own tap is gone when its flight ends;
## - the result panel comes after the winning (losing) move's animation and a pause, not at the
##   tap; a touch on the finished board skips to it.
## The oracle GameSim plays the same moves: it is the state every sample is compared with.
## Run by scripts/godot_check.sh:
##   -s res://tests/e2e/motion_test.gd -- --save=user://e2e/RUN/motion.json

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const Probe := preload("res://tests/e2e/board_probe.gd")
const BOARD := "res://scenes/board.tscn"
const SCREWDRIVER := "Hud/Root/Bottom/Tools/Screwdriver"
const EPS := 0.001

var d: Driver
var oracle = null
var animator = null
var world = null
var probe: Probe


func _initialize() -> void:
	d = Driver.new(self, "motion_test")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	_sounds_rendered()
	await _flight_sampled()
	await _swing_sampled_after_a_burst()
	await _reduced_motion()
	await _bolt_under_the_wrench()
	await _result_after_animation()
	await d.finish()


## Opens the board on level `number` by the app's own scene change; sets the oracle (a GameSim of
## the same level), the board's animator and world. False when the board did not open.
func _open(number: int) -> bool:
	d.app().board_request = {"mode": "level", "number": number}
	if not await d.start(BOARD):
		return false
	oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(d.app().library.level_json(number))
	animator = d.node("Animator")
	world = d.node("World")
	probe = Probe.new(d, oracle, animator, world)
	return d.check(animator != null, "the board has an Animator")


## Every event's sound is rendered, as long as its recipe says, and no two are the same.
func _sounds_rendered() -> void:
	# Loaded at run time: the script names the App autoload, unknown while this one compiles.
	var sounds: GDScript = load("res://scripts/board/sounds.gd")
	var constants := sounds.get_script_constant_map()
	var seen := {}
	for key in constants["RECIPES"]:
		var wav: AudioStreamWAV = sounds.synth(constants["RECIPES"][key])
		var length := 0.0
		for partial in constants["RECIPES"][key]:
			length = maxf(length, partial[1] + partial[2])
		d.check(
			absi(wav.data.size() - int(length * constants["RATE"]) * 2) <= 2,
			"sound %s: %d bytes for %.2f s" % [key, wav.data.size(), length]
		)
		d.check(wav.data.count(0) < wav.data.size() / 2, "sound %s is mostly silence" % key)
		d.check(not seen.has(wav.data), "sound %s is the same as %s" % [key, seen.get(wav.data)])
		seen[wav.data] = key


## Level 1's first move, sampled at fixed times.
func _flight_sampled() -> void:
	if not await _open(1):
		return
	var motion: Resource = animator.motion
	animator.auto_play = false
	var id := int(oracle.solution()[0]["screw"])
	var moved: Dictionary = oracle.tap(id)["events"][0]
	var where := Probe.place_name(moved["dest"])
	var node: Node3D = world.screw_node(id)
	var base: Vector3 = node.position
	var camera := root.get_camera_3d()
	var start_px := camera.unproject_position(world.to_global(base))
	# The oracle already made the move: the HUD place the screw will fly to, as it looks now.
	var place: Control = probe.place(moved["dest"], moved["index"])
	d.check(place != null, "the HUD has the place the screw goes to (%s)" % [moved])
	if place == null:
		return
	var looked: Variant = Probe.look(place)
	await d.tap_screw(oracle, id)
	d.check(animator.busy(), "a tap starts an animation")
	# Level 1's first move also swings a panel: the whole move stays inside 0.25-0.45 s.
	d.check(
		animator.remaining() >= motion.unscrew + motion.fly - EPS and animator.remaining() <= 0.45,
		(
			"a move lasts from %.2f s to 0.45 s, not %.2f"
			% [motion.unscrew + motion.fly, animator.remaining()]
		)
	)
	# The state advanced at the tap: the core says removed, the collider is already off.
	d.check(not Probe.tappable(node), "a flying screw cannot be tapped again")
	animator.advance(motion.unscrew * 0.5)
	d.check(node.position.y > base.y + EPS, "half-way through the unscrew the screw has risen")
	d.check(absf(node.rotation.y) > 0.1, "half-way through the unscrew the screw has turned")
	var target_px := place.get_global_rect().get_center()
	animator.advance(motion.unscrew * 0.5 + motion.fly * 0.5)
	var mid_px := camera.unproject_position(world.to_global(node.position))
	d.check(node.visible, "the screw is shown in flight")
	d.check(
		mid_px.distance_to(start_px) > 20.0 and mid_px.distance_to(target_px) > 20.0,
		(
			"mid-flight the screw is between its cell %s and its place %s, at %s"
			% [start_px, target_px, mid_px]
		)
	)
	d.check(
		absf(mid_px.y - (start_px.y + target_px.y) * 0.5) < absf(target_px.y - start_px.y) * 0.45,
		"mid-flight the screw is about half-way in height (%s)" % mid_px
	)
	animator.advance(motion.fly * 0.5 - 0.004)
	d.check(
		Probe.look(place) == looked,
		"until the screw lands its %s shows what it held before: %s" % [where, Probe.look(place)]
	)
	var end_px := camera.unproject_position(world.to_global(node.position))
	d.check(
		place.get_global_rect().grow(place.size.length() * 0.25).has_point(end_px),
		(
			"at the end of its flight the screw is at its place %s, at %s"
			% [place.get_global_rect(), end_px]
		)
	)
	animator.advance(0.006)
	d.check(Probe.look(place) != looked, "once the screw lands its %s shows it" % where)
	animator.advance(animator.remaining() + 0.001)
	d.check(not animator.busy(), "the animation is over after its duration")
	probe.check_state("after one sampled move")


## Finds the first shipped level whose stored solution swings a panel, plays the moves before it
## as a burst of taps with the animations running on real frames, then samples the swing.
func _swing_sampled_after_a_burst() -> void:
	var found := Probe.first_swing(d.app().library)
	if not d.check(not found.is_empty(), "a shipped level swings a panel"):
		return
	var number: int = found[0]
	var before: int = found[1]
	if not await _open(number):
		return
	var solution: Array = oracle.solution()
	var overtaken := 0
	for k in before:
		var move: Dictionary = solution[k]
		if move["wrench"]:
			await d.tap_path("Hud/Root/Bottom/Tools/Wrench")
			oracle.wrench_tap(move["screw"])
		else:
			oracle.tap(move["screw"])
		if animator.busy():
			overtaken += 1
		await d.tap_screw(oracle, move["screw"])
	d.check(overtaken > 0, "the burst tapped while an animation was still running")
	probe.check_state("right after a burst of %d taps (level %d)" % [before, number])
	await d.wait_until(func(): return not animator.busy(), 120, "the burst's last animation ends")
	probe.check_state("after a burst of %d taps" % before)
	# The swing, on the held clock.
	animator.auto_play = false
	var id := int(solution[before]["screw"])
	var part_id := -1
	for event: Dictionary in oracle.tap(id)["events"]:
		if event["kind"] == GameSim.EVENT_PART_CHANGED and event["after"]["pose"] == GameSim.POSE_HANG:
			part_id = event["part"]
	await d.tap_screw(oracle, id)
	var motion: Resource = animator.motion
	var real: PlateNode = world.part_node(part_id)
	var mesh: Mesh = real.plate.mesh if real != null else null
	d.check(real != null and absf(real.angle) < 0.001, "in the tap's frame the panel still rests")
	animator.advance(motion.unscrew + motion.swing * 0.5)
	d.check(animator.ghost(part_id) == null, "no stand-in: the panel's own plate swings")
	if d.check(real != null and real.visible, "the panel's plate shows mid-swing"):
		var turned := real.angle
		d.check(absf(turned) > 0.2, "mid-swing the panel has turned (%.3f rad)" % turned)
		var mid := real.global_basis.get_euler().y
		d.check(absf(mid - turned) < 0.001, "its node turns with it (%.3f rad)" % mid)
		d.check(real.plate.mesh == mesh, "the same mesh, never another shape")
	animator.advance(animator.remaining() + 0.01)
	d.check(world.part_node(part_id) == real, "the same plate hangs after the swing")
	probe.check_state("after the swing")
	await _swing_undone(part_id, id)
	await _undo_mid_flight(solution[before + 1])


## Undo of the swing just played: the hanging plate turns back to rest, the same plate; then the
## swing is tapped again (the board as before for the next check).
func _swing_undone(part_id: int, screw_id: int) -> void:
	var hung: PlateNode = world.part_node(part_id)
	var hung_angle := hung.angle if hung != null else 0.0
	if not await d.tap_path(SCREWDRIVER):
		return
	oracle.undo()
	var real: PlateNode = world.part_node(part_id)
	animator.advance(animator.remaining() * 0.5)
	if d.check(real != null and animator.ghost(part_id) == null, "undo turns the plate itself"):
		var back := absf(wrapf(real.angle, -PI, PI))  # from rest, either way round
		d.check(
			back > 0.1 and back < absf(hung_angle) + animator.motion.swing_wobble,
			"half-way through the undo the plate is turning back (%.3f of %.3f rad)" % [back, hung_angle]
		)
	animator.advance(animator.remaining() + 0.01)
	probe.check_state("after the swing was undone")
	oracle.tap(screw_id)
	await d.tap_screw(oracle, screw_id)
	animator.advance(animator.remaining() + 0.01)
	probe.check_state("after the swing was played again")


## Undo pressed while the move's screw is still in the air: the screwdriver is taken at once and
## the board ends in the core's state.
func _undo_mid_flight(move: Dictionary) -> void:
	if move["wrench"]:
		return
	oracle.tap(move["screw"])
	await d.tap_screw(oracle, move["screw"])
	animator.advance(animator.motion.unscrew + animator.motion.fly * 0.4)
	d.check(animator.busy(), "the move still plays when undo is pressed")
	if not await d.tap_path(SCREWDRIVER):
		return
	oracle.undo()
	d.check(animator.busy(), "the undo plays (back from the place to the hole)")
	animator.advance(animator.remaining() * 0.5)
	var node: Node3D = world.screw_node(int(move["screw"]))
	d.check(node.visible, "half-way through the undo the screw is on its way back")
	animator.advance(animator.remaining() + 0.01)
	probe.check_state("after an undo pressed mid-flight")


func _reduced_motion() -> void:
	d.app().set_setting("reduce_motion", true)
	if not await _open(1):
		return
	animator.auto_play = false
	var id := int(oracle.solution()[0]["screw"])
	var node: Node3D = world.screw_node(id)
	var base: Vector3 = node.position
	oracle.tap(id)
	await d.tap_screw(oracle, id)
	d.check(
		animator.remaining() <= animator.motion.fade + EPS,
		(
			"reduce motion: the move is one fade of %.2f s, not %.2f"
			% [animator.motion.fade, animator.remaining()]
		)
	)
	animator.advance(animator.motion.fade * 0.5)
	d.check(
		node.visible and node.position == base and node.rotation == Vector3.ZERO,
		"reduce motion: mid-fade the screw is still in its hole, not spinning or flying"
	)
	animator.advance(1.0)
	probe.check_state("reduce motion")
	d.app().set_setting("reduce_motion", false)


func _bolt_under_the_wrench() -> void:
	# The first shipped level whose stored solution takes a bolt off.
	for number in range(1, 41):
		var candidate = ClassDB.instantiate("GameSim")
		candidate.load_json(d.app().library.level_json(number))
		var solution: Array = candidate.solution()
		var k := solution.find_custom(func(move): return move["wrench"])
		if k < 0:
			continue
		if not await _open(number):
			return
		await Play.play_moves(d, oracle, solution.slice(0, k))
		await d.wait_for(func(): return not animator.busy(), 3.0, "the moves before the bolt end")
		# (Its moves reveal a "?" screw by its own tap: gone from the board when its flight ends.)
		probe.check_state("after the moves before the bolt")
		animator.auto_play = false
		var id := int(solution[k]["screw"])
		var node: Node3D = world.screw_node(id)
		var base: Vector3 = node.position
		var button: Control = d.node("Hud/Root/Bottom/Tools/Wrench")
		await d.tap_control(button)
		oracle.wrench_tap(id)
		await d.tap_screw(oracle, id)
		var m: Motion = animator.motion
		animator.advance(m.bolt_unscrew * 0.5)
		d.check(absf(button.rotation) > 0.01, "the wrench button swings while the bolt turns")
		# Later than a screw's whole unscrew: a screw would be well into its flight by now.
		animator.advance(m.bolt_unscrew * 0.4)
		d.check(
			absf(node.position.x - base.x) < EPS and absf(node.position.z - base.z) < EPS,
			"the bolt still turns out of its hole (%s from %s)" % [node.position, base]
		)
		animator.advance(m.bolt_unscrew * 0.1 + m.fly * 0.5)
		d.check(node.position.distance_to(base) > 0.1, "the bolt flies after it is out")
		animator.advance(animator.remaining() + 0.01)
		d.check(button.rotation == 0.0, "the wrench button is upright after the move")
		probe.check_state("after a bolt")
		return
	d.check(false, "no shipped level among the first 40 takes a bolt off")


func _result_after_animation() -> void:
	if not await _open(1):
		return
	var solution: Array = oracle.solution()
	if await _all_but_last(solution):
		# Up to the end of the celebration the crate the last screw sealed stays in its place, full.
		var m: Motion = animator.motion
		animator.advance(animator.remaining() - m.panel_in - m.result_pause - m.pull - EPS)
		var full := []
		for crate in oracle.crates():
			var box: Control = probe.place(GameSim.PLACE_CRATE, int(crate["slot"]))
			if not crate["active"] and box != null and box.modulate.a == 1.0:
				full.append(crate["slot"])
		d.check(full.size() == 1, "win: one sealed crate hops to the end, shown full: %s" % [full])
		await _result_held("Hud/Root/WinPanel", "win")
		d.check(not animator.busy(), "the win's animation ends with its panel")
	# The first level a tap sequence can lose.
	for number in range(1, 41):
		var candidate = ClassDB.instantiate("GameSim")
		candidate.load_json(d.app().library.level_json(number))
		var losing := Driver.losing_moves(candidate)
		if losing.is_empty():
			continue
		if not await _open(number) or not await _all_but_last(losing):
			return
		var panel := "Hud/Root/LosePanel"
		d.check(animator.busy() and not d.visible(panel), "loss: no panel while the move plays")
		# A touch on the lost board (on a screw still in it) skips to the panel.
		var left: Array = oracle.screws().filter(func(screw): return not screw["removed"])
		await d.tap_screw(oracle, int(left[0]["id"]))
		d.check(d.visible(panel), "loss: a touch on the finished board shows the panel at once")
		d.check(not animator.busy(), "loss: the touch ended the animation")
		return
	d.check(false, "no shipped level among the first 40 can be lost by taps")


## Plays every move but the last with the clock running, then the last one with it held.
func _all_but_last(moves: Array) -> bool:
	if not await Play.play_moves(d, oracle, moves.slice(0, moves.size() - 1)):
		return false
	await d.wait_for(func(): return not animator.busy(), 3.0, "the moves before the last end")
	animator.auto_play = false
	var last: Dictionary = moves[-1]
	if not d.check(not last["wrench"], "the last move is a plain tap"):
		return false
	oracle.tap(last["screw"])
	await d.tap_screw(oracle, last["screw"])
	return d.check(oracle.status() != "playing", "the last move ends the game")


## The result `panel` stays hidden while the last move plays and through the pause after it, then
## fades in.
func _result_held(panel: String, what: String) -> void:
	var pause: float = animator.motion.result_pause
	var entrance: float = animator.motion.panel_in
	var shows_at: float = animator.remaining() - entrance
	d.check(not d.visible(panel), "%s: no panel at the tap" % what)
	d.check(shows_at > pause + 0.1, "%s: the move plays %.2f s before its panel" % [what, shows_at])
	animator.advance(shows_at - pause - EPS)
	d.check(not d.visible(panel), "%s: no panel while the move's animation ends" % what)
	animator.advance(pause * 0.5)
	d.check(not d.visible(panel), "%s: no panel in the pause after the animation" % what)
	# Before the panel covers them the crates are the core's: a sealed crate with none to follow
	# has left its place empty.
	for crate in oracle.crates():
		var box: Control = probe.place(GameSim.PLACE_CRATE, int(crate["slot"]))
		var alpha := 1.0 if crate["active"] else 0.45
		d.check(
			box != null and absf(box.modulate.a - alpha) < EPS,
			(
				"%s: crate %d shows alpha %.2f before the panel, the core's crate %.2f"
				% [what, crate["slot"], box.modulate.a if box != null else -1.0, alpha]
			)
		)
	animator.advance(pause * 0.5 + entrance * 0.5 + EPS)
	var alpha: float = (d.node(panel) as Control).modulate.a
	d.check(
		d.visible(panel) and alpha > 0.05 and alpha < 0.95,
		"%s: the panel fades in after the pause (alpha %.2f half-way)" % [what, alpha]
	)
	animator.advance(entrance)
	alpha = (d.node(panel) as Control).modulate.a
	d.check(alpha == 1.0, "%s: the panel is opaque after its entrance (alpha %.2f)" % [what, alpha])
