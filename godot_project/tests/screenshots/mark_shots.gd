extends SceneTree
## Renders the lock, key and bomb marks (scripts/screenshots.sh, under Xvfb like shoot.gd) on the
## hand-made board of tests/levels/lock_bomb.json, played by taps: the board with its two locks,
## their keys and the bomb at 5; the lock opening, caught mid-animation; the bomb at 1, warning,
## and the same with reduce motion; the bomb going off (its burst mid-flash, then the board held
## with its red ring before the panel; the same still with reduce motion); the lose panel after
## the bomb went off; and the largest board
## (7 × 10, tests/levels/large_marks.json) with four keys, their locks and two bombs, where the
## marks are their smallest.
##   -- --save=user://shots/marks.json --out=DIR --name=phone --size=720x1600 --lang=en

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const Still := preload("res://tests/screenshots/still.gd")
const Marks := preload("res://tests/e2e/marks_test.gd")
const LARGE := "res://tests/levels/large_marks.json"

var d: Driver
var _shots := 0


func _initialize() -> void:
	d = Driver.new(self, "mark_shots")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	var size := Driver.size_arg()
	d.app().set_setting("language", Driver.user_arg("lang"))
	await _board(size)
	d.app().set_setting("reduce_motion", true)
	await _still_warning(size)
	d.app().set_setting("reduce_motion", false)
	if await Marks.open(d, size, LARGE) != null:
		await _shot("marks_large")
	print("mark_shots: %d pictures in %s" % [_shots, Driver.user_arg("out")])
	await d.finish()


func _tap(oracle, id: int) -> void:
	await Play.play_moves(d, oracle, [{"screw": id, "wrench": false}])


func _board(size: Vector2i) -> void:
	var oracle = await Marks.open(d, size)
	if oracle == null:
		return
	await _shot("marks")
	# The key leaves; the frame is taken while its lock lifts its shackle.
	var animator: Node = d.node("Animator")
	animator.auto_play = false
	oracle.tap(1)
	await d.tap_screw(oracle, 1)
	animator.advance(animator.motion.unscrew + animator.motion.lock_open * 0.33)
	await _frame("lock_opening")
	animator.auto_play = true
	animator.finish()
	for id in [2, 7, 8]:
		await _tap(oracle, id)
	await _shot("bomb_warning")
	# The bomb goes off when screw 4 lands: its burst mid-flash, then the board held with its ring.
	animator.auto_play = false
	oracle.tap(4)
	await d.tap_screw(oracle, 4)
	var m: Motion = animator.motion
	var landed: float = m.unscrew + m.fly
	animator.advance(landed + m.explode * 0.35)
	await _frame("bomb_explodes")
	animator.advance(m.explode * 0.65 + m.lose_hold * 0.5)
	await _frame("bomb_cause")
	animator.auto_play = true
	animator.finish()
	await d.wait_for(func(): return d.visible("Hud/Root/LosePanel"), 3.0, "the lose panel")
	if d.check(d.visible("Hud/Root/LosePanel"), "the bomb went off"):
		await _shot("lose_bomb")


func _still_warning(size: Vector2i) -> void:
	var oracle = await Marks.open(d, size)
	if oracle == null:
		return
	for id in [1, 2, 7, 8]:
		await _tap(oracle, id)
	await _shot("bomb_warning_still")
	var animator: Node = d.node("Animator")
	animator.auto_play = false
	oracle.tap(4)
	await d.tap_screw(oracle, 4)
	animator.advance(animator.motion.fade)
	await _frame("bomb_cause_still")
	animator.auto_play = true
	animator.finish()


func _shot(screen: String) -> void:
	await Still.take(d, screen)
	_shots += 1


## The window as it is now, mid-animation (Still.take would finish the animation first).
func _frame(screen: String) -> void:
	await Still.now(d, screen)
	_shots += 1
