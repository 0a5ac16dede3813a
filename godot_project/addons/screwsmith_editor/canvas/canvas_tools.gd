@tool
extends RefCounted
## What a gesture on the level canvas means: a press, its drags and its release (or one key) become
## ONE edit for the canvas to send, so a whole stroke, a dragged screw or a pasted part is one undo
## step. While a gesture is under way only the overlay (this file's draw_overlay) is redrawn: the
## stroke's cells, the dragged screw or plate, the selection box, the hovered cell.

const CanvasDraw := preload("res://addons/screwsmith_editor/canvas/canvas_draw.gd")
const CanvasKeys := preload("res://addons/screwsmith_editor/canvas/canvas_keys.gd")
const CanvasLocks := preload("res://addons/screwsmith_editor/canvas/canvas_locks.gd")
const PaintShapes := preload("res://addons/screwsmith_editor/canvas/paint_shapes.gd")
## A press that moves less than this (pixels) is a click.
const CLICK_PIXELS := 4.0
## The tools, for the toolbar: the editor theme's icon, a tooltip, the shortcut key.
const TOOLS := {
	"select": {"icon": "ToolSelect", "tip": TIP_SELECT, "key": KEY_S},
	"paint": {"icon": "Edit", "tip": TIP_PAINT, "key": KEY_P},
	"rect": {"icon": "Rectangle|RectangleShape2D", "tip": TIP_RECT, "key": KEY_R},
	"fill": {"icon": "Bucket", "tip": TIP_FILL, "key": KEY_B},
	"erase": {"icon": "Eraser", "tip": "Erase cells: drag a stroke over plates", "key": KEY_E},
	"screw": {"icon": "CurveCreate", "tip": TIP_SCREW, "key": KEY_W},
	"hang": {"icon": "ToolRotate", "tip": TIP_HANG, "key": KEY_H},
}
const TIP_SELECT := "Select: click a screw or plate; drag to move it; drag on the bench: box"
const TIP_PAINT := "Paint: drag a stroke; beside the selected plate it grows it, else a new plate"
const TIP_RECT := "Rectangle: drag a box; its cells become a new plate on the layer for new plates"
const TIP_FILL := "Fill: click a free cell; the free cells joined to it on its layer become a plate"
const TIP_SCREW := "Place a screw of the chosen colour and kind on the top plate (stays unselected)"
const TIP_HANG := "Hang pose: click cells where the selected screw's plate hangs"

## The gesture under way ("stroke", "rect", "place", "screw", "part", "box" or ""), where it was
## pressed, the cell it is over, whether it moved, the screw or part it holds, a stroke's cells so
## far.
var gesture := ""
var press_cell := Vector2i.ZERO
var over := Vector2i.ZERO
var moved := false
var held := 0
var stroke: Array[Vector2i] = []

## What keys do on the canvas, and its clipboard.
var keys: CanvasKeys
## The lock and bomb marks, and the "pick key" mode (a press then picks a key screw).
var locks: CanvasLocks
var _canvas
var _press := Vector2.ZERO
var _shift := false
## Where a middle or right drag that pans the view is (INF: none).
var _pan_from := Vector2.INF


func _init(canvas) -> void:
	_canvas = canvas
	keys = CanvasKeys.new(canvas, self)
	locks = CanvasLocks.new(canvas)


func cancel() -> void:
	locks.cancel_pick()
	gesture = ""
	stroke.clear()
	_canvas.redraw_overlay()


func press(at: Vector2, shift: bool) -> void:
	var cell: Vector2i = _canvas.cell_at(at)
	if locks.press(cell):
		return
	_press = at
	press_cell = cell
	over = cell
	moved = false
	_shift = shift
	stroke.clear()
	var s = _canvas.screw_at(cell)
	match _canvas.tool:
		"paint", "erase", "hang":
			gesture = "stroke"
			stroke.append(cell)
		"rect":
			gesture = "rect"
		"fill":
			_new_plate(PaintShapes.fill(_canvas, cell))
		"screw":
			gesture = "place" if s == null else "screw"
		"select":
			var p = _canvas.part_at(cell)
			gesture = "screw" if s != null else ("part" if p != null else "box")
			if s != null:
				_pick([], [int(s["id"])])
			elif p != null:
				_pick([int(p["id"])], [])
	if gesture == "screw":
		held = int(s["id"])
		if _canvas.tool == "screw":
			_canvas.select_screw(held)
	elif gesture == "part":
		held = int(_canvas.part_at(cell)["id"])
	_canvas.redraw_overlay()


func motion(at: Vector2) -> void:
	if gesture == "":
		return
	moved = moved or at.distance_to(_press) >= CLICK_PIXELS
	var cell: Vector2i = _canvas.cell_at(at)
	if gesture == "stroke":
		var last: Vector2i = stroke.back()
		var steps := maxi(absi(cell.x - last.x), absi(cell.y - last.y))
		for i in range(1, steps + 1):
			var c := Vector2i((Vector2(last) + Vector2(cell - last) * i / steps).round())
			if not stroke.has(c):
				stroke.append(c)
				_canvas.redraw_overlay()
	elif cell != over:
		over = cell
		_canvas.redraw_overlay()


func release(at: Vector2) -> void:
	motion(at)
	var done := gesture
	gesture = ""
	match done:
		"stroke":
			_finish_stroke()
		"rect":
			_new_plate(PaintShapes.rect(_canvas, cell_box()))
		"place":
			_place(press_cell)
		"screw":
			if over != press_cell:
				_move_screw(held, over)
		"part":
			if over != press_cell:
				var d := over - press_cell
				_canvas.send({"op": "move_part", "part": held, "dx": d.x, "dy": d.y})
		"box":
			_box_select()
	stroke.clear()
	_canvas.redraw_overlay()


## Moves the selection one cell: its parts (with their screws) and its other screws; one edit.
func nudge(step: Vector2i) -> bool:
	var edits: Array = []
	for id in _canvas.selected_parts:
		edits.append({"op": "move_part", "part": id, "dx": step.x, "dy": step.y})
	for id in _loose_screws():
		var s: Dictionary = _canvas.screw(id)
		edits.append({"op": "move_screw", "screw": id, "cell": row_of(cell_of(s["cell"]) + step)})
	_send_all(edits)
	return not edits.is_empty()


func delete_selection() -> bool:
	var edits: Array = []
	for id in _canvas.selected_parts:
		edits.append({"op": "delete_part", "part": id})
	for id in _loose_screws():
		edits.append({"op": "delete_screw", "screw": id})
	if _send_all(edits):
		_canvas.select([], [])
	return not edits.is_empty()


func _finish_stroke() -> void:
	var cells: Array = stroke.filter(func(c): return _canvas.on_board(c))
	if cells.is_empty():
		return
	match _canvas.tool:
		"paint":
			_paint(cells)
		"erase":
			_erase(cells)
		"hang":
			var id: int = _canvas.selected_screws[0] if _canvas.selected_screws.size() == 1 else 0
			var edits: Array = []
			for c in cells:
				edits.append({"op": "toggle_hang", "screw": id, "cell": row_of(c)})
			_send_all(edits)


## Grows the selected part when the stroke starts on or beside it; otherwise a new part on the
## canvas's layer (then selected).
func _paint(cells: Array) -> void:
	var sel = (
		_canvas.part(_canvas.selected_parts[0]) if _canvas.selected_parts.size() == 1 else null
	)
	if sel != null:
		var rest: Array = sel["rest"].map(cell_of)
		var first: Vector2i = cells[0]
		var beside := false
		for d in [Vector2i.ZERO, Vector2i.LEFT, Vector2i.RIGHT, Vector2i.UP, Vector2i.DOWN]:
			beside = beside or rest.has(first + d)
		if beside:
			var fresh: Array = cells.filter(func(c): return not rest.has(c))
			if not fresh.is_empty():
				_canvas.send(
					{"op": "paint_cells", "part": int(sel["id"]), "cells": fresh.map(row_of)}
				)
			return
	_new_plate(cells)


## A new plate covering `cells` on the layer for new plates, then selected.
func _new_plate(cells: Array) -> void:
	if cells.is_empty():
		return
	if _canvas.send({"op": "new_part", "layer": _canvas.layer, "cells": cells.map(row_of)}):
		_canvas.select([last_id("parts")], [])


## Takes each cell from the selected part if it covers it, else from the top part there; a part
## left with no cell is deleted instead.
func _erase(cells: Array) -> void:
	var taken := {}
	for c in cells:
		var p = (
			_canvas.part(_canvas.selected_parts[0]) if _canvas.selected_parts.size() == 1 else null
		)
		if p == null or not p["rest"].map(cell_of).has(c):
			p = _canvas.part_at(c)
		if p != null:
			var id := int(p["id"])
			taken[id] = taken.get(id, []) + [c]
	var edits: Array = []
	for id in taken:
		if taken[id].size() >= _canvas.part(id)["rest"].size():
			edits.append({"op": "delete_part", "part": id})
		else:
			for c in taken[id]:
				edits.append({"op": "erase", "part": id, "cell": row_of(c)})
	_send_all(edits)


## Places the next screw (the canvas's colour, kind, hidden flag) on the top plate at `cell`. The
## selection is left as it was: the screw tool places a run of screws, and a swatch picked between
## two clicks sets the next screw's colour, never recolours the one just placed.
func _place(cell: Vector2i) -> void:
	var host = _canvas.part_at(cell)
	var edit := {
		"op": "add_screw",
		"part": int(host["id"]) if host != null else 0,
		"cell": row_of(cell),
		"color": _canvas.colour,
		"kind": _canvas.kind,
		"hidden": _canvas.screw_hidden,
	}
	_canvas.send(edit)


## Moves a screw to `cell`; onto the top plate there when that is another part's.
func _move_screw(id: int, cell: Vector2i) -> void:
	var edit := {"op": "move_screw", "screw": id, "cell": row_of(cell)}
	var host = _canvas.part_at(cell)
	if host != null and int(host["id"]) != int(_canvas.screw(id)["part"]):
		edit["part"] = int(host["id"])
	_canvas.send(edit)


func _box_select() -> void:
	var parts: Array = _canvas.selected_parts.duplicate() if _shift else []
	var screws: Array = _canvas.selected_screws.duplicate() if _shift else []
	if moved:
		var box := Rect2i(cell_box())
		for p in _canvas.level["parts"]:
			var inside: bool = _canvas.layer_shown(int(p["layer"])) and not p["rest"].is_empty()
			for c in p["rest"]:
				inside = inside and box.has_point(cell_of(c))
			if inside and not parts.has(int(p["id"])):
				parts.append(int(p["id"]))
		for s in _canvas.level["screws"]:
			if box.has_point(cell_of(s["cell"])) and not screws.has(int(s["id"])):
				screws.append(int(s["id"]))
	_canvas.select(parts, screws)


## The selected screws that are not on a selected part (those move and go with their part).
func _loose_screws() -> Array:
	return _canvas.selected_screws.filter(
		func(id):
			return (
				_canvas.screw(id) != null
				and not _canvas.selected_parts.has(int(_canvas.screw(id)["part"]))
			)
	)


## One edit for several: a batch, or the edit itself when there is one.
func _send_all(edits: Array) -> bool:
	if edits.is_empty():
		return false
	return _canvas.send(edits[0] if edits.size() == 1 else {"op": "batch", "edits": edits})


## A press on a screw or plate selects it; with Shift it joins the selection.
func _pick(parts: Array, screws: Array) -> void:
	if _shift:
		parts = (
			_canvas.selected_parts
			+ parts.filter(func(id): return not _canvas.selected_parts.has(id))
		)
		screws = (
			_canvas.selected_screws
			+ screws.filter(func(id): return not _canvas.selected_screws.has(id))
		)
	_canvas.select(parts, screws)


func mouse_button(mb: InputEventMouseButton) -> void:
	match mb.button_index:
		MOUSE_BUTTON_WHEEL_UP when mb.pressed:
			_canvas.zoom_at(mb.position, 1.1)
		MOUSE_BUTTON_WHEEL_DOWN when mb.pressed:
			_canvas.zoom_at(mb.position, 1.0 / 1.1)
		MOUSE_BUTTON_MIDDLE, MOUSE_BUTTON_RIGHT:
			_pan_from = mb.position if mb.pressed else Vector2.INF
		MOUSE_BUTTON_LEFT:
			if mb.pressed:
				_canvas.grab_focus()
				press(mb.position, mb.shift_pressed)
			else:
				release(mb.position)
				_canvas._on_resized()


func mouse_motion(mm: InputEventMouseMotion) -> void:
	if _pan_from != Vector2.INF:
		_canvas.pan_by(mm.position - _pan_from)
		_pan_from = mm.position
	var cell: Vector2i = _canvas.cell_at(mm.position)
	if cell != _canvas.hover:
		_canvas.hover = cell
		_canvas.hover_changed.emit(cell)
		_canvas.redraw_overlay()
	if mm.button_mask & MOUSE_BUTTON_MASK_LEFT:
		motion(mm.position)


func cell_box() -> Rect2:
	var lo := Vector2(mini(press_cell.x, over.x), mini(press_cell.y, over.y))
	var hi := Vector2(maxi(press_cell.x, over.x), maxi(press_cell.y, over.y)) + Vector2.ONE
	return Rect2(lo, hi - lo)


func last_id(key: String) -> int:
	var best := 0
	for item in _canvas.level.get(key, []):
		best = maxi(best, int(item["id"]))
	return best


static func cell_of(row) -> Vector2i:
	return Vector2i(int(row[0]), int(row[1]))


static func row_of(cell: Vector2i) -> Array:
	return [cell.x, cell.y]
