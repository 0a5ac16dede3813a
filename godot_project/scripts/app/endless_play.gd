class_name EndlessPlay
extends Node
## Levels past the baked set on their way to the board: the extension's EndlessLevels (a child
## here) makes them on a thread ahead of play; a level not made yet is waited for under a spinner,
## and `ready_to_play` says when the board can open it.

signal ready_to_play

## Shown while an endless level is being made (a CanvasLayer, a shade and the spinner: tiny).
const LEVEL_WAIT := preload("res://scripts/ui/level_wait.tscn")

## The extension's EndlessLevels (null without the extension).
var levels = null
## How many levels the baked set has: past it, the levels are endless.
var _baked := 0
## The endless level the board waits for (0: none), and the spinner shown meanwhile.
var _waiting_for := 0
var _wait: Node = null


## Starts the maker over `library`, keeping its levels in files in `folder` (each test save has its
## own); `budget_ms` >= 0 replaces the core's time budget.
func setup(library, folder: String, budget_ms: int) -> void:
	_baked = library.count()
	levels = ClassDB.instantiate("EndlessLevels")
	add_child(levels)
	levels.level_ready.connect(_on_level_ready)
	if not levels.setup(library, folder):
		push_error("endless levels: %s" % levels.last_error())
	if budget_ms >= 0:
		levels.set_budget_ms(budget_ms)


func is_endless(number: int) -> bool:
	return levels != null and number > _baked


## Makes endless level `number` ahead of its opening (nothing for a baked level).
func prefetch(number: int) -> void:
	if is_endless(number):
		levels.prefetch(number)


## Whether the board must wait for level `number` (then it is asked for, and a spinner shows).
func must_wait(number: int) -> bool:
	var waiting: bool = (
		is_endless(number) and not levels.is_ready(number) and levels.request(number)
	)
	if waiting:
		_waiting_for = number
		if _wait == null:
			_wait = LEVEL_WAIT.instantiate()
			add_child(_wait)
	return waiting


## The player went elsewhere: nothing is waited for.
func stop_waiting() -> void:
	_waiting_for = 0
	if _wait != null:
		_wait.queue_free()
		_wait = null


## The level the board waits for is in the library (fresh, or the cycle level: said nowhere).
func _on_level_ready(number: int, _fresh: bool) -> void:
	if number == _waiting_for:
		ready_to_play.emit()
