extends SceneTree
## Renders the level editor's view (addons/screwsmith_editor/editor_view.gd, the main screen the
## plugin mounts) with a shipped level open and its verdict in, to <out>/editor.png. Run under Xvfb
## with the Compatibility renderer (see scripts/screenshots.sh):
##   godot --path godot_project --rendering-method gl_compatibility --resolution 1280x800 \
##     -s res://tests/screenshots/editor_shot.gd -- --out=DIR [--level=N] [--frame=on]
## (--frame=on: the canvas shows the 720×1600 phone's camera frame).

const Driver := preload("res://tests/e2e/driver.gd")
const EditorView := preload("res://addons/screwsmith_editor/editor_view.gd")

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "editor_shot")
	_run.call_deferred()


func _run() -> void:
	root.size = Vector2i(1280, 800)
	var view: Control = EditorView.new()
	root.add_child(view)
	view.set_anchors_and_offsets_preset(Control.PRESET_FULL_RECT)
	await d.frames(3)
	var level := int(Driver.user_arg("level")) if not Driver.user_arg("level").is_empty() else 16
	view.canvas.show_phone_frame = Driver.user_arg("frame") == "on"
	view.files.number.value = level
	view.files.open_shipped()
	await d.wait_for(
		func(): return not view.editor.is_measuring() and not view.last_verdict.is_empty(),
		60.0,
		"the verdict"
	)
	view.select_tool("select")
	await d.tap(view.cell_centre(Vector2i(1, 1)))
	await d.frames(5)
	var path := Driver.user_arg("out").path_join("editor.png")
	var err := root.get_texture().get_image().save_png(path)
	d.check(err == OK, "saved %s" % path)
	print("editor_shot: %s" % path)
	view.queue_free()
	await d.finish()
