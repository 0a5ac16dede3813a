@tool
extends Node
## Puts the running Godot editor through the states scripts/editor_screens.sh photographs, when the
## plugin is started with SCREWSMITH_EDITOR_SCREENS=<dir>: the Screwsmith main screen with a shipped
## level open, a part being painted (the script drags the real mouse over the canvas), a fault
## ringed and selected from the verdict card, and the verdict card of the level proven. Each state
## is announced on stdout ("editor_screens: ready NAME"); the script takes the picture, then writes
## <dir>/NAME.done, and the next state follows. Never active in a normal editor session.

const ENV := "SCREWSMITH_EDITOR_SCREENS"
const ENV_LEVEL := "SCREWSMITH_EDITOR_LEVEL"

var view: Control
var out_dir := ""
var level := 47
var _heard: Array = []


func _ready() -> void:
	out_dir = OS.get_environment(ENV)
	if OS.has_environment(ENV_LEVEL):
		level = int(OS.get_environment(ENV_LEVEL))
	_run.call_deferred()


func _run() -> void:
	await _wait(3.0)
	EditorInterface.set_main_screen_editor("Screwsmith")
	await _wait(1.0)
	if view.editor == null:
		print("editor_screens: failed: the LevelEditor class is not loaded")
		return
	view.verdict_arrived.connect(func(v): _heard.append(v))
	view.files.number.value = level
	view.files.open_shipped()
	await _verdict()
	await _shot("shipped")
	await _painting()
	await _fault()
	var card: Rect2 = view.get_node("%Verdict").get_global_rect()
	var at := _screen(card.position)
	var end := _screen(card.end)
	print("editor_screens: crop %d %d %d %d" % [at.x, at.y, end.x - at.x, end.y - at.y])
	await _shot("verdict")
	print("editor_screens: finished")


func _painting() -> void:
	var lv: Dictionary = view.editor.level()
	var pick := _paintable(lv)
	if pick.is_empty():
		print("editor_screens: no free cell beside a part")
		return
	view.grid.canvas.select_part(int(pick["part"]))
	view.select_tool("paint")
	await _wait(0.5)
	var before: String = view.editor.level_json()
	var from := _screen(view.cell_centre(pick["from"]))
	var to := _screen(view.cell_centre(pick["to"]))
	print("editor_screens: drag %d %d %d %d painting" % [from.x, from.y, to.x, to.y])
	await _done("painting.dragged")
	await _wait(0.8)
	if view.editor.level_json() == before:
		print("editor_screens: the drag painted nothing; painting by edit")
		var cell: Vector2i = pick["to"]
		view.do_edit({"op": "paint", "part": int(pick["part"]), "cell": [cell.x, cell.y]})
	await _verdict()
	await _shot("painting")
	await _reopen()


## A screw recoloured to a colour no other screw has: two colour counts break; the card's first
## fault row is clicked (the canvas selects and rings its screw).
func _fault() -> void:
	var lv: Dictionary = view.editor.level()
	var screw: Dictionary = lv["screws"][lv["screws"].size() / 2]
	var colour := 0
	while lv["colors"].has(colour):
		colour += 1
	view.do_edit({"op": "set_screw", "screw": int(screw["id"]), "color": colour})
	await _verdict()
	var rows: Array = view.get_node("%Verdict").fault_rows()
	if not rows.is_empty():
		rows[0].pressed.emit()
	await _wait(0.8)
	await _shot("fault")
	await _reopen()
	view.grid.canvas.select_screw(int(screw["id"]))
	view.select_tool("select")
	await _wait(0.8)


## The shipped level afresh (the states are photographed one after another on the same level).
func _reopen() -> void:
	view.files.open_shipped()
	await _verdict()


## A part of the top layer and two cells: one of its own, and a free one beside it on the board.
func _paintable(lv: Dictionary) -> Dictionary:
	var parts: Array = lv["parts"].duplicate()
	parts.sort_custom(func(a, b): return int(a["layer"]) > int(b["layer"]))
	for p in parts:
		var taken := {}
		for q in lv["parts"]:
			if int(q["layer"]) == int(p["layer"]):
				for c in q["rest"]:
					taken[Vector2i(int(c[0]), int(c[1]))] = true
		for c in p["rest"]:
			var cell := Vector2i(int(c[0]), int(c[1]))
			for step in [Vector2i.RIGHT, Vector2i.LEFT, Vector2i.DOWN, Vector2i.UP]:
				var next: Vector2i = cell + step
				var inside: bool = (
					next.x >= 0
					and next.y >= 0
					and next.x < int(lv["width"])
					and next.y < int(lv["height"])
				)
				if inside and not taken.has(next):
					return {"part": int(p["id"]), "from": cell, "to": next}
	return {}


## A canvas position as a position on the X screen (the window's place plus its transform).
func _screen(at: Vector2) -> Vector2i:
	var window := DisplayServer.window_get_position()
	return window + Vector2i(view.get_viewport().get_final_transform() * at)


func _verdict() -> void:
	var start := Time.get_ticks_msec()
	_heard.clear()
	while Time.get_ticks_msec() - start < 30000:
		await _wait(0.2)
		if not _heard.is_empty() and not view.editor.is_measuring():
			break
	await _wait(0.5)


func _shot(shot_name: String) -> void:
	print("editor_screens: ready %s" % shot_name)
	await _done(shot_name + ".done")


func _done(file_name: String) -> void:
	var path := out_dir.path_join(file_name)
	var start := Time.get_ticks_msec()
	while not FileAccess.file_exists(path) and Time.get_ticks_msec() - start < 60000:
		await _wait(0.2)


func _wait(seconds: float) -> void:
	await get_tree().create_timer(seconds).timeout
