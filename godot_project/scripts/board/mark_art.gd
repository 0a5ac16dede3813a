@tool
class_name MarkArt
extends RefCounted
## The lock, key and bomb badges' drawing, shared by the board (ScrewMarks makes its meshes from
## these shapes) and the introduction cards (drawn here on a CanvasItem), so a card shows exactly
## the badge the board does. Shapes are flat polygons of (x, z) points beside the badge's centre;
## the board lays them on the head's top, a canvas reads them as (x, y): both have z / y growing
## down the screen. Sizes come from the camera model (ReadabilityAudit.camera's mark_* keys),
## colours and pairing shapes from ReadabilityAudit.marks().

## The padlock's and the key's shapes, as fractions of the glyph's half-size (a glyph fits inside
## the smallest badge shape, the diamond): [x0, z0, x1, z1] rectangles and [x, z, inner, outer,
## from, to] rings (angles from +x toward +z, screen down): the shackle is an arch on two legs.
const LOCK_BODY := [-0.78, -0.05, 0.78, 0.9]
const LOCK_SHACKLE := [0.0, -0.1, 0.32, 0.6, PI, TAU]
const LOCK_LEGS := [[-0.6, -0.1, -0.32, 0.4], [0.32, -0.1, 0.6, 0.4]]
const KEY_BOW := [-0.52, 0.0, 0.2, 0.44, 0.0, TAU]
const KEY_BITS := [[-0.12, -0.13, 0.95, 0.13], [0.45, 0.13, 0.6, 0.5], [0.74, 0.13, 0.92, 0.4]]
## Corners of each badge shape, and the turn of its first corner from screen up (degrees).
const SHAPES := {"circle": [32, 0.0], "square": [4, 45.0], "diamond": [4, 0.0], "hexagon": [6, 0.0]}
## A glyph's half-size as a fraction of the badge's radius: inside the diamond's inscribed circle
## (0.71 of its radius) with a margin.
const GLYPH := 0.6
## How far an opening lock's shackle lifts, in glyph half-sizes: clear of the body (its legs' ends
## rise a fifth of a glyph over the body's top), so an open lock reads as open.
const SHACKLE_LIFT := 0.65
## A digit's height as a fraction of the font size (the UI font's figures).
const DIGIT_HEIGHT := 0.72


## A glyph's half-size on a badge of `radius`.
static func glyph(radius: float) -> float:
	return radius * GLYPH


## The badge outline `shape` (one of SHAPES; a circle otherwise) of corner radius `radius`.
static func outline(shape: String, radius: float) -> PackedVector2Array:
	var spec: Array = SHAPES.get(shape, SHAPES["circle"])
	var points := PackedVector2Array()
	for i in int(spec[0]):
		var angle := TAU * i / int(spec[0]) + deg_to_rad(spec[1])
		points.append(Vector2(sin(angle), -cos(angle)) * radius)
	return points


## The padlock's shackle (its arch and legs, closed) for glyph half-size `g`: convex polygons.
static func shackle(g: float) -> Array[PackedVector2Array]:
	var parts := _ring(LOCK_SHACKLE, g)
	for leg: Array in LOCK_LEGS:
		parts.append(_rect(leg, g))
	return parts


## The padlock's body for glyph half-size `g`.
static func lock_body(g: float) -> Array[PackedVector2Array]:
	var parts: Array[PackedVector2Array] = [_rect(LOCK_BODY, g)]
	return parts


## The key (its ring bow and its bits) for glyph half-size `g`.
static func key(g: float) -> Array[PackedVector2Array]:
	var parts := _ring(KEY_BOW, g)
	for bit: Array in KEY_BITS:
		parts.append(_rect(bit, g))
	return parts


## The camera model's badge sizes (`view`: ReadabilityAudit.camera) on a canvas drawing `px`
## pixels per world unit: {radius, rim, digit, lock, key, bomb} (the last three: a badge's centre
## beside its screw's, Vector2).
static func canvas_sizes(view: Dictionary, px: float) -> Dictionary:
	var sizes := {}
	for key_name in ["radius", "rim", "digit", "lock", "key", "bomb"]:
		sizes[key_name] = view["mark_" + key_name] * px
	return sizes


## A badge of `shape` at `c` on `ci`: the rim, the fill inside it (`sizes`: canvas_sizes).
static func draw_badge(
	ci: CanvasItem, c: Vector2, sizes: Dictionary, shape: String, rim: Color, fill: Color
) -> void:
	var radius: float = sizes["radius"]
	draw_parts(ci, c, [outline(shape, radius)], rim)
	draw_parts(ci, c, [outline(shape, radius - float(sizes["rim"]))], fill)


## The lock badge of pairing tag `tag` at `c` (`colours`: ReadabilityAudit.marks()), its shackle
## lifted by `lift` (0 closed .. 1 fully lifted, as the board's opening lifts it).
static func draw_lock(
	ci: CanvasItem, c: Vector2, sizes: Dictionary, colours: Dictionary, tag: int, lift := 0.0
) -> void:
	var entry := tag_of(colours, tag)
	draw_badge(ci, c, sizes, entry["shape"], colours["rim"], entry["tint"])
	var g := glyph(sizes["radius"])
	draw_parts(ci, c - Vector2(0, lift * g * SHACKLE_LIFT), shackle(g), entry["glyph"])
	draw_parts(ci, c, lock_body(g), entry["glyph"])


## The key badge of pairing tag `tag` at `c`.
static func draw_key(
	ci: CanvasItem, c: Vector2, sizes: Dictionary, colours: Dictionary, tag: int
) -> void:
	var entry := tag_of(colours, tag)
	draw_badge(ci, c, sizes, entry["shape"], colours["rim"], entry["tint"])
	draw_parts(ci, c, key(glyph(sizes["radius"])), entry["glyph"])


## The bomb badge at `c` showing `text` in `look` (a bomb look of ReadabilityAudit.marks():
## {fill, digit, rim}), its digits in `font` at the board's height (sizes.digit).
static func draw_bomb(
	ci: CanvasItem, c: Vector2, sizes: Dictionary, look: Dictionary, text: String, font: Font
) -> void:
	draw_badge(ci, c, sizes, "circle", look["rim"], look["fill"])
	var px := int(round(float(sizes["digit"]) / DIGIT_HEIGHT))
	var width := font.get_string_size(text, HORIZONTAL_ALIGNMENT_LEFT, -1, px).x
	# Centred like the board's Label3D: the line's middle (ascent over descent) on the centre.
	var baseline := c.y + (font.get_ascent(px) - font.get_descent(px)) * 0.5
	var at := Vector2(c.x - width * 0.5, baseline)
	ci.draw_string(font, at, text, HORIZONTAL_ALIGNMENT_LEFT, -1, px, look["digit"])


## Convex polygons `parts` moved to `at`, filled with `colour`.
static func draw_parts(ci: CanvasItem, at: Vector2, parts: Array, colour: Color) -> void:
	var moved := Transform2D(0.0, at)
	for part: PackedVector2Array in parts:
		ci.draw_colored_polygon(moved * part, colour)


## The pairing entry {shape, tint, glyph} of tag `tag` in `colours` (ReadabilityAudit.marks()).
static func tag_of(colours: Dictionary, tag: int) -> Dictionary:
	var tags: Array = colours["tags"]
	return tags[tag % tags.size()]


## A rectangle [x0, z0, x1, z1] in glyph units of half-size `g`.
static func _rect(box: Array, g: float) -> PackedVector2Array:
	var a := Vector2(box[0], box[1]) * g
	var b := Vector2(box[2], box[3]) * g
	return PackedVector2Array([a, Vector2(b.x, a.y), b, Vector2(a.x, b.y)])


## A flat ring (or arc) [x, z, inner, outer, from, to] in glyph units of half-size `g`, as quads.
static func _ring(ring: Array, g: float) -> Array[PackedVector2Array]:
	var centre := Vector2(ring[0], ring[1]) * g
	var quads: Array[PackedVector2Array] = []
	var sides := 32
	var span: float = ring[5] - ring[4]
	for i in sides:
		var a: float = ring[4] + span * i / sides
		var b: float = ring[4] + span * (i + 1) / sides
		var quad := PackedVector2Array()
		for edge in [[a, ring[2]], [a, ring[3]], [b, ring[3]], [b, ring[2]]]:
			quad.append(centre + Vector2(cos(edge[0]), sin(edge[0])) * float(edge[1]) * g)
		quads.append(quad)
	return quads
