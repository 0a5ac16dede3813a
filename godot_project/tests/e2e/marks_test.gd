extends SceneTree
## Locks, keys and a bomb as the player meets them, by taps on a hand-made board
## (tests/levels/lock_bomb.json: keys 1 and 3 hold the locks of 4 and 6, screw 5 has a bomb of 5):
## the marks are drawn from the rows (each lock paired with its key's badge, the bomb's moves
## left), a tap on a locked screw is refused (nothing changes, the screw shakes), removing the key
## plays the lock's opening (EVENT_LOCK_OPENED reaches the animator) and its mark is gone, the bomb
## warns at 2 (pulsing; steady in its still look with reduce motion), and when it goes off the lose
## panel says a bomb went off.
##   -- --save=user://e2e/marks.json

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const BOARD := "res://scenes/board.tscn"
const LEVEL := "res://tests/levels/lock_bomb.json"
## A bolt and two screws with no wrench charge: once the two are out, nothing can be tapped.
const NO_MOVE := "res://tests/levels/no_move.json"

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "marks_test")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	d.app().set_setting("language", "en")
	await _play(false)
	d.app().set_setting("reduce_motion", true)
	await _play(true)
	d.app().set_setting("reduce_motion", false)
	await _no_move()
	await d.finish()


## A board where nothing can be tapped is over, and the lose panel says why.
func _no_move() -> void:
	var oracle = await open(d, Driver.PHONE, NO_MOVE)
	if oracle == null:
		return
	await Play.play_moves(d, oracle, [{"screw": 2, "wrench": false}, {"screw": 3, "wrench": false}])
	d.check(oracle.loss() == "no_legal_move", "the oracle has no move left: %s" % oracle.loss())
	d.check(d.visible("Hud/Root/LosePanel"), "the lose panel when no move is left")
	var title := d.text_of("Hud/Root/LosePanel/Box/LoseTitle")
	d.check(title == "LOSE_NO_MOVE", "the lose panel says no move is left: %s" % title)
	d.check(TranslationServer.translate(title) == "No move left", "its English text")


## The board of the level file `path` through a level request (its JSON in the request, as the
## editor's Play does), and an oracle GameSim of it.
static func open(driver: Driver, size := Driver.PHONE, path := LEVEL):
	var text := FileAccess.get_file_as_string(path)
	var number := int(JSON.parse_string(text)["number"])
	driver.app().board_request = {"mode": "level", "number": number, "level_json": text}
	if not await driver.start(BOARD, size):
		return null
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(text)
	return oracle


func _marks(id: int) -> ScrewMarks:
	return d.node("World").screw_node(id).marks()


func _play(still: bool) -> void:
	var oracle = await open(d)
	if oracle == null:
		return
	var tag := " (reduce motion)" if still else ""
	var animator: Node = d.node("Animator")
	d.check(_marks(4).lock_shown() and _marks(6).lock_shown(), "both locks drawn" + tag)
	d.check(not _marks(1).lock_shown(), "a key holder without a lock has none")
	d.check(_marks(5).bomb_text() == "5" and _marks(5).bomb_look() == "", "the bomb shows 5")
	# The locked screw: refused, nothing changes.
	var moves := d.text_of(Play.MOVES)
	var node: Node3D = d.node("World").screw_node(4)
	var base := node.position
	animator.auto_play = false
	await d.tap_screw(oracle, 4)
	animator.advance(animator.motion.shake * 0.4)
	var shook := node.position != base
	var beat: float = _marks(1).key_beat()
	animator.auto_play = true
	d.check(still or shook, "the locked screw shakes its head")
	d.check(still or beat > 1.1, "its key's badge beats: %.2f" % beat)
	d.check(d.text_of(Play.MOVES) == moves, "a locked tap is no move" + tag)
	d.check(node.visible and _marks(4).lock_shown(), "the locked screw stays, locked")
	# The key: its lock opens.
	var opened: int = animator.locks_opened
	await Play.play_moves(d, oracle, [{"screw": 1, "wrench": false}])
	d.check(animator.locks_opened == opened + 1, "EVENT_LOCK_OPENED reached the animator" + tag)
	await d.wait_until(func(): return not animator.busy(), 120, "the opening ends")
	d.check(not _marks(4).lock_shown(), "the opened lock's mark is gone" + tag)
	d.check(_marks(6).lock_shown(), "the other key's lock stays shut")
	d.check(_marks(5).bomb_text() == "4", "the bomb counted down to 4")
	# The screwdriver takes the key's move back: the lock shuts again, the bomb is back at 5.
	await d.tap_path(Play.SCREWDRIVER)
	await d.wait_until(func(): return not animator.busy(), 120, "the undo ends")
	d.check(_marks(4).lock_shown(), "the undo shut the lock again" + tag)
	d.check(_marks(5).bomb_text() == "5", "the undo gave the bomb its move back")
	oracle.undo()
	await Play.play_moves(d, oracle, [{"screw": 1, "wrench": false}])
	await d.wait_until(func(): return not animator.busy(), 120, "the opening ends")
	d.check(not _marks(4).lock_shown(), "the key's second removal opens it again")
	# Count the bomb down to its warning, then let it go off.
	await Play.play_moves(d, oracle, [{"screw": 2, "wrench": false}, {"screw": 7, "wrench": false}])
	var look := "still" if still else "warning"
	d.check(_marks(5).bomb_text() == "2", "the bomb at 2" + tag)
	d.check(_marks(5).bomb_look() == look, "the bomb warns at 2: %s" % _marks(5).bomb_look())
	var moves_now: Array = [{"screw": 8, "wrench": false}, {"screw": 4, "wrench": false}]
	await Play.play_moves(d, oracle, moves_now)
	d.check(oracle.loss() == "bomb", "the oracle lost by the bomb")
	d.check(d.visible("Hud/Root/LosePanel"), "the lose panel after the bomb" + tag)
	var title := d.text_of("Hud/Root/LosePanel/Box/LoseTitle")
	d.check(title == "LOSE_BOMB", "the lose panel says a bomb went off: %s" % title)
	d.check(TranslationServer.translate(title) == "A bomb went off", "its English text")
