@tool
extends RefCounted
## How the level canvas draws a level, top-down as the game draws it: each part one plate from
## PlateMesh.outlines (rounded corners, a gap to its neighbours) in the core's tint
## (ReadabilityAudit.plate_colour), with the game's flat shadow, a darker wall under its lower edge
## and the lit bevel round its top face; layers stacked bottom first, each layer's screws on its
## plates; faults ringed. Drawing happens in cell units (the canvas sets the transform); only text
## is drawn in pixels, so it stays sharp at every zoom. `c` is the LevelCanvas (its level, view,
## selection, verdict, palette and audit).

const LockMarks := preload("res://addons/screwsmith_editor/canvas/lock_marks.gd")
## The game's bench under the board and its shadow colour (BoardWorld's).
const BENCH_COLOUR := Color(0.15, 0.16, 0.2)
const SHADOW_COLOUR := Color(0.0, 0.0, 0.03, 0.5)
## How far a plate's wall shows below its top face, seen from a little in front of straight down.
const WALL_DROP := 0.07
const RINGS := {
	"error_screws": Color.RED, "buried": Color(1.0, 0.55, 0.0), "unreadable_screws": Color.MAGENTA
}
const PART_FAULT := Color.RED
const SELECTED := Color(1.0, 1.0, 1.0, 0.95)
const GHOST := Color(1.0, 0.85, 0.2)
## Screw heads: the game's (ScrewView) colours for what a kind adds to the head.
const RUST := Color(0.55, 0.3, 0.14)
const RUST_MIX := 0.22
const BEVEL_SHADE := 0.72
const CAP := Color(0.62, 0.63, 0.66)
const WASHER := Color(0.5, 0.52, 0.56)
const UNKNOWN_TINT := Color(0.5, 0.5, 0.55)

## How much a covered screw's dimmed head shows through the plate over it.
const THROUGH := 0.8

## The screws a plate of a higher layer covers (LevelEditor.covered_screws(); the host sets it at
## every level change): drawn dimmed through that plate, as the game draws a covered screw.
var covered: PackedInt32Array = []
## Per part: [key, faces, inner faces, shadows] (key = what the outline was built from).
var _plates := {}


## The plate of `part` (a level() row): its outline pieces, their bevel insets and shadows, in
## cells; built once per shape.
func plate_of(part: Dictionary) -> Array:
	var id := int(part["id"])
	var key := hash(part["rest"])
	var cached: Array = _plates.get(id, [])
	if not cached.is_empty() and cached[0] == key:
		return cached
	var built := [key] + shapes_of(part["rest"])
	_plates[id] = built
	return built


## [faces, inner faces, shadows] of a set of cells ([x, y] rows), in cells.
static func shapes_of(rows: Array) -> Array:
	var cells: Array = []
	for c in rows:
		cells.append(Vector2i(int(c[0]), int(c[1])))
	var faces := PlateMesh.outlines(cells, func(c: Vector2i): return Vector2(c) + Vector2(0.5, 0.5))
	var inner: Array[PackedVector2Array] = []
	var shadows: Array[PackedVector2Array] = []
	var up := Transform2D().scaled(Vector2.ONE * PlateMesh.FINE)
	var down := Transform2D().scaled(Vector2.ONE / PlateMesh.FINE)
	for face in faces:
		var fine := up * face
		for p in Geometry2D.offset_polygon(fine, -PlateMesh.RIM * PlateMesh.FINE):
			if not Geometry2D.is_polygon_clockwise(p):
				inner.append(down * p)
		var moved := Transform2D(0.0, PlateMesh.SHADOW_SHIFT * PlateMesh.FINE) * fine
		for p in Geometry2D.offset_polygon(moved, PlateMesh.SHADOW_GROW * PlateMesh.FINE):
			if not Geometry2D.is_polygon_clockwise(p):
				shadows.append(down * p)
	return [faces, inner, shadows]


## The bench: one dark rounded plate a little larger than the board, under everything.
static func bench(ci: CanvasItem, width: int, height: int) -> void:
	var r := Rect2(Vector2.ZERO, Vector2(width, height)).grow(0.22)
	var round := PlateMesh.ROUND * 2.0
	var points := PackedVector2Array()
	var corners := [
		[r.end - Vector2(round, round), 0.0],
		[Vector2(r.position.x + round, r.end.y - round), PI * 0.5],
		[r.position + Vector2(round, round), PI],
		[Vector2(r.end.x - round, r.position.y + round), PI * 1.5],
	]
	for corner in corners:
		for i in 7:
			var a: float = corner[1] + PI * 0.5 * i / 6.0
			points.append(corner[0] + Vector2(cos(a), sin(a)) * round)
	ci.draw_colored_polygon(points, BENCH_COLOUR)


## One plate: shadow, wall, bevel, face; `tint` from the core palette.
func plate(ci: CanvasItem, part: Dictionary, tint: Color, alpha: float) -> void:
	var built := plate_of(part)
	var shadow := SHADOW_COLOUR
	shadow.a *= alpha
	for s in built[3]:
		ci.draw_colored_polygon(s, shadow)
	var wall := tint * PlateMesh.WALL_SHADE
	wall.a = alpha
	var drop := Transform2D(0.0, Vector2(0.0, WALL_DROP))
	for f in built[1]:
		ci.draw_colored_polygon(drop * f, wall)
	var lit := tint.lightened(PlateMesh.RIM_LIGHT)
	lit.a = alpha
	var top := tint
	top.a = alpha
	for f in built[1]:
		ci.draw_colored_polygon(f, lit)
	for f in built[2]:
		ci.draw_colored_polygon(f, top)


## A closed outline round `faces` (cells), `width` pixels wide at zoom `zoom`.
static func outline(ci: CanvasItem, faces: Array, colour: Color, width: float, zoom: float) -> void:
	for f in faces:
		var closed: PackedVector2Array = f.duplicate()
		closed.append(f[0])
		ci.draw_polyline(closed, colour, width / zoom, true)


## A dashed outline (a hang pose's ghost).
static func ghost(ci: CanvasItem, faces: Array, colour: Color, zoom: float) -> void:
	for f in faces:
		for i in f.size():
			ci.draw_dashed_line(f[i], f[(i + 1) % f.size()], colour, 2.0 / zoom, 6.0 / zoom)


## A screw head at `centre` (cells) of palette colour `colour`, of `kind`, hidden or not.
static func screw(
	ci: CanvasItem,
	centre: Vector2,
	r: float,
	colour: Color,
	kind: String,
	hidden: bool,
) -> void:
	ci.draw_circle(centre + PlateMesh.SHADOW_SHIFT * 0.7, r * 1.05, SHADOW_COLOUR)
	var head := colour
	if kind == "rusty":
		head = colour.lerp(RUST, RUST_MIX)
	if kind == "bolt":
		ci.draw_circle(centre, r * 1.08, WASHER)
		var hex := _polygon(centre, r * 0.97, 6, PI / 6.0)
		ci.draw_colored_polygon(hex, head * BEVEL_SHADE)
		ci.draw_colored_polygon(_polygon(centre, r * 0.78, 6, PI / 6.0), head)
	else:
		ci.draw_circle(centre, r, head * BEVEL_SHADE)
		ci.draw_circle(centre, r * 0.86, head)
		if not hidden:
			var slot := Vector2(r * 0.55, -r * 0.55)
			ci.draw_line(centre - slot, centre + slot, head.darkened(0.55), r * 0.16)
	if kind == "rusty":
		ci.draw_arc(centre, r * 0.93, 0.0, TAU, 28, RUST, r * 0.18)
	if hidden:
		ci.draw_circle(centre, r * 0.62, CAP)


## The "?" of a hidden screw, in pixels at `at` (the head's centre in pixels).
static func question(ci: CanvasItem, font: Font, at: Vector2, r_px: float) -> void:
	var size := maxi(8, int(r_px * 1.1))
	var s := font.get_string_size("?", HORIZONTAL_ALIGNMENT_LEFT, -1, size)
	var base := at + Vector2(-s.x * 0.5, s.y * 0.32)
	ci.draw_string(font, base, "?", HORIZONTAL_ALIGNMENT_LEFT, -1, size, Color(0.12, 0.12, 0.14))


## The plates and screws, layer by layer (bottom first), a layer's screws on its plates; then every
## covered screw again, dimmed, through the plates over it; the grid, the selected screw's hang
## pose, and every fault ring over all (a buried screw is under a plate, its ring is not); last the
## lock and bomb marks (lock_marks.gd).
func board(c, ci: Control) -> void:
	if c.level.is_empty():
		return
	ci.draw_set_transform(c.origin, 0.0, Vector2(c.zoom, c.zoom))
	var parts: Array = c.level["parts"].duplicate()
	parts.sort_custom(
		func(a, b): return [int(a["layer"]), int(a["id"])] < [int(b["layer"]), int(b["id"])]
	)
	var by_layer := {}
	for s in c.level["screws"]:
		var p = c.part(int(s["part"]))
		var l := int(p["layer"]) if p != null else 0
		by_layer[l] = by_layer.get(l, []) + [s]
	var shown_layers: Array = []
	for p in parts:
		var l := int(p["layer"])
		if not c.layer_shown(l):
			continue
		if shown_layers.is_empty() or shown_layers.back() != l:
			if not shown_layers.is_empty():
				_screws(c, ci, by_layer.get(shown_layers.back(), []))
			shown_layers.append(l)
		plate(ci, p, _tint(c, p), 1.0)
	if not shown_layers.is_empty():
		_screws(c, ci, by_layer.get(shown_layers.back(), []))
	_through(c, ci)
	if c.show_grid:
		_grid(c, ci)
	_marks(c, ci, parts)
	LockMarks.draw(c, ci)


func _tint(c, p: Dictionary) -> Color:
	if c.audit == null:
		return UNKNOWN_TINT
	return c.audit.plate_colour(int(p["layer"]), int(p["id"]), 0)


func _screws(c, ci: CanvasItem, screws: Array) -> void:
	for s in screws:
		var at := Vector2(int(s["cell"][0]), int(s["cell"][1])) + Vector2(0.5, 0.5)
		var k := str(s.get("kind", "normal"))
		var h: bool = s.get("hidden", false)
		screw(ci, at, c.head_radius, c.colour_of(int(s["color"])), k, h)
		if h:
			ci.draw_set_transform(Vector2.ZERO)
			question(ci, c.get_theme_default_font(), c.to_pixels(at), c.head_radius * c.zoom)
			ci.draw_set_transform(c.origin, 0.0, Vector2(c.zoom, c.zoom))


## The covered screws of shown layers, in their palette's dimmed colour (the game's covered look),
## a little translucent so the plate over them still reads as on top.
func _through(c, ci: CanvasItem) -> void:
	for s in c.level["screws"]:
		if not covered.has(int(s["id"])):
			continue
		var p = c.part(int(s["part"]))
		if p == null or not c.layer_shown(int(p["layer"])):
			continue
		var at := Vector2(int(s["cell"][0]), int(s["cell"][1])) + Vector2(0.5, 0.5)
		var tint := dimmed_of(c, int(s["color"]))
		tint.a = THROUGH
		var k := str(s.get("kind", "normal"))
		screw(ci, at, c.head_radius * 0.9, tint, k, bool(s.get("hidden", false)))


## Palette colour `index`'s dimmed form (a covered screw's), or the unknown tint.
static func dimmed_of(c, index: int) -> Color:
	if index >= 0 and index < c.palette.size():
		return c.palette[index].get("dimmed", c.palette[index]["bright"])
	return UNKNOWN_TINT


func _grid(c, ci: CanvasItem) -> void:
	var w := int(c.level["width"])
	var h := int(c.level["height"])
	var line := Color(1, 1, 1, 0.07)
	for x in w + 1:
		ci.draw_line(Vector2(x, 0), Vector2(x, h), line, 1.0 / c.zoom)
	for y in h + 1:
		ci.draw_line(Vector2(0, y), Vector2(w, y), line, 1.0 / c.zoom)


func _marks(c, ci: CanvasItem, parts: Array) -> void:
	var bad_parts: Array = c.verdict.get("error_parts", [])
	for p in parts:
		var faces: Array = plate_of(p)[1]
		if bad_parts.has(int(p["id"])) or bad_parts.has(float(p["id"])):
			outline(ci, faces, PART_FAULT, 3.0, c.zoom)
		if c.selected_parts.has(int(p["id"])):
			outline(ci, faces, SELECTED, 2.0, c.zoom)
	for s in c.level["screws"]:
		var at := Vector2(int(s["cell"][0]), int(s["cell"][1])) + Vector2(0.5, 0.5)
		var id := int(s["id"])
		var ring := ring_colour(c.verdict, id)
		if ring.a > 0.0:
			ci.draw_arc(at, c.head_radius * 1.3, 0.0, TAU, 32, ring, 3.0 / c.zoom, true)
		if c.selected_screws.has(id):
			ci.draw_arc(at, c.head_radius * 1.15, 0.0, TAU, 32, SELECTED, 2.0 / c.zoom, true)
			_hang_ghost(c, ci, s)


## Where the screw's plate swings when that screw is its last: its hang pose, dashed.
func _hang_ghost(c, ci: CanvasItem, s: Dictionary) -> void:
	var p = c.part(int(s["part"]))
	if p == null:
		return
	var pose = p.get("hang", {}).get(str(int(s["id"])))
	if pose == null or pose.is_empty():
		return
	ghost(ci, shapes_of(pose)[0], GHOST, c.zoom)


## The fault ring colour of screw `id` in `verdict`, or transparent.
static func ring_colour(verdict: Dictionary, id: int) -> Color:
	for key in RINGS:
		for s in verdict.get(key, []):
			if int(s) == id:
				return RINGS[key]
	return Color.TRANSPARENT


static func _polygon(c: Vector2, r: float, sides: int, turn: float) -> PackedVector2Array:
	var out := PackedVector2Array()
	for i in sides:
		var a := turn + TAU * i / sides
		out.append(c + Vector2(cos(a), sin(a)) * r)
	return out
