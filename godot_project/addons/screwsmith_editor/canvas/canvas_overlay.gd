@tool
extends RefCounted
## The level canvas's overlay, redrawn alone while a gesture is under way or the hovered cell
## changes: the stroke's cells, the dragged screw or plate, the selection box, the hovered cell and
## its coordinates (bottom-left corner; while a key is picked, what to click, and the hovered screw
## ringed), and the phone's camera frame with its HUD bands. `c` is the LevelCanvas, `t` its
## CanvasTools (the gesture's state).

const CanvasDraw := preload("res://addons/screwsmith_editor/canvas/canvas_draw.gd")
const STROKE_PAINT := Color(1.0, 1.0, 1.0, 0.28)
const STROKE_ERASE := Color(1.0, 0.25, 0.2, 0.35)
const STROKE_HANG := Color(1.0, 0.85, 0.2, 0.35)
const BOX := Color(0.45, 0.7, 1.0)
const HOVER := Color(1.0, 1.0, 1.0, 0.35)
const FRAME := Color(0.55, 0.85, 1.0, 0.9)
const HUD_BAND := Color(0.55, 0.85, 1.0, 0.14)
const KEY_PICK := Color(0.45, 0.88, 1.0)


static func draw(ci: Control, c, t) -> void:
	if c.level.is_empty():
		return
	ci.draw_set_transform(c.origin, 0.0, Vector2(c.zoom, c.zoom))
	if c.show_phone_frame and c.frame.has("screen"):
		_draw_frame(ci, c.frame, c.zoom)
	var tint: Color = {"erase": STROKE_ERASE, "hang": STROKE_HANG}.get(c.tool, STROKE_PAINT)
	for cell in t.stroke:
		ci.draw_rect(Rect2(Vector2(cell), Vector2.ONE).grow(-0.06), tint)
	if t.gesture == "rect":
		ci.draw_rect(t.cell_box(), STROKE_PAINT)
	elif t.gesture == "box" and t.moved:
		var box: Rect2 = t.cell_box()
		ci.draw_rect(box, Color(BOX, 0.12))
		ci.draw_rect(box, BOX, false, 1.5 / c.zoom)
	elif t.gesture == "screw" and t.over != t.press_cell:
		ci.draw_arc(
			Vector2(t.over) + Vector2(0.5, 0.5), c.head_radius, 0.0, TAU, 28, BOX, 2.5 / c.zoom
		)
	elif t.gesture == "part" and t.over != t.press_cell:
		var faces: Array = c.painter.plate_of(c.part(t.held))[1]
		var shifted: Array = []
		for f in faces:
			shifted.append(Transform2D(0.0, Vector2(t.over - t.press_cell)) * f)
		CanvasDraw.ghost(ci, shifted, BOX, c.zoom)
	if c.on_board(c.hover):
		ci.draw_rect(Rect2(Vector2(c.hover), Vector2.ONE), HOVER, false, 1.5 / c.zoom)
		var key = c.screw_at(c.hover) if t.locks.picking != 0 else null
		if key != null:
			var at := Vector2(c.hover) + Vector2(0.5, 0.5)
			ci.draw_arc(at, c.head_radius * 1.35, 0.0, TAU, 32, KEY_PICK, 3.0 / c.zoom, true)
	ci.draw_set_transform(Vector2.ZERO)
	var text := "%s · new plates on layer %d" % [c.tool, c.layer]
	if t.locks.picking != 0:
		text = "click the screw that holds screw %d's key · Esc: cancel" % t.locks.picking
	if c.on_board(c.hover):
		text = "%s · %s" % [under_pointer(c), text]
	var font := ci.get_theme_default_font()
	var at := Vector2(8, ci.size.y - 8)
	ci.draw_string_outline(font, at, text, HORIZONTAL_ALIGNMENT_LEFT, -1, 14, 4, Color.BLACK)
	ci.draw_string(font, at, text, HORIZONTAL_ALIGNMENT_LEFT, -1, 14, Color.WHITE)


## The phone's screen (outline) and its HUD bands (shaded), in cells.
static func _draw_frame(ci: Control, frame: Dictionary, zoom: float) -> void:
	var screen: Rect2 = frame["screen"]
	var top := Rect2(
		screen.position, Vector2(screen.size.x, float(frame["hud_top"]) - screen.position.y)
	)
	var bottom_y := float(frame["hud_bottom"])
	var bottom := Rect2(
		Vector2(screen.position.x, bottom_y), Vector2(screen.size.x, screen.end.y - bottom_y)
	)
	ci.draw_rect(top, HUD_BAND)
	ci.draw_rect(bottom, HUD_BAND)
	ci.draw_rect(screen, FRAME, false, 2.0 / zoom)


## What is under the pointer: the cell, the top shown plate there (its layer) and the screw on it.
static func under_pointer(c) -> String:
	var text := "x %d, y %d" % [c.hover.x, c.hover.y]
	var p = c.part_at(c.hover)
	text += " · layer %d, plate %d" % [int(p["layer"]), int(p["id"])] if p != null else " · bench"
	var s = c.screw_at(c.hover)
	if s != null:
		text += " · screw %d" % int(s["id"])
	return text
