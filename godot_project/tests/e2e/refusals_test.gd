extends SceneTree
## Every kind of refused tap, by taps on a hand-made board (MechanicLevels.refusal_json()): a locked
## screw, a bolt by finger, a covered screw, the armed wrench on a normal screw. Each says why in
## one line under the HUD's top band (its strings-table key and its English text), moves nothing,
## and logs no engine error (scripts/godot_check.sh fails this run on any ERROR line). The locked
## tap links the lock to its key; the wrench aimed at a normal screw stays armed and then turns the
## bolt; a move clears the line. Played twice: with motion and with reduce motion.
##   -- --save=user://e2e/refusals.json

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const Levels := preload("res://tests/e2e/mechanic_levels.gd")
const BOARD := "res://scenes/board.tscn"
const WRENCH := "Hud/Root/Bottom/Tools/Wrench"

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "refusals_test")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	d.app().set_setting("language", "en")
	for still: bool in [false, true]:
		d.app().set_setting("reduce_motion", still)
		await _play(still)
	d.app().set_setting("reduce_motion", false)
	await d.finish()


func _play(still: bool) -> void:
	var text := Levels.refusal_json()
	d.app().board_request = {"mode": "level", "number": Levels.NUMBER, "level_json": text}
	if not await d.start(BOARD):
		return
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(text)
	var tag := " (reduce motion)" if still else ""
	var line: RefusalLine = d.node("Hud/Root").refusal
	var link: LockLink = d.node("World/LockLink")
	var moves := d.text_of(Play.MOVES)
	await d.tap_screw(oracle, 4)
	_says(line, "REFUSED_LOCKED", "Locked: take out the screw with its key first", tag)
	d.check(link.shown(), "the locked tap links the lock to its key" + tag)
	await d.tap_screw(oracle, 2)
	_says(line, "REFUSED_BOLT", "A bolt: tap the wrench first", tag)
	d.check(not link.shown(), "the next tap takes the link away")
	await d.tap_screw(oracle, 5)
	_says(line, "REFUSED_COVERED", "Covered: free the plates above it first", tag)
	d.check(d.text_of(Play.MOVES) == moves, "no refused tap is a move: %s" % d.text_of(Play.MOVES))
	await d.tap_path(WRENCH)
	var wrench: Button = d.node(WRENCH)
	d.check(wrench.button_pressed, "the wrench is armed")
	await d.tap_screw(oracle, 3)
	_says(line, "REFUSED_WRENCH_NORMAL", "The wrench only turns bolts", tag)
	d.check(wrench.button_pressed, "aimed at a normal screw, the wrench stays armed" + tag)
	var armed := d.text_of(Play.MOVES)
	d.check(armed == "BOARD_WRENCH_HINT" or armed == "Tap a bolt", "still armed: %s" % armed)
	# The armed wrench then turns the bolt: a move, and the line goes.
	await d.tap_screw(oracle, 2)
	d.check(d.text_of(Play.MOVES) != moves, "the wrench turned the bolt" + tag)
	d.check(line.saying() == "", "a move clears the line")
	d.check(not wrench.button_pressed, "the wrench is put down after its move")


## The line shows `key`, which reads `english`, on screen.
func _says(line: RefusalLine, key: String, english: String, tag: String) -> void:
	d.check(line.saying() == key, "the line says %s: '%s'%s" % [key, line.saying(), tag])
	d.check(line.is_visible_in_tree(), "the line is on screen" + tag)
	d.check(TranslationServer.translate(key) == english, "%s reads '%s'" % [key, english])
