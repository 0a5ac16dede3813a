@tool
extends HFlowContainer
## The level editor's file bar: a blank level, a shipped level, a designer file, the Daily Bench
## of a date (made on the extension's thread by LevelEditor.open_daily: the editor's frame never
## waits), save under levels/custom/, and Play: the level in the game's board scene.

signal status(text: String)

const CUSTOM_DIR := "res://../levels/custom"
const FileMenu := preload("res://addons/screwsmith_editor/widgets/file_menu.gd")
## What Play hands the game (App.editor_request() reads it once, then deletes it).
const PLAY_REQUEST := FileMenu.PLAY_REQUEST
const BOARD_SCENE := FileMenu.BOARD_SCENE

var editor = null
var number: SpinBox
var path: LineEdit
var date: LineEdit
var level_name: LineEdit
var play_button: Button


func setup(level_editor) -> void:
	editor = level_editor
	editor.daily_opened.connect(_on_daily_opened)


func build(add_spin: Callable, add_button: Callable) -> void:
	add_button.call(self, "New", func(): editor.new_blank(6, 8))
	number = add_spin.call(self, "shipped level", 1, _shipped_count(), 1)
	add_button.call(self, "Open shipped", open_shipped)
	path = _line("designer file (res:// or absolute)", 220)
	add_button.call(
		self, "Open file", func(): open_text(FileAccess.get_file_as_string(path.text), 0)
	)
	date = _line("YYYY-MM-DD", 190)
	date.tooltip_text = "The Daily Bench's date (empty: today, UTC)"
	add_button.call(self, "Open Daily Bench", func(): open_daily(date.text))
	level_name = _line("file name", 160)
	level_name.text = "my_level"
	add_button.call(self, "Save", func(): save_as(level_name.text))
	play_button = add_button.call(self, "Play in game", play_in_game)


## How many levels ship: the count of the library the game reads, never a copy of the number.
func _shipped_count() -> int:
	var library = ClassDB.instantiate("LevelLibrary")
	return maxi(1, library.count()) if library.load_default() else 1


func open_shipped() -> void:
	open_text(FileAccess.get_file_as_string("res://levels/levels.json"), int(number.value) - 1)


func open_text(text: String, index: int) -> void:
	if not editor.load_json(text, index):
		status.emit(editor.last_error())


## Starts making the Daily Bench of `day` ("" = today); the level opens when it is made.
func open_daily(day: String) -> bool:
	if not editor.open_daily(day.strip_edges()):
		status.emit(editor.last_error())
		return false
	status.emit("making the Daily Bench %s…" % day)
	return true


## Saves under levels/custom/ (or `dir`); returns the file's path or "".
func save_as(file_name: String, dir := "") -> String:
	var target := dir if not dir.is_empty() else ProjectSettings.globalize_path(CUSTOM_DIR)
	var saved: String = editor.save(target, file_name)
	status.emit(("saved %s" % saved) if not saved.is_empty() else editor.last_error())
	return saved


## Writes the play request (the level as it stands, as a one-level file); false when it cannot.
func write_play_request() -> bool:
	if not FileMenu.write_request(editor):
		status.emit("cannot write %s" % PLAY_REQUEST)
		return false
	return true


func play_in_game() -> void:
	if write_play_request() and not FileMenu.run_board():
		status.emit("play request written: run %s" % BOARD_SCENE)


func _on_daily_opened(result: Dictionary) -> void:
	if result.has("error"):
		status.emit("Daily Bench: %s" % result["error"])
	else:
		status.emit("Daily Bench #%d of %s open" % [int(result["bench"]), result["date"]])


func _line(placeholder: String, width: int) -> LineEdit:
	var line := LineEdit.new()
	line.placeholder_text = placeholder
	line.custom_minimum_size.x = width
	add_child(line)
	return line
