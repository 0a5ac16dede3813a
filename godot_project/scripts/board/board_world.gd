@tool
class_name BoardWorld
extends Node3D
## The 3D board: panels as layered slabs, one ScrewView per screw, and the tap raycast. Every
## position and size comes from the extension's camera model (ReadabilityAudit.camera and
## cell_to_world), the same one the readability audit measures. A tool script taking its
## ReadabilityAudit and palette as arguments (no autoload), so the editor's level preview dock
## draws levels with this same code.

const LAYER_COLOURS := [
	Color(0.36, 0.38, 0.42),
	Color(0.52, 0.55, 0.6),
	Color(0.66, 0.69, 0.74),
	Color(0.78, 0.8, 0.84),
]
const FRAME_COLOUR := Color(0.24, 0.25, 0.28)
const HANG_TINT := Color(1.0, 0.93, 0.85)
const CELL_INSET := 0.94
const RAY_LENGTH := 1000.0

var _view := {}
var _audit = null
var _width := 0
var _height := 0
var _max_layer := 0
var _screws := {}
var _panels: Node3D


## Builds the screws once and points `camera` as the camera model says for this viewport.
## `audit` is a ReadabilityAudit (the camera model).
func build(sim, camera: Camera3D, viewport_size: Vector2i, font: Font, audit) -> Dictionary:
	_audit = audit
	_width = sim.width()
	_height = sim.height()
	_max_layer = 0
	for part in sim.parts():
		_max_layer = max(_max_layer, int(part["layer"]))
	fit(camera, viewport_size)
	_panels = Node3D.new()
	add_child(_panels)
	for screw in sim.screws():
		var view := ScrewView.new()
		add_child(view)
		view.setup(screw["id"], _view, font)
		view.position = _screw_position(screw)
		_screws[int(screw["id"])] = view
	return _view


## Redraws everything from GameSim's current state; `palette` is ReadabilityAudit.palette().
func show_state(sim, patterns_on: bool, palette: Array) -> void:
	for child in _panels.get_children():
		child.queue_free()
	for part in sim.parts():
		_add_part(part)
	for screw in sim.screws():
		var entry: Dictionary = {}
		var colour := int(screw["color"])
		if colour >= 0 and colour < palette.size():
			entry = palette[colour]
		_screws[int(screw["id"])].show_state(screw, entry, patterns_on)


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


func _screw_position(screw: Dictionary) -> Vector3:
	var base: Vector3 = _audit.cell_to_world(
		int(screw["x"]), int(screw["y"]), int(screw["layer"]), _width, _height
	)
	# cell_to_world is the centre of the panel's top face; the screw stands on it.
	return base + Vector3(0, _view["screw_height"] * 0.5, 0)


## The screw's node (the animator moves it), or null.
func screw_node(id: int) -> Node3D:
	return _screws.get(id)


## The panel's node as the last redraw built it, or null (fallen panels have none).
func part_node(id: int) -> Node3D:
	for holder in _panels.get_children():
		if int(holder.get_meta("part_id", -1)) == id and not holder.is_queued_for_deletion():
			return holder
	return null


## A free-standing copy of a panel in the pose `part` describes (a parts() row), for the animator
## to swing or drop while the board already shows the new pose. The caller owns it.
func part_ghost(part: Dictionary) -> Node3D:
	var holder := Node3D.new()
	_build_part(part, holder)
	return holder


## Centre of a cell's top face on `layer` (the camera model's world convention).
func cell_point(cell: Vector2i, layer: int) -> Vector3:
	return _audit.cell_to_world(cell.x, cell.y, layer, _width, _height)


func screw_height() -> float:
	return _view["screw_height"]


func _add_part(part: Dictionary) -> void:
	if part["pose"] == "fallen":
		return
	var holder := Node3D.new()
	holder.set_meta("part_id", int(part["id"]))
	_panels.add_child(holder)
	_build_part(part, holder)


func _build_part(part: Dictionary, holder: Node3D) -> void:
	var pose: String = part["pose"]
	var material := StandardMaterial3D.new()
	var layer := int(part["layer"])
	material.albedo_color = LAYER_COLOURS[clampi(layer, 0, LAYER_COLOURS.size() - 1)]
	if pose == "frame":
		material.albedo_color = FRAME_COLOUR
	elif pose == "hang":
		material.albedo_color *= HANG_TINT
	material.metallic = 0.6
	material.roughness = 0.5
	var slab := BoxMesh.new()
	slab.size = Vector3(CELL_INSET, _view["panel_thickness"], CELL_INSET)
	for cell in part["cells"]:
		var tile := MeshInstance3D.new()
		tile.mesh = slab
		tile.material_override = material
		# The slab hangs below its top face (the point cell_to_world gives).
		tile.position = _audit.cell_to_world(cell.x, cell.y, layer, _width, _height)
		tile.position.y -= _view["panel_thickness"] * 0.5
		holder.add_child(tile)
