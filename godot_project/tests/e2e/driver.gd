extends RefCounted
## Plays the running game the way a finger does, for the end-to-end engine tests. A tap is an
## InputEventScreenTouch plus the mouse button events Godot emulates from it (device
## DEVICE_ID_EMULATION), pushed through the root viewport at window positions; a screw is tapped
## where the board's camera projects its head. Nothing here calls into a scene's script: the tests
## read what a player sees (node visibility, label text, colours) and the save file.
## An oracle GameSim, loaded with the same level, says where the screws are and what to expect.

const PHONE := Vector2i(720, 1600)
## Every introduction the game has (SaveData.intro_cards' ids and level 1's "guide").
const INTROS := [
	"wall", "crate3", "rail4", "rail3", "hidden", "rusty", "bolt", "lock", "bomb", "guide"
]

var tree: SceneTree
var failures: Array[String] = []
var _name := ""


func _init(scene_tree: SceneTree, test_name: String) -> void:
	tree = scene_tree
	_name = test_name


## The value of `--KEY=VALUE` among the arguments after `--`, or "".
static func user_arg(key: String) -> String:
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--%s=" % key):
			return arg.trim_prefix("--%s=" % key)
	return ""


## The window size a script was given as `--size=WxH`, or a phone's (PHONE).
static func size_arg() -> Vector2i:
	var parts := user_arg("size").split("x")
	return Vector2i(int(parts[0]), int(parts[1])) if parts.size() == 2 else PHONE


## A fresh save file for this test run (call from _initialize: the App opens it when it starts).
## `won` levels are recorded as won, so a test can start on a later level. `intros_seen`: the
## player has seen every introduction card and level 1's guide (a card would take a test's first
## tap); the onboarding test plays without.
static func fresh_save(won: int, intros_seen := true) -> void:
	var path := user_arg("save")
	assert(path.begins_with("user://"), "engine tests need --save=user://…")
	DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path.get_base_dir()))
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	if won <= 0 and not intros_seen:
		return
	var save = ClassDB.instantiate("SaveData")
	save.open(path)
	if intros_seen:
		for id in INTROS:
			var marked: bool = save.mark_intro_seen(id)
			assert(marked, "no introduction %s: %s" % [id, save.last_error()])
	for n in range(1, won + 1):
		save.record_opened(n)
		save.record_win(n, 0, false)


func check(ok: bool, message: String) -> bool:
	if not ok:
		failures.append(message)
		printerr("FAIL: ", message)
	return ok


## Prints the result line godot_check.sh looks for and ends the run, after the last click sound
## has played out (a playback still mixing when the engine exits is reported as leaked).
func finish() -> void:
	await frames(5)
	OS.delay_msec(150)
	await frames(5)
	print("%s: %d failure(s)" % [_name, failures.size()])
	tree.quit(1 if not failures.is_empty() else 0)


func frames(count: int) -> void:
	for i in count:
		await tree.process_frame


func app() -> Node:
	return tree.root.get_node("App")


func scene() -> Node:
	return tree.current_scene


func node(path: String) -> Node:
	return scene().get_node_or_null(path) if scene() != null else null


## Waits (at most `max_frames`) for a scene whose file is `res_path`.
func wait_scene(res_path: String, max_frames := 30) -> bool:
	for i in max_frames:
		if scene() != null and scene().scene_file_path == res_path and scene().is_node_ready():
			await frames(2)
			return true
		await frames(1)
	return check(false, "expected scene %s, got %s" % [res_path, _scene_path()])


func wait_until(condition: Callable, max_frames: int, what: String) -> bool:
	for i in max_frames:
		if condition.call():
			return true
		await frames(1)
	return check(false, "waited %d frames for: %s" % [max_frames, what])


## Like wait_until, bounded by wall time instead of frames: for what takes a known time to play
## out (an animation), however long or short the frames are.
func wait_for(condition: Callable, seconds: float, what: String) -> bool:
	var until := Time.get_ticks_msec() + int(seconds * 1000.0)
	while Time.get_ticks_msec() < until:
		if condition.call():
			return true
		await frames(1)
	return check(condition.call(), "waited %.1f s for: %s" % [seconds, what])


## Opens a screen at a window size (the way the app's own scene changes do), waiting for the new
## instance even when the same screen is open already.
func start(res_path: String, size := PHONE) -> bool:
	tree.root.size = size
	var before := scene().get_instance_id() if scene() != null else 0
	tree.change_scene_to_file(res_path)
	await wait_until(
		func(): return scene() != null and scene().get_instance_id() != before,
		30,
		"a new %s" % res_path
	)
	return await wait_scene(res_path)


## A sequence of plain taps that loses from the oracle's state, or [] (depth-first over the legal
## moves, last first, at most 5000 states).
static func losing_moves(sim) -> Array:
	return _lose_from(sim, [5000])


static func _lose_from(sim, budget: Array) -> Array:
	budget[0] -= 1
	if sim.status() != "playing" or budget[0] < 0:
		return []
	var moves: Array = sim.legal_moves()
	moves.reverse()
	for move in moves:
		if move["wrench"]:
			continue
		sim.tap(move["screw"])
		var lost: bool = sim.status() == "lost"
		var rest := [] if lost else _lose_from(sim, budget)
		sim.undo()
		if lost or not rest.is_empty():
			return [move] + rest
	return []


## One finger tap at a position in the viewport's canvas (what get_global_rect() returns).
func tap(canvas_pos: Vector2) -> void:
	var window_pos: Vector2 = tree.root.get_final_transform() * canvas_pos
	for pressed in [true, false]:
		var touch := InputEventScreenTouch.new()
		touch.index = 0
		touch.pressed = pressed
		touch.position = window_pos
		tree.root.push_input(touch)
		tree.root.push_input(_emulated_button(window_pos, pressed))
		await frames(1)
	await frames(2)


## A finger drag from `from` to `to` (canvas positions) in `steps` moves, then lifted.
func drag(from: Vector2, to: Vector2, steps := 12) -> void:
	var transform: Transform2D = tree.root.get_final_transform()
	var touch := InputEventScreenTouch.new()
	touch.pressed = true
	touch.position = transform * from
	tree.root.push_input(touch)
	tree.root.push_input(_emulated_button(transform * from, true))
	await frames(1)
	var last := from
	for i in range(1, steps + 1):
		var at := from.lerp(to, float(i) / steps)
		var motion := InputEventScreenDrag.new()
		motion.position = transform * at
		motion.relative = transform.basis_xform(at - last)
		motion.velocity = motion.relative * 60.0
		tree.root.push_input(motion)
		var mouse := InputEventMouseMotion.new()
		mouse.device = InputEvent.DEVICE_ID_EMULATION
		mouse.position = transform * at
		mouse.global_position = mouse.position
		mouse.relative = motion.relative
		mouse.button_mask = MOUSE_BUTTON_MASK_LEFT
		tree.root.push_input(mouse)
		last = at
		await frames(1)
	touch = InputEventScreenTouch.new()
	touch.pressed = false
	touch.position = transform * to
	tree.root.push_input(touch)
	tree.root.push_input(_emulated_button(transform * to, false))
	await frames(3)


func tap_control(control: Control) -> bool:
	if not check(control != null and control.is_visible_in_tree(), "no visible control to tap"):
		return false
	await tap(control.get_global_rect().get_center())
	return true


func tap_path(path: String) -> bool:
	var control := node(path) as Control
	if not check(control != null, "%s: no %s" % [_scene_path(), path]):
		return false
	return await tap_control(control)


## Taps screw `id` where the current viewport's camera shows its head; `oracle` is a GameSim with
## the same level (it knows the cells), `audit` the App's ReadabilityAudit (the world convention).
func tap_screw(oracle, id: int) -> void:
	await tap(screw_screen_position(oracle, id))


func screw_screen_position(oracle, id: int) -> Vector2:
	var camera := tree.root.get_camera_3d()
	var audit = app().audit
	var max_layer := 0
	for part in oracle.parts():
		max_layer = maxi(max_layer, int(part["layer"]))
	var size := Vector2i(tree.root.get_visible_rect().size)
	var view: Dictionary = audit.camera(size, oracle.width(), oracle.height(), max_layer)
	for screw in oracle.screws():
		if int(screw["id"]) == id:
			var base: Vector3 = audit.cell_to_world(
				screw["x"], screw["y"], screw["layer"], oracle.width(), oracle.height()
			)
			return camera.unproject_position(base + Vector3(0, view["screw_height"], 0))
	check(false, "no screw %d in the oracle level" % id)
	return Vector2.ZERO


## Android's back button: the window notification every node receives.
func back() -> void:
	tree.root.propagate_notification(Node.NOTIFICATION_WM_GO_BACK_REQUEST)
	await frames(3)


func text_of(path: String) -> String:
	var control := node(path)
	return str(control.get("text")) if control != null else "<no %s>" % path


func visible(path: String) -> bool:
	var control := node(path) as CanvasItem
	return control != null and control.is_visible_in_tree()


## The colours of a HUD row (rail places, queue crates): each piece's `color`.
func row_colours(path: String) -> Array[Color]:
	var colours: Array[Color] = []
	var row := node(path)
	if row != null:
		for child in row.get_children():
			if child.get("color") is Color and not child.is_queued_for_deletion():
				colours.append(child.color)
	return colours


func _scene_path() -> String:
	return scene().scene_file_path if scene() != null else "<none>"


func _emulated_button(window_pos: Vector2, pressed: bool) -> InputEventMouseButton:
	var mouse := InputEventMouseButton.new()
	mouse.device = InputEvent.DEVICE_ID_EMULATION
	mouse.button_index = MOUSE_BUTTON_LEFT
	mouse.pressed = pressed
	mouse.button_mask = MOUSE_BUTTON_MASK_LEFT if pressed else 0
	mouse.position = window_pos
	mouse.global_position = window_pos
	return mouse
