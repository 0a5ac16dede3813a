@tool
extends EditorPlugin
## Adds the "Screwsmith" main screen: the level editor (editor_screen.tscn). Every edit goes through
## the editor's EditorUndoRedoManager (Ctrl+Z / Ctrl+Shift+Z), in the global history, not a scene's.
## With SCREWSMITH_EDITOR_SCREENS set, editor_screens.gd drives the screen for the pictures
## scripts/editor_screens.sh takes.

const EditorScreen := preload("res://addons/screwsmith_editor/editor_screen.tscn")
const EditorScreens := preload("res://addons/screwsmith_editor/editor_screens.gd")

var _view: Control


func _enter_tree() -> void:
	_view = EditorScreen.instantiate()
	_view.name = "ScrewsmithEditor"
	_view.undo_redo = get_undo_redo()
	_view.size_flags_vertical = Control.SIZE_EXPAND_FILL
	EditorInterface.get_editor_main_screen().add_child(_view)
	_make_visible(false)
	if OS.has_environment(EditorScreens.ENV):
		var screens: Node = EditorScreens.new()
		screens.view = _view
		_view.add_child(screens)


func _exit_tree() -> void:
	if _view != null:
		_view.queue_free()
		_view = null


func _has_main_screen() -> bool:
	return true


func _make_visible(visible: bool) -> void:
	if _view != null:
		_view.visible = visible


func _get_plugin_name() -> String:
	return "Screwsmith"


func _get_plugin_icon() -> Texture2D:
	return EditorInterface.get_editor_theme().get_icon("TileMap", "EditorIcons")
