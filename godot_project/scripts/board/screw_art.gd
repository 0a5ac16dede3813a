class_name ScrewArt
extends RefCounted
## The special screw heads drawn flat, in the board's own colours (ScrewView's): a hidden screw's
## grey cap with its '?', a rusty head with its rust ring, a bolt's hex head on its washer. The
## introduction cards and the level thumbnail draw them alike, so a '?' or a bolt seen on a preview
## is the one the board shows.


## The board's hidden screw: a grey cap with a dark "?" in `font`.
static func hidden(ci: CanvasItem, at: Vector2, r: float, font: Font) -> void:
	# No slot (as on the board): a mark with no shape stands in for it.
	HudArt.screw(ci, at, r, {"bright": ScrewView.UNKNOWN_COLOUR, "pattern": ""}, true)
	var font_size := int(r * 1.3)
	var width := font.get_string_size("?", HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x
	var baseline := at.y + (font.get_ascent(font_size) - font.get_descent(font_size)) * 0.5
	ci.draw_string(
		font,
		Vector2(at.x - width * 0.5, baseline),
		"?",
		HORIZONTAL_ALIGNMENT_LEFT,
		-1,
		font_size,
		ScrewView.UNKNOWN_MARK
	)


## A rusty head of palette `entry`: its colour taken toward rust as the board takes it, with the
## rust ring.
static func rusty(ci: CanvasItem, at: Vector2, r: float, entry: Dictionary) -> void:
	var rusted := entry.duplicate()
	rusted["bright"] = (entry.get("bright", Color.GRAY) as Color).lerp(
		ScrewView.RUST_COLOUR, ScrewView.RUST_MIX
	)
	HudArt.screw(ci, at, r, rusted, false, 0.2)
	ci.draw_arc(at, r * 0.98, 0.0, TAU, 40, ScrewView.RUST_COLOUR, r * 0.2, true)
	for i in 5:
		var angle := TAU * i / 5.0 + 0.4
		ci.draw_circle(
			at + Vector2(cos(angle), sin(angle)) * r * 0.62, r * 0.09, ScrewView.RUST_COLOUR
		)


## A bolt of palette `entry`: a hex head on a steel washer, no slot (only the wrench turns it).
static func bolt(ci: CanvasItem, at: Vector2, r: float, entry: Dictionary) -> void:
	var colour: Color = entry.get("bright", Color.GRAY)
	ci.draw_circle(at + Vector2(r * 0.1, r * 0.14), r * 1.12, Color(0, 0, 0, 0.35))
	ci.draw_circle(at, r * 1.08, ScrewView.STEEL)
	var hex := PackedVector2Array()
	for i in 6:
		var angle := TAU * i / 6.0
		hex.append(at + Vector2(cos(angle), sin(angle)) * r * 0.86)
	ci.draw_colored_polygon(hex, colour.darkened(0.3))
	var inner := PackedVector2Array()
	for point in hex:
		inner.append(at + (point - at) * 0.8)
	ci.draw_colored_polygon(inner, colour)
