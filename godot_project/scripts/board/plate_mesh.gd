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
## Geometry2D rounds corners to a fixed tolerance in its own units: outlines are built this many
## times larger, so a corner of ROUND gets a smooth arc, then scaled back.
const FINE := 24.0
## A hole's countersink radius relative to its bore.
const HOLE_RIM := 1.45
const HOLE_SIDES := 20
## Darkening of a plate's walls and of its lower rim relative to its top.
const WALL_SHADE := 0.5
## The lit bevel round a plate's top face: this wide (cells), this much lighter. With the walls it
## is what lifts a plate off the one below when two layers' tints are close in lightness.
const RIM := 0.045
const RIM_LIGHT := 0.16
## How Compatibility's sRGB-space blending is matched to Mobile's linear-light blending: a dark
## overlay of alpha a leaves (1 - a) of the light below in linear light, which is about
## (1 - a)^(1/GAMMA) of the sRGB value below.
const GAMMA := 2.2

## A bug switch for the rendered-pixel audit's own tests (tests/pixels/render_frames.gd sets it;
## the game never does): "one-tint-per-layer" draws every plate of a layer in its first slot's
## tint, "linear-vertex-colour" the plates' old lit material that read the tints as linear on
## Mobile, "covered-underneath" (BoardWorld) leaves a covered screw where it stands, unseen under
## the plate over it, as opaque plates once hid them.
## The audit must fail on each.
static var bug_switch := ""


## The plate outlines (world XZ) of `cells` (Vector2i), whose centres `centre` gives.
static func outlines(cells: Array, centre: Callable) -> Array[PackedVector2Array]:
	var merged: Array[PackedVector2Array] = []
	for cell in cells:
		var c: Vector2 = centre.call(cell) * FINE
		# A hair larger than the cell so neighbours overlap and merge into one polygon.
		var h := 0.5005 * FINE
		var square := PackedVector2Array(
			[c + Vector2(-h, -h), c + Vector2(h, -h), c + Vector2(h, h), c + Vector2(-h, h)]
		)
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
## wall shade (the material uses them as albedo). Built from packed arrays: a board builds a dozen
## plates in a frame.
static func plate(
	shapes: Array[PackedVector2Array],
	thickness: float,
	top: Color,
	holes := PackedVector2Array(),
	hole_radius := 0.2
) -> ArrayMesh:
	var arrays := _arrays()
	# Holes where its screws sit: a countersink a shade darker, then the dark bore, lying a hair
	# above the top face (part of the plate's one mesh: no node per hole).
	for c in holes:
		_add_face(arrays, _circle(c, hole_radius * HOLE_RIM), top.darkened(0.3), 0.002)
		_add_face(arrays, _circle(c, hole_radius), top.darkened(0.78), 0.004)
	var wall := top * WALL_SHADE
	wall.a = 1.0
	var mid := top.lerp(wall, 0.5)
	for shape in shapes:
		# The bevel: the whole face lighter, the face inset by RIM over it in the tint itself.
		_add_face(arrays, shape, top.lightened(RIM_LIGHT))
		var fine := shape * Transform2D().scaled(Vector2.ONE * FINE)
		for inner in _outer(Geometry2D.offset_polygon(fine, -RIM * FINE, Geometry2D.JOIN_ROUND)):
			_add_face(arrays, inner * Transform2D().scaled(Vector2.ONE / FINE), top, 0.001)
		var sign := 1.0 if _area(shape) > 0.0 else -1.0
		var count := shape.size()
		for i in count:
			var a := shape[i]
			var b := shape[(i + 1) % count]
			var d := (b - a).normalized()
			var n := Vector3(d.y, 0.0, -d.x) * sign
			var at := Vector3(a.x, 0.0, a.y)
			var bt := Vector3(b.x, 0.0, b.y)
			var ab := Vector3(a.x, -thickness, a.y)
			var bb := Vector3(b.x, -thickness, b.y)
			arrays[Mesh.ARRAY_VERTEX].append_array([at, bt, bb, at, bb, ab])
			for k in 6:
				arrays[Mesh.ARRAY_NORMAL].append(n)
			arrays[Mesh.ARRAY_COLOR].append_array([mid, mid, wall, mid, wall, wall])
	return _commit(arrays)


## A flat shape at y = 0 (shadows, the bench): the outlines grown by `grow`, shifted by `shift`, in
## one colour.
static func flat(
	shapes: Array[PackedVector2Array], colour: Color, grow := SHADOW_GROW, shift := SHADOW_SHIFT
) -> ArrayMesh:
	var arrays := _arrays()
	for shape in shapes:
		var moved := PackedVector2Array()
		for p in shape:
			moved.append(p + shift)
		var fine := moved * Transform2D().scaled(Vector2.ONE * FINE)
		for poly in _outer(Geometry2D.offset_polygon(fine, grow * FINE, Geometry2D.JOIN_ROUND)):
			_add_face(arrays, poly * Transform2D().scaled(Vector2.ONE / FINE), colour)
	return _commit(arrays)


## The material every plate, shadow and the bench use: albedo from the vertex colours, which are
## sRGB (the palette's tints). Unshaded, with the shading baked into the mesh (darker walls, holes):
## the lit top face then shows its palette tint exactly in both renderers. Lit, the two disagree:
## Mobile read vertex colours as linear unless told they are sRGB (a tint of L* 48 drew at L* 80),
## and it lights in linear light where Compatibility lights sRGB values.
static func material(transparent: bool) -> StandardMaterial3D:
	var m := StandardMaterial3D.new()
	m.vertex_color_use_as_albedo = true
	m.cull_mode = BaseMaterial3D.CULL_DISABLED
	if bug_switch == "linear-vertex-colour" and not transparent:
		m.roughness = 0.72
		m.metallic = 0.15
		return m
	m.vertex_color_is_srgb = true
	m.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	if transparent:
		m.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	return m


## `colour` (a dark translucent overlay whose alpha is meant in linear light, as Mobile blends) with
## the alpha that darkens as much when blended in sRGB space, as Compatibility does.
static func translucent(colour: Color) -> Color:
	if RenderingServer.get_current_rendering_method() != "gl_compatibility":
		return colour
	var out := colour
	out.a = 1.0 - pow(1.0 - colour.a, 1.0 / GAMMA)
	return out


static func _arrays() -> Array:
	var arrays := []
	arrays.resize(Mesh.ARRAY_MAX)
	arrays[Mesh.ARRAY_VERTEX] = PackedVector3Array()
	arrays[Mesh.ARRAY_NORMAL] = PackedVector3Array()
	arrays[Mesh.ARRAY_COLOR] = PackedColorArray()
	return arrays


static func _commit(arrays: Array) -> ArrayMesh:
	var mesh := ArrayMesh.new()
	if not arrays[Mesh.ARRAY_VERTEX].is_empty():
		mesh.add_surface_from_arrays(Mesh.PRIMITIVE_TRIANGLES, arrays)
	return mesh


static func _add_face(arrays: Array, shape: PackedVector2Array, colour: Color, y := 0.0) -> void:
	var indices := Geometry2D.triangulate_polygon(shape)
	var vertices: PackedVector3Array = arrays[Mesh.ARRAY_VERTEX]
	for i in indices:
		vertices.append(Vector3(shape[i].x, y, shape[i].y))
	arrays[Mesh.ARRAY_VERTEX] = vertices
	var normals: PackedVector3Array = arrays[Mesh.ARRAY_NORMAL]
	var colours: PackedColorArray = arrays[Mesh.ARRAY_COLOR]
	var n := normals.size()
	normals.resize(vertices.size())
	colours.resize(vertices.size())
	for i in range(n, vertices.size()):
		normals[i] = Vector3.UP
		colours[i] = colour
	arrays[Mesh.ARRAY_NORMAL] = normals
	arrays[Mesh.ARRAY_COLOR] = colours


## The outer boundaries among Geometry2D's results (holes are the clockwise ones in its
## convention and are dropped: a plate is drawn solid).
static func _outer(polys: Array) -> Array[PackedVector2Array]:
	var out: Array[PackedVector2Array] = []
	for poly in polys:
		if not Geometry2D.is_polygon_clockwise(poly):
			out.append(poly)
	return out


static func _circle(c: Vector2, r: float) -> PackedVector2Array:
	var points := PackedVector2Array()
	for i in HOLE_SIDES:
		var angle := TAU * i / HOLE_SIDES
		points.append(c + Vector2(cos(angle), sin(angle)) * r)
	return points


static func _area(shape: PackedVector2Array) -> float:
	var sum := 0.0
	for i in shape.size():
		var a := shape[i]
		var b := shape[(i + 1) % shape.size()]
		sum += a.x * b.y - b.x * a.y
	return sum * 0.5
