extends Node
## Autoload "App": holds the extension objects every scene shares (save, level library,
## palette), keeps the settings as last read, and switches scenes. It decides nothing itself:
## progress rules live in SaveData, levels in LevelLibrary. Its other jobs are each a script of
## their own in scripts/app/: the command line's test flags (LaunchFlags), the language and its
## fonts (UiLanguage), clicks and buzzes (Feedback), the editor's Play (EditorHandoff) and the
## levels past the baked set (EndlessPlay); App is the one place scenes reach them by.

const SCENES := {
	"menu": "res://scenes/main_menu.tscn",
	"map": "res://scenes/level_map.tscn",
	"board": "res://scenes/board.tscn",
	"daily": "res://scenes/daily_bench.tscn",
	"settings": "res://scenes/settings.tscn",
	"licences": "res://scenes/licences.tscn",
}
const STORAGE_BANNER := preload("res://scripts/ui/storage_banner.tscn")
## The board's drawing scripts, compiled one a frame once the menu is up (leaves of their
## preloads first, so each frame compiles one file): compiling them on the first scene change took
## tens of milliseconds out of that frame (the Daily Bench measures its frames), and compiling
## them before the menu's first frame made the cold start pay for a board nobody had asked for.
const DRAWING := [
	"res://scripts/board/mark_art.gd",
	"res://scripts/board/motion.gd",
	"res://scripts/board/plate_mesh.gd",
	"res://scripts/board/plate_node.gd",
	"res://scripts/board/screw_marks.gd",
	"res://scripts/board/screw_view.gd",
	"res://scripts/board/screw_art.gd",
	"res://scripts/board/board_world.gd",
	"res://scripts/ui/level_thumbnail.gd",
]
## Frames the menu shows before the first drawing script compiles.
const DRAWING_AFTER_FRAMES := 2

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
## Levels past the baked set, made fresh ahead of play (EndlessLevels; null without the extension).
var endless = null
var _flags: LaunchFlags
var _endless_play: EndlessPlay = null
var _feedback := Feedback.new()
## SaveData.settings() as last read: a sound or a buzz reads a setting on every event of a move, and
## each read would be a call into the extension.
var _settings := {}
## The compiled drawing scripts, held so the resource cache keeps them.
var _drawing: Array[Script] = []


func _ready() -> void:
	var began := Time.get_ticks_usec()
	_flags = LaunchFlags.read(OS.get_cmdline_user_args())
	safe_insets_override = _flags.safe_insets
	clock_override = _flags.now
	add_child(_feedback)
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
	var opened: Dictionary = save.open(_flags.save_path)
	_settings = save.settings()
	# Loss counts (what turns help on) belong to this set's boards, not to the level numbers.
	save.use_library(library)
	# A full disk or a read-only folder is told on every screen while it lasts.
	add_child(STORAGE_BANNER.instantiate())
	_endless_play = EndlessPlay.new()
	add_child(_endless_play)
	_endless_play.setup(library, _flags.save_path.get_base_dir(), _flags.endless_budget)
	_endless_play.ready_to_play.connect(go.bind("board"))
	endless = _endless_play.levels
	match opened.get("outcome", ""):
		"recovered_corrupt":
			notice = "MENU_SAVE_RECOVERED"
		"read_only_newer":
			# Not a one-time notice: the menu says it on every visit while nothing is saved.
			pass
		"error":
			notice = "MENU_SAVE_FAILED"
	apply_language()
	if _flags.probe_frames > 0:
		_start_probe(_flags.probe_frames, _flags.probe_stall, began)
	_compile_drawing()


func _compile_drawing() -> void:
	for i in DRAWING_AFTER_FRAMES:
		await get_tree().process_frame
	for path in DRAWING:
		_drawing.append(load(path))
		await get_tree().process_frame


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


## The level the editor's Play asked for, once: a board request for the board scene, {} when there
## is none. Its wins and losses go to a save of their own (EditorHandoff).
func editor_request() -> Dictionary:
	if not extension_ok:
		return {}
	var handed := EditorHandoff.take(library)
	if handed.is_empty():
		return {}
	save = handed["save"]
	board_request = handed["request"]
	return board_request


## The levels the map lists: what LevelLibrary loaded (0 when it could not load the set).
func level_count() -> int:
	if library == null:
		return 0
	return library.count()


## Changes the screen (and stops waiting for an endless level: the player went elsewhere).
func go(scene: String) -> void:
	if _endless_play != null:
		_endless_play.stop_waiting()
	get_tree().change_scene_to_file(SCENES[scene])


## Plays level `number`; `resume`: replay the attempt the save kept (Continue after a close). Past
## the baked set the board opens once EndlessLevels has the level (a spinner meanwhile; instant when
## it was made ahead), and the level after it is made while this one is played.
func play_level(number: int, resume := false) -> void:
	if not save.record_opened(number):
		notice = "MENU_SAVE_FAILED"
	board_request = {"mode": "level", "number": number, "resume": resume}
	var waiting := _endless_play.must_wait(number)
	prefetch(number + 1)
	if not waiting:
		go("board")


## Makes endless level `number` ahead of its opening (nothing for a baked level).
func prefetch(number: int) -> void:
	if _endless_play != null:
		_endless_play.prefetch(number)


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
	UiLanguage.apply(locale)


## The time now in Unix seconds (the override when a test set one).
func now_unix() -> int:
	return clock_override if clock_override >= 0 else int(Time.get_unix_time_from_system())


## The Daily Bench of the day is kept beside the save (each test save has its own).
func daily_cache_path() -> String:
	return _flags.save_path.get_base_dir().path_join("daily_bench.json")


## The Daily Bench share line in the player's language: the day's best result and the streak
## ("Screwsmith Bench #97 — 25 actions — streak 3"), as SaveData keeps them.
func daily_share(bench: int) -> String:
	var best: Dictionary = save.daily_result(bench)
	return tr("DAILY_SHARE") % [bench, int(best.get("score", 0)), save.daily_streak(bench)]


## The theme's font (with the CJK fallbacks in the current language's order), for Label3D.
func ui_font() -> Font:
	return UiLanguage.font()


## A short click when sound is on.
func click() -> void:
	_feedback.click(setting("sound") == true)


func buzz(ms: int) -> void:
	_feedback.buzz(setting("haptics") == true, ms)
