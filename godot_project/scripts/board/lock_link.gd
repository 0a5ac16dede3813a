class_name LockLink
extends Node3D
## The link a refused lock draws to the screw holding its key: a bar over the board from the lock's
## badge to the key's, in the pair's tint, drawn over the plates (no depth test) so a key under a
## plate is still found, shown for a moment and faded (steady, then gone, with reduce motion). The
## pair comes from the core (GameSim.play's `refusal.key`); this only draws it.

## Seconds the link stays before it fades.
const SHOWN := 1.6
## Seconds of its fade (none with reduce motion).
const FADE := 0.4
## The bar's width and its height over the higher head, in cells.
const WIDTH := 0.08
const LIFT := 0.25
## Its opacity (it fades from here).
const ALPHA := 0.95

var _bar: MeshInstance3D
var _paint: StandardMaterial3D
var _tween: Tween = null


func _ready() -> void:
	_paint = StandardMaterial3D.new()
	_paint.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	_paint.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	_paint.no_depth_test = true
	_paint.render_priority = Material.RENDER_PRIORITY_MAX
	var box := BoxMesh.new()
	box.size = Vector3(WIDTH, 0.01, 1.0)
	_bar = MeshInstance3D.new()
	_bar.mesh = box
	_bar.material_override = _paint
	add_child(_bar)
	visible = false


## Links the lock badge of screw node `lock` to the key badge of `key` (ScrewViews).
func link_screws(lock: Node3D, key: Node3D, still: bool) -> void:
	var ends: Array[ScrewMarks] = []
	for view in [lock, key]:
		if not view is ScrewView or view.marks() == null:
			return
		ends.append(view.marks())
	var colour := ends[1].pair_tint()
	link(ends[0].lock_point(), ends[1].key_point(), colour, ends[0].badge_radius(), still)


## Links the badges at `from` and `to` (world positions) in `colour`, leaving `trim` (a badge's
## radius) free at each end.
func link(from: Vector3, to: Vector3, colour: Color, trim: float, still: bool) -> void:
	if not is_inside_tree():
		return
	var y := maxf(from.y, to.y) + LIFT
	from.y = y
	to.y = y
	var length := from.distance_to(to) - 2.0 * trim
	if length <= 0.0:
		return
	visible = true
	_bar.global_position = (from + to) * 0.5
	_bar.look_at(to, Vector3.UP)
	_bar.scale = Vector3(1.0, 1.0, length)
	_paint.albedo_color = Color(colour, ALPHA)
	var times := Vector2(SHOWN, FADE)
	_tween = TimedFade.start(self, _tween, _paint, "albedo_color:a", times, still, clear)


func clear() -> void:
	if _tween != null:
		_tween.kill()
		_tween = null
	visible = false


## Whether the link shows now (the tests read it).
func shown() -> bool:
	return visible
