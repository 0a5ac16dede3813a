@tool
extends RefCounted
## The cells the rectangle and fill tools make a plate of. A rectangle: every board cell of the
## dragged box. A fill: the free cells (no plate of the layer for new plates covers them) joined
## to the clicked one, side by side, as a paint bucket fills. `c` is the LevelCanvas.


## The board's cells inside `box` (cells), row by row.
static func rect(c, box: Rect2) -> Array:
	var out: Array = []
	for y in range(int(box.position.y), int(box.end.y)):
		for x in range(int(box.position.x), int(box.end.x)):
			if c.on_board(Vector2i(x, y)):
				out.append(Vector2i(x, y))
	return out


## The free cells of the new-plate layer joined to `start` (empty when `start` is taken or off the
## board).
static func fill(c, start: Vector2i) -> Array:
	var taken := {}
	for p in c.level.get("parts", []):
		if int(p["layer"]) == c.layer:
			for cell in p["rest"]:
				taken[Vector2i(int(cell[0]), int(cell[1]))] = true
	if not c.on_board(start) or taken.has(start):
		return []
	var out: Array = [start]
	var seen := {start: true}
	var i := 0
	while i < out.size():
		for step in [Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT, Vector2i.UP]:
			var next: Vector2i = out[i] + step
			if c.on_board(next) and not taken.has(next) and not seen.has(next):
				seen[next] = true
				out.append(next)
		i += 1
	return out
