@tool
class_name ScrewView
extends Node3D
## One screw: a tap collider sized by the camera model (the audit measures this collider, not the
## head), and a screw that reads as one: a bevelled head in its palette colour with a slot, a soft
## shadow on its plate, a hex head and washer on bolts, a rust ring on rusty screws that flakes off
## when the first tap loosens them (the head rises and shows its thread), a cap with "?" on hidden
## screws, and the colour-blind mark on the head's top; lock, key and bomb badges are ScrewMarks.
## A covered screw is seen through the plate over it: its head, dimmed, flat, smaller, without a
## slot or a shadow, lies on that plate's face (the board places it there, rise()) with its marks
## and badges, so every screw in the board can be seen.

## Head radius as a fraction of the collider radius, used when the camera model gives none
## (its own head is 0.34 of a cell for a 0.45 collider).
const HEAD_FRACTION := 0.75
## A hidden screw's cap, covered cap and '?': the palette's audited `hidden` (tests/screw_looks.rs).
const UNKNOWN_COLOUR := Color("#C4BEA6")
const UNKNOWN_COVERED := Color("#8C897A")
const UNKNOWN_MARK := Color("#16171C")
## A stuck rusty screw's ring, a loosened one's collar: audited `rusty` (tests/screw_looks.rs).
const RUST_COLOUR := Color("#8F4017")
const LOOSE_COLLAR := Color("#D5DAE3")
const STEEL := Color(0.7, 0.72, 0.76)
const SLOT_COLOUR := Color(HudArt.SLOT, 1.0)
const SHADOW := Color(0.0, 0.0, 0.03, 0.4)
## The bevel round a head's top, darker than the top (shading baked in: every screw material is
## unshaded, so the top face shows its palette colour exactly in both renderers; PlateMesh.material
## says why).
const BEVEL_SHADE := 0.72
## The marks' colours are the HUD's (a screw looks the same on the board, in a crate, on the rail).
const PATTERN_COLOUR := HudArt.MARK_LIGHT
## The mark on a light head (white, pink, yellow): white on white could not be seen.
const PATTERN_COLOUR_ON_LIGHT := HudArt.MARK_DARK
## Head luminance from which the mark is drawn dark.
const LIGHT_HEAD := HudArt.LIGHT_HEAD
## The palette's pattern names (ReadabilityAudit.palette()), drawn like the audit's pictures draw
## them; an unknown name falls back to the palette index.
const PATTERN_SHAPES := ["cross", "dot", "triangle", "square", "diamond", "ring"]
## How much of the rust colour a rusty head takes (the palette colour must still read).
const RUST_MIX := 0.22

## Meshes, shapes and materials shared by every screw (made once per size and kind: building the
## meshes and a "?" label per screw made the largest board slow to build).
static var _shared := {}

var screw_id := -1
## The row says its lock is shut (a tap would be refused: the board does not ask GameSim), and
## the screw holding its key (-1 without a lock).
var locked := false
var key_id := -1

var _body: StaticBody3D
var _shape: CollisionShape3D
var _shadow: MeshInstance3D
var _head: MeshInstance3D
var _material := StandardMaterial3D.new()
var _cap: MeshInstance3D
var _cap_material := StandardMaterial3D.new()
var _rust: MeshInstance3D = null
var _slot: MeshInstance3D
var _thread: Node3D = null
var _washer: MeshInstance3D = null
## The "?" of a hidden screw and the thread of a loosened one, made when first needed.
var _unknown: Label3D = null
var _font: Font
var _pattern: Node3D
## The lock, key and bomb badges, made for the first row that has one (most screws never do).
var _marks: ScrewMarks = null
var _mark_colours := {}
var _pattern_key := ""
var _mark_colour := PATTERN_COLOUR
var _radius := 0.45
var _head_radius := 0.34
var _height := 0.22
var _view := {}


## `view` is ReadabilityAudit.camera(...): collider radius, head radius and height come from it;
## `marks` is ReadabilityAudit.marks() (no lock, key or bomb badges without it).
func setup(id: int, view: Dictionary, font: Font, marks := {}) -> void:
	screw_id = id
	_view = view
	_radius = view["screw_radius"]
	_head_radius = view.get("head_radius", _radius * HEAD_FRACTION)
	_height = view["screw_height"]
	_font = font
	_body = StaticBody3D.new()
	_body.set_meta("screw_id", id)
	_shape = CollisionShape3D.new()
	_shape.shape = _share("collider %s %s" % [_radius, _height], _make_collider)
	_body.add_child(_shape)
	add_child(_body)
	# The shadow lies on the plate, to the lower right (the light is upper left).
	_shadow = _part(
		"shadow", _disc.bind(_head_radius * 1.08, 32), _unshaded.bind(PlateMesh.translucent(SHADOW))
	)
	_shadow.position = Vector3(0.05, -_height * 0.5 + 0.006, 0.07)
	_head = MeshInstance3D.new()
	_material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	_head.material_override = _material
	add_child(_head)
	_cap = MeshInstance3D.new()
	_cap_material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	_cap.material_override = _cap_material
	_cap.position.y = _height * 0.5 + 0.001
	_head.add_child(_cap)
	_slot = MeshInstance3D.new()
	_slot.mesh = _share(
		"slot %s" % _head_radius, _box.bind(Vector3(_head_radius * 1.45, 0.006, _head_radius * 0.2))
	)
	_slot.material_override = _share("slot colour", _unshaded.bind(SLOT_COLOUR))
	_slot.position.y = _height * 0.5 + 0.002
	# Every screw was driven in to its own angle.
	_slot.rotation.y = float((id * 37) % 180) * PI / 180.0
	_head.add_child(_slot)
	_pattern = Node3D.new()
	_pattern.position.y = _height * 0.5 + 0.005
	add_child(_pattern)
	_mark_colours = marks


## The shared resource under `key`, made by `make` the first time.
static func _share(key: String, make: Callable) -> Resource:
	if not _shared.has(key):
		_shared[key] = make.call()
	return _shared[key]


## A child mesh `name` of this screw's size, mesh and material shared with every other screw.
func _part(name: String, mesh: Callable, material: Callable) -> MeshInstance3D:
	var node := MeshInstance3D.new()
	node.mesh = _share("%s %s" % [name, _head_radius], mesh)
	node.material_override = _share("%s material" % name, material)
	add_child(node)
	return node


## How far above the face it lies on a screw's node stands (`view` is the camera model): a standing
## screw's centre, or a covered one's flat head's centre, its gap to the plate's face included.
static func rise(view: Dictionary, covered: bool) -> float:
	if covered:
		return view["covered_clearance"] + view["covered_height"] * 0.5
	return view["screw_height"] * 0.5


## The lock, key and bomb badges (the animator opens a lock on them), or null for a screw without.
func marks() -> ScrewMarks:
	return _marks


## Draw the screw as GameSim describes it. `entry` is one of ReadabilityAudit.palette(); `still`:
## reduce motion is on (a warning bomb does not pulse).
func show_state(screw: Dictionary, entry: Dictionary, patterns_on: bool, still := false) -> void:
	visible = not screw["removed"]
	locked = screw.get("locked", false)
	key_id = int(screw.get("key", -1))
	# A covered screw still takes a tap: the rules refuse it and the board says why.
	_shape.disabled = screw["removed"]
	var kind: String = screw["kind"]
	var bolt := kind == "bolt"
	_head.mesh = _share("head %s %s %s" % [_head_radius, _height, bolt], _head_mesh.bind(bolt))
	_cap.mesh = _share("cap %s %s" % [_head_radius, bolt], _cap_mesh.bind(bolt))
	# Covered (the rules' answer): seen through the plate over it, the head lies flat and smaller on
	# that plate's face, dimmed, without its slot, shadow or thread.
	var covered := int(screw.get("cover", -1)) >= 0
	var flat: float = _view["covered_height"] / _height if covered else 1.0
	var small: float = _view["covered_scale"] if covered else 1.0
	var known: bool = screw["known"] and not entry.is_empty()
	var colour: Color = UNKNOWN_COLOUR
	if known:
		colour = entry["dimmed"] if covered else entry["bright"]
	elif covered:
		colour = UNKNOWN_COVERED
	var rusty: bool = kind == "rusty"
	var loosened: bool = rusty and int(screw["touches"]) > 0
	if rusty and not loosened:
		colour = colour.lerp(RUST_COLOUR, RUST_MIX)
	_cap_material.albedo_color = colour
	_material.albedo_color = Color(colour * BEVEL_SHADE, 1.0)
	# The rust ring flakes off when the first tap loosens the screw; the head rises on its thread.
	# Rust ring, thread and washer are made for the screws that need them.
	if rusty and _rust == null:
		var rust_ring := _ring.bind(_head_radius * 0.86, _head_radius * 1.16)
		_rust = _part("rust", rust_ring, _unshaded.bind(RUST_COLOUR))
	if _rust != null:
		_rust.visible = rusty and not loosened
		_rust.scale = Vector3(small, 1.0, small)
	_head.scale = Vector3(small, flat, small)
	_pattern.scale = Vector3(small, 1.0, small)
	_cap.position.y = _height * 0.5 + 0.001 / flat
	_slot.position.y = _height * 0.5 + 0.002 / flat
	_shadow.visible = not covered
	_head.position.y = _height * 0.25 if loosened and not covered else 0.0
	if loosened and _thread == null:
		_thread = _make_thread()
	if _thread != null:
		_thread.visible = loosened and not covered
	if bolt and _washer == null:
		_washer = _part(
			"washer", _disc.bind(_head_radius * 1.12, 32), _unshaded.bind(STEEL.darkened(0.15))
		)
		_washer.position.y = -_height * 0.5 + 0.012
	if _washer != null:
		_washer.visible = bolt and not covered
	# A bolt has no slot (it needs the wrench); a mark replaces the slot so the two never mix.
	var marked := known and patterns_on
	_slot.visible = not bolt and known and not marked and not covered
	# The "?" and the colour-blind mark lie on the head's top face, wherever the head stands.
	if not known and _unknown == null:
		_unknown = _make_unknown()
	var top := _head.position.y + _height * 0.5 * flat
	if _unknown != null:
		_unknown.position.y = top + 0.01
		_unknown.visible = not known
	_pattern.position.y = top + 0.005
	_show_pattern(entry if marked else {})
	if _marks == null and not _mark_colours.is_empty() and ScrewMarks.wanted(screw):
		_marks = ScrewMarks.new()
		_marks.setup(_view, _mark_colours, _font)
		add_child(_marks)
	if _marks != null:
		_marks.position.y = top + 0.008
		_marks.show_row(screw, still)


## A bevelled round head, or a hex bolt head.
func _head_mesh(bolt: bool) -> CylinderMesh:
	var head := CylinderMesh.new()
	head.bottom_radius = _head_radius
	head.top_radius = _head_radius * (0.97 if bolt else 0.86)
	head.height = _height
	head.radial_segments = 6 if bolt else 32
	head.rings = 1
	return head


## The head's flat top in its palette colour, lying on the head (the bevel below shows round it).
func _cap_mesh(bolt: bool) -> CylinderMesh:
	var cap := CylinderMesh.new()
	cap.top_radius = _head_radius * (0.97 if bolt else 0.86)
	cap.bottom_radius = cap.top_radius
	cap.height = 0.002
	cap.radial_segments = 6 if bolt else 32
	cap.rings = 1
	return cap


func _make_collider() -> CylinderShape3D:
	var cylinder := CylinderShape3D.new()
	cylinder.radius = _radius
	cylinder.height = _height
	return cylinder


## A loosened screw's thread under its raised head: shank, ridges, the collar seen round the head.
func _make_thread() -> Node3D:
	var thread := Node3D.new()
	var collar := MeshInstance3D.new()
	collar.mesh = _share("collar %s" % _head_radius, _ring.bind(_head_radius, _head_radius * 1.28))
	var steel := LOOSE_COLLAR if PlateMesh.bug_switch != "grey-collar" else Color("#505A69")
	collar.material_override = _share("collar", _unshaded.bind(steel))
	collar.position.y = -_height * 0.5 + 0.02
	collar.scale.y = 0.3
	thread.add_child(collar)
	var shank := MeshInstance3D.new()
	shank.mesh = _share("shank %s" % _head_radius, _make_shank)
	shank.material_override = _share("steel", _unshaded.bind(STEEL))
	thread.add_child(shank)
	for i in 3:
		var ridge := MeshInstance3D.new()
		ridge.mesh = _share(
			"ridge %s" % _head_radius, _ring.bind(_head_radius * 0.4, _head_radius * 0.55)
		)
		ridge.material_override = _share("dark steel", _unshaded.bind(STEEL.darkened(0.3)))
		ridge.position.y = -_height * 0.35 + i * _height * 0.22
		ridge.scale.y = 0.5
		thread.add_child(ridge)
	add_child(thread)
	return thread


func _make_shank() -> CylinderMesh:
	var cylinder := CylinderMesh.new()
	cylinder.top_radius = _head_radius * 0.42
	cylinder.bottom_radius = _head_radius * 0.42
	cylinder.height = _height
	return cylinder


func _make_unknown() -> Label3D:
	var label := Label3D.new()
	label.text = "?"
	label.font = _font
	label.font_size = 40
	label.outline_size = 0
	label.modulate = UNKNOWN_MARK
	label.pixel_size = _head_radius * 0.03
	label.rotation_degrees = Vector3(-90, 0, 0)
	add_child(label)
	return label


func _unshaded(colour: Color) -> StandardMaterial3D:
	var m := StandardMaterial3D.new()
	m.albedo_color = colour
	m.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	if colour.a < 1.0:
		m.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	return m


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
			_add_mark("dot", _disc.bind(r * 0.5, 32), 0.0)
		"ring":
			_add_mark("ring", _ring.bind(r * 0.6, r * 0.9), 0.0)
		"triangle":
			_add_mark("triangle", _polygon.bind(r * 0.95, 3), 0.0)
		"square":
			_add_mark("square", _polygon.bind(r * 0.99, 4), 45.0)
		"diamond":
			_add_mark("diamond", _polygon.bind(r * 0.95, 4), 0.0)
		"cross":
			_add_mark("cross bar", _box.bind(Vector3(r * 1.9, 0.01, r * 0.44)), 0.0)
			_add_mark("cross post", _box.bind(Vector3(r * 0.44, 0.01, r * 1.9)), 0.0)


## One mark of the pattern: its mesh made by `make` (shared per shape and head size).
func _add_mark(shape: String, make: Callable, turn_degrees: float) -> void:
	var mark := MeshInstance3D.new()
	mark.mesh = _share("mark %s %s" % [shape, _head_radius], make)
	mark.material_override = _share("mark colour %s" % _mark_colour, _make_mark_material)
	mark.rotation_degrees.y = turn_degrees
	_pattern.add_child(mark)


func _make_mark_material() -> StandardMaterial3D:
	var paint := StandardMaterial3D.new()
	paint.albedo_color = _mark_colour
	paint.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	paint.cull_mode = BaseMaterial3D.CULL_DISABLED
	return paint


func _ring(inner: float, outer: float) -> TorusMesh:
	var torus := TorusMesh.new()
	torus.inner_radius = inner
	torus.outer_radius = outer
	return torus


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
	for i in sides:
		# Clockwise seen from above: Godot's front-face winding.
		vertices.append_array(
			[Vector3.ZERO, _corner(i, sides, radius), _corner(i + 1, sides, radius)]
		)
	return ScrewMarks.flat_surface(vertices)


## Corner `i` of a regular `sides`-gon: corner 0 at -Z (screen up), then clockwise on screen.
func _corner(i: int, sides: int, radius: float) -> Vector3:
	var angle := TAU * i / sides
	return Vector3(sin(angle) * radius, 0.0, -cos(angle) * radius)


func _box(extent: Vector3) -> BoxMesh:
	var box := BoxMesh.new()
	box.size = extent
	return box
