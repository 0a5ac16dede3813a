extends SceneTree
## The HUD built for the thumb, measured in the rendered board scene on each audited device's size
## and safe-area insets (ReadabilityAudit.devices()): every active crate and every rail place as
## wide as the floors say (24 % and 12 % of a phone's width; the phone's dp on the tablet), the
## tool buttons — pause and restart among them — at least 48 dp / pt (ReadabilityAudit.hud_floors)
## and on screen, each piece exactly the size the
## camera model gave it, the crates inside the crates band, the rail inside the rail band, and the
## title and move counter at a legible size. Prints the measured sizes per device. Then, on the
## phone, the tool row keeps its places when the wrench's last charge is spent: the button greys, it
## does not vanish, and no button beside it moves under the thumb; and through a whole level, at
## rest after every move, a crate place with no crate is drawn as an empty recess at once (never a
## box), and every crate the game has is a box.

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const TOOLS := "Hud/Root/Bottom/Tools"
const BOARD := "res://scenes/board.tscn"
## Three crates, five rail places and a wrench charge: every HUD piece on screen at once.
const LEVEL := 40
## Legible text: at least 18 px on a 720-px-wide screen (the canvas is 720 wide on phones).
const MIN_TEXT_PX := 18

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "hud_test")
	Driver.fresh_save(LEVEL - 1)
	_run.call_deferred()


func _run() -> void:
	for device in d.app().audit.devices():
		await _measure(device)
	d.app().safe_insets_override = []
	await _tools_keep_their_places()
	await _empty_places_look_empty(3)
	await d.finish()


func _tools_keep_their_places() -> void:
	d.app().board_request = {"mode": "level", "number": LEVEL}
	if not await d.start(BOARD):
		return
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(d.app().library.level_json(LEVEL))
	var solution: Array = oracle.solution()
	var last_wrench := -1
	for i in solution.size():
		if solution[i]["wrench"]:
			last_wrench = i
	if not d.check(last_wrench >= 0, "level %d uses the wrench" % LEVEL):
		return
	var before := _tool_places()
	if not await Play.play_moves(d, oracle, solution.slice(0, last_wrench + 1)):
		return
	# The move's motions (the wrench's own press among them) end before anything is measured.
	var animator = d.node("Animator")
	await d.wait_for(func(): return not animator.busy(), 3.0, "the board at rest")
	var wrench := d.node(TOOLS + "/Wrench") as Button
	d.check(oracle.wrench_charges() == 0, "the wrench's charges are spent")
	d.check(wrench.visible and wrench.disabled, "a spent wrench greys and keeps its place")
	d.check(_tool_places() == before, "tools at %s, before %s" % [_tool_places(), before])


func _empty_places_look_empty(level: int) -> void:
	d.app().board_request = {"mode": "level", "number": level}
	if not await d.start(BOARD):
		return
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(d.app().library.level_json(level))
	var solution: Array = oracle.solution()
	var animator = d.node("Animator")
	var emptied := 0
	for i in solution.size() - 1:
		if not await Play.play_moves(d, oracle, solution.slice(i, i + 1)):
			return
		await d.wait_for(func(): return not animator.busy(), 3.0, "the board at rest")
		var crates: Array = oracle.crates()
		var boxes := d.node("Hud/Root/Top/Deck/Crates").get_children().filter(
			func(b): return b.visible
		)
		for slot in crates.size():
			var gone: bool = not crates[slot]["active"]
			emptied += int(gone)
			d.check(
				boxes[slot].empty == gone,
				(
					"level %d move %d: place %d empty %s, drawn %s"
					% [level, i + 1, slot, gone, boxes[slot].empty]
				)
			)
	d.check(emptied > 0, "level %d left a crate place empty before its last move" % level)


## Each visible tool button's name and left edge.
func _tool_places() -> Dictionary:
	var places := {}
	for button: Control in d.node(TOOLS).get_children():
		if button.visible:
			places[button.name] = roundi(button.global_position.x)
	return places


func _measure(device: Dictionary) -> void:
	var size := Vector2i(device["width"], device["height"])
	d.app().safe_insets_override = Array(device["insets"])
	d.app().board_request = {"mode": "level", "number": LEVEL}
	if not await d.start(BOARD, size):
		return
	await d.frames(3)
	var name: String = device["name"]
	var floors: Dictionary = d.app().audit.hud_floors(size.x, size.y)
	# Canvas units → window pixels (canvas_items stretch).
	var scale := root.get_final_transform().get_scale().x
	var crates := _pieces("Hud/Root/Top/Deck/Crates")
	var places := _pieces("Hud/Root/Bottom/Rail")
	var tools := _pieces("Hud/Root/Bottom/Tools")
	d.check(
		crates.size() == 3, "%s: %d crates shown, level %d has 3" % [name, crates.size(), LEVEL]
	)
	d.check(places.size() == 5, "%s: %d rail places, level %d has 5" % [name, places.size(), LEVEL])
	# Pause, restart, hint, screwdriver, wrench.
	d.check(tools.size() == 5, "%s: %d tool buttons shown" % [name, tools.size()])
	var screen := root.get_visible_rect()
	for tool: Control in tools:
		d.check(screen.encloses(tool.get_global_rect()), "%s: %s off screen" % [name, tool.name])
	var view := _camera_view(size)
	var crate_px := _smallest(crates, true) * scale
	var place_px := _smallest(places, true) * scale
	var tool_px := _smallest(tools, false) * scale
	for piece in [
		["crate", crate_px, floors["crate"], view["crate_width"]],
		["rail place", place_px, floors["place"], view["place_size"]],
		["tool button", tool_px, floors["tool"], view["tool_size"]],
	]:
		d.check(
			piece[1] + 0.5 >= piece[2],
			"%s: %s %.1f px on screen, floor %.1f px" % [name, piece[0], piece[1], piece[2]]
		)
		d.check(
			absf(piece[1] - piece[3] * scale) <= 1.0,
			(
				"%s: %s %.1f px, the camera model says %.1f"
				% [name, piece[0], piece[1], piece[3] * scale]
			)
		)
	_check_bands(name, crates, places, view)
	_check_text(name)
	var dp: float = device["scale"]
	print(
		(
			"hud_test: %-28s crate %5.1f %% of the width, rail place %5.1f %%, tools %5.1f dp/pt"
			% [name, 100.0 * crate_px / size.x, 100.0 * place_px / size.x, tool_px / dp]
		)
	)


## What the board asked the camera model for at this size (its safe area included).
func _camera_view(size: Vector2i) -> Dictionary:
	var canvas := Vector2i(root.get_visible_rect().size)
	var safe: Rect2i = d.app().safe_area(root)
	var level = ClassDB.instantiate("GameSim")
	level.load_json(d.app().library.level_json(LEVEL))
	var top := 0
	for part in level.parts():
		top = maxi(top, int(part["layer"]))
	return d.app().audit.camera_in_safe_area(canvas, safe, level.width(), level.height(), top)


## Crates inside the crates band, rail places inside the rail band (the board is fitted between
## the two: the readability audit checks no screw is under them).
func _check_bands(name: String, crates: Array, places: Array, view: Dictionary) -> void:
	var height := root.get_visible_rect().size.y
	for crate in crates:
		var r: Rect2 = crate.get_global_rect()
		d.check(
			r.end.y <= view["hud_top_px"] + 0.5,
			"%s: a crate reaches below the band: %s" % [name, r]
		)
	for place in places:
		var r: Rect2 = place.get_global_rect()
		d.check(
			r.position.y >= height - view["hud_bottom_px"] - 0.5,
			"%s: a rail place reaches above the band: %s" % [name, r]
		)


func _check_text(name: String) -> void:
	var width := root.get_visible_rect().size.x
	for path in ["Hud/Root/Top/Bar/Title", "Hud/Root/Top/Bar/Moves"]:
		var label := d.node(path) as Label
		# On screen: font size × scale; per 720 px of screen width (width × scale px): this.
		var px := label.get_theme_font_size("font_size") * 720.0 / width
		d.check(px >= MIN_TEXT_PX, "%s: %s at %.1f px per 720 px of width" % [name, path, px])


func _pieces(path: String) -> Array:
	var row := d.node(path)
	if row == null:
		d.check(false, "no %s" % path)
		return []
	return row.get_children().filter(
		func(c): return c is Control and c.is_visible_in_tree() and not c.is_queued_for_deletion()
	)


## The smallest width (or, with `width_only` false, the smaller side) among `controls`, in
## canvas units.
func _smallest(controls: Array, width_only: bool) -> float:
	var least := INF
	for control in controls:
		var s: Vector2 = control.get_global_rect().size
		least = minf(least, s.x if width_only else minf(s.x, s.y))
	return least if least < INF else 0.0
