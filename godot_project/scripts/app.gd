extends Node
## Autoload "App": holds the extension objects every scene shares (save, level library,
## palette) and switches scenes. It decides nothing itself: progress rules live in SaveData,
## levels in LevelLibrary.

const SAVE_PATH := "user://save.json"
## The level editor's Play button (addons/screwsmith_editor) writes this, then runs the board scene.
const EDITOR_PLAY := "user://editor_play.json"
## Where an editor's play records its wins and losses: never the player's save.
const EDITOR_PLAY_SAVE := "user://editor_play_save.json"
const SCENES := {
	"menu": "res://scenes/main_menu.tscn",
	"map": "res://scenes/level_map.tscn",
	"board": "res://scenes/board.tscn",
	"daily": "res://scenes/daily_bench.tscn",
	"settings": "res://scenes/settings.tscn",
	"licences": "res://scenes/licences.tscn",
}
## Which CJK face comes first per locale: Han characters look different in each, so the face of the
## current language must win the fallback order.
const CJK_ORDER := {
	"ja": ["ja", "zh_CN", "zh_TW", "ko"],
	"zh_CN": ["zh_CN", "zh_TW", "ja", "ko"],
	"zh_TW": ["zh_TW", "zh_CN", "ja", "ko"],
	"ko": ["ko", "ja", "zh_CN", "zh_TW"],
}
const CJK_FONTS := {
	"ja": "res://fonts/NotoSansJP-Subset.otf",
	"zh_CN": "res://fonts/NotoSansSC-Subset.otf",
	"zh_TW": "res://fonts/NotoSansTC-Subset.otf",
	"ko": "res://fonts/NotoSansKR-Subset.otf",
}
const UI_THEME := "res://theme/main_theme.tres"
## Shown while an endless level is being made (a CanvasLayer, a shade and the spinner: tiny).
const LEVEL_WAIT := preload("res://scripts/ui/level_wait.tscn")
const STORAGE_BANNER := preload("res://scripts/ui/storage_banner.tscn")
## The drawing scripts the screens share, compiled once with App at start: compiling them on a
## scene change took tens of milliseconds out of that frame (the Daily Bench measures its frames).
const DRAWING := [
	preload("res://scripts/board/hud_art.gd"),
	preload("res://scripts/board/plate_mesh.gd"),
	preload("res://scripts/board/board_world.gd"),
	preload("res://scripts/ui/menu_backdrop.gd"),
	preload("res://scripts/ui/level_thumbnail.gd"),
]

## The extension's objects (untyped so the menu can explain a missing library instead of failing to
## parse).
var save = null
var library = null
var audit = null
var palette: Array = []
var extension_ok := false
## A translation key the menu shows once (save recovered, save failed).
var notice := ""
## What the board should play next: {mode: "level"|"daily", number, level_json, bench, date}.
var board_request := {}
## Safe-area insets [top, bottom, left, right] in window pixels standing in for the display's.
var safe_insets_override: Array = []
## Unix seconds standing in for the clock (-1: the system clock): the Daily Bench tests and
## screenshots play simulated days through it (`--now=SECONDS` after `--`, or set directly).
var clock_override := -1
## Levels past the baked set, made fresh ahead of play (EndlessLevels, a child of App: it polls in
## `_process` while it makes one; null without the extension).
var endless = null
## Generation's time budget from `--endless-budget-ms=MS` after `--` (-1: the core's): the engine
## tests prove the silent fallback with 0.
var endless_budget_override := -1
var _click_player: AudioStreamPlayer = null
## SaveData.settings() as last read: a sound or a buzz reads a setting on every event of a move, and
## each read would be a call into the extension.
var _settings := {}
## The endless level the board waits for (0: none), and the spinner shown meanwhile.
var _waiting_for := 0
var _wait: Node = null


func _ready() -> void:
	var began := Time.get_ticks_usec()
	var probe_frames := 0
	var probe_stall := 0
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--start-probe="):
			probe_frames = int(arg.trim_prefix("--start-probe="))
		elif arg.begins_with("--start-probe-stall="):
			probe_stall = int(arg.trim_prefix("--start-probe-stall="))
		elif arg.begins_with("--safe-insets="):
			safe_insets_override = Array(arg.trim_prefix("--safe-insets=").split_floats(","))
		elif arg.begins_with("--now="):
			clock_override = int(arg.trim_prefix("--now="))
		elif arg.begins_with("--endless-budget-ms="):
			endless_budget_override = int(arg.trim_prefix("--endless-budget-ms="))
	extension_ok = ClassDB.class_exists("GameSim") and ClassDB.class_exists("SaveData")
	if not extension_ok:
		push_error("screwsmith extension not loaded: build it (README) before running the game")
		return
	library = ClassDB.instantiate("LevelLibrary")
	if not library.load_default():
		push_error("levels: %s" % library.last_error())
	audit = ClassDB.instantiate("ReadabilityAudit")
	palette = audit.palette()
	save = ClassDB.instantiate("SaveData")
	var opened: Dictionary = save.open(_save_path())
	_settings = save.settings()
	# Loss counts (what turns help on) belong to this set's boards, not to the level numbers.
	save.use_library(library)
	# A full disk or a read-only folder is told on every screen while it lasts.
	add_child(STORAGE_BANNER.instantiate())
	_start_endless()
	match opened.get("outcome", ""):
		"recovered_corrupt":
			notice = "MENU_SAVE_RECOVERED"
		"read_only_newer":
			# Not a one-time notice: the menu says it on every visit while nothing is saved.
			pass
		"error":
			notice = "MENU_SAVE_FAILED"
	apply_language()
	if probe_frames > 0:
		_start_probe(probe_frames, probe_stall, began)


## The maker of the levels past the baked set, keeping them in files beside the save (each test
## save has its own folder).
func _start_endless() -> void:
	endless = ClassDB.instantiate("EndlessLevels")
	add_child(endless)
	endless.level_ready.connect(_on_endless_ready)
	if not endless.setup(library, _save_path().get_base_dir()):
		push_error("endless levels: %s" % endless.last_error())
	if endless_budget_override >= 0:
		endless.set_budget_ms(endless_budget_override)


## Times this start (scripts/start_probe.gd): asked for by scripts/cold_start.sh only.
func _start_probe(frames: int, stall_ms: int, began: int) -> void:
	var probe := StartProbe.new()
	probe.frames = frames
	probe.stall_ms = stall_ms
	probe.app_began_usec = began
	probe.app_ended_usec = Time.get_ticks_usec()
	add_child(probe)


## Android's back button or gesture (NOTIFICATION_WM_GO_BACK_REQUEST) reaches every node: the
## menu leaves the app (project setting quit_on_go_back is off so the app decides), a screen with
## its own go_back() decides (the board asks before leaving a level in progress), every other
## screen returns to the menu — deferred: the notification arrives while the tree is propagating it
## and a scene change then cannot remove the current scene.
func _notification(what: int) -> void:
	if what != NOTIFICATION_WM_GO_BACK_REQUEST or not is_inside_tree():
		return
	var scene := get_tree().current_scene
	if scene != null and scene.scene_file_path == SCENES["menu"]:
		get_tree().quit()
	elif scene != null and scene.has_method("go_back"):
		scene.go_back.call_deferred()
	else:
		go.call_deferred("menu")


## The part of `viewport` a finger and an eye can use, in its own (canvas) pixels: on a phone the
## display's safe area (no notch, Dynamic Island or home indicator), elsewhere the whole viewport.
## `safe_insets_override` [top, bottom, left, right] in window pixels (from `--safe-insets=T,B,L,R`
## after `--`) stands in for a phone's insets in the engine tests, the screenshots and on desktop.
func safe_area(viewport: Viewport) -> Rect2i:
	var to_window := viewport.get_final_transform()
	var window := viewport.get_visible_rect().size * to_window.get_scale()
	var safe := Rect2(Vector2.ZERO, window)
	if safe_insets_override.size() == 4:
		var i := safe_insets_override
		safe = Rect2(i[2], i[0], window.x - i[2] - i[3], window.y - i[0] - i[1])
	elif OS.has_feature("mobile"):
		safe = Rect2(DisplayServer.get_display_safe_area())
		safe.position -= Vector2(DisplayServer.window_get_position())
	var canvas: Rect2 = to_window.affine_inverse() * safe
	var whole := Rect2i(Vector2i.ZERO, Vector2i(viewport.get_visible_rect().size))
	var inner := Rect2i(Vector2i(canvas.position.ceil()), Vector2i.ZERO)
	inner.end = Vector2i(canvas.end.floor())
	return inner.intersection(whole)


## Keeps a screen's full-rect container inside the safe area (its own margins added to the insets).
func keep_in_safe_area(box: Control) -> void:
	var safe := safe_area(box.get_viewport())
	var whole := Vector2i(box.get_viewport().get_visible_rect().size)
	box.offset_left += safe.position.x
	box.offset_top += safe.position.y
	box.offset_right -= whole.x - safe.end.x
	box.offset_bottom -= whole.y - safe.end.y


## The save file: user://save.json, or `--save=PATH` given after `--` on the command line (the
## engine tests play on their own save files, never on the player's).
func _save_path() -> String:
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--save="):
			return arg.trim_prefix("--save=")
	return SAVE_PATH


## The level the editor's Play asked for, once (the request file is deleted): a board request for
## the board scene, {} when there is none. Its wins and losses go to a save of their own.
func editor_request() -> Dictionary:
	if not extension_ok or not FileAccess.file_exists(EDITOR_PLAY):
		return {}
	var request = JSON.parse_string(FileAccess.get_file_as_string(EDITOR_PLAY))
	DirAccess.remove_absolute(ProjectSettings.globalize_path(EDITOR_PLAY))
	if not request is Dictionary or not request.has("level_json"):
		return {}
	save = ClassDB.instantiate("SaveData")
	save.open(EDITOR_PLAY_SAVE)
	save.use_library(library)
	var number := int(request.get("number", 1))
	board_request = {"mode": "level", "number": number, "level_json": request["level_json"]}
	return board_request


## The levels the map lists: what LevelLibrary loaded (0 when it could not load the set).
func level_count() -> int:
	if library == null:
		return 0
	return library.count()


## Changes the screen (and stops waiting for an endless level: the player went elsewhere).
func go(scene: String) -> void:
	_waiting_for = 0
	if _wait != null:
		_wait.queue_free()
		_wait = null
	get_tree().change_scene_to_file(SCENES[scene])


## Plays level `number`; `resume`: replay the attempt the save kept (Continue after a close). Past
## the baked set the board opens once EndlessLevels has the level (a spinner meanwhile; instant when
## it was made ahead), and the level after it is made while this one is played.
func play_level(number: int, resume := false) -> void:
	if not save.record_opened(number):
		notice = "MENU_SAVE_FAILED"
	board_request = {"mode": "level", "number": number, "resume": resume}
	var waiting: bool = (
		_is_endless(number) and not endless.is_ready(number) and endless.request(number)
	)
	prefetch(number + 1)
	if not waiting:
		go("board")
		return
	_waiting_for = number
	if _wait == null:
		_wait = LEVEL_WAIT.instantiate()
		add_child(_wait)


## Makes endless level `number` ahead of its opening (nothing for a baked level).
func prefetch(number: int) -> void:
	if _is_endless(number):
		endless.prefetch(number)


func _is_endless(number: int) -> bool:
	return endless != null and number > level_count()


## The level the board waits for is in the library (fresh, or the cycle level: said nowhere).
func _on_endless_ready(number: int, _fresh: bool) -> void:
	if number == _waiting_for:
		go("board")


## The menu's Continue: the attempt in progress when the app was closed, else the first level not
## won (SaveData decides).
func continue_game() -> void:
	var n: int = save.continue_level()
	play_level(n, save.in_progress_level() == n)


func play_daily(result: Dictionary) -> void:
	board_request = {
		"mode": "daily",
		"number": int(result.get("bench", 0)),
		"bench": int(result.get("bench", 0)),
		"date": str(result.get("date", "")),
		"level_json": str(result.get("level_json", "")),
	}
	# The same bench's attempt a kill interrupted (SaveData kept it at every move).
	board_request["resume"] = save.daily_in_progress(board_request["bench"], board_request["date"])
	go("board")


## A setting as SaveData last reported it (null without the extension).
func setting(key: String):
	return _settings.get(key)


## Saves a setting (SaveData checks it) and reads the settings back.
func set_setting(key: String, value) -> void:
	if not save.set_setting(key, value):
		push_error("settings: %s" % save.last_error())
		notice = "MENU_SAVE_FAILED"
	_settings = save.settings()
	if key == "language":
		apply_language()


## Sets the locale (saved choice, else the device's) and puts that language's CJK face first.
func apply_language() -> void:
	var lang: String = setting("language")
	apply_locale(lang if not lang.is_empty() else OS.get_locale())


## Shows the game in `locale` (a language code or a device locale such as zh_Hant_TW).
func apply_locale(locale: String) -> void:
	TranslationServer.set_locale(locale)
	# The face follows the strings the player sees: the translation the server chose for the
	# locale (iOS says zh_Hans_CN / zh_Hant_TW, Android zh_HK or plain zh: matching the locale
	# name itself gave all of those Japanese Han shapes).
	var shown := TranslationServer.get_translation_object(TranslationServer.get_locale())
	var language: String = shown.locale if shown != null else ""
	var order: Array = CJK_ORDER.get(language, CJK_ORDER["ja"])
	var fallbacks: Array[Font] = []
	for face in order:
		fallbacks.append(load(CJK_FONTS[face]))
	var theme: Theme = load(UI_THEME)
	theme.default_font.fallbacks = fallbacks


## The time now in Unix seconds (the override when a test set one).
func now_unix() -> int:
	return clock_override if clock_override >= 0 else int(Time.get_unix_time_from_system())


## The Daily Bench of the day is kept beside the save (each test save has its own).
func daily_cache_path() -> String:
	return _save_path().get_base_dir().path_join("daily_bench.json")


## The Daily Bench share line in the player's language: the day's best result and the streak
## ("Screwsmith Bench #97 — 25 actions — streak 3"), as SaveData keeps them.
func daily_share(bench: int) -> String:
	var best: Dictionary = save.daily_result(bench)
	return tr("DAILY_SHARE") % [bench, int(best.get("score", 0)), save.daily_streak(bench)]


## The theme's font (with the CJK fallbacks in the current language's order), for Label3D.
func ui_font() -> Font:
	var theme: Theme = load(UI_THEME)
	return theme.default_font


## A short click when sound is on (a generated tone: the game ships no audio files), on one player
## made at the first click.
func click() -> void:
	if setting("sound") != true:
		return
	if _click_player == null:
		_click_player = AudioStreamPlayer.new()
		_click_player.stream = _click_stream()
		add_child(_click_player)
	_click_player.play()


func buzz(ms: int) -> void:
	if setting("haptics") == true:
		Input.vibrate_handheld(ms)


func _click_stream() -> AudioStreamWAV:
	var rate := 22050
	var samples := PackedByteArray()
	samples.resize(rate / 40)
	for i in samples.size():
		var fade := 1.0 - float(i) / samples.size()
		# 8-bit WAV data is signed: store the two's complement byte.
		samples[i] = int(90.0 * fade * sin(i * TAU * 880.0 / rate)) & 0xFF
	var wav := AudioStreamWAV.new()
	wav.format = AudioStreamWAV.FORMAT_8_BITS
	wav.mix_rate = rate
	wav.data = samples
	return wav
