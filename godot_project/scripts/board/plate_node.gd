@tool
class_name PlateNode
extends Node3D
## One panel's plate on the board: its mesh, built once from the panel's rest shape, and its flat
## shadow, turned together about the cell of the screw the panel hangs from. Turning moves the same
## mesh (a hanging plate is its rest shape turned, never another shape); the shadow keeps falling to
## the lower right however far the plate has turned, as the light does not turn with it.

var plate: MeshInstance3D
var shadow: MeshInstance3D
## The turn drawn now, in radians about the vertical (negative: clockwise on screen).
var angle := 0.0
## The plate's top face height, the centre of the turn (the pivot cell's centre, in the board's XZ)
## and where the shadow lies relative to the plate, in the board's axes.
var _height := 0.0
var _pivot := Vector3.ZERO
var _shadow_offset := Vector3.ZERO


## `meshes` is [plate mesh, shadow mesh] at y = 0 in the board's XZ; `materials` the same pair.
func setup(meshes: Array, materials: Array, height: float, shadow_offset: Vector3) -> void:
	_height = height
	_shadow_offset = shadow_offset
	plate = MeshInstance3D.new()
	plate.mesh = meshes[0]
	plate.material_override = materials[0]
	add_child(plate)
	shadow = MeshInstance3D.new()
	shadow.mesh = meshes[1]
	shadow.material_override = materials[1]
	add_child(shadow)
	turn(0.0)


## The angle, in radians about the vertical, of `quarters` clockwise quarter turns on screen (the
## board's z grows downward on screen, so clockwise is negative about +Y).
static func quarter_angle(quarters: int) -> float:
	return -quarters * PI * 0.5


## Turns about `pivot` (a point of the board, its y ignored) from now on.
func set_pivot(pivot: Vector3) -> void:
	_pivot = Vector3(pivot.x, 0.0, pivot.z)


## Draws the plate turned by `radians` about its pivot and raised by `lift` (a swinging plate rides
## a hair above its layer, clear of the plates it passes over).
func turn(radians: float, lift := 0.0) -> void:
	angle = radians
	var spin := Basis(Vector3.UP, radians)
	transform = Transform3D(spin, _pivot - spin * _pivot + Vector3(0.0, _height + lift, 0.0))
	shadow.position = spin.inverse() * _shadow_offset
