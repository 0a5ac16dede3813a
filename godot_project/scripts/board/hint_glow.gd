class_name HintGlow
extends Node3D
## The board's marks of the hint: the hinted screw glows (a gold ring round its head
## that pulses, or shines still when motion is reduced) until the board changes; after a rewind
## the screw whose move lost the board wears a red ring and a "!" until the next move. A ring round
## a screw at the board's edge would reach past the safe area (the board's margin is narrower than
## the ring): there it is drawn, and pulses, only as large as the safe area leaves room for.

const GOLD := Color(1.0, 0.8, 0.2)
const RED := Color(0.95, 0.27, 0.2)
const PULSE := 0.8
## Pulses before the ring rests.
const PULSES := 4
## How much a pulse grows the glow.
const PULSE_GROW := 1.18
## The smallest the glow is drawn near an edge: its inside must still clear the screw's head.
const MIN_FIT := 0.8
## The rings' middles and half widths, in collider radii.
const GLOW_SIZE := 1.25
const GLOW_WIDTH := 0.2
const MARK_SIZE := 1.1
const MARK_WIDTH := 0.14

var _world: BoardWorld
var _font: Font
var _glow: Node3D = null
var _mark: Node3D = null
var _tween: Tween = null
var _glowing := -1
## The glow's scale at rest and at the top of a pulse.
var _rest := 1.0
var _peak := 1.0
var _marked := -1
## Ring meshes and materials, made once per look (the frame a hint arrives builds no resource).
var _made := {}


func attach(world: BoardWorld, font: Font) -> void:
	_world = world
	_font = font
	# Made with the board, not on the frame a hint arrives.
	_look(GOLD, GLOW_SIZE, GLOW_WIDTH)
	_look(RED, MARK_SIZE, MARK_WIDTH)


## The screw that glows now (-1: none). The tests read it.
func glowing() -> int:
	return _glowing


## The screw marked as the move that lost the board (-1: none).
func marked() -> int:
	return _marked


func glow(id: int, still: bool) -> void:
	clear_glow()
	_glow = _ring(id, GOLD, GLOW_SIZE, GLOW_WIDTH)
	if _glow == null:
		return
	_glowing = id
	var room := _room(_glow)
	_rest = clampf(room, MIN_FIT, 1.0)
	_peak = _rest if still else clampf(room, _rest, _rest * PULSE_GROW)
	_glow.scale = Vector3.ONE * _rest
	if _peak > _rest:
		# A few pulses, then the ring rests (a still screen draws nothing; the ring stays).
		_tween = create_tween().set_loops(PULSES)
		_tween.tween_property(_glow, "scale", Vector3.ONE * _peak, PULSE * 0.5)
		_tween.tween_property(_glow, "scale", Vector3.ONE * _rest, PULSE * 0.5)


## Where the glow reaches on screen at the top of its pulse (canvas pixels; empty when nothing
## glows). The tests hold it inside the safe area.
func reach() -> Rect2:
	if _glow == null:
		return Rect2()
	var outer := _outer_px(_glow) * _peak
	var centre := _camera().unproject_position(_glow.global_position)
	return Rect2(centre - Vector2.ONE * outer, Vector2.ONE * outer * 2.0)


## The glow's scale that would just touch the safe area's nearest edge.
func _room(holder: Node3D) -> float:
	var camera := _camera()
	if camera == null:
		return 1.0
	var safe := Rect2(App.safe_area(get_viewport()))
	var centre := camera.unproject_position(holder.global_position)
	var room := minf(centre.x - safe.position.x, safe.end.x - centre.x)
	room = minf(room, minf(centre.y - safe.position.y, safe.end.y - centre.y))
	return room / maxf(_outer_px(holder), 0.001)


## The glow's outer radius on screen at scale 1 (canvas pixels).
func _outer_px(holder: Node3D) -> float:
	var camera := _camera()
	var at := holder.global_position
	var side := at + Vector3(_world.screw_radius() * (GLOW_SIZE + GLOW_WIDTH), 0.0, 0.0)
	return (camera.unproject_position(side) - camera.unproject_position(at)).length()


func _camera() -> Camera3D:
	return get_viewport().get_camera_3d()


func mark(id: int) -> void:
	clear_mark()
	_mark = _ring(id, RED, MARK_SIZE, MARK_WIDTH)
	if _mark == null:
		return
	_marked = id
	var bang := Label3D.new()
	bang.text = "!"
	bang.font = _font
	bang.font_size = 96
	bang.pixel_size = _world.screw_radius() * 0.012
	bang.modulate = RED
	bang.outline_size = 18
	bang.outline_modulate = Color(1, 1, 1)
	bang.billboard = BaseMaterial3D.BILLBOARD_ENABLED
	bang.no_depth_test = true
	bang.position = Vector3(
		_world.screw_radius() * 1.1, _world.screw_height() * 2.0, -_world.screw_radius() * 1.1
	)
	_mark.add_child(bang)


func clear_glow() -> void:
	if _tween != null:
		_tween.kill()
		_tween = null
	if _glow != null:
		_glow.queue_free()
		_glow = null
	_glowing = -1


func clear_mark() -> void:
	if _mark != null:
		_mark.queue_free()
		_mark = null
	_marked = -1


## A flat ring of `colour` round screw `id`'s head, `size` collider radii across its middle and
## `width` radii thick, lying just above the head; null when the screw is not on the board.
func _ring(id: int, colour: Color, size: float, width: float) -> Node3D:
	var screw := _world.screw_node(id)
	if screw == null or not screw.visible:
		return null
	var look := _look(colour, size, width)
	var ring := MeshInstance3D.new()
	ring.mesh = look[0]
	ring.material_override = look[1]
	ring.scale = Vector3(1.0, 0.2, 1.0)
	var holder := Node3D.new()
	holder.add_child(ring)
	add_child(holder)
	holder.global_position = screw.global_position + Vector3(0, _world.screw_height() * 0.6, 0)
	return holder


## The ring mesh and material of one look, made once.
func _look(colour: Color, size: float, width: float) -> Array:
	var key := "%s %s %s" % [colour, size, width]
	if not _made.has(key):
		var torus := ScrewMarks.ring_round(_world.screw_radius(), size, width)
		var material := StandardMaterial3D.new()
		material.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
		material.albedo_color = colour
		material.no_depth_test = true
		material.render_priority = 2
		_made[key] = [torus, material]
	return _made[key]
