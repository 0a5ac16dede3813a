@tool
class_name PlateMesh
extends RefCounted
## A panel drawn as one plate: the union of its cells as one outline with rounded outer corners, a
## gap to its neighbours (two panels of one layer read as two pieces), walls `thickness` deep, and
## the flat "shadow" the Compatibility renderer cannot cast: the same outline, grown and shifted,
## drawn translucent just under the plate. Pure geometry from cells; no game state.

## Half the gap between two neighbouring plates, in cells.
const GAP := 0.045
## Radius of a plate's outer corners, in cells.
const ROUND := 0.16
## How far a shadow reaches out from under its plate, and where the light comes from (upper left:
## shadows fall to the lower right).
const SHADOW_GROW := 0.04
const SHADOW_SHIFT := Vector2(0.09, 0.13)
## Geometry2D rounds corners to a fixed tolerance in its own units: outlines are built this many times
## larger, so a corner of ROUND gets a smooth arc, then scaled back.
const FINE := 64.0
## Darkening of a plate's walls and of its lower rim relative to its top.
const WALL_SHADE := 0.62


## The plate outlines (world XZ) of `cells` (Vector2i), whose centres `centre` gives.
static func outlines(cells: Array, centre: Callable) -> Array[PackedVector2Array]:
	var merged: Array[PackedVector2Array] = []
	for cell in cells:
		var c: Vector2 = centre.call(cell) * FINE
		# A hair larger than the cell so neighbours overlap and merge into one polygon.
		var h := 0.5005 * FINE
		var square := PackedVector2Array([
			c + Vector2(-h, -h), c + Vector2(h, -h), c + Vector2(h, h), c + Vector2(-h, h)
		])
		var rest: Array[PackedVector2Array] = []
		for poly in merged:
			var union := _outer(Geometry2D.merge_polygons(square, poly))
			if union.size() == 1:
				square = union[0]
			else:
				rest.append(poly)
		rest.append(square)
		merged = rest
	var out: Array[PackedVector2Array] = []
	for poly in merged:
		# Shrink past the corner radius with sharp joins, grow back round: outer corners round,
		# inner corners stay crisp, every edge GAP inside the cell line.
		var shrink := -(GAP + ROUND) * FINE
		for inner in _outer(Geometry2D.offset_polygon(poly, shrink, Geometry2D.JOIN_MITER)):
			for round in _outer(
				Geometry2D.offset_polygon(inner, ROUND * FINE, Geometry2D.JOIN_ROUND)
			):
				out.append(round * Transform2D().scaled(Vector2.ONE / FINE))
	return out


## A closed plate: top face at y = 0, walls down to -thickness, vertex colours `top` and the darker
## wall shade (the material uses them as albedo).
static func plate(shapes: Array[PackedVector2Array], thickness: float, top: Color) -> ArrayMesh:
	var st := SurfaceTool.new()
	st.begin(Mesh.PRIMITIVE_TRIANGLES)
	var wall := top * WALL_SHADE
	wall.a = 1.0
	for shape in shapes:
		_add_face(st, shape, 0.0, top)
		var sign := 1.0 if _area(shape) > 0.0 else -1.0
		for i in shape.size():
			var a := shape[i]
			var b := shape[(i + 1) % shape.size()]
			var d := (b - a).normalized()
			var n := Vector3(d.y, 0.0, -d.x) * sign
			var quad := [
				Vector3(a.x, 0.0, a.y), Vector3(b.x, 0.0, b.y),
				Vector3(b.x, -thickness, b.y), Vector3(a.x, -thickness, a.y)
			]
			var colours := [top.lerp(wall, 0.5), top.lerp(wall, 0.5), wall, wall]
			for k in [0, 1, 2, 0, 2, 3]:
				st.set_normal(n)
				st.set_color(colours[k])
				st.add_vertex(quad[k])
	return st.commit()


## A flat shape at y = 0 (shadows, screw holes' rims): the outlines grown by `grow`, shifted by
## `shift`, in one colour.
static func flat(
	shapes: Array[PackedVector2Array], colour: Color, grow := SHADOW_GROW, shift := SHADOW_SHIFT
) -> ArrayMesh:
	var st := SurfaceTool.new()
	st.begin(Mesh.PRIMITIVE_TRIANGLES)
	for shape in shapes:
		var moved := PackedVector2Array()
		for p in shape:
			moved.append(p + shift)
		var fine := moved * Transform2D().scaled(Vector2.ONE * FINE)
		for poly in _outer(Geometry2D.offset_polygon(fine, grow * FINE, Geometry2D.JOIN_ROUND)):
			_add_face(st, poly * Transform2D().scaled(Vector2.ONE / FINE), 0.0, colour)
	return st.commit()


## The material every plate and shadow uses: albedo from the vertex colours.
static func material(transparent: bool) -> StandardMaterial3D:
	var m := StandardMaterial3D.new()
	m.vertex_color_use_as_albedo = true
	m.cull_mode = BaseMaterial3D.CULL_DISABLED
	if transparent:
		m.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
		m.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	else:
		m.roughness = 0.72
		m.metallic = 0.15
	return m


static func _add_face(st: SurfaceTool, shape: PackedVector2Array, y: float, colour: Color) -> void:
	var indices := Geometry2D.triangulate_polygon(shape)
	for i in indices:
		st.set_normal(Vector3.UP)
		st.set_color(colour)
		st.add_vertex(Vector3(shape[i].x, y, shape[i].y))


## The outer boundaries among Geometry2D's results (holes are the clockwise ones in its
## convention and are dropped: a plate is drawn solid).
static func _outer(polys: Array) -> Array[PackedVector2Array]:
	var out: Array[PackedVector2Array] = []
	for poly in polys:
		if not Geometry2D.is_polygon_clockwise(poly):
			out.append(poly)
	return out


static func _area(shape: PackedVector2Array) -> float:
	var sum := 0.0
	for i in shape.size():
		var a := shape[i]
		var b := shape[(i + 1) % shape.size()]
		sum += a.x * b.y - b.x * a.y
	return sum * 0.5
