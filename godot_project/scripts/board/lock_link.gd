class_name LockLink
extends Node3D
## The link a refused lock draws to the screw holding its key: a bar over the board from one head's
## rim to the other's, drawn over the plates (no depth test) so a key under a plate is still found,
## shown for a moment and faded (steady, then gone, with reduce motion). The pair comes from the core
## (GameSim.play's `refusal.key`); this only draws it.

## Seconds the link stays before it fades.
const SHOWN := 1.6
## Seconds of its fade (none with reduce motion).
const FADE := 0.4
## The bar's width and its height over the higher head, in cells.
const WIDTH := 0.08
const LIFT := 0.25
const COLOUR := Color(1.0, 0.97, 0.88, 0.92)

var _bar: MeshInstance3D
var _paint: StandardMaterial3D
var _tween: Tween = null


func _ready() -> void:
	_paint = StandardMaterial3D.new()
	_paint.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	_paint.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	_paint.no_depth_test = true
	_paint.render_priority = Material.RENDER_PRIORITY_MAX
	_paint.albedo_color = COLOUR
	var box := BoxMesh.new()
	box.size = Vector3(WIDTH, 0.01, 1.0)
	_bar = MeshInstance3D.new()
	_bar.mesh = box
	_bar.material_override = _paint
	add_child(_bar)
	visible = false


## Links the heads `lock` and `key` (screw nodes), leaving `trim` (a head's radius) free at each end.
func link(lock: Node3D, key: Node3D, still: bool, trim := 0.3) -> void:
	if lock == null or key == null or not is_inside_tree():
		return
	var a := lock.global_position
	var b := key.global_position
	var y := maxf(a.y, b.y) + LIFT
	a.y = y
	b.y = y
	var length := a.distance_to(b) - 2.0 * trim
	if length <= 0.0:
		return
	visible = true
	_bar.global_position = (a + b) * 0.5
	_bar.look_at(b, Vector3.UP)
	_bar.scale = Vector3(1.0, 1.0, length)
	_paint.albedo_color = COLOUR
	if _tween != null:
		_tween.kill()
	_tween = create_tween()
	_tween.tween_interval(SHOWN)
	if not still:
		_tween.tween_property(_paint, "albedo_color:a", 0.0, FADE)
	_tween.tween_callback(clear)


func clear() -> void:
	if _tween != null:
		_tween.kill()
		_tween = null
	visible = false


## Whether the link shows now (the tests read it).
func shown() -> bool:
	return visible
