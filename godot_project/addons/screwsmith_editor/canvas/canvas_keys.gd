@tool
extends RefCounted
## What a key means on the focused level canvas: Ctrl+C / Ctrl+V copy and paste a part (one edit),
## Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y go to the host's undo and redo (history_key), arrows nudge the
## selection, Delete deletes it, Escape drops it, F fits the view, a tool's letter picks the tool.

const ARROWS := {
	KEY_LEFT: Vector2i(-1, 0),
	KEY_RIGHT: Vector2i(1, 0),
	KEY_UP: Vector2i(0, -1),
	KEY_DOWN: Vector2i(0, 1)
}

## The copied part: {layer, cells, screws} with cells relative to its top-left corner.
var clipboard: Dictionary = {}

var _canvas
## The canvas's CanvasTools, which holds this: by a weak reference, or neither would be freed.
var _t:
	get:
		return _tools.get_ref()
var _tools: WeakRef


func _init(canvas, canvas_tools) -> void:
	_canvas = canvas
	_tools = weakref(canvas_tools)


## A key on the focused canvas; true when it meant something here.
func key(event: InputEventKey) -> bool:
	if event.is_command_or_control_pressed():
		return _command(event)
	if event.alt_pressed:
		return false
	if ARROWS.has(event.keycode):
		return _t.nudge(ARROWS[event.keycode])
	match event.keycode:
		KEY_DELETE, KEY_BACKSPACE:
			return _t.delete_selection()
		KEY_ESCAPE:
			_t.cancel()
			_canvas.select([], [])
		KEY_F:
			_canvas.fit()
		_:
			return _tool_key(event.keycode)
	return true


## Ctrl (Cmd) with C, V, Z or Y.
func _command(event: InputEventKey) -> bool:
	match event.keycode:
		KEY_C:
			return copy()
		KEY_V:
			return paste(_canvas.hover if _canvas.on_board(_canvas.hover) else Vector2i(-1, -1))
		KEY_Y, KEY_Z:
			_canvas.history_key.emit(event.keycode == KEY_Y or event.shift_pressed)
			return true
	return false


## A tool's shortcut letter picks it.
func _tool_key(keycode: Key) -> bool:
	for name in _canvas.TOOLS:
		if _canvas.TOOLS[name]["key"] == keycode:
			_canvas.set_tool(name)
			return true
	return false


## Copies the selected part (or the part of the selected screw) with its screws, their hang poses,
## locks and bombs (a pasted screw's key follows the new ids: screwsmith_editor's new_part).
func copy() -> bool:
	var id: int = _canvas.selected_parts[0] if not _canvas.selected_parts.is_empty() else 0
	if id == 0 and not _canvas.selected_screws.is_empty():
		id = int(_canvas.screw(_canvas.selected_screws[0])["part"])
	var p = _canvas.part(id)
	if p == null:
		return false
	var corner := Vector2i(255, 255)
	for c in p["rest"]:
		corner = Vector2i(mini(corner.x, int(c[0])), mini(corner.y, int(c[1])))
	var screws: Array = []
	for s in _canvas.level["screws"]:
		if int(s["part"]) == id:
			var hang: Array = p.get("hang", {}).get(str(int(s["id"])), [])
			screws.append(
				{
					"cell": _t.cell_of(s["cell"]) - corner,
					"color": int(s["color"]),
					"kind": str(s.get("kind", "normal")),
					"hidden": bool(s.get("hidden", false)),
					"hang": hang.map(func(c): return _t.cell_of(c) - corner),
					"copied": int(s["id"]),
					"locked_by": s.get("locked_by"),
					"bomb": s.get("bomb"),
				}
			)
	var cells: Array = p["rest"].map(func(c): return _t.cell_of(c) - corner)
	clipboard = {"layer": int(p["layer"]), "cells": cells, "screws": screws, "from": corner}
	return true


## Pastes the copied part with its top-left corner at `at` (off the board: one cell down and right
## of where it was copied from): one new_part edit; the new part is selected.
func paste(at: Vector2i) -> bool:
	if clipboard.is_empty():
		return false
	var corner: Vector2i = at if at.x >= 0 else clipboard["from"] + Vector2i(1, 1)
	var screws: Array = []
	for s in clipboard["screws"]:
		screws.append(
			{
				"cell": _t.row_of(s["cell"] + corner),
				"color": s["color"],
				"kind": s["kind"],
				"hidden": s["hidden"],
				"hang": s["hang"].map(func(c): return _t.row_of(c + corner)),
				"copied": s["copied"],
				"locked_by": s["locked_by"],
				"bomb": s["bomb"],
			}
		)
	var edit := {
		"op": "new_part",
		"layer": clipboard["layer"],
		"cells": clipboard["cells"].map(func(c): return _t.row_of(c + corner)),
		"screws": screws,
	}
	if _canvas.send(edit):
		_canvas.select([_t.last_id("parts")], [])
	return true
