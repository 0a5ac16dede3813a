extends SceneTree
## End to end by taps, on every screen:
##   - the Daily Bench arrives from its thread by signal while frames keep coming (the longest frame
##     while it generates is measured and bounded), is played by taps, and its share text is copied;
##   - Android back does what a player expects on each screen (the menu leaves the app: last step);
##   - in each of the 6 languages no control reaches outside the screen (a label too long for its
##     row pushes its container out) and no character lacks a glyph in the bundled fonts.

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const MENU := "res://scenes/main_menu.tscn"
const MAP := "res://scenes/level_map.tscn"
const BOARD := "res://scenes/board.tscn"
const DAILY := "res://scenes/daily_bench.tscn"
const SETTINGS := "res://scenes/settings.tscn"
const LANGUAGES := ["en", "tr", "ja", "zh_CN", "zh_TW", "ko"]
const ASK := "Hud/Root/PauseSheet/Center/Panel/Stack/Ask"
## A frame longer than this while the bench generates means the main thread waited for it (generous:
## a busy CI machine stretches frames; the spinner frame seen while generating is the sharp check).
const MAX_FRAME_MS := 250.0
const DAILY_TIMEOUT_MS := 180000

var d: Driver
var _frames_after_back := -1


func _initialize() -> void:
	d = Driver.new(self, "screens_test")
	Driver.fresh_save(3)
	_run.call_deferred()


func _run() -> void:
	await _daily()
	for lang in LANGUAGES:
		await _language(lang)
	d.app().set_setting("language", "en")
	await _back_everywhere()


func _daily() -> void:
	if not await d.start(MENU):
		return
	# Frame times from the tap on "Daily" until its Play button shows; and whether a frame showed
	# the screen still generating (a bench made inside _ready would be ready on its first frame).
	var started := Time.get_ticks_msec()
	var longest := 0.0
	var frames := 0
	var seen_generating := false
	var last := Time.get_ticks_usec()
	d.tap_path("Box/Daily")
	while not d.visible("Box/Play") and Time.get_ticks_msec() - started < DAILY_TIMEOUT_MS:
		await process_frame
		var now := Time.get_ticks_usec()
		longest = maxf(longest, (now - last) / 1000.0)
		last = now
		frames += 1
		seen_generating = seen_generating or (d.visible("Box/Spinner") and not d.visible("Box/Play"))
	var waited := Time.get_ticks_msec() - started
	print(
		(
			"screens_test: daily bench ready %d ms after the tap, %d frames, longest frame %.1f ms"
			% [waited, frames, longest]
		)
	)
	if not d.check(d.visible("Box/Play"), "daily bench not ready after %d ms" % waited):
		return
	d.check(seen_generating, "no frame showed the daily screen generating: the bench blocked")
	d.check(longest <= MAX_FRAME_MS, "a frame took %.1f ms while the bench generated" % longest)
	await d.frames(3)
	await d.tap_path("Box/Play")
	if not await d.wait_scene(BOARD):
		return
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(str(d.app().board_request.get("level_json", "")))
	await Play.play_moves(d, oracle, oracle.solution())
	if not d.check(d.visible("Hud/Root/WinPanel/Box/Copy"), "daily win offers the share copy"):
		return
	var title := d.text_of("Hud/Root/WinPanel/Box/WinTitle")
	d.check(title == "WIN_DAILY_TITLE", "the won bench says it is the bench: %s" % title)
	await d.tap_path("Hud/Root/WinPanel/Box/Copy")
	var copied := TranslationServer.translate("DAILY_COPIED")
	d.check(d.text_of("Hud/Root/WinPanel/Box/Copy") == copied, "copy button confirms")
	var share: String = d.app().daily_share(int(d.app().board_request["bench"]))
	# A clean solve scores the board's moves.
	d.check(share.contains(str(oracle.move_count())), "share text names the score: %s" % share)
	if DisplayServer.get_name() != "headless":
		d.check(DisplayServer.clipboard_get() == share, "clipboard holds the share text")


func _back_everywhere() -> void:
	for path in [MAP, SETTINGS, DAILY, BOARD]:
		if path == BOARD:
			d.app().board_request = {"mode": "level", "number": 1}
		if not await d.start(path):
			continue
		await d.back()
		await d.wait_scene(MENU)
	if not await d.start(MENU):
		return
	# Last: back on the menu must end the app. Nothing may be awaiting when it does (a suspended
	# coroutine at exit is a leak), so _process counts the frames and _finalize reports.
	_frames_after_back = 0
	root.propagate_notification(Node.NOTIFICATION_WM_GO_BACK_REQUEST)


func _process(_delta: float) -> bool:
	if _frames_after_back >= 0:
		_frames_after_back += 1
		if _frames_after_back == 10:
			_frames_after_back = -1
			d.check(false, "back on the main menu did not leave the app")
			d.finish()
	return false


func _finalize() -> void:
	if _frames_after_back >= 0:
		print("screens_test: back on the menu left the app")
		print("screens_test: %d failure(s)" % d.failures.size())


func _language(lang: String) -> void:
	d.app().set_setting("language", lang)
	for path in [MENU, MAP, SETTINGS, DAILY, BOARD]:
		if path == BOARD:
			d.app().board_request = {"mode": "level", "number": 1}
		if not await d.start(path):
			continue
		if path == BOARD:
			# The end panels and the pause sheet (both its pages) are part of the screen too.
			for panel in ["Hud/Root/WinPanel", "Hud/Root/LosePanel", "Hud/Root/PauseSheet", ASK]:
				d.node(panel).visible = true
			await d.frames(2)
		_check_fits(lang, d.scene())


## Every visible control inside the screen (inside its ScrollContainer's width for scrolled
## content), every character of its text drawn by the bundled fonts.
func _check_fits(lang: String, screen: Node) -> void:
	var bounds := root.get_visible_rect().grow(1.0)
	var where := "%s %s" % [lang, screen.scene_file_path.get_file()]
	for control in _controls(screen):
		var rect := control.get_global_rect()
		var scroll := _scroll_parent(control)
		if scroll != null:
			var box := scroll.get_global_rect().grow(1.0)
			d.check(
				rect.position.x >= box.position.x and rect.end.x <= box.end.x,
				"%s: %s is wider than its scroll area" % [where, control.get_path()]
			)
		else:
			d.check(
				bounds.encloses(rect),
				"%s: %s reaches outside the screen (%s)" % [where, screen.get_path_to(control), rect]
			)
		var text := _text_of(control)
		if text.is_empty():
			continue
		var font := control.get_theme_font("font")
		for i in text.length():
			var c := text.unicode_at(i)
			if c > 32 and not _font_has(font, c):
				d.check(false, "%s: no glyph for U+%04X in %s" % [where, c, text])


func _controls(node: Node) -> Array[Control]:
	var found: Array[Control] = []
	for child in node.get_children():
		if child is Control and child.is_visible_in_tree():
			found.append(child)
		if child is CanvasItem and not child.visible:
			continue
		found.append_array(_controls(child))
	return found


func _text_of(control: Control) -> String:
	var text := ""
	if control is Label or control is Button:
		text = control.text
	if control is OptionButton:
		for i in control.item_count:
			text += control.get_item_text(i)
	return text


func _scroll_parent(control: Control) -> ScrollContainer:
	var up := control.get_parent()
	while up != null:
		if up is ScrollContainer:
			return up
		up = up.get_parent()
	return null


## Whether `font` or any of its fallbacks (depth first, as the text server searches) has `c`.
func _font_has(font: Font, c: int) -> bool:
	if font == null:
		return false
	if font.has_char(c):
		return true
	for fallback in font.fallbacks:
		if _font_has(fallback, c):
			return true
	if font is FontVariation and font.base_font != null:
		return _font_has(font.base_font, c)
	return false
