@tool
class_name BoardWorld
extends Node3D
## The 3D board: a bench under everything, each panel one plate (PlateMesh) with its shadow and
## the holes its screws sit in, one ScrewView per screw, and the tap raycast. Every position and
## size comes from the extension's camera model (ReadabilityAudit.camera and cell_to_world), the
## same one the readability audit measures. A tool script taking its ReadabilityAudit and palette
## as arguments (no autoload), so the editor's level preview dock draws levels with this same code.

const BENCH_COLOUR := Color(0.15, 0.16, 0.2)
const BENCH_RIM := 0.22
const SHADOW_COLOUR := Color(0.0, 0.0, 0.03, 0.5)
## A screw hole's bore as a fraction of the screw head's radius.
const HOLE_FRACTION := 0.6
const RAY_LENGTH := 1000.0

## Reduce motion: a warning bomb's badge stays still (the board sets it from the settings).
var still := false
var _view := {}
var _audit = null
var _width := 0
var _height := 0
var _max_layer := 0
var _screws := {}
## Per part id: the cells of its screws (where its plate has holes; screws never change cell).
var _hole_cells := {}
## The camera model's cell_to_world is affine (a cell is one world unit, a layer a fixed height):
## its value at cell (0, 0) of layer 0 and its step per layer, read once at build. Asking the
## extension per cell cost a call across the engine boundary for every corner of every plate.
var _origin := Vector3.ZERO
var _layer_step := 0.0
var _panels: Node3D
## Per part id: a hash of what its plate shows (_pose_key) and the node holding it.
var _part_keys := {}
var _part_nodes := {}
## Per mesh key (_mesh_key): [plate mesh, shadow mesh], built once. A part can only take the poses
## GameSim.part_poses() lists; those not drawn at build are drawn ahead, one a frame while no tap
## is handled (_process), so a swing, a fall or its undo only places ready meshes in a tap's frame.
var _meshes := {}
var _ahead: Array = []
## Per pose key: the plate's tint, for every pose the board can show, asked for in one call at
## build (a tint asked for later would be a call across the engine boundary in a tap's frame).
var _tints := {}
## The frame of the last redraw: drawing ahead skips it (it is a tap's frame).
var _redrawn_frame := -1
var _plate_material := PlateMesh.material(false)
var _shadow_material := PlateMesh.material(true)


## Builds the bench and the screws once and points `camera` as the camera model says for this
## viewport. `sim` is a GameSim, `audit` a ReadabilityAudit (the camera model); both untyped: App
## preloads this script, and App must load without the extension to explain its absence.
func build(sim, camera: Camera3D, viewport_size: Vector2i, font: Font, audit) -> Dictionary:
	_audit = audit
	_width = sim.width()
	_height = sim.height()
	_origin = audit.cell_to_world(0, 0, 0, _width, _height)
	_layer_step = audit.cell_to_world(0, 0, 1, _width, _height).y - _origin.y
	_max_layer = 0
	for part in sim.parts():
		_max_layer = max(_max_layer, int(part["layer"]))
	fit(camera, viewport_size)
	_add_bench()
	_panels = Node3D.new()
	add_child(_panels)
	_hole_cells.clear()
	var marks: Dictionary = audit.marks()
	for screw in sim.screws():
		var cells: Array = _hole_cells.get(int(screw["part"]), [])
		cells.append(Vector2i(screw["x"], screw["y"]))
		_hole_cells[int(screw["part"])] = cells
		var view := ScrewView.new()
		add_child(view)
		view.setup(screw["id"], _view, font, marks)
		view.position = _screw_position(screw)
		_screws[int(screw["id"])] = view
	_ahead = sim.part_poses()
	_read_tints(_ahead + sim.parts())
	return _view


## Draws ahead the meshes of one pose a part may take later; false once all are drawn.
func draw_ahead() -> bool:
	while not _ahead.is_empty():
		var part: Dictionary = _ahead.pop_back()
		if not _meshes.has(_mesh_key(part)):
			_meshes_of(part)
			return true
	return false


func _process(_delta: float) -> void:
	if not _ahead.is_empty() and Engine.get_process_frames() != _redrawn_frame:
		draw_ahead()


## Redraws the rows a move changed (a result's `screws` and `parts`, or every row of
## GameSim.state() to draw a board first); `palette` is ReadabilityAudit.palette(). Only those
## rows are rebuilt: a panel whose pose or cells moved, a screw whose state changed.
func show_rows(screws: Array, parts: Array, patterns_on: bool, palette: Array) -> void:
	_redrawn_frame = Engine.get_process_frames()
	for part in parts:
		var id := int(part["id"])
		var key := _pose_key(part)
		if _part_keys.get(id, 0) == key:
			continue
		_part_keys[id] = key
		if _part_nodes.has(id):
			_part_nodes[id].queue_free()
			_part_nodes.erase(id)
		var node := _plate_node(part)
		if node != null:
			_panels.add_child(node)
			_part_nodes[id] = node
	for screw in screws:
		var id := int(screw["id"])
		var entry: Dictionary = {}
		var colour := int(screw["color"])
		if colour >= 0 and colour < palette.size():
			entry = palette[colour]
		_screws[id].show_state(screw, entry, patterns_on, still)
		_screws[id].position = _screw_position(screw)


## Points `camera` as the camera model says for this viewport, leaving the HUD bands inside
## `safe_area` when it is given (viewport pixels). Called again whenever the viewport changes size:
## screws and panels keep their sizes, only the camera moves. Returns the camera model's Dictionary.
func fit(camera: Camera3D, viewport_size: Vector2i, safe_area := Rect2i()) -> Dictionary:
	if safe_area.has_area():
		_view = _audit.camera_in_safe_area(viewport_size, safe_area, _width, _height, _max_layer)
	else:
		_view = _audit.camera(viewport_size, _width, _height, _max_layer)
	camera.fov = _view["fov_y_deg"]
	camera.look_at_from_position(_view["position"], _view["target"], _view["up"])
	return _view


## The screw whose collider the ray through `screen_pos` hits first, or -1.
func screw_at(camera: Camera3D, screen_pos: Vector2) -> int:
	var origin := camera.project_ray_origin(screen_pos)
	var query := PhysicsRayQueryParameters3D.create(
		origin, origin + camera.project_ray_normal(screen_pos) * RAY_LENGTH
	)
	var hit := get_world_3d().direct_space_state.intersect_ray(query)
	if hit.is_empty() or not hit["collider"].has_meta("screw_id"):
		return -1
	return int(hit["collider"].get_meta("screw_id"))


## Where screw `screw` (a screws() row) stands: on its panel's top face, or, covered, lying flat
## on the face of the plate it is seen through (the row's `cover` layer).
func _screw_position(screw: Dictionary) -> Vector3:
	var cover := int(screw.get("cover", -1))
	if PlateMesh.bug_switch == "covered-underneath":
		cover = -1
	var layer := cover if cover >= 0 else int(screw["layer"])
	var base := cell_point(Vector2i(screw["x"], screw["y"]), layer)
	# cell_to_world is the centre of the panel's top face; the screw stands on it.
	return base + Vector3(0, ScrewView.rise(_view, cover >= 0), 0)


func _cell_centre(cell: Vector2i) -> Vector2:
	return Vector2(_origin.x + cell.x, _origin.z + cell.y)


## The workbench the board lies on: one dark plate a little larger than the board, under layer 0.
func _add_bench() -> void:
	var cells := []
	for y in _height:
		for x in _width:
			cells.append(Vector2i(x, y))
	var shapes := PlateMesh.outlines(cells, _cell_centre)
	var bench := MeshInstance3D.new()
	bench.mesh = PlateMesh.flat(shapes, BENCH_COLOUR, BENCH_RIM, Vector2.ZERO)
	bench.material_override = _plate_material
	bench.position.y = -_view["panel_thickness"] - 0.06
	add_child(bench)


## The plate of `part` (a parts() row) with its shadow, under one new node the caller adds (null
## for a fallen part: it has left the board). A panel whose row names a turn is its rest plate
## turned about the screw it hangs from; a stored pose that is no turn is drawn as its cells.
func _plate_node(part: Dictionary) -> PlateNode:
	if part["pose"] == GameSim.POSE_FALLEN:
		return null
	var node := PlateNode.new()
	# The shadow hangs just under the plate: seen from above it darkens whatever lies below.
	var under := Vector3(
		PlateMesh.SHADOW_SHIFT.x, -_view["panel_thickness"] - 0.03, PlateMesh.SHADOW_SHIFT.y
	)
	var height := cell_point(Vector2i.ZERO, int(part["layer"])).y
	node.setup(_meshes_of(part), shared_materials(), height, under)
	if part.get("pivot") != null:
		node.set_pivot(cell_point(part["pivot"], 0))
	node.turn(turn_angle(part), rest_lift(part))
	return node


## How far above its layer `part`'s plate lies when still: under the plates of its own layer
## whose screws it has swung over (the camera model's same_layer_sink for each), so those screws
## read as on their own plate.
func rest_lift(part: Dictionary) -> float:
	return -float(_view["same_layer_sink"]) * int(part.get("beneath", 0))


## The turn `part`'s plate is drawn at (radians about the vertical; 0 when not turned).
static func turn_angle(part: Dictionary) -> float:
	return PlateNode.quarter_angle(maxi(0, int(part.get("turn", -1))))


## Whether `part`'s plate is its rest plate turned (its row names a turn).
static func turned(part: Dictionary) -> bool:
	return int(part.get("turn", -1)) >= 0 and part.has("rest")


## [plate mesh, shadow mesh] of `part`'s plate, built on first use: one pair per panel while its
## poses are turns of its rest shape, one per stored pose otherwise.
func _meshes_of(part: Dictionary) -> Array:
	var key := _mesh_key(part)
	if _meshes.has(key):
		return _meshes[key]
	var is_turned := turned(part)
	var cells: Array = Array(part["rest"]) if is_turned else Array(part["cells"])
	var shapes := PlateMesh.outlines(cells, _cell_centre)
	# Holes where its screws sit, and stay when they leave: they turn with the plate. A stored
	# pose that is no turn has no place for them but the screw it hangs from (its head covers it).
	var holes := PackedVector2Array()
	if is_turned or part["pose"] != GameSim.POSE_HANG:
		for cell in _hole_cells.get(int(part["id"]), []):
			holes.append(_cell_centre(cell))
	var meshes := [
		PlateMesh.plate(
			shapes,
			_view["panel_thickness"],
			_part_colour(part),
			holes,
			_view["head_radius"] * HOLE_FRACTION
		),
		PlateMesh.flat(
			shapes, PlateMesh.translucent(SHADOW_COLOUR), PlateMesh.SHADOW_GROW, Vector2.ZERO
		),
	]
	_meshes[key] = meshes
	return meshes


## The plate's tint by layer, id and pose: the core palette's (a hanging plate keeps its resting
## tint), which the readability audit measures screws and touching plates against.
func _part_colour(part: Dictionary) -> Color:
	var key := _pose_key(part)
	if _tints.has(key):
		return _tints[key]
	return _audit.plate_colour(int(part["layer"]), _tint_id(part), part["pose"])


## The tints of `parts` (parts() / part_poses() rows), each kept by its pose key.
func _read_tints(parts: Array) -> void:
	var rows: Array[Dictionary] = []
	for part: Dictionary in parts:
		rows.append({"layer": part["layer"], "id": _tint_id(part), "pose": part["pose"]})
	var colours: PackedColorArray = _audit.plate_colours(rows)
	for i in mini(colours.size(), parts.size()):
		_tints[_pose_key(parts[i])] = colours[i]


func _tint_id(part: Dictionary) -> int:
	return 0 if PlateMesh.bug_switch == "one-tint-per-layer" else int(part["id"])


## The materials every plate and plate shadow shares (the animator keeps fading copies ready).
func shared_materials() -> Array[BaseMaterial3D]:
	return [_plate_material, _shadow_material]


## Whether screw `id`'s lock is shut, as its last row said (GameSim would refuse its tap).
func locked(id: int) -> bool:
	return _screws.has(id) and _screws[id].locked


## The screw's node (the animator moves it), or null.
func screw_node(id: int) -> Node3D:
	return _screws.get(id)


## The panel's plate as the last redraw built it, or null (fallen panels have none).
func part_node(id: int) -> PlateNode:
	var node: PlateNode = _part_nodes.get(id)
	return node if is_instance_valid(node) and not node.is_queued_for_deletion() else null


## A free-standing plate of the panel in the pose `part` describes (a parts() row), for the
## animator to swing or drop while the board already shows the new pose: the very meshes the player
## saw, on a new node the caller owns.
func part_ghost(part: Dictionary) -> Node3D:
	var node := _plate_node(part)
	return node if node != null else Node3D.new()


## What a part's plate looks like: its id (colour, holes), pose and cells.
func _pose_key(part: Dictionary) -> int:
	return hash([part["id"], part["pose"], part["cells"]])


## Which meshes a part's plate is drawn with: its rest plate's while its pose is a turn of it.
func _mesh_key(part: Dictionary) -> int:
	if turned(part):
		return hash([part["id"], part["rest"]])
	return _pose_key(part)


## Centre of a cell's top face on `layer`: ReadabilityAudit.cell_to_world, from its value at the
## first cell and its steps (the engine tests compare the two on every cell of a board).
func cell_point(cell: Vector2i, layer: int) -> Vector3:
	return _origin + Vector3(cell.x, layer * _layer_step, cell.y)


## The camera model's Dictionary the board was last fitted with (sizes in world units).
func view() -> Dictionary:
	return _view


func screw_height() -> float:
	return _view["screw_height"]


## The screw collider's radius (what a mark round a screw is sized by).
func screw_radius() -> float:
	return _view["screw_radius"]
