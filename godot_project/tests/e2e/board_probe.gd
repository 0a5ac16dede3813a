extends RefCounted
## What the engine tests read off a running board scene, compared with an oracle GameSim that plays
## the same moves: the scene's screws and panels against the core's rows, a HUD place's look, and
## the shipped levels a test wants (the first swing).

const EPS := 0.001

var d
var oracle
var animator
var world


func _init(driver, oracle_sim, board_animator, board_world) -> void:
	d = driver
	oracle = oracle_sim
	animator = board_animator
	world = board_world


## Every screw and panel stands where the core says: removed screws hidden, the rest at their
## cells (a covered one on the plate over it), upright, full size; fallen panels gone, the others
## shown at the turn their rows name; no stand-in left.
func check_state(when: String) -> void:
	if animator.busy():
		animator.finish()
	var wrong := []
	for screw in oracle.screws():
		var node: Node3D = world.screw_node(int(screw["id"]))
		var cell := Vector2i(int(screw["x"]), int(screw["y"]))
		# A covered screw lies on the face of the plate the core says it is seen through.
		var cover := int(screw["cover"])
		var layer := cover if cover >= 0 else int(screw["layer"])
		var rise := ScrewView.rise(world.view(), cover >= 0)
		var at: Vector3 = world.cell_point(cell, layer) + Vector3(0, rise, 0)
		if node.visible == bool(screw["removed"]) or node.position.distance_to(at) > EPS:
			wrong.append("screw %d" % screw["id"])
		elif node.rotation.length() > EPS or node.scale.distance_to(Vector3.ONE) > EPS:
			wrong.append("screw %d turned or scaled" % screw["id"])
	for part in oracle.parts():
		var node: Node3D = world.part_node(int(part["id"]))
		if (node != null and node.visible) == (part["pose"] == GameSim.POSE_FALLEN):
			wrong.append("part %d (%s)" % [part["id"], part["pose"]])
		if animator.ghost(int(part["id"])) != null:
			wrong.append("stand-in of part %d left" % part["id"])
		if node != null and absf(angle_difference(node.angle, BoardWorld.turn_angle(part))) > EPS:
			var turns := [part["id"], node.angle, part["turn"]]
			wrong.append("part %d turned %.3f, not %d quarters" % turns)
	d.check(wrong.is_empty(), "%s the board differs from the core: %s" % [when, wrong])


## The HUD's crate (`place` GameSim.PLACE_CRATE) or rail place at `index`, or null.
func place(where: int, index: int) -> Control:
	var hud = d.node("Hud/Root")
	return hud.crate_node(index) if where == GameSim.PLACE_CRATE else hud.rail_node(index)


## A place kind in words.
static func place_name(where: int) -> String:
	return "crate" if where == GameSim.PLACE_CRATE else "rail place"


## What a HUD place shows: a crate's hole colours, a rail place's colour.
static func look(control: Control) -> Variant:
	return control.places.duplicate() if control is CrateBox else control.color


## Whether a screw node can be tapped (shown, with a collider on).
static func tappable(node: Node3D) -> bool:
	for shape in node.find_children("*", "CollisionShape3D", true, false):
		if not shape.disabled:
			return node.visible
	return false


## [level number, moves before the first swing] of the first shipped level whose stored solution
## swings a panel (after at least two moves, followed by a plain tap), or [].
static func first_swing(library) -> Array:
	for number in range(1, library.count() + 1):
		var sim = ClassDB.instantiate("GameSim")
		sim.load_json(library.level_json(number))
		var swings := []
		var solution: Array = sim.solution()
		for k in solution.size() - 1:
			var move: Dictionary = solution[k]
			var result: Dictionary = (
				sim.wrench_tap(move["screw"]) if move["wrench"] else sim.tap(move["screw"])
			)
			if result.is_empty():
				break
			for event: Dictionary in result["events"]:
				if event["kind"] == GameSim.EVENT_PART_CHANGED:
					# A swing the view turns: the hanging pose is a quarter turn of the rest one.
					var turns: bool = int(event["after"]["turn"]) > 0
					swings.append(event["after"]["pose"] if turns else GameSim.POSE_REST)
			if GameSim.POSE_HANG in swings and k >= 2 and not solution[k + 1]["wrench"]:
				return [number, k]
			if not swings.is_empty():
				break
	return []
