extends SceneTree
## A designer's first level, made from nothing on the level editor's main screen
## (editor_screen.tscn, the screen the Godot editor shows) by input events only, each counted: a
## key, a click or a drag is one. A 5×6 board from Level › New (Ctrl+N, the size typed, Enter);
## three plates with the rectangle tool, the third lifted to layer 1 by typing in the panel's layer
## field; nine screws in three colours (a swatch, then three clicks each); a lock (the locked screw
## clicked, Pick key, the key screw clicked); a bomb (its screw clicked, the count typed); the
## level's number typed in Level settings; once the live verdict says PROVEN, saved by Ctrl+S and
## Enter in the file dialog. The level must hold what was asked (9 screws, 3 colours, 3 plates on
## 2 layers, a lock, a bomb), take at most MAX_EVENTS events ("editor_designer_test: N input
## events"), and its file passes the CLI: the line "editor_designer_test: saved level PATH" makes
## scripts/godot_check.sh run `screwsmith validate --file` and `solve --file --verify` on it.

const Driver := preload("res://tests/e2e/driver.gd")
const Rig := preload("res://tests/e2e/editor_rig.gd")
## The playtest that filed the editor's problems needed about 90 actions for this level.
const MAX_EVENTS := 40
const SIZE := Vector2i(1600, 1000)
## Per colour (palette order), the cells of its three screws: one on each plate.
const SCREWS := [
	[Vector2i(0, 0), Vector2i(1, 2), Vector2i(4, 5)],
	[Vector2i(4, 0), Vector2i(3, 3), Vector2i(0, 5)],
	[Vector2i(2, 1), Vector2i(2, 3), Vector2i(2, 4)],
]
const LOCKED := Vector2i(2, 1)
const KEY := Vector2i(0, 0)
const BOMB := Vector2i(2, 4)

var d: Driver
var screen
var events := 0
var heard: Array = []


func _initialize() -> void:
	d = Driver.new(self, "editor_designer_test")
	_run.call_deferred()


func _run() -> void:
	root.size = SIZE
	screen = await Rig.screen_in(self, d)
	if d.check(screen.editor != null, "the screen has its LevelEditor"):
		screen.verdict_arrived.connect(func(v): heard.append(v))
		var out := Driver.user_arg("out")
		out = out if not out.is_empty() else "user://editor_designer_test/%d" % OS.get_process_id()
		DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(out))
		# A file left by an earlier run would make the dialog ask before overwriting it.
		DirAccess.remove_absolute(ProjectSettings.globalize_path(out.path_join("level_7.json")))
		# Where Save as starts: the designer's folder (remembered by the Godot editor, set here).
		screen.files.designer_dir = ProjectSettings.globalize_path(out)
		await _make()
	screen.queue_free()
	await d.frames(2)
	await d.finish()


func _make() -> void:
	await _new_board()
	await _plates()
	await _screws()
	await _lock_and_bomb()
	# Level settings: the level's number.
	await _tap(screen.get_node("%Settings").field("Number"))
	await _type("7")
	var level: Dictionary = screen.editor.level()
	d.check(int(level["number"]) == 7, "the number typed, no Enter: %d" % int(level["number"]))
	_check_level(level)
	await d.wait_for(
		func(): return not screen.editor.is_measuring() and _status() == "proven", 60.0, "proven"
	)
	d.check(_status() == "proven", "the live verdict proves it: %s" % str(_latest().get("errors")))
	await _save()
	print("editor_designer_test: %d input events" % events)
	d.check(events <= MAX_EVENTS, "made in %d input events (at most %d)" % [events, MAX_EVENTS])


## Level › New by its shortcut, 5 × 6 typed, Enter.
func _new_board() -> void:
	await _key(KEY_N, true)
	var dialog: Window = screen.files.dialog("NewDialog")
	d.check(dialog.visible, "Ctrl+N opens New")
	await _type("5")
	await _key(KEY_TAB)
	await _type("6")
	await _key(KEY_ENTER)
	var level: Dictionary = screen.editor.level()
	d.check(
		[int(level["width"]), int(level["height"])] == [5, 6],
		"a 5x6 board: %dx%d" % [int(level["width"]), int(level["height"])]
	)


## Plates: rows 0-2 and 3-5 on layer 0, and a 3×2 plate across them lifted to layer 1.
func _plates() -> void:
	await _tap(screen.get_node("%ToolBar").tool_button("rect"))
	for box in [[Vector2i(0, 0), Vector2i(4, 2)], [Vector2i(0, 3), Vector2i(4, 5)]]:
		await _drag(box[0], box[1])
	await _drag(Vector2i(1, 2), Vector2i(3, 3))
	d.check(screen.current_part == 3, "the third plate is selected")
	await _tap(screen.get_node("%Properties").get_node("%Layer"))
	await _type("1")
	var parts: Array = screen.editor.level()["parts"]
	var layers: Array = parts.map(func(p): return int(p["layer"]))
	d.check(layers == [0, 0, 1], "three plates on layers 0, 0, 1: %s" % str(layers))


## The screw tool; per colour a swatch, then its three cells.
func _screws() -> void:
	await _tap(screen.get_node("%ToolBar").tool_button("screw"))
	for colour in SCREWS.size():
		await _tap(screen.get_node("%Properties").swatch(colour))
		for cell in SCREWS[colour]:
			await _tap_cell(cell)
	var screws: Array = screen.editor.level()["screws"]
	d.check(screws.size() == 9, "nine screws: %d (%s)" % [screws.size(), _status_line()])


## The locked screw selected, Pick key, the key screw clicked; the bomb's screw selected and its
## count typed.
func _lock_and_bomb() -> void:
	var panel = screen.get_node("%Properties")
	await _tap(screen.get_node("%ToolBar").tool_button("select"))
	await _tap_cell(LOCKED)
	await _tap(panel.pick_key_button())
	await _tap_cell(KEY)
	var locked := _screw_at(LOCKED)
	d.check(
		locked.get("locked_by") != null and int(locked["locked_by"]) == int(_screw_at(KEY)["id"]),
		"the lock: %s" % str(locked)
	)
	await _tap_cell(BOMB)
	await _tap(panel.bomb_field())
	await _type("9")
	d.check(_screw_at(BOMB).get("bomb") == 9, "a bomb of 9: %s" % str(_screw_at(BOMB)))


## Ctrl+S (Save as the first time: the file dialog, in the designer's folder, the name filled
## in), Enter.
func _save() -> void:
	await _key(KEY_S, true)
	var dialog: FileDialog = screen.files.dialog("SaveDialog")
	d.check(dialog.visible, "Ctrl+S asks where to save a level never saved")
	await _key(KEY_ENTER)
	var path: String = screen.files.designer_dir.path_join("level_7.json")
	d.check(FileAccess.file_exists(path), "saved: %s (%s)" % [path, _status_line()])
	d.check(not screen.files.unsaved, "nothing unsaved after the save")
	var text := FileAccess.get_file_as_string(path)
	d.check(text.contains('"measure"'), "the file stores the verdict's measure")
	print("editor_designer_test: saved level %s" % path)


func _check_level(level: Dictionary) -> void:
	var layers := {}
	for p in level["parts"]:
		layers[int(p["layer"])] = true
	var locks: Array = level["screws"].filter(func(s): return s.get("locked_by") != null)
	var bombs: Array = level["screws"].filter(func(s): return s.get("bomb") != null)
	d.check(level["screws"].size() == 9 and level["colors"] == [0, 1, 2], "9 screws, 3 colours")
	d.check(level["parts"].size() == 3 and layers.size() == 2, "3 plates on 2 layers")
	d.check(locks.size() == 1 and bombs.size() == 1, "a lock and a bomb")


func _screw_at(cell: Vector2i) -> Dictionary:
	for s in screen.editor.level()["screws"]:
		if Vector2i(int(s["cell"][0]), int(s["cell"][1])) == cell:
			return s
	return {}


func _latest() -> Dictionary:
	return heard.back() if not heard.is_empty() else {}


func _status() -> String:
	return str(_latest().get("status", ""))


func _status_line() -> String:
	return screen.get_node("%Status").text


func _tap(control: Control) -> void:
	events += 1
	await d.tap_control(control)


func _tap_cell(cell: Vector2i) -> void:
	events += 1
	await d.tap(screen.cell_centre(cell))


func _drag(from: Vector2i, to: Vector2i) -> void:
	events += 1
	await d.drag(screen.cell_centre(from), screen.cell_centre(to))


## One key pressed and let go (Ctrl with it when `ctrl`).
func _key(keycode: Key, ctrl := false, unicode := 0) -> void:
	events += 1
	await Rig.key(self, d, keycode, ctrl, false, unicode)


## Typed text: one key per character.
func _type(text: String) -> void:
	for ch in text:
		await _key(Rig.char_key(ch), false, ch.unicode_at(0))
