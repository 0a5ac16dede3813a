extends SceneTree
## End to end through the real scenes, by taps only (tests/e2e/driver.gd):
##   phase=first:   menu → level map → level 1 → its stored solution tapped → win panel (its
##                  stars pop in one by one, a touch skips to the end) → stars saved → the won
##                  board is locked → next level → screwdriver undo restores the
##                  board → menu (the save shows after a scene change on the map and the menu);
##   phase=restart: a second run on the same save file: the progress is still there.
## Run by scripts/godot_check.sh: `-s res://tests/e2e/play_test.gd -- --save=user://e2e/play.json
## --phase=first`, then the same with `--phase=restart`.

const Driver := preload("res://tests/e2e/driver.gd")
const Sheet := preload("res://tests/e2e/sheet.gd")
const MENU := "res://scenes/main_menu.tscn"
const MAP := "res://scenes/level_map.tscn"
const BOARD := "res://scenes/board.tscn"
const STAR_ON := Color(1.0, 0.78, 0.2)
const MOVES := "Hud/Root/Top/Bar/Moves"
const SCREWDRIVER := "Hud/Root/Bottom/Tools/Screwdriver"

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "play_test")
	if Driver.user_arg("phase") != "restart":
		Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	if Driver.user_arg("phase") == "restart":
		await _after_restart()
	else:
		await _first_run()
	await d.finish()


func _first_run() -> void:
	if not await d.start(MENU):
		return
	await d.tap_path("Box/LevelMap")
	if not await d.wait_scene(MAP):
		return
	await d.tap_control(_map_button(1))
	if not await d.wait_scene(BOARD):
		return
	var oracle = _oracle(1)
	d.check(d.text_of("Hud/Root/Top/Bar/Title").contains("1"), "board title names level 1")
	if not await play_moves(d, oracle, oracle.solution()):
		return
	d.check(d.visible("Hud/Root/WinPanel"), "win panel after the stored solution")
	d.check(not d.visible("Hud/Root/LosePanel"), "no lose panel after a win")
	await _check_celebrated()
	var app := d.app()
	d.check(
		app.save.stars(1) == 3, "3 stars saved for a win without undo, got %d" % app.save.stars(1)
	)
	var reread = ClassDB.instantiate("SaveData")
	reread.open(Driver.user_arg("save"))
	d.check(reread.stars(1) == 3, "the save file holds level 1's stars")
	await _check_locked(oracle)
	await d.tap_path("Hud/Root/WinPanel/Box/Next")
	await d.frames(3)
	if not await d.wait_scene(BOARD):
		return
	d.check(d.text_of("Hud/Root/Top/Bar/Title").contains("2"), "next level is level 2")
	await _check_screwdriver(_oracle(2))
	await Sheet.leave(d)
	if await d.wait_scene(MENU):
		await _check_progress_shown()


## The win is celebrated: still playing as the panel shows, the third star not popped yet; a touch
## beside the panel skips to the end, every star settled.
func _check_celebrated() -> void:
	var party: Node = d.node("Hud/Root/WinParty")
	if not d.check(party != null and party.playing(), "the win is celebrated"):
		return
	d.check(party.star_size(2) < 1.0, "the stars pop in one after another")
	d.check(party.size == d.node("Hud/Root").size, "the confetti falls over the whole screen")
	var panel := (d.node("Hud/Root/WinPanel") as Control).get_global_rect()
	await d.tap(Vector2(panel.position.x * 0.5, panel.get_center().y))
	d.check(not party.playing(), "a touch skips the celebration")
	d.check(party.star_size(2) == 1.0, "skipped: every star settled")


## After the win: the screwdriver and screw taps change nothing, the win panel stays.
func _check_locked(oracle) -> void:
	var moves := d.text_of(MOVES)
	d.check((d.node(SCREWDRIVER) as Button).disabled, "screwdriver disabled on a won board")
	await d.tap_path(SCREWDRIVER)
	# A screw the win panel does not cover (a tap there would press the panel's buttons).
	var panel := (d.node("Hud/Root/WinPanel") as Control).get_global_rect()
	for move in oracle.solution():
		var at := d.screw_screen_position(oracle, int(move["screw"]))
		if not panel.has_point(at):
			await d.tap(at)
			break
	d.check(
		d.text_of(MOVES) == moves, "a won board took input: %s -> %s" % [moves, d.text_of(MOVES)]
	)
	d.check(d.visible("Hud/Root/WinPanel"), "win panel stays after taps on a won board")


## One tap, then the screwdriver: the HUD is back where it started and one use is spent.
func _check_screwdriver(oracle) -> void:
	var rail := d.row_colours("Hud/Root/Bottom/Rail")
	var queue := d.row_colours("Hud/Root/Top/Deck/QueueRow/Queue")
	var crates := _crate_colours()
	var uses_before := d.text_of(SCREWDRIVER)
	var first: Dictionary = oracle.solution()[0]
	await d.tap_screw(oracle, int(first["screw"]))
	var tr_moves := TranslationServer.translate("BOARD_MOVES")
	d.check(d.text_of(MOVES) == tr_moves % 1, "one tap counted: %s" % d.text_of(MOVES))
	# The HUD shows the screw once it has flown there.
	var animator = d.node("Animator")
	await d.wait_until(func(): return not animator.busy(), 240, "the move's animation ends")
	d.check(
		_crate_colours() != crates or d.row_colours("Hud/Root/Bottom/Rail") != rail,
		"the tapped screw shows in a crate or on the rail"
	)
	await d.tap_path(SCREWDRIVER)
	d.check(d.text_of(MOVES) == tr_moves % 0, "screwdriver undid the move: %s" % d.text_of(MOVES))
	d.check(d.row_colours("Hud/Root/Bottom/Rail") == rail, "rail restored by the screwdriver")
	d.check(_crate_colours() == crates, "crates restored by the screwdriver")
	d.check(d.row_colours("Hud/Root/Top/Deck/QueueRow/Queue") == queue, "queue restored")
	d.check(d.text_of(SCREWDRIVER) != uses_before, "screwdriver count went down: %s" % uses_before)


func _check_progress_shown() -> void:
	var continue_text := TranslationServer.translate("MENU_CONTINUE") % 2
	d.check(d.text_of("Box/Continue") == continue_text, "menu continues at level 2")
	await d.tap_path("Box/LevelMap")
	if not await d.wait_scene(MAP):
		return
	d.check(_stars_shown(1) == 3, "map shows 3 stars on level 1, shows %d" % _stars_shown(1))
	d.check(_map_button(2).text == "2", "level 2 on the map")
	# A locked level takes the tap and says which level opens it; the map stays.
	var locked := TranslationServer.translate("MAP_LOCKED") % [3, 2]
	d.check(d.text_of("Box/Note") == "", "no note before a locked tap")
	await d.tap_control(_map_button(3))
	await d.frames(2)
	d.check(d.text_of("Box/Note") == locked, "level 3 locked, says: %s" % d.text_of("Box/Note"))
	d.check(d.scene().scene_file_path == MAP, "a locked level opens nothing")


func _after_restart() -> void:
	if not await d.start(MENU):
		return
	await _check_progress_shown()


## Plays `moves` ({screw, wrench}) by taps, arming the wrench first where a move needs it, and
## checks the move counter after each; false when the board stops following the oracle.
static func play_moves(driver: Driver, oracle, moves: Array) -> bool:
	var tr_moves := TranslationServer.translate("BOARD_MOVES")
	for move in moves:
		var id := int(move["screw"])
		if move["wrench"]:
			await driver.tap_path("Hud/Root/Bottom/Tools/Wrench")
			driver.check(
				driver.text_of(MOVES) == TranslationServer.translate("BOARD_WRENCH_HINT"),
				"the armed wrench shows its hint"
			)
			oracle.wrench_tap(id)
		else:
			oracle.tap(id)
		await driver.tap_screw(oracle, id)
		if oracle.status() != "playing":
			# The result panel comes when the last move's animation has played out, and fades in.
			var panel := "Hud/Root/WinPanel" if oracle.status() == "won" else "Hud/Root/LosePanel"
			var animator: Node = driver.node("Animator")
			return await driver.wait_for(
				func(): return driver.visible(panel) and not animator.busy(),
				5.0,
				"%s after the last move" % panel
			)
		if not driver.check(
			driver.text_of(MOVES) == tr_moves % oracle.move_count(),
			(
				"after tapping screw %d the HUD says %s, expected move %d"
				% [id, driver.text_of(MOVES), oracle.move_count()]
			)
		):
			return false
	return true


func _oracle(n: int):
	var sim = ClassDB.instantiate("GameSim")
	sim.load_json(d.app().library.level_json(n))
	return sim


func _map_button(n: int) -> Button:
	var cell := d.node("Box/Scroll/Grid").get_child(n - 1)
	return cell.get_child(0) as Button


func _stars_shown(n: int) -> int:
	var pips := d.node("Box/Scroll/Grid").get_child(n - 1).get_child(1)
	var on := 0
	for pip in pips.get_children():
		if pip.color == STAR_ON:
			on += 1
	return on


func _crate_colours() -> Array:
	var all := []
	for crate in d.node("Hud/Root/Top/Deck/Crates").get_children():
		if not crate.is_queued_for_deletion():
			all.append([crate.modulate, crate.color])
			all.append_array(crate.places)
	return all
