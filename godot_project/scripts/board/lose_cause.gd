class_name LoseCause
extends Node3D
## What lost the board, drawn on the board before the lose panel covers it: a red ring round the
## screw that found no place or whose bomb went off, and for a bomb a burst that flashes out of it
## and fades. A panel over the board hides the board's own answer to "why?", so the animator holds
## the panel back by Motion.lose_hold while the ring is seen (a tap skips the wait). The ring stays
## until the next move or undo. With reduce motion nothing grows or fades: the burst stands at its
## full size beside the ring.

const RED := Color(0.95, 0.2, 0.15)
const FLASH := Color(1.0, 0.62, 0.1, 0.9)
## The ring's middle and half width, in collider radii.
const RING_SIZE := 1.35
const RING_WIDTH := 0.2
## The burst: a star of this many rays, its tips this many collider radii out at full size.
const RAYS := 10
const BURST_SIZE := 2.6
## Where a burst starts growing from, as a share of its full size.
const BURST_START := 0.3

var _world: BoardWorld
var _ring: Node3D = null
var _burst: MeshInstance3D = null
var _flash: StandardMaterial3D = null
var _screw := -1
var _bomb := false


## Draws on `world` (its sizes and screws); the meshes are made now, not on the losing frame.
func attach(world: BoardWorld) -> void:
	_world = world
	var r := world.screw_radius()
	_ring = Node3D.new()
	var ring := MeshInstance3D.new()
	ring.mesh = ScrewMarks.ring_round(r, RING_SIZE, RING_WIDTH)
	ring.material_override = _paint(RED, 4)
	ring.scale = Vector3(1.0, 0.2, 1.0)
	_ring.add_child(ring)
	_flash = _paint(FLASH, 3)
	_burst = MeshInstance3D.new()
	_burst.mesh = ScrewMarks.flat_surface(_star(r * BURST_SIZE))
	_burst.material_override = _flash
	_ring.add_child(_burst)
	_ring.visible = false
	add_child(_ring)


## The screw the cause is shown on (-1: none). The engine tests read it.
func screw() -> int:
	return _screw if _ring != null and _ring.visible else -1


## Whether the shown cause is a bomb that went off.
func bomb() -> bool:
	return screw() >= 0 and _bomb


## How large the burst is now, as a share of its full size (0 when none shows).
func burst() -> float:
	return _burst.scale.x if screw() >= 0 and _burst.visible else 0.0


## Shows the cause on screw `id` (nothing when it is not on the board); `bomb`: its bomb went off
## (the burst stands at full size until explode() plays it); `still`: reduce motion.
func show_cause(id: int, bomb: bool, still: bool) -> void:
	var node := _world.screw_node(id) if _world != null else null
	if node == null or _ring == null:
		return
	_screw = id
	_bomb = bomb
	_ring.global_position = node.global_position + Vector3(0, _world.screw_height() * 0.7, 0)
	_ring.visible = true
	_burst.visible = bomb
	_burst.scale = Vector3.ONE
	_flash.albedo_color = FLASH if still else Color(FLASH, 0.0)


## The burst at `t` (0..1) of its flash: it grows out of the screw and fades.
func explode(t: float) -> void:
	if _burst == null:
		return
	_burst.scale = Vector3.ONE * lerpf(BURST_START, 1.0, t)
	_flash.albedo_color = Color(FLASH, FLASH.a * (1.0 - t))
	_burst.visible = _bomb and t < 1.0


func clear() -> void:
	if _ring != null:
		_ring.visible = false
	_screw = -1
	_bomb = false


func _paint(colour: Color, priority: int) -> StandardMaterial3D:
	var paint := StandardMaterial3D.new()
	paint.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	paint.cull_mode = BaseMaterial3D.CULL_DISABLED
	paint.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	paint.albedo_color = colour
	paint.no_depth_test = true
	paint.render_priority = priority
	return paint


## A star of RAYS tips `outer` out, flat, as triangles fanned from its middle.
static func _star(outer: float) -> PackedVector3Array:
	var points := PackedVector2Array()
	for i in RAYS * 2:
		var angle := TAU * i / (RAYS * 2)
		var radius := outer if i % 2 == 0 else outer * 0.45
		points.append(Vector2(cos(angle), sin(angle)) * radius)
	var out := PackedVector3Array()
	for i in points.size():
		var a := points[i]
		var b := points[(i + 1) % points.size()]
		for p in [Vector2.ZERO, a, b]:
			out.append(Vector3(p.x, 0.0, p.y))
	return out
