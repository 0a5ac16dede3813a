@tool
class_name HudArt
extends RefCounted
## Drawing for the HUD's pieces (crates, rail places, the queue, tool icons, stars): screws drawn as
## the board draws them — a bevelled head in the palette colour, a slot, or the colour-blind mark
## when patterns are on — so a screw looks the same on the board, in a crate and on the rail.

const HOLE := Color(0.07, 0.075, 0.09)
const HOLE_RIM := Color(0.3, 0.32, 0.37)
const SLOT := Color(0.08, 0.08, 0.1, 0.85)
const MARK_LIGHT := Color(0.97, 0.97, 0.97)
const MARK_DARK := Color(0.1, 0.1, 0.12)
## Head luminance from which the mark is drawn dark (as on the board's heads).
const LIGHT_HEAD := 0.6
const ICON := Color(0.93, 0.94, 0.96)
const STAR_ON := Color(1.0, 0.78, 0.2)
const STAR_OFF := Color(0.3, 0.32, 0.38)

## ReadabilityAudit.hud_layout(), asked once: the HUD's sizes the camera model does not scale.
static var _layout := {}


## The HUD's fixed sizes (gaps, the pause sheet's rows, the cards' widths), from the core: no
## board or HUD script defines a size of its own.
static func layout() -> Dictionary:
	if _layout.is_empty():
		_layout = ClassDB.instantiate("ReadabilityAudit").hud_layout()
	return _layout


## An empty hole of radius `r` at `c`: a dark well with a lit lower rim.
static func hole(ci: CanvasItem, c: Vector2, r: float) -> void:
	ci.draw_circle(c, r, HOLE_RIM)
	ci.draw_circle(c - Vector2(0, r * 0.08), r * 0.86, HOLE)


## A screw head of radius `r` at `c` in palette `entry` (`{bright, pattern, ...}`); the slot turns
## by `turn` radians; `patterns` draws the colour-blind mark instead of the slot.
static func screw(
	ci: CanvasItem, c: Vector2, r: float, entry: Dictionary, patterns: bool, turn := 0.5
) -> void:
	var bright: Color = entry.get("bright", Color(0.6, 0.6, 0.64))
	ci.draw_circle(c + Vector2(r * 0.1, r * 0.14), r * 1.02, Color(0, 0, 0, 0.35))
	ci.draw_circle(c, r, bright.darkened(0.38))
	ci.draw_circle(c - Vector2(r * 0.04, r * 0.05), r * 0.84, bright)
	ci.draw_circle(c - Vector2(r * 0.3, r * 0.32), r * 0.26, Color(1, 1, 1, 0.28))
	if patterns and entry.has("pattern"):
		var dark := bright.get_luminance() >= LIGHT_HEAD
		mark(ci, c, r * 0.62, str(entry["pattern"]), MARK_DARK if dark else MARK_LIGHT)
	else:
		var d := Vector2(cos(turn), sin(turn)) * r * 0.62
		ci.draw_line(c - d, c + d, SLOT, maxf(2.0, r * 0.2), true)


## The colour-blind mark `pattern` of radius `r` at `c` (the shapes the board's heads carry).
static func mark(ci: CanvasItem, c: Vector2, r: float, pattern: String, colour: Color) -> void:
	match pattern:
		"dot":
			ci.draw_circle(c, r * 0.5, colour)
		"ring":
			ci.draw_arc(c, r * 0.72, 0.0, TAU, 32, colour, r * 0.3, true)
		"triangle":
			ci.draw_colored_polygon(_regular(c, r, 3, 0.0), colour)
		"square":
			ci.draw_colored_polygon(_regular(c, r * 0.99, 4, PI / 4.0), colour)
		"diamond":
			ci.draw_colored_polygon(_regular(c, r, 4, 0.0), colour)
		"cross":
			ci.draw_rect(Rect2(c - Vector2(r, r * 0.22), Vector2(r * 2.0, r * 0.44)), colour)
			ci.draw_rect(Rect2(c - Vector2(r * 0.22, r), Vector2(r * 0.44, r * 2.0)), colour)


## A rounded box filling `rect`: `fill` with a darker rim and a lit top edge.
static func box(ci: CanvasItem, rect: Rect2, fill: Color, radius: float) -> void:
	var style := StyleBoxFlat.new()
	style.bg_color = fill
	style.set_corner_radius_all(int(radius))
	style.border_color = fill.darkened(0.35)
	style.set_border_width_all(int(maxf(2.0, radius * 0.25)))
	style.shadow_color = Color(0, 0, 0, 0.35)
	style.shadow_size = int(radius * 0.5)
	style.shadow_offset = Vector2(0, radius * 0.25)
	style.anti_aliasing = true
	ci.draw_style_box(style, rect)
	var lit := Color(1, 1, 1, 0.12)
	var inner := rect.grow(-radius * 0.5)
	ci.draw_line(inner.position, Vector2(inner.end.x, inner.position.y), lit, 2.0, true)


## A five-pointed star of outer radius `r` at `c`.
static func star(ci: CanvasItem, c: Vector2, r: float, on: bool) -> void:
	var points := PackedVector2Array()
	for i in 10:
		var radius := r if i % 2 == 0 else r * 0.45
		var angle := -PI / 2.0 + i * PI / 5.0
		points.append(c + Vector2(cos(angle), sin(angle)) * radius)
	ci.draw_colored_polygon(points, STAR_ON if on else STAR_OFF)
	if on:
		ci.draw_polyline(points + PackedVector2Array([points[0]]), STAR_ON.darkened(0.3), 2.0, true)


## Tool icons, drawn in a square `rect`.
## `behind` is the colour under the icon (the wrench's jaw is cut out of its head in it).
static func icon(ci: CanvasItem, kind: String, rect: Rect2, behind: Color, colour := ICON) -> void:
	var c := rect.get_center()
	var s := rect.size.x
	match kind:
		"menu":
			for i in 3:
				var y := c.y + (i - 1) * s * 0.22
				ci.draw_line(Vector2(c.x - s * 0.3, y), Vector2(c.x + s * 0.3, y), colour, s * 0.1, true)
		"pause":
			for side in [-1, 1]:
				var x: float = c.x + side * s * 0.14
				ci.draw_line(
					Vector2(x, c.y - s * 0.28), Vector2(x, c.y + s * 0.28), colour, s * 0.13
				)
		"restart":
			# An open ring turning back on itself, its arrowhead at the gap.
			ci.draw_arc(c, s * 0.26, -PI * 0.35, PI * 1.45, 24, colour, s * 0.09, true)
			var tip := c + Vector2(cos(-PI * 0.35), sin(-PI * 0.35)) * s * 0.26
			ci.draw_colored_polygon(
				PackedVector2Array(
					[
						tip + Vector2(-s * 0.16, -s * 0.02),
						tip + Vector2(s * 0.06, -s * 0.14),
						tip + Vector2(s * 0.04, s * 0.12)
					]
				),
				colour
			)
		"screwdriver":
			# Handle lower left, shaft to a flat tip upper right.
			var dir := Vector2(1, -1).normalized()
			var handle_a := c - dir * s * 0.36
			var handle_b := c - dir * s * 0.02
			ci.draw_line(handle_a, handle_b, Color(0.95, 0.55, 0.2), s * 0.22, true)
			ci.draw_circle(handle_a, s * 0.11, Color(0.95, 0.55, 0.2))
			ci.draw_line(handle_b, c + dir * s * 0.36, colour, s * 0.07, true)
			ci.draw_line(handle_b, handle_b + dir * s * 0.05, Color(0.3, 0.3, 0.34), s * 0.16, true)
		"hint":
			_bulb(ci, c, s, colour)
		"wrench":
			var dir := Vector2(1, -1).normalized()
			var head := c + dir * s * 0.22
			ci.draw_line(c - dir * s * 0.34, head, colour, s * 0.12, true)
			ci.draw_circle(c - dir * s * 0.34, s * 0.08, colour)
			ci.draw_circle(head, s * 0.17, colour)
			# The jaw: a notch cut out of the head.
			var notch := head + dir * s * 0.08
			ci.draw_circle(notch, s * 0.075, behind)


## The hint's light bulb: a round glass lit in the stars' gold, a steel screw base under it (the
## game's screws), and three short rays.
static func _bulb(ci: CanvasItem, c: Vector2, s: float, colour: Color) -> void:
	var glass := c - Vector2(0, s * 0.08)
	var lit := STAR_ON if colour == ICON else STAR_ON.darkened(0.5)
	ci.draw_circle(glass, s * 0.22, lit)
	ci.draw_circle(glass - Vector2(s * 0.07, s * 0.07), s * 0.06, Color(1, 1, 1, 0.45))
	var base := Rect2(c.x - s * 0.1, c.y + s * 0.12, s * 0.2, s * 0.16)
	ci.draw_rect(base, colour)
	for i in 2:
		var y := base.position.y + s * (0.05 + i * 0.06)
		ci.draw_line(Vector2(base.position.x, y), Vector2(base.end.x, y), HOLE, s * 0.025)
	for angle in [-PI * 0.5, -PI * 0.15, -PI * 0.85]:
		var dir := Vector2(cos(angle), sin(angle))
		ci.draw_line(glass + dir * s * 0.29, glass + dir * s * 0.38, lit, s * 0.05, true)


## The busy mark of a working button: an arc of radius `r` turned by `turn`, or, `still`, three
## dots that do not move.
static func busy(ci: CanvasItem, c: Vector2, r: float, turn: float, still: bool) -> void:
	if still:
		for i in 3:
			ci.draw_circle(c + Vector2((i - 1) * r * 0.4, r * 0.85), r * 0.1, STAR_ON)
		return
	ci.draw_arc(c, r, turn, turn + PI * 1.2, 24, STAR_ON, r * 0.12, true)


static func _regular(c: Vector2, r: float, sides: int, turn: float) -> PackedVector2Array:
	var points := PackedVector2Array()
	for i in sides:
		var angle := turn + TAU * i / sides
		points.append(c + Vector2(sin(angle), -cos(angle)) * r)
	return points
