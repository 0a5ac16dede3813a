extends Node3D
## The board scene. Loads the level into GameSim, routes taps through the InputGate to a raycast
## against screw colliders, and redraws whenever GameSim says the state changed. No rules here:
## legality, crates, rail, win and loss are GameSim's; stars, losses and help are SaveData's.

var _sim = null
var _gate = null
var _request := {}
var _wrench_armed := false
var _animator: BoardAnimator = null

@onready var _camera: Camera3D = $Camera3D
@onready var _world: BoardWorld = $World
@onready var _hud: BoardHud = $Hud/Root


func _ready() -> void:
	_request = App.board_request
	if not App.extension_ok or _request.is_empty():
		App.go.call_deferred("menu")
		return
	_gate = ClassDB.instantiate("InputGate")
	_sim = ClassDB.instantiate("GameSim")
	if not _sim.load_json(_level_json()):
		push_error("level: %s" % _sim.last_error())
		App.notice = "ERROR_LEVEL"
		App.go.call_deferred("menu")
		return
	_sim.state_changed.connect(_redraw)
	_sim.level_won.connect(_on_level_won)
	_sim.level_lost.connect(_on_level_lost)
	var size := Vector2i(get_viewport().get_visible_rect().size)
	_world.build(_sim, _camera, size, App.ui_font(), App.audit)
	# After _redraw's connection: the animator starts from the state the board just drew, and
	# draws the HUD's crates and rail (when a move's flying screw lands).
	_animator = BoardAnimator.new()
	_animator.name = "Animator"
	add_child(_animator)
	_animator.attach(_sim, _world, _hud, _camera, _patterns())
	_fit()
	# Desktop window drags, split screen, rotation: the camera and the HUD bands follow the size.
	get_viewport().size_changed.connect(_fit)
	var title_key := "BOARD_DAILY" if _is_daily() else "BOARD_LEVEL"
	_hud.set_title(tr(title_key) % int(_request["number"]))
	_redraw()


## Fits camera and HUD to the viewport and the phone's safe area (notch, home indicator).
func _fit() -> void:
	var size := Vector2i(get_viewport().get_visible_rect().size)
	var safe := App.safe_area(get_viewport())
	var view: Dictionary = _world.fit(_camera, size, safe)
	_hud.reserve(view, safe, size)


## Releases first, whatever the board state: the gate ends a gesture before it looks at whether
## the board accepts input (a won board must never leave a drag stuck).
func _unhandled_input(event: InputEvent) -> void:
	if _gate == null:
		return
	var action: Dictionary = _gate.feed(event, _accepting())
	if action.get("action", "") == "tap":
		_tap(Vector2(action["position"]))
	elif not _accepting() and _pressed(event):
		# A won or lost board takes no move; a touch skips to its result panel.
		_animator.finish()


func _pressed(event: InputEvent) -> bool:
	return (
		(event is InputEventScreenTouch or event is InputEventMouseButton) and event.is_pressed()
	)


func _accepting() -> bool:
	return _sim != null and _sim.status() == "playing"


func _is_daily() -> bool:
	return _request.get("mode", "") == "daily"


func _level_json() -> String:
	if _is_daily():
		return _request["level_json"]
	var n := int(_request["number"])
	# Invisible help: after enough saved losses the 4th try gets the extension's recoloured copy.
	if App.save.needs_help(n):
		return App.library.help_level_json(n)
	return App.library.level_json(n)


func _tap(screen_pos: Vector2) -> void:
	# The tap is taken now: whatever still moves jumps to where the core already put it.
	_animator.finish()
	var id := _world.screw_at(_camera, screen_pos)
	if id < 0:
		return
	var ok: bool = _sim.wrench_tap(id) if _wrench_armed else _sim.tap(id)
	if _wrench_armed:
		# Disarmed: only the tools change (a full _redraw would end the move's animation at once).
		_wrench_armed = false
		_hud.show_tools(_sim, _wrench_armed)
	if not ok:
		_animator.refuse(id)


## The board and the HUD's tools; the HUD's crates and rail are the animator's (BoardAnimator).
func _redraw() -> void:
	if _animator != null:
		_animator.finish()
	_world.show_state(_sim, _patterns(), App.palette)
	_hud.show_tools(_sim, _wrench_armed)


func _patterns() -> bool:
	return App.setting("colorblind_patterns") == true


func _on_level_won() -> void:
	var stars := 0
	if _is_daily():
		_record(App.save.record_daily(
			_request["bench"], _request["date"], true, _sim.move_count()
		))
	else:
		stars = App.save.record_win(int(_request["number"]), _sim.screwdriver_used())
		_record(stars >= 0)
	# Saved now; shown when the last screw has landed and the crates have celebrated.
	_animator.after_move(_hud.show_won.bind(stars, _is_daily()))


func _on_level_lost() -> void:
	if _is_daily():
		_record(App.save.record_daily(
			_request["bench"], _request["date"], false, _sim.move_count()
		))
	else:
		_record(App.save.record_loss(int(_request["number"])) >= 0)
	# Shown after the blocking screw has pulsed and the rail has shaken.
	_animator.after_move(_hud.show_lost)


func _record(ok: bool) -> void:
	if not ok:
		push_error("save: %s" % App.save.last_error())
		App.notice = "MENU_SAVE_FAILED"


## Tools act only while the game is on: a won or lost board is locked (its result is saved). The
## limit is GameSim's; a refused press changes nothing.
func _on_screwdriver_pressed() -> void:
	_animator.finish()
	if not _accepting() or not _sim.screwdriver():
		App.buzz(15)


func _on_wrench_toggled(on: bool) -> void:
	_wrench_armed = on and _accepting() and _sim.wrench_charges() > 0
	_redraw()


func _on_retry_pressed() -> void:
	App.click()
	App.go("board")


func _on_next_pressed() -> void:
	App.click()
	App.play_level(int(_request["number"]) + 1)


func _on_menu_pressed() -> void:
	App.go("menu")


func _on_copy_pressed() -> void:
	DisplayServer.clipboard_set(App.share_text(int(_request["bench"]), _sim.move_count()))
	_hud.mark_copied()
