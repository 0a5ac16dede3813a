@tool
extends EditorPlugin
## Adds the level preview dock. The work is in preview_dock.gd; this mounts and unmounts it.

const PreviewDock := preload("res://addons/screwsmith_preview/preview_dock.gd")

var _dock: Control


func _enter_tree() -> void:
	_dock = PreviewDock.new()
	_dock.name = "Screwsmith"
	add_control_to_dock(DOCK_SLOT_RIGHT_UL, _dock)


func _exit_tree() -> void:
	if _dock != null:
		remove_control_from_docks(_dock)
		_dock.queue_free()
		_dock = null
