@tool
extends RefCounted
## How the level canvas marks locks and bombs, editor-style over the game's drawing: a padlock at
## a locked screw's upper right, a key at the upper left of a screw that holds keys, and a bomb's
## count in a red badge at its lower right. With a screw selected (or its key being picked), a
## dashed line runs from it to its key and to every screw it locks, and those screws are ringed.
## Shapes are drawn in cells (the canvas's transform), the count in pixels so it stays sharp. `c`
## is the LevelCanvas; the marks are its tools.locks.marks (LevelEditor.screw_marks()).

const LOCK := Color(1.0, 0.8, 0.25)
const KEY := Color(0.45, 0.88, 1.0)
const BOMB := Color(0.86, 0.13, 0.1)
const INK := Color(0.07, 0.07, 0.09)
const TEXT := Color(1.0, 1.0, 1.0)
## A mark's size against the screw head's radius, and how far out from the head's centre it sits.
const SIZE := 0.85
const OUT := 0.9
## The key is long and thin: drawn larger to read as well as the padlock. The bomb's badge sits
## further out, so the head's colour still shows beside it.
const KEY_SIZE := 1.3
const BOMB_SIZE := 0.78
const BOMB_OUT := 1.05


static func draw(c, ci: CanvasItem) -> void:
	var locks = c.tools.locks if c.tools != null else null
	if locks == null or locks.marks.is_empty():
		return
	var r: float = c.head_radius
	var u := r * SIZE
	var links: Array = c.selected_screws.duplicate()
	if locks.picking != 0 and not links.has(locks.picking):
		links.append(locks.picking)
	for id in links:
		_links(c, ci, locks.mark_of(int(id)))
	for m in locks.marks:
		var s = c.screw(int(m["screw"]))
		if s == null or not _shown(c, s):
			continue
		var at := _centre(s)
		if m["locked_by"] != null:
			padlock(ci, at + Vector2(r, -r) * OUT, u)
		if not m["unlocks"].is_empty():
			key(ci, at + Vector2(-r, -r) * OUT, u * KEY_SIZE)
	ci.draw_set_transform(Vector2.ZERO)
	var font: Font = c.get_theme_default_font()
	for m in locks.marks:
		var s = c.screw(int(m["screw"]))
		if m["bomb"] != null and s != null and _shown(c, s):
			var at: Vector2 = c.to_pixels(_centre(s) + Vector2(r, r) * BOMB_OUT)
			bomb(ci, font, at, maxf(8.0, u * c.zoom * BOMB_SIZE), int(m["bomb"]))
	ci.draw_set_transform(c.origin, 0.0, Vector2(c.zoom, c.zoom))


## A padlock centred at `p` (cells), `u` wide: a ring shackle over a body with a keyhole.
static func padlock(ci: CanvasItem, p: Vector2, u: float) -> void:
	var body := Rect2(p + Vector2(-0.5, -0.1) * u, Vector2(1.0, 0.72) * u)
	var top := p + Vector2(0.0, -0.1) * u
	ci.draw_arc(top, u * 0.3, PI, TAU, 14, INK, u * 0.3)
	ci.draw_arc(top, u * 0.3, PI, TAU, 14, LOCK, u * 0.15)
	ci.draw_rect(body.grow(u * 0.09), INK)
	ci.draw_rect(body, LOCK)
	ci.draw_circle(p + Vector2(0.0, 0.2) * u, u * 0.12, INK)


## A key centred at `p` (cells), `u` long: a ring bow, a shaft and two teeth.
static func key(ci: CanvasItem, p: Vector2, u: float) -> void:
	for pass_index in 2:
		var colour := INK if pass_index == 0 else KEY
		var w := u * (0.32 if pass_index == 0 else 0.16)
		var bow := p + Vector2(-0.3, 0.0) * u
		ci.draw_arc(bow, u * 0.24, 0.0, TAU, 16, colour, w)
		ci.draw_line(bow + Vector2(u * 0.24, 0.0), p + Vector2(0.62, 0.0) * u, colour, w)
		for x in [0.36, 0.56]:
			ci.draw_line(p + Vector2(x, 0.0) * u, p + Vector2(x, 0.26) * u, colour, w)


## A bomb's count `moves` in a red badge of radius `rad` at `at` (pixels), with a lit fuse.
static func bomb(ci: CanvasItem, font: Font, at: Vector2, rad: float, moves: int) -> void:
	var fuse := Vector2(0.7, -0.7)
	ci.draw_line(at + fuse * rad * 0.8, at + fuse * rad * 1.45, INK, 3.0)
	ci.draw_circle(at + fuse * rad * 1.45, 2.5, LOCK)
	ci.draw_circle(at, rad + 1.5, INK)
	ci.draw_circle(at, rad, BOMB)
	var text := str(moves)
	var size := maxi(8, int(rad * (1.2 if text.length() < 2 else 1.0)))
	var s := font.get_string_size(text, HORIZONTAL_ALIGNMENT_LEFT, -1, size)
	var base := at + Vector2(-s.x * 0.5, size * 0.36)
	ci.draw_string(font, base, text, HORIZONTAL_ALIGNMENT_LEFT, -1, size, TEXT)


## The lines of one screw's mark: to its key (ringed in the key's colour) and to each screw it
## locks (ringed in the padlock's).
static func _links(c, ci: CanvasItem, m: Dictionary) -> void:
	if m.is_empty():
		return
	var from = c.screw(int(m["screw"]))
	if from == null:
		return
	var ends: Array = []
	if m["locked_by"] != null:
		ends.append([int(m["locked_by"]), KEY])
	for id in m["unlocks"]:
		ends.append([int(id), LOCK])
	for end in ends:
		var to = c.screw(end[0])
		if to == null:
			continue
		var a := _centre(from)
		var b := _centre(to)
		var d: Vector2 = (b - a).normalized() * c.head_radius * 1.3
		ci.draw_dashed_line(a + d, b - d, INK, 5.0 / c.zoom, 0.16)
		ci.draw_dashed_line(a + d, b - d, end[1], 2.5 / c.zoom, 0.16)
		ci.draw_arc(b, c.head_radius * 1.3, 0.0, TAU, 32, end[1], 2.5 / c.zoom, true)


static func _centre(s: Dictionary) -> Vector2:
	return Vector2(int(s["cell"][0]), int(s["cell"][1])) + Vector2(0.5, 0.5)


static func _shown(c, s: Dictionary) -> bool:
	var p = c.part(int(s["part"]))
	return c.layer_shown(int(p["layer"]) if p != null else 0)
