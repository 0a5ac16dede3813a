class_name IntroMechanicArt
extends RefCounted
## The lock, key and countdown-bomb pictures of the introduction cards, drawn in the HUD's style
## (HudArt: bevelled heads with a shadow, dark outlines, a lit edge) on a CanvasItem (a Control for
## the bomb: its number takes the control's theme font). Separate from IntroArt so each file stays
## one kind of drawing.

## The padlock's body and the key are brass outlined in near-black, the shackle steel: their shapes
## and outlines, not their colour, tell them from a yellow screw's head.
const BRASS := Color(0.86, 0.69, 0.3)
const SHACKLE := Color(0.72, 0.74, 0.78)
const OUTLINE := Color(0.08, 0.08, 0.1)
## The bomb's shell, its number and the fuse's spark.
const SHELL := Color(0.13, 0.13, 0.16)
const NUMBER := Color(0.98, 0.98, 0.98)
const SPARK := Color(1.0, 0.62, 0.18)
const SPARK_CORE := Color(1.0, 0.92, 0.55)
## The plate over a covered bomb: see-through enough that its number still shows.
const PLATE := Color(0.33, 0.45, 0.48, 0.85)


## A padlock of height about `s` centred at `c`: closed, or open with its shackle lifted.
static func padlock(ci: CanvasItem, c: Vector2, s: float, open: bool) -> void:
	var body := Rect2(c + Vector2(-s * 0.42, -s * 0.08), Vector2(s * 0.84, s * 0.58))
	var lift := s * 0.3 if open else 0.0
	var hoop := Vector2(c.x, body.position.y - lift)
	var half := s * 0.27
	var width := maxf(2.0, s * 0.13)
	# The shackle: a half ring over the body and its two legs (the open one's right leg stands free).
	for outline_pass in 2:
		var colour := OUTLINE if outline_pass == 0 else SHACKLE
		var w := width + (4.0 if outline_pass == 0 else 0.0)
		ci.draw_arc(hoop, half, PI, TAU, 24, colour, w, true)
		ci.draw_line(hoop + Vector2(-half, 0), Vector2(c.x - half, body.position.y + 2.0), colour, w)
		var right_end := hoop.y + s * 0.08 if open else body.position.y + 2.0
		ci.draw_line(hoop + Vector2(half, 0), Vector2(c.x + half, right_end), colour, w)
	HudArt.box(ci, body, BRASS, s * 0.1)
	# The keyhole: a dot over a short slot.
	var hole := body.get_center() - Vector2(0, s * 0.05)
	ci.draw_circle(hole, s * 0.08, OUTLINE)
	ci.draw_rect(Rect2(hole + Vector2(-s * 0.03, 0), Vector2(s * 0.06, s * 0.17)), OUTLINE)


## A key of length about `s` centred at `c`, lying along the x axis: a ring bow on the left, the
## shaft, two teeth under its tip.
static func key(ci: CanvasItem, c: Vector2, s: float) -> void:
	var bow := c - Vector2(s * 0.3, 0)
	var shaft := Rect2(bow + Vector2(s * 0.14, -s * 0.06), Vector2(s * 0.62, s * 0.12))
	var teeth := [
		Rect2(shaft.end - Vector2(s * 0.12, 0), Vector2(s * 0.1, s * 0.15)),
		Rect2(shaft.end - Vector2(s * 0.3, 0), Vector2(s * 0.09, s * 0.1)),
	]
	var grow := 2.0
	ci.draw_circle(bow, s * 0.22 + grow, OUTLINE)
	ci.draw_rect(shaft.grow(grow), OUTLINE)
	for tooth: Rect2 in teeth:
		ci.draw_rect(tooth.grow(grow), OUTLINE)
	ci.draw_circle(bow, s * 0.22, BRASS)
	ci.draw_rect(shaft, BRASS)
	for tooth: Rect2 in teeth:
		ci.draw_rect(tooth, BRASS)
	ci.draw_circle(bow, s * 0.09, OUTLINE)
	ci.draw_arc(bow, s * 0.17, PI * 1.1, PI * 1.6, 8, Color(1, 1, 1, 0.35), maxf(1.5, s * 0.04), true)


## A bomb screw of radius `r` at `c` in palette `entry`: the head with a dark shell over its middle
## carrying `moves` (the moves left), and a fuse at its top right, burning when `lit` (counting).
static func bomb_screw(
	ci: Control, c: Vector2, r: float, entry: Dictionary, moves: int, lit := true
) -> void:
	HudArt.screw(ci, c, r, entry, false)
	var fuse_start := c + Vector2(r * 0.42, -r * 0.42)
	var fuse_end := c + Vector2(r * 0.95, -r * 0.98)
	var bend := c + Vector2(r * 0.9, -r * 0.55)
	var fuse := PackedVector2Array([fuse_start, bend, fuse_end])
	ci.draw_polyline(fuse, OUTLINE, maxf(3.0, r * 0.14), true)
	ci.draw_polyline(fuse, Color(0.85, 0.8, 0.7), maxf(1.5, r * 0.06), true)
	if lit:
		_spark(ci, fuse_end, r * 0.3)
	ci.draw_circle(c, r * 0.64, OUTLINE)
	ci.draw_circle(c, r * 0.58, SHELL)
	ci.draw_circle(c - Vector2(r * 0.2, r * 0.22), r * 0.13, Color(1, 1, 1, 0.22))
	number(ci, c, r * 0.9, str(moves), NUMBER)


## A bomb under the corner of a plate: its fuse out, its number showing through (it waits).
static func covered_bomb(ci: Control, c: Vector2, r: float, entry: Dictionary, moves: int) -> void:
	bomb_screw(ci, c, r, entry, moves, false)
	var plate := Rect2(c - Vector2(r * 2.1, r * 1.3), Vector2(r * 2.75, r * 1.95))
	HudArt.box(ci, plate, PLATE, r * 0.3)


## `text` centred on `c` (its middle at c.y) at `font_size`, in the control's theme font.
static func number(ci: Control, c: Vector2, font_size: float, text: String, colour: Color) -> void:
	var font := ci.get_theme_font("font")
	var px := int(font_size)
	var width := font.get_string_size(text, HORIZONTAL_ALIGNMENT_LEFT, -1, px).x
	var baseline := c.y + (font.get_ascent(px) - font.get_descent(px)) * 0.5
	var at := Vector2(c.x - width * 0.5, baseline)
	ci.draw_string(font, at, text, HORIZONTAL_ALIGNMENT_LEFT, -1, px, colour)


## A spark of radius `r`: an eight-point star with a light core.
static func _spark(ci: CanvasItem, c: Vector2, r: float) -> void:
	var points := PackedVector2Array()
	for i in 16:
		var radius := r if i % 2 == 0 else r * 0.45
		var angle := i * PI / 8.0
		points.append(c + Vector2(cos(angle), sin(angle)) * radius)
	ci.draw_colored_polygon(points, SPARK)
	ci.draw_circle(c, r * 0.32, SPARK_CORE)
