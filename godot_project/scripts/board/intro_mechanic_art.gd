class_name IntroMechanicArt
extends RefCounted
## The lock, key and countdown-bomb pictures of the introduction cards: HudArt's screw heads
## carrying the board's own badges (MarkArt, in ReadabilityAudit.marks()' colours, at the camera
## model's size and place beside a head), so a card teaches what the board shows. Separate from
## IntroArt so each file stays one kind of drawing.

## The plate over a covered bomb: see-through enough that its badge still shows.
const PLATE := Color(0.33, 0.45, 0.48, 0.8)

## The camera model's mark sizes and the marks' colours, asked once (ReadabilityAudit).
static var _view := {}
static var _colours := {}


## A screw of head radius `r` at `c` in palette `entry` holding the key of pairing tag `tag`.
static func key_screw(ci: CanvasItem, c: Vector2, r: float, entry: Dictionary, tag: int) -> void:
	HudArt.screw(ci, c, r, entry, false)
	var sizes := _sizes(ci, r)
	MarkArt.draw_key(ci, c + sizes["key"], sizes, _colours, tag)


## A screw locked by the key of tag `tag`; `open`: its key is gone, the shackle lifted as the
## board's opening lifts it.
static func locked_screw(
	ci: CanvasItem, c: Vector2, r: float, entry: Dictionary, tag: int, open: bool
) -> void:
	HudArt.screw(ci, c, r, entry, false)
	var sizes := _sizes(ci, r)
	MarkArt.draw_lock(ci, c + sizes["lock"], sizes, _colours, tag, 1.0 if open else 0.0)


## A bomb screw with `moves` left, its badge below the head as on the board (the board's font).
static func bomb_screw(ci: CanvasItem, c: Vector2, r: float, entry: Dictionary, moves: int) -> void:
	HudArt.screw(ci, c, r, entry, false)
	var sizes := _sizes(ci, r)
	MarkArt.draw_bomb(ci, c + sizes["bomb"], sizes, _colours["bomb"], str(moves), App.ui_font())


## A bomb under the corner of a plate: its badge showing through (it waits).
static func covered_bomb(
	ci: CanvasItem, c: Vector2, r: float, entry: Dictionary, moves: int
) -> void:
	bomb_screw(ci, c, r, entry, moves)
	var plate := Rect2(c - Vector2(r * 2.1, r * 1.4), Vector2(r * 2.9, r * 2.2))
	HudArt.box(ci, plate, PLATE, r * 0.3)


## The badges' sizes beside a head of radius `r` (canvas pixels), as the camera model relates
## them to the head (on this screen; only their ratio to the head matters).
static func _sizes(ci: CanvasItem, r: float) -> Dictionary:
	if _view.is_empty():
		_view = App.audit.camera(Vector2i(ci.get_viewport_rect().size), 1, 1, 0)
		_colours = App.audit.marks()
	return MarkArt.canvas_sizes(_view, r / float(_view["head_radius"]))
