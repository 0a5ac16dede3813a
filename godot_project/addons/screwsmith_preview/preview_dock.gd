@tool
extends VBoxContainer
## The designer's level preview: pick a level number or paste level JSON, see the board drawn
## by the game's own BoardWorld under the game's camera model, step through the stored solution
## (and back with undo), and see the SolveReport. The solver runs on the extension's Rust thread
## (LevelSolver); this dock only polls it each frame, so the editor never freezes. No rules
## here: every move is GameSim's, every number the solver's.

const BoardWorldScript := preload("res://scripts/board/board_world.gd")
const PREVIEW_SIZE := Vector2i(360, 640)
const REPORT_KEYS := [
	"status",
	"difficulty",
	"human_fail_rate",
	"average_peak_rail",
	"competent_win_rate",
	"min_rail_slots_required",
	"unique_solution",
	"blunder_rate",
	"taps",
	"nodes",
]

var _library = null
var _audit = null
var _palette: Array = []
var _solver = null
var _sim = null
var _level_json := ""
var _solution: Array = []
var _step := 0

var _number: SpinBox
var _json_edit: TextEdit
var _status: Label
var _step_label: Label
var _report: Label
var _progress: ProgressBar
var _viewport: SubViewport
var _camera: Camera3D
var _world: Node3D


func _ready() -> void:
	_build_ui()
	if not (ClassDB.class_exists("GameSim") and ClassDB.class_exists("LevelLibrary")):
		_status.text = "The screwsmith extension is not loaded: build it (README) and restart the editor."
		return
	_library = ClassDB.instantiate("LevelLibrary")
	_audit = ClassDB.instantiate("ReadabilityAudit")
	_palette = _audit.palette()
	_solver = ClassDB.instantiate("LevelSolver")
	add_child(_solver)
	_solver.progress.connect(_on_solver_progress)
	_solver.finished.connect(_on_solver_finished)
	if _library.load_default():
		_number.max_value = maxi(1, _library.count())
		_status.text = "%d baked levels" % _library.count()
	else:
		_status.text = "levels: %s" % _library.last_error()


func _process(_delta: float) -> void:
	# The solver node's own _process does not run in the editor; poll it here (never blocks).
	if _solver != null and _solver.is_running():
		_solver.poll()


func _build_ui() -> void:
	var pick := HBoxContainer.new()
	add_child(pick)
	_number = SpinBox.new()
	_number.min_value = 1
	_number.max_value = 1  # the library's count once it loads
	_number.prefix = "Level"
	pick.add_child(_number)
	_add_button(pick, "Show", _on_show_level)
	_json_edit = TextEdit.new()
	_json_edit.placeholder_text = "...or paste one level's JSON here"
	_json_edit.custom_minimum_size = Vector2(0, 60)
	add_child(_json_edit)
	_add_button(self, "Show pasted JSON", _on_show_json)

	# The board renders at PREVIEW_SIZE, the size its camera is computed for, and is shown scaled
	# to the dock. (A stretching SubViewportContainer would resize the viewport to the dock, and the
	# camera would not match it.)
	_viewport = SubViewport.new()
	_viewport.size = PREVIEW_SIZE
	_viewport.own_world_3d = true
	_viewport.render_target_update_mode = SubViewport.UPDATE_ALWAYS
	add_child(_viewport)
	var picture := TextureRect.new()
	picture.texture = _viewport.get_texture()
	picture.expand_mode = TextureRect.EXPAND_IGNORE_SIZE
	picture.stretch_mode = TextureRect.STRETCH_KEEP_ASPECT_CENTERED
	picture.custom_minimum_size = Vector2(PREVIEW_SIZE) * 0.5
	picture.size_flags_vertical = Control.SIZE_EXPAND_FILL
	add_child(picture)
	_camera = Camera3D.new()
	_camera.current = true
	_viewport.add_child(_camera)
	var sun := DirectionalLight3D.new()
	sun.rotation_degrees = Vector3(-60, 0, 0)
	_viewport.add_child(sun)

	var steps := HBoxContainer.new()
	add_child(steps)
	_add_button(steps, "|< Start", _on_restart)
	_add_button(steps, "< Undo", _on_undo)
	_add_button(steps, "Next >", _on_next)
	_step_label = Label.new()
	steps.add_child(_step_label)

	var solve := HBoxContainer.new()
	add_child(solve)
	_add_button(solve, "Solve", _on_solve.bind(false))
	_add_button(solve, "Verify", _on_solve.bind(true))
	_add_button(solve, "Cancel", _on_cancel)
	_progress = ProgressBar.new()
	_progress.max_value = 1.0
	_progress.step = 0.001
	_progress.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	solve.add_child(_progress)

	_status = Label.new()
	_status.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	add_child(_status)
	_report = Label.new()
	_report.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	add_child(_report)


func _add_button(parent: Node, text: String, handler: Callable) -> void:
	var button := Button.new()
	button.text = text
	button.pressed.connect(handler)
	parent.add_child(button)


func _on_show_level() -> void:
	if _library == null:
		return
	var text: String = _library.level_json(int(_number.value))
	if text.is_empty():
		_status.text = "level %d: %s" % [int(_number.value), _library.last_error()]
		return
	_show(text)


func _on_show_json() -> void:
	if _library != null:
		_show(_json_edit.text)


## Loads a level into a fresh GameSim and a fresh BoardWorld (sizes depend on the board).
func _show(text: String) -> void:
	var sim = ClassDB.instantiate("GameSim")
	if not sim.load_json(text):
		_status.text = "level JSON: %s" % sim.last_error()
		return
	_sim = sim
	_level_json = text
	_solution = _sim.solution()
	_step = 0
	_report.text = ""
	_progress.value = 0.0
	if _world != null:
		_world.queue_free()
	_world = BoardWorldScript.new()
	_viewport.add_child(_world)
	_world.build(_sim, _camera, PREVIEW_SIZE, ThemeDB.fallback_font, _audit)
	_status.text = (
		"level %d: %dx%d, %d screws, stored solution %d moves"
		% [_sim.level_number(), _sim.width(), _sim.height(), _sim.screws().size(), _solution.size()]
	)
	_redraw(_sim.state())


## Draws the rows `result` (a GameSim change's result, or its state()) carries.
func _redraw(result: Dictionary) -> void:
	if _sim == null or result.is_empty():
		return
	_world.show_rows(result["screws"], result["parts"], true, _palette)
	_step_label.text = "move %d / %d  (%s)" % [result["moves"], _solution.size(), result["status"]]


func _on_next() -> void:
	if _sim == null or _step >= _solution.size():
		return
	var move: Dictionary = _solution[_step]
	var id := int(move["screw"])
	var result: Dictionary = _sim.wrench_tap(id) if move["wrench"] else _sim.tap(id)
	if result.is_empty():
		_status.text = "stored move %d refused: %s" % [_step, _sim.last_error()]
		return
	_step += 1
	_redraw(result)


func _on_undo() -> void:
	if _sim == null:
		return
	var result: Dictionary = _sim.undo()
	if not result.is_empty():
		_step = maxi(0, _step - 1)
		_redraw(result)


func _on_restart() -> void:
	if _sim == null:
		return
	var result: Dictionary = _sim.restart()
	if not result.is_empty():
		_step = 0
		_redraw(result)


func _on_solve(verify: bool) -> void:
	if _solver == null or _level_json.is_empty():
		return
	if not _solver.start(_level_json, verify):
		_report.text = "solver: %s" % _solver.last_error()
		return
	_progress.value = 0.0
	_report.text = "solving..."


func _on_cancel() -> void:
	if _solver != null:
		_solver.cancel()


func _on_solver_progress(fraction: float) -> void:
	_progress.value = fraction


func _on_solver_finished(report: Dictionary) -> void:
	_progress.value = 1.0
	if report.has("error"):
		_report.text = "solver failed: %s" % report["error"]
		return
	var lines: PackedStringArray = []
	for key in REPORT_KEYS:
		if report.has(key):
			lines.append("%s: %s" % [key, str(report[key])])
	if report.get("cancelled", false):
		lines.append("(cancelled)")
	_report.text = "\n".join(lines)
