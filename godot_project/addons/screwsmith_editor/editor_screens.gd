@tool
extends Node
## Puts the running Godot editor through the states scripts/editor_screens.sh photographs, when the
## plugin is started with SCREWSMITH_EDITOR_SCREENS=<dir>: the Screwsmith main screen with a shipped
## level open, a part being painted (the script drags the real mouse over the canvas), a fault
## ringed and selected from the verdict card, the verdict card of the level proven, and a lock, its
## key and a bomb: a bomb's count set in the properties panel, Pick key pressed there and the key
## screw hovered, then clicked, with the real mouse. Each state is announced on stdout
## ("editor_screens: ready NAME"); the script takes the picture, then writes <dir>/NAME.done, and
## the next state follows; "drag", "hover" and "click" lines ask it to move the mouse (it answers
## with NAME.dragged, NAME.hovered, NAME.clicked). Never active in a normal editor session.

const ENV := "SCREWSMITH_EDITOR_SCREENS"
const ENV_LEVEL := "SCREWSMITH_EDITOR_LEVEL"

const BOMB := 25

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
	_say_sizes()
	await _shot("shipped")
	await _painting()
	await _fault()
	# The card as it shows: its scroll box (the card runs on below it, scrolled).
	var card: Rect2 = view.get_node("%VerdictScroll").get_global_rect()
	var at := _screen(card.position)
	var end := _screen(card.end)
	print("editor_screens: crop %d %d %d %d" % [at.x, at.y, end.x - at.x, end.y - at.y])
	await _shot("verdict")
	await _locks()
	print("editor_screens: finished")


func _painting() -> void:
	var lv: Dictionary = view.editor.level()
	var pick := _paintable(lv)
	if pick.is_empty():
		print("editor_screens: no free cell beside a part")
		return
	view.canvas.select_part(int(pick["part"]))
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
	view.canvas.select_screw(int(screw["id"]))
	view.select_tool("select")
	await _wait(0.8)


## A bomb of BOMB moves on one screw (the panel's count), then a lock: another screw selected, Pick
## key pressed, the key screw hovered (shot "locks_pick") and clicked (shot "locks"), the locked
## screw selected with its line to the key.
func _locks() -> void:
	await _reopen()
	var trio := _lock_trio(view.editor.level())
	if trio.is_empty():
		print("editor_screens: no three screws for a lock, a key and a bomb")
		return
	var canvas: Control = view.canvas
	var panel: Control = view.get_node("%Properties")
	view.select_tool("select")
	canvas.select_screw(int(trio[2]["id"]))
	await _wait(0.5)
	panel.bomb_field().value = BOMB
	await _wait(0.3)
	canvas.select_screw(int(trio[0]["id"]))
	await _wait(0.5)
	panel.pick_key_button().button_pressed = true
	await _wait(0.3)
	var key_cell := Vector2i(int(trio[1]["cell"][0]), int(trio[1]["cell"][1]))
	var at := _screen(view.cell_centre(key_cell))
	print("editor_screens: hover %d %d locks_pick" % [at.x, at.y])
	await _done("locks_pick.hovered")
	await _wait(0.5)
	await _shot("locks_pick")
	print("editor_screens: click %d %d locks" % [at.x, at.y])
	await _done("locks.clicked")
	await _wait(0.5)
	var locked := int(trio[0]["id"])
	if canvas.screw(locked).get("locked_by") == null:
		print("editor_screens: the click set no lock; locking by edit")
		canvas.tools.locks.cancel_pick()
		view.do_edit({"op": "set_lock", "screw": locked, "key": int(trio[1]["id"])})
	canvas.select_screw(locked)
	await _verdict()
	await _shot("locks")


## Three screws of the top layers, the first two at least three cells apart (the line between them
## shows): [locked, key, bomb].
func _lock_trio(lv: Dictionary) -> Array:
	var layer_of := {}
	for p in lv["parts"]:
		layer_of[int(p["id"])] = int(p["layer"])
	var screws: Array = lv["screws"].duplicate()
	screws.sort_custom(
		func(a, b): return layer_of.get(int(a["part"]), 0) > layer_of.get(int(b["part"]), 0)
	)
	for a in screws.slice(0, 8):
		for b in screws.slice(0, 8):
			var apart := absi(int(a["cell"][0]) - int(b["cell"][0]))
			apart += absi(int(a["cell"][1]) - int(b["cell"][1]))
			if apart >= 3:
				for c in screws:
					if c != a and c != b:
						return [a, b, c]
	return []


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


## The screen's minimum size against the window's (a screen taller than the window pushes the
## editor's bottom panel off it), on stdout.
func _say_sizes() -> void:
	# The editor's whole content against its window: a dock or screen whose minimum height is more
	# than the window's grows the content past the window's bottom edge.
	var tallest := 0.0
	for child in EditorInterface.get_base_control().get_children():
		if child is Control and child.visible:
			tallest = maxf(tallest, child.size.y)
	if tallest > DisplayServer.window_get_size().y:
		print(
			(
				"editor_screens: failed: the editor's content is %d px tall in a %d px window"
				% [tallest, DisplayServer.window_get_size().y]
			)
		)
	var parts: Array = []
	for path in [
		"Top", "Split", "Split/Side", "Split/Side/Properties", "Split/Side/Settings", "Status"
	]:
		var c: Control = view.get_node(path)
		parts.append("%s %s" % [path, str(c.get_combined_minimum_size())])
	print(
		(
			"editor_screens: sizes window %s screen %s min %s · %s"
			% [
				str(DisplayServer.window_get_size()),
				str(view.size),
				str(view.get_combined_minimum_size()),
				" · ".join(parts)
			]
		)
	)
