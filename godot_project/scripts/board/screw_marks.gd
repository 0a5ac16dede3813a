@tool
class_name ScrewMarks
extends Node3D
## The lock, key and bomb badges on one screw's head, drawn as the core decides them: sizes and
## places from the camera model (ReadabilityAudit.camera's mark_* keys: each badge inside the
## collider, the head's middle left free), colours and the pairing badges from
## ReadabilityAudit.marks(), what shows from the screw's row (locked, key_tag, lock_tag, bomb,
## bomb_warning); the shapes are MarkArt's (the introduction cards draw the same). A padlock in
## its pairing badge on a locked screw (upper left), a key in the same badge on the screw holding
## its key (upper right), the moves left on a bomb (below). A lock that opens lifts its shackle
## and fades (opening(), played by the animator); a warning bomb pulses a few times at each of
## its last two counts, or with reduce motion stays larger in its louder colours. The key badge
## is drawn over the plates (no depth test, in the transparent pass after every plate): a key
## under a plate is still found.

## The board's durations (motion.tres, read when a warning first shows).
const MOTION_PATH := "res://scripts/board/motion.tres"

## The key badge's first draw priority: over any plate, under the lock link (RENDER_PRIORITY_MAX).
const OVER_PLATES := 100

## Meshes shared by every screw's marks, per shape and size.
static var _shared := {}

var _view := {}
var _colours := {}
var _font: Font
var _lock: Node3D = null
var _shackle: Node3D = null
var _lock_paint: Array[StandardMaterial3D] = []
var _lock_tag := -1
var _key: Node3D = null
var _key_tag := -1
var _bomb: Node3D = null
var _digits: Label3D = null
var _bomb_paint: Array[StandardMaterial3D] = []
var _look := ""
var _pulse: Tween = null
## The lock shows (closed) in the row last drawn; an opening plays on a lock the row has opened.
var _locked := false


## `view` is ReadabilityAudit.camera(...), `colours` ReadabilityAudit.marks().
func setup(view: Dictionary, colours: Dictionary, font: Font) -> void:
	_view = view
	_colours = colours
	_font = font


## Whether a screw with this row ever carries a badge (a lock, a key or a bomb).
static func wanted(screw: Dictionary) -> bool:
	for key in ["lock_tag", "key_tag", "bomb"]:
		if int(screw.get(key, -1)) >= 0:
			return true
	return false


## Draws the badges `screw` (a GameSim.screws() row) carries; `still`: reduce motion is on.
func show_row(screw: Dictionary, still: bool) -> void:
	if _colours.is_empty() or not screw.has("lock_tag"):
		return
	var on_board: bool = not screw["removed"]
	_locked = on_board and screw["locked"] and int(screw["lock_tag"]) >= 0
	if _locked and (_lock == null or _lock_tag != int(screw["lock_tag"])):
		_make_lock(int(screw["lock_tag"]))
	if _lock != null:
		_lock.visible = _locked
		if _locked:
			opening(0.0)
	var key_tag := int(screw["key_tag"]) if on_board else -1
	if key_tag >= 0 and (_key == null or _key_tag != key_tag):
		_make_key(key_tag)
	if _key != null:
		_key.visible = key_tag >= 0
	var left := int(screw["bomb"])
	if left >= 0 and on_board and _bomb == null:
		_make_bomb()
	if _bomb != null:
		_bomb.visible = left >= 0 and on_board
		if _bomb.visible:
			_show_bomb(left, screw["bomb_warning"], still)


## The lock opening at `t` (0..1): the shackle lifts out of the body, then the badge fades; `still`
## (reduce motion): only the fade. At 1 the lock is gone.
func opening(t: float, still := false) -> void:
	if _lock == null:
		return
	_lock.visible = t < 1.0
	var g := _glyph()
	# First half: the shackle lifts clear of the body; second half: the open lock fades.
	var lift := 0.0 if still else minf(1.0, t * 2.0)
	_shackle.position.z = -lift * g * MarkArt.SHACKLE_LIFT
	var fade := t if still else clampf(t * 2.2 - 1.2, 0.0, 1.0)
	for paint in _lock_paint:
		paint.albedo_color.a = 1.0 - fade
	_lock.scale = Vector3.ONE * (1.0 + (0.0 if still else 0.15 * fade))


## The key badge beating once at `t` (0..1): a tap on one of its locks was refused.
func nudge_key(t: float) -> void:
	if _key != null:
		_key.scale = Vector3.ONE * (1.0 + 0.35 * sin(t * PI))


## How much the key badge is grown now (1 at rest; more while it beats).
func key_beat() -> float:
	return _key.scale.x if _key != null else 0.0


## Where a lock's link starts and ends (world positions): the lock badge, the key badge (the
## screw's own place when it has none), and the pair's tint and a badge's radius.
func lock_point() -> Vector3:
	return _lock.global_position if _lock != null else global_position


func key_point() -> Vector3:
	return _key.global_position if _key != null else global_position


func pair_tint() -> Color:
	var tag := _key_tag if _key_tag >= 0 else _lock_tag
	return _tag(tag)["tint"] if tag >= 0 else Color.WHITE


func badge_radius() -> float:
	return float(_view.get("mark_radius", 0.0))


## Whether a lock badge is drawn now.
func lock_shown() -> bool:
	return _lock != null and _lock.visible


## Whether the bomb badge warns now, and in which look ("", "warning" or "still").
func bomb_look() -> String:
	return _look if _bomb != null and _bomb.visible else ""


## Whether the warning bomb's badge is beating now.
func bomb_beating() -> bool:
	return _pulse != null and _pulse.is_running()


## The digits on the bomb badge ("" without one).
func bomb_text() -> String:
	return _digits.text if _digits != null and _bomb.visible else ""


func _glyph() -> float:
	return MarkArt.glyph(_view["mark_radius"])


func _make_lock(tag: int) -> void:
	if _lock != null:
		_lock.queue_free()
	_lock_tag = tag
	var entry: Dictionary = _tag(tag)
	# Fading paints blend: each layer gets its own draw order (rim, fill, padlock), else the
	# renderer's depth sort could draw the fill over a lifted shackle.
	_lock_paint = [_paint(_colours["rim"], true), _paint(entry["tint"], true)]
	_lock_paint.append(_paint(entry["glyph"], true))
	for i in _lock_paint.size():
		_lock_paint[i].render_priority = i
	_lock = _badge(entry["shape"], _lock_paint[0], _lock_paint[1], _view["mark_lock"])
	var g := _glyph()
	_shackle = _mesh("shackle", MarkArt.shackle.bind(g), _lock_paint[2], 0.002)
	_lock.add_child(_shackle)
	_lock.add_child(_mesh("lock body", MarkArt.lock_body.bind(g), _lock_paint[2], 0.003))
	add_child(_lock)


func _make_key(tag: int) -> void:
	if _key != null:
		_key.queue_free()
	_key_tag = tag
	var entry: Dictionary = _tag(tag)
	var paints: Array[StandardMaterial3D] = []
	for colour: Color in [_colours["rim"], entry["tint"], entry["glyph"]]:
		paints.append(_over_plates(_paint(colour, true), paints.size()))
	var ink := paints[2]
	_key = _badge(entry["shape"], paints[0], paints[1], _view["mark_key"])
	_key.add_child(_mesh("key", MarkArt.key.bind(_glyph()), ink, 0.002))
	add_child(_key)


func _make_bomb() -> void:
	var look: Dictionary = _colours["bomb"]
	_bomb_paint = [_paint(look["rim"], false), _paint(look["fill"], false)]
	_bomb = _badge("circle", _bomb_paint[0], _bomb_paint[1], _view["mark_bomb"])
	_digits = Label3D.new()
	_digits.font = _font
	# 64 px glyphs, scaled so a digit (DIGIT_HEIGHT of the font size) is mark_digit tall.
	_digits.font_size = 64
	_digits.pixel_size = float(_view["mark_digit"]) / (64.0 * MarkArt.DIGIT_HEIGHT)
	_digits.outline_size = 0
	_digits.rotation_degrees = Vector3(-90, 0, 0)
	_digits.position.y = 0.004
	_bomb.add_child(_digits)
	add_child(_bomb)


## The bomb badge with `left` moves: its look, and the warning's pulse (a few beats, then still).
func _show_bomb(left: int, warning: bool, still: bool) -> void:
	# Each of the last counts beats anew: the warning lasts through both moves, not only the first.
	var ticked := _digits.text != str(left)
	_digits.text = str(left)
	var look := ("still" if still else "warning") if warning else ""
	if look == _look and not (ticked and look == "warning"):
		return
	_look = look
	var key := "bomb"
	if look != "":
		key = "bomb_warning_still" if still else "bomb_warning"
	var colours: Dictionary = _colours[key]
	_bomb_paint[0].albedo_color = colours["rim"]
	_bomb_paint[1].albedo_color = colours["fill"]
	_digits.modulate = colours["digit"]
	if _pulse != null:
		_pulse.kill()
		_pulse = null
	# Reduce motion: larger and steady (its still colours are the louder ones).
	var m: Motion = load(MOTION_PATH)
	_bomb.scale = Vector3.ONE * (m.bomb_still_grow if look == "still" else 1.0)
	if look == "warning" and is_inside_tree():
		_pulse = create_tween().set_loops(m.bomb_pulses)
		_pulse.tween_property(_bomb, "scale", Vector3.ONE * m.bomb_pulse_grow, m.bomb_pulse * 0.5)
		_pulse.tween_property(_bomb, "scale", Vector3.ONE, m.bomb_pulse * 0.5)


func _tag(tag: int) -> Dictionary:
	return MarkArt.tag_of(_colours, tag)


## A badge of `shape` at `centre` (x, z beside the screw): the rim, the fill inside it.
func _badge(shape: String, rim: Material, fill: Material, centre: Vector2) -> Node3D:
	var node := Node3D.new()
	node.position = Vector3(centre.x, 0.0, centre.y)
	var r := float(_view["mark_radius"])
	var inner := r - float(_view["mark_rim"])
	node.add_child(_mesh("%s rim" % shape, _outline.bind(shape, r), rim, 0.0))
	node.add_child(_mesh("%s fill" % shape, _outline.bind(shape, inner), fill, 0.001))
	return node


## A flat mesh of the convex polygons `make` returns (MarkArt's shapes), `lift` over the head.
func _mesh(name: String, make: Callable, paint: Material, lift: float) -> MeshInstance3D:
	var key := "%s %s" % [name, _view["mark_radius"]]
	if not _shared.has(key):
		_shared[key] = _polygons(make.call())
	var node := MeshInstance3D.new()
	node.mesh = _shared[key]
	node.material_override = paint
	node.position.y = lift
	return node


func _paint(colour: Color, fades: bool) -> StandardMaterial3D:
	var paint := StandardMaterial3D.new()
	paint.albedo_color = colour
	paint.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	paint.cull_mode = BaseMaterial3D.CULL_DISABLED
	if fades:
		paint.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	return paint


## `paint` drawn over every plate: no depth test, in the transparent pass after the plates (whose
## priorities stay lower), its layers in `order` (rim, fill, glyph).
static func _over_plates(paint: StandardMaterial3D, order: int) -> StandardMaterial3D:
	paint.no_depth_test = true
	paint.render_priority = OVER_PLATES + order
	return paint


## The badge outline `shape` as one polygon.
static func _outline(shape: String, radius: float) -> Array[PackedVector2Array]:
	var parts: Array[PackedVector2Array] = [MarkArt.outline(shape, radius)]
	return parts


## Convex polygons (x, z points) as triangles, each round its first corner.
static func _polygons(parts: Array) -> ArrayMesh:
	var vertices := PackedVector3Array()
	for points: PackedVector2Array in parts:
		for i in range(1, points.size() - 1):
			for p in [points[0], points[i], points[i + 1]]:
				vertices.append(Vector3(p.x, 0.0, p.y))
	return flat_surface(vertices)


## A ring round a screw whose collider radius is `radius`: its middle `size` and half width `width`
## in collider radii (the hint's glow and mark, the lost board's cause; drawn flattened).
static func ring_round(radius: float, size: float, width: float) -> TorusMesh:
	var torus := TorusMesh.new()
	torus.inner_radius = radius * (size - width)
	torus.outer_radius = radius * (size + width)
	torus.rings = 48
	return torus


## Triangles lying flat and facing up (the screw's polygon heads share it).
static func flat_surface(vertices: PackedVector3Array) -> ArrayMesh:
	var normals := PackedVector3Array()
	normals.resize(vertices.size())
	normals.fill(Vector3.UP)
	var arrays := []
	arrays.resize(Mesh.ARRAY_MAX)
	arrays[Mesh.ARRAY_VERTEX] = vertices
	arrays[Mesh.ARRAY_NORMAL] = normals
	var mesh := ArrayMesh.new()
	mesh.add_surface_from_arrays(Mesh.PRIMITIVE_TRIANGLES, arrays)
	return mesh
