extends SceneTree
## A player's first hour, by taps only, on a save that has seen no introduction:
##   --phase=guide: level 1 from Continue points at a screw that goes straight into an open crate,
##     then (once tapped) at one that must go to the rail, then lets go; the guide is kept as done
##     (a restarted level 1 points at nothing).
##   --phase=cards: the first '?' (7), rusty (11), bolt (17), lock (23) and bomb (29) levels each
##     show their card once
##     (a tap dismisses it and makes no move; the second visit shows none). Never two cards
##     before one board: level 36 shows the wall, and each later visit the next thing it
##     carries (its third crate, then its rail of 3), then none; "Show introductions again" in
##     the settings brings level 7's card back.
##   --phase=mechanics: a hand-made board with a lock shows the lock's card and one with bombs the
##     bomb's (each once, its art drawn), played as a level and as a Daily Bench would be.
##   --phase=captions: every tool's name under its icon, in each of the 6 languages on every audited
##     device, fits its room at a legible size and stays on screen.

const Driver := preload("res://tests/e2e/driver.gd")
const Sheet := preload("res://tests/e2e/sheet.gd")
const Mechanics := preload("res://tests/e2e/mechanic_levels.gd")
const MENU := "res://scenes/main_menu.tscn"
const BOARD := "res://scenes/board.tscn"
const SETTINGS := "res://scenes/settings.tscn"
const INTRO := "Hud/Root/Onboarding"
const CARD := INTRO + "/IntroCard"
const GUIDE := INTRO + "/Guide"
const MOVES := "Hud/Root/Top/Bar/Moves"
## What each visit of a level introduces, one card a visit, then none.
const FIRSTS := [
	[7, ["hidden"]],
	[11, ["rusty"]],
	[17, ["bolt"]],
	[23, ["lock"]],
	[29, ["bomb"]],
	[36, ["wall", "crate3", "rail3"]]
]
## Legible text in dp / pt on the device: the HUD test's floor of 18 px on the 720-wide canvas is
## 9 dp on the smallest audited phone (2 px per dp). Measured on the device, not on the canvas:
## a tablet's tool buttons (80 base px beside the rail) draw 16-px names, 13.5 pt there.
const MIN_TEXT_DP := 9.0

var d: Driver
## The tool names' font sizes and the fullest name's width / room, over every device and language.
var _sizes: Array[int] = []
var _fill := 0.0


func _initialize() -> void:
	d = Driver.new(self, "onboarding_test")
	Driver.fresh_save(0, false)
	_run.call_deferred()


func _run() -> void:
	match Driver.user_arg("phase"):
		"guide":
			await _guide()
		"cards":
			await _cards()
		"mechanics":
			await _mechanics()
		"captions":
			await _captions()
		var other:
			d.check(false, "unknown phase %s" % other)
	await d.finish()


## The oracle: a GameSim on the same level, playing the same taps.
func _oracle(number: int):
	var sim = ClassDB.instantiate("GameSim")
	sim.load_json(d.app().library.level_json(number))
	return sim


## The screw the pointer is drawn over (the nearest screw head to the arrow's point), or -1.
func _pointed(oracle) -> int:
	var at = d.node(INTRO).pointer_position()
	if at == null:
		return -1
	var best := -1
	var best_distance := 4.0
	for screw in oracle.screws():
		if screw["removed"]:
			continue
		var distance: float = d.screw_screen_position(oracle, int(screw["id"])).distance_to(at)
		if distance < best_distance:
			best = int(screw["id"])
			best_distance = distance
	return best


func _guide() -> void:
	if not await d.start(MENU):
		return
	await d.tap_path("Box/Continue")
	if not await d.wait_scene(BOARD):
		return
	var oracle = _oracle(1)
	d.check(not d.visible(CARD), "level 1 has no card")
	await _bob(true)
	d.app().set_setting("reduce_motion", true)
	await _bob(false)
	d.app().set_setting("reduce_motion", false)
	for step in [GameSim.PLACE_CRATE, GameSim.PLACE_RAIL]:
		await d.frames(2)
		var id := _pointed(oracle)
		if not d.check(id >= 0 and d.visible(GUIDE), "a pointer and its line at step %d" % step):
			return
		var key := "GUIDE_CRATE" if step == GameSim.PLACE_CRATE else "GUIDE_RAIL"
		d.check(
			d.text_of(GUIDE + "/Text") == TranslationServer.translate(key), "the line says %s" % key
		)
		var result: Dictionary = oracle.tap(id)
		d.check(
			result["events"][0]["dest"] == step,
			(
				"the pointed screw %d goes to place kind %d, not %d"
				% [id, result["events"][0]["dest"], step]
			)
		)
		await d.tap_screw(oracle, id)
	await d.frames(2)
	d.check(_pointed(oracle) < 0 and not d.visible(GUIDE), "the guide lets go after both moves")
	var reread = ClassDB.instantiate("SaveData")
	reread.open(Driver.user_arg("save"))
	d.check(not reread.wants_guide(1), "the guide is kept as done")
	# A new attempt at level 1: no guide.
	var before := d.scene().get_instance_id()
	await Sheet.restart(d)
	await d.wait_until(func(): return d.scene().get_instance_id() != before, 30, "restart")
	if await d.wait_scene(BOARD):
		await d.frames(2)
		d.check(_pointed(_oracle(1)) < 0 and not d.visible(GUIDE), "no guide the second time")


## The pointer's arrow over 40 frames: bobbing (`moves`), or standing still with reduce motion.
func _bob(moves: bool) -> void:
	var tips := {}
	for i in 40:
		await d.frames(1)
		var tip = d.node(INTRO).arrow_tip()
		tips[Vector2i(tip.round()) if tip != null else Vector2i(-1, -1)] = true
	var what := "bobs" if moves else "stands still (reduce motion)"
	d.check(
		(tips.size() > 3) == moves and not tips.has(Vector2i(-1, -1)),
		"the arrow %s: %s" % [what, tips.keys()]
	)


## Opens level `number` as the level map does (or the board `level_json` played as that number)
## and returns the cards it shows, dismissing each by a tap on a screw under it (which must make no
## move).
func _visit(number: int, level_json := "") -> Array:
	d.app().board_request = {"mode": "level", "number": number}
	if level_json != "":
		d.app().board_request["level_json"] = level_json
	if not await d.start(BOARD):
		return ["<no board>"]
	var oracle = _oracle(number)
	if level_json != "":
		oracle.load_json(level_json)
	var first: int = oracle.legal_moves()[0]["screw"]
	var shown := []
	for i in 5:
		if not d.visible(CARD):
			break
		var card: String = d.node(CARD).card
		shown.append(card)
		var art: Control = d.node(CARD).find_child("Art", true, false)
		var drawn: String = art.get("card")
		d.check(drawn == card, "level %d: card %s drew %s" % [number, card, drawn])
		var title: Label = d.node(CARD).find_child("Title", true, false)
		d.check(
			title.text == TranslationServer.translate("INTRO_%s_TITLE" % card.to_upper()),
			"level %d: card %s titled %s" % [number, card, title.text]
		)
		await d.tap_screw(oracle, first)
		await d.frames(2)
	d.check(
		d.text_of(MOVES) == TranslationServer.translate("BOARD_MOVES") % 0,
		"level %d: a tap on a card is no move (%s)" % [number, d.text_of(MOVES)]
	)
	return shown


func _cards() -> void:
	for entry in FIRSTS:
		var number: int = entry[0]
		for card in entry[1]:
			var shown := await _visit(number)
			d.check(shown == [card], "level %d showed %s, expected [%s]" % [number, shown, card])
		var again := await _visit(number)
		d.check(again.is_empty(), "level %d again showed %s" % [number, again])
	# Replay from the settings, by taps from the menu.
	if not await d.start(MENU):
		return
	await d.tap_path("Box/Settings")
	if not await d.wait_scene(SETTINGS):
		return
	await d.tap_path("Box/Intros")
	d.check(
		d.text_of("Box/Intros") == "SETTINGS_INTROS_DONE", "the button says the cards come back"
	)
	var shown := await _visit(7)
	d.check(shown == ["hidden"], "after the reset level 7 showed %s" % [shown])


## The lock's and the bomb's cards on boards that carry them (no baked level need): each once.
func _mechanics() -> void:
	for entry in [["lock", Mechanics.lock_json()], ["bomb", Mechanics.bomb_json()]]:
		var shown := await _visit(Mechanics.NUMBER, entry[1])
		d.check(shown == [entry[0]], "the %s board showed %s" % [entry[0], shown])
		var text: Label = d.node(CARD).find_child("Text", true, false)
		d.check(not text.text.begins_with("INTRO_"), "the %s card's text is translated" % entry[0])
		shown = await _visit(Mechanics.NUMBER, entry[1])
		d.check(shown.is_empty(), "the %s board again showed %s" % [entry[0], shown])


func _captions() -> void:
	var languages: Array = ["en", "tr", "ja", "zh_CN", "zh_TW", "ko"]
	for device in d.app().audit.devices():
		for lang in languages:
			d.app().set_setting("language", lang)
			d.app().safe_insets_override = Array(device["insets"])
			# Level 17: all four tools (the wrench has a charge).
			d.app().board_request = {"mode": "level", "number": 17}
			if not await d.start(BOARD, Vector2i(device["width"], device["height"])):
				continue
			var ui := minf(device["width"] / 720.0, device["height"] / 1280.0)
			_check_captions("%s %s" % [device["name"], lang], ui / float(device["scale"]))
	d.app().safe_insets_override = []
	d.app().set_setting("language", "en")
	print(
		(
			"onboarding_test: tool names %d-%d px, at most %.0f %% of their room"
			% [_sizes.min(), _sizes.max(), _fill * 100.0]
		)
	)


## `dp_per_px`: a canvas pixel in dp on the device (canvas_items stretch over its pixels per dp).
func _check_captions(where: String, dp_per_px: float) -> void:
	var screen := root.get_visible_rect()
	var tools := d.node("Hud/Root/Bottom/Tools").get_children()
	d.check(tools.size() >= 4, "%s: %d tools" % [where, tools.size()])
	for tool: Control in tools:
		var caption: Label = tool.get_node_or_null("Caption")
		if not d.check(
			caption != null and caption.is_visible_in_tree(),
			"%s: %s has no name" % [where, tool.name]
		):
			continue
		var font := caption.get_theme_font("font")
		var font_size := caption.get_theme_font_size("font_size")
		var width := font.get_string_size(caption.text, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x
		var rect := caption.get_global_rect()
		_sizes.append(font_size)
		_fill = maxf(_fill, width / rect.size.x)
		d.check(
			width <= rect.size.x + 0.5,
			(
				"%s: %s's name %s is %.0f px, its room %.0f"
				% [where, tool.name, caption.text, width, rect.size.x]
			)
		)
		var dp := font_size * dp_per_px
		d.check(
			dp >= MIN_TEXT_DP - 0.01,
			"%s: %s's name at %d px, %.1f dp" % [where, tool.name, font_size, dp]
		)
		d.check(screen.encloses(rect), "%s: %s's name off screen" % [where, tool.name])
		d.check(not caption.text.begins_with("TOOL_"), "%s: %s untranslated" % [where, tool.name])
