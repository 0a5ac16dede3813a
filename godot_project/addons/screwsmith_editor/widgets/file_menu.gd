@tool
extends MenuButton
## The level editor's "Level" menu: New (a blank board of a size), Open shipped (level N of the
## baked set), Open designer file (a file dialog), Open Daily Bench (the bench of a date, made on
## the extension's thread by LevelEditor.open_daily: the editor's frame never waits), Save (the file
## last saved or opened), Save as (a file dialog), and Play in game (the level in the game's board
## scene). The file dialogs start in the designer's folder, remembered per project (the editor's
## project metadata). The menu's label names the file and marks unsaved edits ("•"); an open or a
## New over unsaved edits asks first. Each item that needs an answer opens its dialog (nodes of this
## scene); a refusal is said on `status`.

signal status(text: String)

enum Item { NEW, SHIPPED, FILE, DAILY, SAVE, SAVE_AS, PLAY }

const CUSTOM_DIR := "res://../levels/custom"
const SHIPPED := "res://levels/levels.json"
## What Play hands the game (App.editor_request() reads it once, then deletes it).
const PLAY_REQUEST := "user://editor_play.json"
const BOARD_SCENE := "res://scenes/board.tscn"
const DATE := "^(\\d{4}-\\d{2}-\\d{2})?$"
## Item → its shortcut (Ctrl, or Cmd on macOS): they act while the level editor's screen is shown.
const KEYS := {
	Item.NEW: [KEY_N, false],
	Item.FILE: [KEY_O, false],
	Item.SAVE: [KEY_S, false],
	Item.SAVE_AS: [KEY_S, true],
}
## Where the designer's folder is remembered (EditorSettings' project metadata).
const META := ["screwsmith_editor", "designer_dir"]

var editor = null
## The shipped level's number (the Open shipped dialog's field).
var number: SpinBox
## The name Save uses ("" until the first Save as or an opened file).
var level_name := ""
## The folder Save writes to and the file dialogs start in.
var designer_dir := ""
## The level has edits that are not saved.
var unsaved := false
var _date_pattern := RegEx.create_from_string(DATE)
## What to do once unsaved edits may be dropped (the Discard dialog's answer).
var _after_discard: Callable


func _ready() -> void:
	number = %Number
	get_popup().id_pressed.connect(_on_item)
	for id in KEYS:
		var key := InputEventKey.new()
		key.keycode = KEYS[id][0]
		key.shift_pressed = KEYS[id][1]
		key.command_or_control_autoremap = true
		var shortcut := Shortcut.new()
		shortcut.events = [key]
		get_popup().set_item_shortcut(get_popup().get_item_index(id), shortcut)
	designer_dir = _remembered_dir()
	for spin in [%Width, %Height, %Number]:
		# A typed value replaces the field's, and counts without Enter (_on_*_confirmed apply it).
		spin.get_line_edit().select_all_on_focus = true
	%NewDialog.register_text_enter(%Width.get_line_edit())
	%NewDialog.register_text_enter(%Height.get_line_edit())
	%ShippedDialog.register_text_enter(%Number.get_line_edit())
	_on_date_text_changed(%Date.text)
	_show_name()


## The level changed by an edit (true) or was opened or saved (false): the label shows it.
func mark_unsaved(on: bool) -> void:
	unsaved = on
	_show_name()


func setup(level_editor) -> void:
	editor = level_editor
	editor.daily_opened.connect(_on_daily_opened)


## Opens the dialog of menu item `id` (or does what it says when it needs no answer).
func choose(id: int) -> void:
	_on_item(id)


func dialog(node_name: String) -> Window:
	return get_node(node_name)


func open_shipped() -> void:
	open_text(FileAccess.get_file_as_string(SHIPPED), int(number.value) - 1)


func open_text(text: String, index: int) -> bool:
	if not editor.load_json(text, index):
		status.emit(editor.last_error())
		return false
	return true


## Starts making the Daily Bench of `day` ("" = today); the level opens when it is made.
func open_daily(day: String) -> bool:
	if not editor.open_daily(day.strip_edges()):
		status.emit(editor.last_error())
		return false
	status.emit("making the Daily Bench %s…" % (day if not day.is_empty() else "of today"))
	return true


## Saves as `<dir>/<file_name>.json` (`dir`: the designer's folder when empty); returns the file's
## path or "".
func save_as(file_name: String, dir := "") -> String:
	var target := dir if not dir.is_empty() else designer_dir
	var saved: String = editor.save(target, file_name)
	if not saved.is_empty():
		level_name = file_name
		_remember_dir(target)
		mark_unsaved(false)
	status.emit(("saved %s" % saved) if not saved.is_empty() else editor.last_error())
	return saved


## Writes the play request (the level as it stands, as a one-level file); false when it cannot.
func write_play_request() -> bool:
	if not write_request(editor):
		status.emit("cannot write %s" % PLAY_REQUEST)
		return false
	return true


func play_in_game() -> void:
	if write_play_request() and not run_board():
		status.emit("play request written: run %s" % BOARD_SCENE)


## Writes `level_editor`'s level as the play request App.editor_request() reads; false when it
## cannot.
static func write_request(level_editor) -> bool:
	var file := FileAccess.open(PLAY_REQUEST, FileAccess.WRITE)
	if file == null:
		return false
	var level: Dictionary = level_editor.level()
	var request := {"number": int(level["number"]), "level_json": level_editor.level_json()}
	file.store_string(JSON.stringify(request))
	file.close()
	return true


## Runs the game's board scene from the Godot editor (it reads the play request); false outside it.
static func run_board() -> bool:
	if not Engine.is_editor_hint():
		return false
	EditorInterface.play_custom_scene(BOARD_SCENE)
	return true


## Whether `text` is a date the Daily Bench field takes ("" = today).
func is_date(text: String) -> bool:
	return _date_pattern.search(text.strip_edges()) != null


func _on_item(id: int) -> void:
	if unsaved and id in [Item.NEW, Item.SHIPPED, Item.FILE, Item.DAILY]:
		_after_discard = _open_item.bind(id)
		%DiscardDialog.popup_centered()
		return
	_open_item(id)


func _open_item(id: int) -> void:
	match id:
		Item.NEW:
			%NewDialog.popup_centered()
			%Width.get_line_edit().grab_focus()
		Item.SHIPPED:
			%ShippedDialog.popup_centered()
			%Number.get_line_edit().grab_focus()
		Item.FILE:
			%FileDialog.current_dir = designer_dir
			%FileDialog.popup_centered_ratio(0.6)
		Item.DAILY:
			%DailyDialog.popup_centered()
			%Date.grab_focus()
		Item.SAVE:
			if level_name.is_empty():
				_on_item(Item.SAVE_AS)
			else:
				save_as(level_name)
		Item.SAVE_AS:
			%SaveDialog.current_dir = designer_dir
			%SaveDialog.current_file = (
				(
					level_name
					if not level_name.is_empty()
					else "level_%d" % int(editor.level()["number"])
				)
				+ ".json"
			)
			%SaveDialog.popup_centered_ratio(0.6)
		Item.PLAY:
			play_in_game()


## A typed value counts without Enter: the fields' text is taken before their values are read.
func _on_new_dialog_confirmed() -> void:
	%Width.apply()
	%Height.apply()
	editor.new_blank(int(%Width.value), int(%Height.value))
	level_name = ""
	mark_unsaved(false)


func _on_shipped_dialog_confirmed() -> void:
	%Number.apply()
	open_shipped()
	level_name = ""
	mark_unsaved(false)


func _on_file_dialog_file_selected(path: String) -> void:
	if open_text(FileAccess.get_file_as_string(path), 0):
		level_name = path.get_file().get_basename()
		_remember_dir(path.get_base_dir())
		mark_unsaved(false)


func _on_save_dialog_file_selected(path: String) -> void:
	save_as(path.get_file().get_basename(), path.get_base_dir())


func _on_discard_dialog_confirmed() -> void:
	if _after_discard.is_valid():
		_after_discard.call()


func _show_name() -> void:
	text = (
		"Level%s%s"
		% [(": " + level_name) if not level_name.is_empty() else "", " •" if unsaved else ""]
	)
	tooltip_text = (
		"Open, make and save levels; play one in the game"
		+ ("\nThe level has unsaved edits." if unsaved else "")
	)


## The designer's folder: remembered for this project in the editor, else levels/custom/.
func _remembered_dir() -> String:
	var fallback := ProjectSettings.globalize_path(CUSTOM_DIR).simplify_path()
	if not Engine.is_editor_hint():
		return fallback
	var settings := EditorInterface.get_editor_settings()
	return str(settings.get_project_metadata(META[0], META[1], fallback))


func _remember_dir(dir: String) -> void:
	designer_dir = dir
	if Engine.is_editor_hint():
		EditorInterface.get_editor_settings().set_project_metadata(META[0], META[1], dir)


func _on_daily_dialog_confirmed() -> void:
	open_daily(%Date.text)


func _on_today_pressed() -> void:
	%Date.text = Time.get_date_string_from_system(true)
	_on_date_text_changed(%Date.text)


func _on_date_text_changed(text: String) -> void:
	var ok := is_date(text)
	%DailyDialog.get_ok_button().disabled = not ok
	%DateNote.text = (
		("empty: today (UTC)" if text.strip_edges().is_empty() else "a date: YYYY-MM-DD")
		if ok
		else "not a date: write it YYYY-MM-DD"
	)


func _on_daily_opened(result: Dictionary) -> void:
	if result.has("error"):
		status.emit("Daily Bench: %s" % result["error"])
	else:
		status.emit("Daily Bench #%d of %s open" % [int(result["bench"]), result["date"]])
