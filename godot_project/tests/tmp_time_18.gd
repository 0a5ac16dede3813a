extends SceneTree
func _initialize() -> void:
	_run.call_deferred()
func _run() -> void:
	var app = root.get_node("App")
	var json: String = app.library.level_json(180)
	var t := Time.get_ticks_usec()
