@tool
class_name ScrewView
extends Node3D
## One screw: a tap collider sized by the camera model (the audit measures this collider, not the
## head), and a screw that reads as one: a bevelled head in its palette colour (dimmed when
## blocked) with a slot, a soft shadow on its plate, a hex head and washer on bolts, a rust ring
## on rusty screws that flakes off when the first tap loosens them (the head rises and shows its
## thread), a grey cap with "?" on hidden screws, and the colour-blind mark on the head's top.

## Head radius as a fraction of the collider radius, used when the camera model gives none
## (its own head is 0.34 of a cell for a 0.45 collider).
const HEAD_FRACTION := 0.75
const UNKNOWN_COLOUR := Color(0.62, 0.63, 0.66)
const UNKNOWN_MARK := Color(0.16, 0.17, 0.2)
const RUST_COLOUR := Color(0.56, 0.25, 0.09)
const STEEL := Color(0.7, 0.72, 0.76)
const SLOT_COLOUR := Color(0.08, 0.08, 0.1)
const SHADOW := Color(0.0, 0.0, 0.03, 0.4)
const PATTERN_COLOUR := Color(0.97, 0.97, 0.97)
## The mark on a light head (white, pink, yellow): white on white could not be seen.
const PATTERN_COLOUR_ON_LIGHT := Color(0.1, 0.1, 0.12)
## Head luminance from which the mark is drawn dark.
const LIGHT_HEAD := 0.6
## The palette's pattern names (ReadabilityAudit.palette()), drawn like the audit's pictures draw
## them; an unknown name falls back to the palette index.
const PATTERN_SHAPES := ["cross", "dot", "triangle", "square", "diamond", "ring"]
## How much of the rust colour a rusty head takes (the palette colour must still read).
const RUST_MIX := 0.22

var screw_id := -1

var _body: StaticBody3D
var _shape: CollisionShape3D
var _head: MeshInstance3D
var _material := StandardMaterial3D.new()
var _rust: MeshInstance3D
var _slot: MeshInstance3D
var _thread: Node3D
var _washer: MeshInstance3D
var _unknown: Label3D
var _pattern: Node3D
var _pattern_key := ""
var _mark_colour := PATTERN_COLOUR
var _radius := 0.45
var _head_radius := 0.34
var _height := 0.22
var _kind := ""


## `view` is ReadabilityAudit.camera(...): collider radius, head radius and height come from it.
func setup(id: int, view: Dictionary, font: Font) -> void:
	screw_id = id
	_radius = view["screw_radius"]
	_head_radius = view.get("head_radius", _radius * HEAD_FRACTION)
	_height = view["screw_height"]
	_body = StaticBody3D.new()
	_body.set_meta("screw_id", id)
	_shape = CollisionShape3D.new()
	var cylinder := CylinderShape3D.new()
	cylinder.radius = _radius
	cylinder.height = _height
	_shape.shape = cylinder
	_body.add_child(_shape)
	add_child(_body)
	# The shadow lies on the plate, to the lower right (the light is upper left).
	var shadow := _flat_disc(_head_radius * 1.08, _unshaded(SHADOW))
	shadow.position = Vector3(0.05, -_height * 0.5 + 0.006, 0.07)
	add_child(shadow)
	_washer = _flat_disc(_head_radius * 1.12, _metal(STEEL.darkened(0.15)))
	_washer.position.y = -_height * 0.5 + 0.012
	add_child(_washer)
	_thread = _make_thread()
	add_child(_thread)
	_head = MeshInstance3D.new()
	_head.material_override = _material
	add_child(_head)
	_slot = MeshInstance3D.new()
	var slot := BoxMesh.new()
	slot.size = Vector3(_head_radius * 1.45, 0.006, _head_radius * 0.2)
	_slot.mesh = slot
	_slot.material_override = _unshaded(SLOT_COLOUR)
	_slot.position.y = _height * 0.5 + 0.002
	# Every screw was driven in to its own angle.
	_slot.rotation.y = float((id * 37) % 180) * PI / 180.0
	_head.add_child(_slot)
	_rust = _make_rust_ring()
	add_child(_rust)
	_unknown = Label3D.new()
	_unknown.text = "?"
	_unknown.font = font
	_unknown.font_size = 40
	_unknown.outline_size = 0
	_unknown.modulate = UNKNOWN_MARK
	_unknown.pixel_size = _head_radius * 0.03
	_unknown.rotation_degrees = Vector3(-90, 0, 0)
	_unknown.position.y = _height * 0.5 + 0.01
	add_child(_unknown)
	_pattern = Node3D.new()
	_pattern.position.y = _height * 0.5 + 0.005
	add_child(_pattern)


## Draw the screw as GameSim describes it. `entry` is one of ReadabilityAudit.palette().
func show_state(screw: Dictionary, entry: Dictionary, patterns_on: bool) -> void:
	visible = not screw["removed"]
	_shape.disabled = screw["removed"] or not screw["accessible"]
	var kind: String = screw["kind"]
	if kind != _kind:
		_kind = kind
		_head.mesh = _head_mesh(kind == "bolt")
	var known: bool = screw["known"] and not entry.is_empty()
	var colour: Color = UNKNOWN_COLOUR
	if known:
		colour = entry["bright"] if screw["accessible"] else entry["dimmed"]
	elif not screw["accessible"]:
		colour = UNKNOWN_COLOUR.darkened(0.4)
	var rusty: bool = kind == "rusty"
	var loosened: bool = rusty and int(screw["touches"]) > 0
	if rusty and not loosened:
		colour = colour.lerp(RUST_COLOUR, RUST_MIX)
	_material.albedo_color = colour
	_material.roughness = 0.85 if rusty and not loosened else 0.38
	_material.metallic = 0.1 if rusty else 0.35
	# The rust ring flakes off when the first tap loosens the screw; the head rises on its thread.
	_rust.visible = rusty and not loosened
	_head.position.y = _height * 0.25 if loosened else 0.0
	_thread.visible = loosened
	_washer.visible = kind == "bolt"
	# A bolt has no slot (it needs the wrench); a mark replaces the slot so the two never mix.
	var marked := known and patterns_on
	_slot.visible = kind != "bolt" and known and not marked
	# The "?" and the colour-blind mark lie on the head's top face, wherever the head stands.
	_unknown.position.y = _head.position.y + _height * 0.5 + 0.01
	_pattern.position.y = _head.position.y + _height * 0.5 + 0.005
	_unknown.visible = not known
	_show_pattern(entry if marked else {})


## A bevelled round head, or a hex bolt head.
func _head_mesh(bolt: bool) -> CylinderMesh:
	var head := CylinderMesh.new()
	head.bottom_radius = _head_radius
	head.top_radius = _head_radius * (0.97 if bolt else 0.86)
	head.height = _height
	head.radial_segments = 6 if bolt else 32
	head.rings = 1
	return head


## The thread a loosened screw shows under its raised head: a steel shank with its ridges.
func _make_thread() -> Node3D:
	var thread := Node3D.new()
	var shank := MeshInstance3D.new()
	var cylinder := CylinderMesh.new()
	cylinder.top_radius = _head_radius * 0.42
	cylinder.bottom_radius = _head_radius * 0.42
	cylinder.height = _height
	shank.mesh = cylinder
	shank.material_override = _metal(STEEL)
	thread.add_child(shank)
	for i in 3:
		var ridge := MeshInstance3D.new()
		var torus := TorusMesh.new()
		torus.inner_radius = _head_radius * 0.4
		torus.outer_radius = _head_radius * 0.55
		ridge.mesh = torus
		ridge.material_override = _metal(STEEL.darkened(0.3))
		ridge.position.y = -_height * 0.35 + i * _height * 0.22
		ridge.scale.y = 0.5
		thread.add_child(ridge)
	thread.visible = false
	return thread


func _flat_disc(radius: float, material: Material) -> MeshInstance3D:
	var disc := MeshInstance3D.new()
	disc.mesh = _disc(radius, 32)
	disc.material_override = material
	return disc


func _unshaded(colour: Color) -> StandardMaterial3D:
	var m := StandardMaterial3D.new()
	m.albedo_color = colour
	m.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	if colour.a < 1.0:
		m.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	return m


func _metal(colour: Color) -> StandardMaterial3D:
	var m := StandardMaterial3D.new()
	m.albedo_color = colour
	m.metallic = 0.6
	m.roughness = 0.35
	return m


func _make_rust_ring() -> MeshInstance3D:
	var ring := MeshInstance3D.new()
	var torus := TorusMesh.new()
	torus.inner_radius = _head_radius * 0.86
	torus.outer_radius = _head_radius * 1.16
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
	var colour := PATTERN_COLOUR
	if not entry.is_empty() and (entry["bright"] as Color).get_luminance() >= LIGHT_HEAD:
		colour = PATTERN_COLOUR_ON_LIGHT
	if key == _pattern_key and colour == _mark_colour:
		return
	_pattern_key = key
	_mark_colour = colour
	for child in _pattern.get_children():
		child.queue_free()
	var r := _head_radius
	match key:
		"dot":
			_add_mark(_disc(r * 0.5, 32), 0.0)
		"ring":
			var torus := TorusMesh.new()
			torus.inner_radius = r * 0.6
			torus.outer_radius = r * 0.9
			_add_mark(torus, 0.0)
		"triangle":
			_add_mark(_polygon(r * 0.95, 3), 0.0)
		"square":
			_add_mark(_polygon(r * 0.99, 4), 45.0)
		"diamond":
			_add_mark(_polygon(r * 0.95, 4), 0.0)
		"cross":
			_add_mark(_box(Vector3(r * 1.9, 0.01, r * 0.44)), 0.0)
			_add_mark(_box(Vector3(r * 0.44, 0.01, r * 1.9)), 0.0)


func _add_mark(mesh: Mesh, turn_degrees: float) -> void:
	var mark := MeshInstance3D.new()
	mark.mesh = mesh
	var white := StandardMaterial3D.new()
	white.albedo_color = _mark_colour
	white.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	white.cull_mode = BaseMaterial3D.CULL_DISABLED
	mark.material_override = white
	mark.rotation_degrees.y = turn_degrees
	_pattern.add_child(mark)


## A flat disc lying on the head (the dot mark).
func _disc(radius: float, sides: int) -> CylinderMesh:
	var disc := CylinderMesh.new()
	disc.top_radius = radius
	disc.bottom_radius = radius
	disc.height = 0.01
	disc.radial_segments = sides
	return disc


## A flat regular polygon facing up, first corner at -Z (screen up). Not a CylinderMesh: Godot
## raises its radial_segments to at least 4, which turned the triangle into the diamond.
func _polygon(radius: float, sides: int) -> ArrayMesh:
	var vertices := PackedVector3Array()
	var normals := PackedVector3Array()
	for i in sides:
		# Clockwise seen from above: Godot's front-face winding.
		vertices.append_array([Vector3.ZERO, _corner(i, sides, radius), _corner(i + 1, sides, radius)])
		normals.append_array([Vector3.UP, Vector3.UP, Vector3.UP])
	var arrays := []
	arrays.resize(Mesh.ARRAY_MAX)
	arrays[Mesh.ARRAY_VERTEX] = vertices
	arrays[Mesh.ARRAY_NORMAL] = normals
	var mesh := ArrayMesh.new()
	mesh.add_surface_from_arrays(Mesh.PRIMITIVE_TRIANGLES, arrays)
	return mesh


## Corner `i` of a regular `sides`-gon: corner 0 at -Z (screen up), then clockwise on screen.
func _corner(i: int, sides: int, radius: float) -> Vector3:
	var angle := TAU * i / sides
	return Vector3(sin(angle) * radius, 0.0, -cos(angle) * radius)


func _box(extent: Vector3) -> BoxMesh:
	var box := BoxMesh.new()
	box.size = extent
	return box
