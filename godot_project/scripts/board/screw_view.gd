class_name ScrewView
extends Node3D
## One screw: a tap collider sized by the camera model (the audit measures this collider, not the
## head), a head coloured from the palette (dimmed when blocked, grey with "?" when hidden), an
## optional colour-blind pattern, rust on rusty screws and a hex head on bolts.

const HEAD_FRACTION := 0.72
const UNKNOWN_COLOUR := Color(0.55, 0.55, 0.58)
const RUST_COLOUR := Color(0.55, 0.27, 0.12)
const PATTERN_COLOUR := Color(0.97, 0.97, 0.97)
## Pattern shapes by the palette's pattern name; an unknown name falls back to the palette index.
const PATTERN_SHAPES := ["dot", "bar", "cross", "ring", "pair", "triangle"]

var screw_id := -1

var _body: StaticBody3D
var _shape: CollisionShape3D
var _head: MeshInstance3D
var _material := StandardMaterial3D.new()
var _rust: MeshInstance3D
var _unknown: Label3D
var _pattern: Node3D
var _pattern_key := ""
var _radius := 0.3
var _height := 0.2


func setup(id: int, radius: float, height: float, font: Font) -> void:
	screw_id = id
	_radius = radius
	_height = height
	_body = StaticBody3D.new()
	_body.set_meta("screw_id", id)
	_shape = CollisionShape3D.new()
	var cylinder := CylinderShape3D.new()
	cylinder.radius = radius
	cylinder.height = height
	_shape.shape = cylinder
	_body.add_child(_shape)
	add_child(_body)
	_head = MeshInstance3D.new()
	_head.material_override = _material
	add_child(_head)
	_rust = _make_rust_ring()
	add_child(_rust)
	_unknown = Label3D.new()
	_unknown.text = "?"
	_unknown.font = font
	_unknown.pixel_size = radius * 0.02
	_unknown.rotation_degrees = Vector3(-90, 0, 0)
	_unknown.position.y = height * 0.5 + 0.01
	add_child(_unknown)
	_pattern = Node3D.new()
	_pattern.position.y = height * 0.5 + 0.005
	add_child(_pattern)


## Draw the screw as GameSim describes it. `entry` is one of ReadabilityAudit.palette().
func show_state(screw: Dictionary, entry: Dictionary, patterns_on: bool) -> void:
	visible = not screw["removed"]
	_shape.disabled = screw["removed"] or not screw["accessible"]
	var head := CylinderMesh.new()
	head.top_radius = _radius * HEAD_FRACTION
	head.bottom_radius = _radius * HEAD_FRACTION
	head.height = _height
	# A bolt is the only screw with a hex head: it needs the wrench.
	head.radial_segments = 6 if screw["kind"] == "bolt" else 24
	_head.mesh = head
	var known: bool = screw["known"] and not entry.is_empty()
	var colour: Color = UNKNOWN_COLOUR
	if known:
		colour = entry["bright"] if screw["accessible"] else entry["dimmed"]
	elif not screw["accessible"]:
		colour = UNKNOWN_COLOUR.darkened(0.4)
	_material.albedo_color = colour
	var rusty: bool = screw["kind"] == "rusty"
	_material.roughness = 1.0 if rusty else 0.35
	_material.metallic = 0.2 if rusty else 0.7
	# The rust ring flakes off when the first tap loosens the screw.
	_rust.visible = rusty and int(screw["touches"]) == 0
	_head.position.y = _height * 0.25 if rusty and int(screw["touches"]) > 0 else 0.0
	_unknown.visible = not known
	_show_pattern(entry if known and patterns_on else {})


func _make_rust_ring() -> MeshInstance3D:
	var ring := MeshInstance3D.new()
	var torus := TorusMesh.new()
	torus.inner_radius = _radius * HEAD_FRACTION * 0.9
	torus.outer_radius = _radius * HEAD_FRACTION * 1.12
	ring.mesh = torus
	var rust := StandardMaterial3D.new()
	rust.albedo_color = RUST_COLOUR
	rust.roughness = 1.0
	ring.material_override = rust
	return ring


func _show_pattern(entry: Dictionary) -> void:
	var key := ""
	if not entry.is_empty():
		key = str(entry.get("pattern", ""))
		if not key in PATTERN_SHAPES:
			key = PATTERN_SHAPES[int(entry.get("index", 0)) % PATTERN_SHAPES.size()]
	if key == _pattern_key:
		return
	_pattern_key = key
	for child in _pattern.get_children():
		child.queue_free()
	var r := _radius * HEAD_FRACTION
	match key:
		"dot":
			_add_mark(_sphere(r * 0.25), Vector3.ZERO)
		"bar":
			_add_mark(_box(Vector3(r * 1.4, 0.01, r * 0.3)), Vector3.ZERO)
		"cross":
			_add_mark(_box(Vector3(r * 1.4, 0.01, r * 0.25)), Vector3.ZERO)
			_add_mark(_box(Vector3(r * 0.25, 0.01, r * 1.4)), Vector3.ZERO)
		"ring":
			var torus := TorusMesh.new()
			torus.inner_radius = r * 0.4
			torus.outer_radius = r * 0.6
			_add_mark(torus, Vector3.ZERO)
		"pair":
			_add_mark(_sphere(r * 0.2), Vector3(-r * 0.4, 0, 0))
			_add_mark(_sphere(r * 0.2), Vector3(r * 0.4, 0, 0))
		"triangle":
			var prism := CylinderMesh.new()
			prism.radial_segments = 3
			prism.top_radius = r * 0.6
			prism.bottom_radius = r * 0.6
			prism.height = 0.01
			_add_mark(prism, Vector3.ZERO)


func _add_mark(mesh: Mesh, offset: Vector3) -> void:
	var mark := MeshInstance3D.new()
	mark.mesh = mesh
	var white := StandardMaterial3D.new()
	white.albedo_color = PATTERN_COLOUR
	white.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	mark.material_override = white
	mark.position = offset
	_pattern.add_child(mark)


func _sphere(radius: float) -> SphereMesh:
	var sphere := SphereMesh.new()
	sphere.radius = radius
	sphere.height = radius * 2.0
	return sphere


func _box(extent: Vector3) -> BoxMesh:
	var box := BoxMesh.new()
	box.size = extent
	return box
