@tool
extends RefCounted
## The level canvas's locks and bombs: the marks it draws for them (LevelEditor.screw_marks(), which
## the host sets at every level change; drawn by lock_marks.gd) and the "pick key" mode. While a key
## is being picked for a screw, the next press on the canvas is no gesture: on a screw it sends ONE
## set_lock edit making that screw the key (the LevelEditor refuses the screw itself or a cycle, and
## the host says why), anywhere else it ends the mode with no edit; Escape or a tool change ends it
## too. pick_ended says how it ended, so the properties panel's button comes back up.

## The mode ended: `screw` was being locked, `key` is its key now (0: none: cancelled, refused).
signal pick_ended(screw: int, key: int)

## `[{screw, locked_by, unlocks, bomb}]`, one per screw that is locked, holds keys or has a bomb.
var marks: Array = []
## The screw whose key is being picked (0: not picking).
var picking := 0

var _canvas


func _init(canvas) -> void:
	_canvas = canvas


## Starts picking the key of screw `screw` (a screw of the level).
func start_pick(screw: int) -> void:
	picking = screw if _canvas.screw(screw) != null else 0
	_canvas.redraw_overlay()
	_canvas.redraw_board()


func cancel_pick() -> void:
	if picking == 0:
		return
	var was := picking
	picking = 0
	pick_ended.emit(was, 0)
	_canvas.redraw_overlay()
	_canvas.redraw_board()


## A press at `cell`: while picking, the screw there becomes the key and the press is taken (true).
func press(cell: Vector2i) -> bool:
	if picking == 0:
		return false
	var locked := picking
	picking = 0
	var key := 0
	var s = _canvas.screw_at(cell)
	if s != null and _canvas.send({"op": "set_lock", "screw": locked, "key": int(s["id"])}):
		key = int(s["id"])
	pick_ended.emit(locked, key)
	_canvas.redraw_overlay()
	_canvas.redraw_board()
	return true


## The mark of screw `id` (its row of `marks`), or {}.
func mark_of(id: int) -> Dictionary:
	for m in marks:
		if int(m["screw"]) == id:
			return m
	return {}
