@tool
extends EditorPlugin
## Adds the level preview dock. The work is in preview_dock.gd; this mounts and unmounts it.
##
## The dock sits in a scroll box: its board picture, buttons and the solver's report are taller
## than a 1280×800 editor's dock column, and a dock's minimum height becomes the editor window's,
## which would push the editor's bottom panel and status line off the screen.

const PreviewDock := preload("res://addons/screwsmith_preview/preview_dock.gd")

var _scroll: ScrollContainer


func _enter_tree() -> void:
	_scroll = ScrollContainer.new()
	_scroll.name = "Screwsmith"
	_scroll.horizontal_scroll_mode = ScrollContainer.SCROLL_MODE_DISABLED
	var dock: Control = PreviewDock.new()
	dock.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	_scroll.add_child(dock)
	add_control_to_dock(DOCK_SLOT_RIGHT_UL, _scroll)


func _exit_tree() -> void:
	if _scroll != null:
		remove_control_from_docks(_scroll)
		_scroll.queue_free()
		_scroll = null
