extends RefCounted
## Hand-made boards with a lock and with countdown bombs (the rules' fixtures locks.json and
## bomb.json, and a bomb that goes off), for the tests and screenshots of their introduction cards
## and the lose cause: the board plays them as
## `{"mode": "level", "number": NUMBER, "level_json": …}`, whatever the baked set holds.

## The number the boards are played as (before any card of the baked set, never the wall).
const NUMBER := 5


## Screw 1 holds the keys of screws 4 and 5, screw 4 the key of screw 6.
static func lock_json() -> String:
	var screws := [
		{"id": 1, "part": 1, "cell": [0, 0], "color": 0},
		{"id": 2, "part": 1, "cell": [1, 0], "color": 0},
		{"id": 3, "part": 1, "cell": [2, 0], "color": 0},
		{"id": 4, "part": 2, "cell": [0, 1], "color": 1, "locked_by": 1},
		{"id": 5, "part": 2, "cell": [1, 1], "color": 1, "locked_by": 1},
		{"id": 6, "part": 2, "cell": [2, 1], "color": 1, "locked_by": 4},
	]
	var parts := [_part(1, 0, [[0, 0], [1, 0], [2, 0]]), _part(2, 0, [[0, 1], [1, 1], [2, 1]])]
	return _level(3, 2, parts, [0, 1], screws, {"crate_queue": [1, 0]})


## Screw 1 (3 moves) on a top plate over screw 2 (1 move); screw 3 (5 moves) uncovered.
static func bomb_json() -> String:
	var screws := [
		{"id": 1, "part": 1, "cell": [1, 0], "color": 0, "bomb": 3},
		{"id": 2, "part": 2, "cell": [0, 0], "color": 0, "bomb": 1},
		{"id": 3, "part": 2, "cell": [2, 0], "color": 0, "bomb": 5},
	]
	var parts := [_part(1, 1, [[0, 0], [1, 0]]), _part(2, 0, [[0, 0], [2, 0]])]
	return _level(3, 1, parts, [0], screws, {})


## A bomb that goes off: screw 1 (3 moves) waits in the first crate's colour while screws 2, 3
## and 4 go to the rail, counting it down to 2, 1 and 0.
static func bomb_loss_json() -> String:
	var screws := [
		{"id": 1, "part": 1, "cell": [0, 0], "color": 0, "bomb": 3},
		{"id": 2, "part": 1, "cell": [1, 0], "color": 1},
		{"id": 3, "part": 1, "cell": [2, 0], "color": 1},
		{"id": 4, "part": 2, "cell": [0, 1], "color": 1},
		{"id": 5, "part": 2, "cell": [1, 1], "color": 0},
		{"id": 6, "part": 2, "cell": [2, 1], "color": 0},
	]
	var parts := [_part(1, 0, [[0, 0], [1, 0], [2, 0]]), _part(2, 0, [[0, 1], [1, 1], [2, 1]])]
	return _level(3, 2, parts, [0, 1], screws, {"crate_queue": [0, 1]})


## Every refused tap on one board: screw 5, under a top plate (part 3), holds the key of 4; 2 is a
## bolt (one wrench charge); 3 is a normal screw for the armed wrench.
static func refusal_json() -> String:
	var screws := [
		{"id": 1, "part": 1, "cell": [0, 0], "color": 0},
		{"id": 2, "part": 1, "cell": [1, 0], "color": 1, "kind": "bolt"},
		{"id": 3, "part": 1, "cell": [2, 0], "color": 2},
		{"id": 4, "part": 2, "cell": [0, 1], "color": 0, "locked_by": 5},
		{"id": 5, "part": 2, "cell": [1, 1], "color": 1},
		{"id": 6, "part": 2, "cell": [2, 1], "color": 2},
		{"id": 7, "part": 3, "cell": [1, 2], "color": 0},
		{"id": 8, "part": 3, "cell": [2, 2], "color": 1},
		{"id": 9, "part": 3, "cell": [0, 2], "color": 2},
	]
	var parts := [
		_part(1, 0, [[0, 0], [1, 0], [2, 0]]),
		_part(2, 0, [[0, 1], [1, 1], [2, 1]]),
		_part(3, 1, [[0, 2], [1, 1], [1, 2], [2, 2]]),
	]
	return _level(3, 3, parts, [0, 1, 2], screws, {"wrench_charges": 1})


static func _part(id: int, layer: int, rest: Array) -> Dictionary:
	return {"id": id, "layer": layer, "rest": rest}


static func _level(
	width: int, height: int, parts: Array, colours: Array, screws: Array, extra: Dictionary
) -> String:
	var level := {
		"number": NUMBER,
		"seed": 1,
		"machine": 0,
		"band": 1,
		"width": width,
		"height": height,
		"rail_slots": 5,
		"crate_slots": 1,
		"wrench_charges": 0,
		"colors": colours,
		"parts": parts,
		"screws": screws,
	}
	level.merge(extra, true)
	return JSON.stringify(level)
