extends Node3D
## The board scene. Loads the level into GameSim, routes taps through the InputGate to a raycast
## against screw colliders, and hands the one result each move returns to the world (rows), the HUD
## (tools) and the animator. No rules here: legality, crates, rail, win and loss are GameSim's;
## stars, losses and help are SaveData's; the hint, its glow and Rewind are HintFlow's. A tap
## costs the extension three calls: one gate feed for the press's frame, one for the release's
## (each hands over all of its frame's events: a touch and its emulated mouse twin), and
## GameSim.play, whose one result is the move or why it was refused.

## The notifications that keep the attempt in progress in the save.
const KEEP_ON := [
	NOTIFICATION_APPLICATION_PAUSED, NOTIFICATION_APPLICATION_FOCUS_OUT, NOTIFICATION_WM_CLOSE_REQUEST
]

var _sim: GameSim
var _gate: InputGate
var _request := {}
var _wrench_armed := false
## The last result GameSim returned (or its state at load): status, counters, the HUD's rows.
var _state := {}
## This frame's input events, fed to the gate together when the board processes (one call).
var _pending: Array[InputEvent] = []
## The pause sheet and the introduction cards with level 1's pointer (onboarding.gd): nodes of the
## scene, held here once the level has loaded (null: it did not, and the board is leaving).
var _sheet: PauseSheet = null
var _intro: BoardOnboarding = null

@onready var _camera: Camera3D = %Camera3D
@onready var _world: BoardWorld = %World
@onready var _hud: BoardHud = %Root
@onready var _animator: BoardAnimator = $Animator
@onready var _hint: HintFlow = $Hint
## The line from a refused lock to the screw holding its key (lock_link.gd), over the plates.
@onready var _link: LockLink = %LockLink


func _ready() -> void:
	_request = App.board_request if not App.board_request.is_empty() else App.editor_request()
	if not App.extension_ok or _request.is_empty():
		App.go.call_deferred("menu")
		return
	_gate = InputGate.new()
	_sim = GameSim.new()
	var level_json := _level_json()
	if not _sim.load_json(level_json):
		push_error("level: %s" % _sim.last_error())
		App.notice = "ERROR_LEVEL"
		App.go.call_deferred("menu")
		return
	_state = _sim.state()
	if _request.get("resume", false):
		_resume()
	_keep_journal()
	var size := Vector2i(get_viewport().get_visible_rect().size)
	_world.build(_sim, _camera, size, App.ui_font(), App.audit)
	_hud.patterns = _patterns()
	_animator.attach(_world, _hud, _camera)
	_hint.attach(_sim, level_json, _world, _hud)
	_fit()
	# Desktop window drags, split screen, rotation: the camera and the HUD bands follow the size.
	get_viewport().size_changed.connect(_fit)
	var title_key := "BOARD_DAILY" if _is_daily() else "BOARD_LEVEL"
	_hud.set_title(tr(title_key) % int(_request["number"]))
	_intro = %Onboarding
	_sheet = %PauseSheet
	_world.still = App.setting("reduce_motion") == true
	_world.show_rows(_state["screws"], _state["parts"], _patterns(), App.palette)
	_hud.show_tools(_state, _wrench_armed)
	_hud.show_result(_state)
	_intro.start(_sim, int(_request["number"]), _is_daily(), _world, _camera)


## Fits camera and HUD to the viewport and the phone's safe area (notch, home indicator).
func _fit() -> void:
	var size := Vector2i(get_viewport().get_visible_rect().size)
	var safe := App.safe_area(get_viewport())
	var view: Dictionary = _world.fit(_camera, size, safe)
	_hud.reserve(view, safe, size)


func _unhandled_input(event: InputEvent) -> void:
	if _gate != null:
		_pending.append(event)


## Input events arrive before the frame's process step: the board hands them over here, still in
## their frame, before anything draws.
func _process(_delta: float) -> void:
	if not _pending.is_empty():
		_feed()


## Releases first, whatever the board state: the gate ends a gesture before it looks at whether
## the board accepts input (a won board must never leave a drag stuck). A tap that ends the game
## locks the board for the rest of its frame too: a later tap of the frame is dropped.
func _feed() -> void:
	var events := _pending
	_pending = []
	# Under the pause sheet or an introduction card the board takes no tap (a touch reaches here
	# even when a Control took its emulated mouse twin).
	var open := _accepting() and not (_sheet != null and (_sheet.visible or _intro.blocking()))
	var fed: Array[Dictionary] = _gate.feed_events(events, open)
	for i in fed.size():
		if fed[i]["action"] == "tap" and open and not _sheet.visible:
			_tap(Vector2(fed[i]["position"]))
		elif not _accepting() and _pressed(events[i]):
			# A won or lost board takes no move; a touch skips to its result panel.
			_animator.finish()


func _pressed(event: InputEvent) -> bool:
	return (event is InputEventScreenTouch or event is InputEventMouseButton) and event.is_pressed()


func _accepting() -> bool:
	return _state.get("status", "") == "playing"


func _is_daily() -> bool:
	return _request.get("mode", "") == "daily"


func _level_json() -> String:
	if _request.has("level_json"):
		return _request["level_json"]
	var n := int(_request["number"])
	# Invisible help: after enough saved losses the 4th try gets the extension's recoloured copy.
	if App.save.needs_help(n):
		return App.library.help_level_json(n)
	return App.library.level_json(n)


func _tap(screen_pos: Vector2) -> void:
	# The tap is taken now: whatever still moves jumps to where the core already put it.
	_animator.finish()
	_link.clear()
	var id := _world.screw_at(_camera, screen_pos)
	if id < 0:
		return
	# One call: the move's result, or why the rules refused it (nothing moved).
	var result: Dictionary = _sim.play(id, _wrench_armed)
	if result.is_empty():
		# A fault (GameSim logged it), not a player's refusal.
		_refused({"screw": id, "key": -1, "message": "", "keeps_wrench": false})
		return
	if not (result["refusal"] as Dictionary).is_empty():
		_refused(result["refusal"])
		return
	# Disarmed: only the tools change (a full redraw would end the move's animation at once).
	_wrench_armed = false
	_take(result)


## A tap the rules refused (GameSim.play's `refusal`): the line says why, the screw shakes, a
## locked screw's key beats and a link is drawn to it. The wrench stays armed when the core says
## a player still means to use it.
func _refused(refusal: Dictionary) -> void:
	_wrench_armed = _wrench_armed and refusal["keeps_wrench"]
	_hud.show_tools(_state, _wrench_armed)
	var still: bool = App.setting("reduce_motion") == true
	_hud.refusal.say(refusal["message"], still)
	var key := int(refusal["key"])
	if key >= 0:
		_link.link_screws(_world.screw_node(int(refusal["screw"])), _world.screw_node(key), still)
	_animator.refuse(int(refusal["screw"]))


## A move's (or undo's) result: the world redraws the rows it changed, the HUD its tools, the
## animator plays it (and draws the HUD's crates, queue and rail as the screws land).
## GameSim counted a shown hint: its result (no rows) is the board's state.
func _on_hint_noted(state: Dictionary) -> void:
	_state = state


func _take(result: Dictionary) -> void:
	_state = result
	_hint.changed()
	_animator.finish()
	for event: Dictionary in result["events"]:
		if event["kind"] == GameSim.EVENT_LEVEL_WON:
			_on_level_won()
		elif event["kind"] == GameSim.EVENT_LEVEL_LOST:
			_on_level_lost(str(event["reason"]))
	_world.show_rows(result["screws"], result["parts"], _patterns(), App.palette)
	_hud.refusal.clear()
	_hud.show_tools(result, _wrench_armed)
	_animator.play(result)
	_intro.after_move(_sim)


func _patterns() -> bool:
	return App.setting("colorblind_patterns") == true


func _on_level_won() -> void:
	var stars := 0
	var missing: Array = []
	if _is_daily():
		_record(_record_daily(true))
	else:
		var n := int(_request["number"])
		stars = App.save.record_win(n, _state["screwdriver_used"], _state["helped"])
		_record(stars >= 0)
		missing = App.save.missing_stars(_state["screwdriver_used"], _state["helped"])
	# Saved now; shown when the last screw has landed and the crates have celebrated.
	_animator.after_move(_hud.show_won.bind(stars, _is_daily(), missing))


## A loss (a level's, or a Daily Bench attempt) is counted when the player leaves the lost board
## (or the app is closed on it): until then the lose panel may offer the rescue. `reason`: why, as
## `GameSim.loss()` says it (the panel's title names it).
func _on_level_lost(reason: String) -> void:
	# Shown after the blocking screw has pulsed and the rail has shaken.
	_animator.after_move(_hud.show_lost.bind(_state["rescue_ready"], reason))


## GameSim says once whether the lost board's loss is still to be saved (never twice).
func _settle_loss() -> void:
	if _sim != null and _sim.settle_loss():
		if _is_daily():
			_record(_record_daily(false))
		else:
			_record(App.save.record_loss(int(_request["number"])) >= 0)
		_hud.withdraw_rescue()


## "Undo last move" on the lose panel: the screwdriver takes back the losing move (GameSim decides
## whether it may) and the board is in play again.
func _on_undo_last_pressed() -> void:
	App.click()
	var result: Dictionary = _sim.rescue()
	if result.is_empty():
		App.buzz(15)
		return
	_take(result)
	_hud.hide_lost()


## Every way off the board (Retry, Menu, Android back, any scene change) counts a lost board's loss.
func _exit_tree() -> void:
	_settle_loss()


## A finished bench attempt with what its score counts (SaveData keeps the day's best).
func _record_daily(won: bool) -> bool:
	return App.save.record_daily(
		_request["bench"],
		_request["date"],
		won,
		_state["moves"],
		_state["screwdriver_used"],
		_state.get("hints_used", 0)
	)


func _record(ok: bool) -> void:
	if not ok:
		push_error("save: %s" % App.save.last_error())
		App.notice = "MENU_SAVE_FAILED"


## Tools act only while the game is on: a won or lost board is locked (its result is saved). The
## limit is GameSim's; a refused press changes nothing.
func _on_screwdriver_pressed() -> void:
	_animator.finish()
	var result: Dictionary = _sim.screwdriver() if _accepting() else {}
	if result.is_empty():
		App.buzz(15)
		return
	_take(result)


func _on_wrench_toggled(on: bool) -> void:
	_animator.finish()
	_wrench_armed = on and _accepting() and int(_state["wrench_charges"]) > 0
	_hud.show_tools(_state, _wrench_armed)


func _on_retry_pressed() -> void:
	App.click()
	# Saved before the next attempt loads: it may be the help copy.
	_settle_loss()
	App.board_request.erase("resume")
	App.go("board")


func _on_next_pressed() -> void:
	App.click()
	# A level the editor's Play handed over has no next one: the designer's level is played again.
	if not _request.has("level_json"):
		App.play_level(int(_request["number"]) + 1)
		return
	App.board_request = _request
	App.go("board")


func _on_menu_pressed() -> void:
	_settle_loss()
	_forget_attempt()
	App.go("menu")


## The player ended this attempt (left or restarted it): Continue no longer resumes it. A Daily
## Bench's attempt is kept apart, so leaving one keeps a level's attempt.
func _forget_attempt() -> void:
	if _is_daily():
		App.save.forget_daily_in_progress()
	else:
		App.save.forget_in_progress()


## From here on SaveData keeps every move of this attempt (GameSim appends each before it returns):
## a kill at any moment resumes it.
func _keep_journal() -> void:
	var ok: bool = (
		App.save.journal_daily(_sim, int(_request["bench"]), str(_request["date"]))
		if _is_daily()
		else App.save.journal_level(_sim, int(_request["number"]))
	)
	if not ok:
		push_error("save: %s" % App.save.last_error())


## The attempt the app was closed in, replayed by GameSim and checked against the save; one that
## does not replay resumes nothing (the level starts fresh) and is forgotten, the rest of the save
## untouched.
func _resume() -> void:
	var resumed: Dictionary = _sim.resume(_level_json(), App.save)
	if resumed.is_empty():
		App.save.forget_in_progress()
		_state = _sim.state()
	else:
		_state = resumed


## Android and iOS may end a backgrounded app without a word: the attempt is kept whenever the app
## leaves the foreground or is asked to close (SaveData writes it atomically), and a lost board's
## loss (a level's or a Daily Bench attempt's) is counted then. A bench attempt is never resumed.
func _notification(what: int) -> void:
	if _sim == null or not what in KEEP_ON:
		return
	if what != NOTIFICATION_APPLICATION_FOCUS_OUT:
		_settle_loss()
	if not _is_daily():
		App.save.keep_in_progress(int(_request["number"]), _sim)


func _on_pause_pressed() -> void:
	App.click()
	_animator.finish()
	_sheet.open(_in_progress())


## The tool row's restart: mid-level it asks first, on the pause sheet.
func _on_restart_asked() -> void:
	_animator.finish()
	_sheet.ask_to_restart(_in_progress())


## Starts the attempt again from the level's first state (no loss is counted: the player chose it).
func _on_restart_pressed() -> void:
	App.click()
	_forget_attempt()
	App.board_request.erase("resume")
	App.go("board")


## Android back (App forwards it here): mid-level it asks before leaving; on the sheet it steps
## back.
func go_back() -> void:
	if _sheet == null:
		App.go("menu")
	elif _sheet.visible:
		_sheet.back()
	elif _in_progress():
		_animator.finish()
		_sheet.ask_to_leave()
	else:
		App.go("menu")


## Leaving now would throw away moves of an attempt still being played.
func _in_progress() -> bool:
	return _accepting() and int(_state.get("moves", 0)) > 0


## A switch on the pause sheet: colour-blind marks and a warning bomb's look (still with reduce
## motion) are redrawn at once on every screw (motion and sound are read at every move).
func _on_settings_changed() -> void:
	_hud.patterns = _patterns()
	_world.still = App.setting("reduce_motion") == true
	# Every row, not the last move's: the switch changes how every screw is drawn.
	var board: Dictionary = _sim.state()
	_world.show_rows(board["screws"], board["parts"], _patterns(), App.palette)
	_hud.show_result(_state)


func _on_copy_pressed() -> void:
	DisplayServer.clipboard_set(App.daily_share(int(_request["bench"])))
	_hud.mark_copied()
