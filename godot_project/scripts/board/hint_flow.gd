class_name HintFlow
extends Node
## The hint on the board. The hint button asks HintJob about the moves GameSim has
## played: the solver runs on the extension's worker thread and the job node polls it, so no frame
## waits for it, and the button shows it is busy meanwhile. The answer is drawn here: a move makes
## its screw glow; "lost" says the board can no longer be won and offers Rewind (GameSim goes back
## to the last winnable point, the move that lost it is marked); "unknown" says so. GameSim counts
## the hints and does the rewind; the board takes the changed state from the signals.

## GameSim counted a shown hint: a result with no rows (the board keeps it as its state).
signal noted(state: Dictionary)
## GameSim rewound: the change's result, for the board to take like a move's.
signal rewound(result: Dictionary)

## How long the banner's "unknown" and "rewound" notes stay (seconds).
const NOTE_SECONDS := 4.0

var _sim: GameSim
var _level_json := ""
var _hud: BoardHud
var _glow: HintGlow
var _job: Node
## Bumped at every change of the board: an answer about an older board is dropped.
var _board := 0
var _asked := -1
var _last_winnable := -1
var _losing := -1
## A hint is being worked out (set when the job starts, cleared by its answer or a cancel): a tap
## asks this, not the job, so the tap's path makes no call into the extension for it.
var _thinking := false


func attach(sim: GameSim, level_json: String, world: BoardWorld, hud: BoardHud) -> void:
	_sim = sim
	_level_json = level_json
	_hud = hud
	_glow = HintGlow.new()
	_glow.name = "HintGlow"
	world.add_child(_glow)
	_glow.attach(world, App.ui_font())
	_job = ClassDB.instantiate("HintJob")
	_job.name = "HintJob"
	add_child(_job)
	# The job polls its thread in _process, a call into the extension every frame: only while a
	# hint is being worked out (or a cancelled one has not said so yet).
	_job.set_process(false)
	_job.finished.connect(_on_finished)
	hud.hint_pressed.connect(ask)
	hud.banner.rewind_pressed.connect(rewind)


## The hint button: starts the hint on the board as it is now (a second press while it thinks
## does nothing).
func ask() -> void:
	App.click()
	if _thinking or _job.is_running() or _sim.status() != "playing":
		return
	_glow.clear_glow()
	_hud.banner.clear()
	if not _job.start(_level_json, _sim.history()):
		push_warning("hint: %s" % _job.last_error())
		_hud.banner.say("BOARD_HINT_UNKNOWN", false)
		return
	_asked = _board
	_thinking = true
	_job.set_process(true)
	_hud.hint_busy(true)


## The board changed (a move, an undo, the rescue, a rewind): the glow and the banner are about
## the board before, and a hint still thinking is about it too.
func changed() -> void:
	_board += 1
	_glow.clear_glow()
	_glow.clear_mark()
	_hud.banner.clear()
	if _thinking:
		_thinking = false
		_job.cancel()
	_hud.hint_busy(false)


## The screw that glows (-1: none) and the screw marked after a rewind: what the player sees.
func glowing() -> int:
	return _glow.glowing()


func marked() -> int:
	return _glow.marked()


func _on_finished(answer: Dictionary) -> void:
	if _asked != _board:
		_job.set_process(_thinking)
		return
	_thinking = false
	_job.set_process(false)
	_hud.hint_busy(false)
	match answer.get("status", ""):
		"move":
			noted.emit(_sim.note_hint())
			_glow.glow(int(answer["screw"]), App.setting("reduce_motion") == true)
		"lost":
			noted.emit(_sim.note_hint())
			var k = answer.get("last_winnable")
			_last_winnable = int(k) if k != null else -1
			_losing = int(answer["losing_move"]["screw"]) if k != null else -1
			_hud.banner.say("BOARD_HINT_LOST", _last_winnable >= 0)
		_:
			if answer.has("error"):
				push_warning("hint: %s" % answer["error"])
			_say_for_a_while("BOARD_HINT_UNKNOWN")


## Rewind on the banner: the board goes back to its last winnable point and the move that lost it
## is marked; the next hint wins from there.
func rewind() -> void:
	App.click()
	if _last_winnable < 0:
		return
	var result := _sim.rewind(_last_winnable)
	if result.is_empty():
		push_warning("rewind: %s" % _sim.last_error())
		return
	_last_winnable = -1
	rewound.emit(result)
	_glow.mark(_losing)
	_say_for_a_while("BOARD_HINT_REWOUND")


func _say_for_a_while(key: String) -> void:
	_hud.banner.say(key, false)
	var board := _board
	get_tree().create_timer(NOTE_SECONDS).timeout.connect(
		func():
			if board == _board and _hud.banner.saying() == key:
				_hud.banner.clear()
	)
