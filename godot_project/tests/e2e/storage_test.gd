extends SceneTree
## A save folder that is full under a running game, by taps. scripts/godot_check.sh mounts a small
## tmpfs on the save's folder (`--small-disk` in its test list) before the engine starts:
##   - the folder is filled to the last page, then level 2 is opened (its attempt's journal
##     cannot be started) and two moves are made: they play as usual, and within a second the
##     banner says, in the player's language, that progress is not being kept, with no engine
##     error line;
##   - the filler is deleted; the next move writes the whole attempt and the banner says "saving
##     again", then goes; a new SaveData opening the folder finds the attempt with all three moves,
##     the ones made on the full disk included.
## (An append to a journal already started is refused only once its last page is full; the core's
## tests cover that path: the journal is written whole again after a refused append.)

const Driver := preload("res://tests/e2e/driver.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const BOARD := "res://scenes/board.tscn"
const BANNER := "StorageBanner/Top/Box"
const LINE := "StorageBanner/Top/Box/Line"
const LEVEL := 2
## More than the test's tmpfs holds: the filler stops where the disk does.
const FILLER_BYTES := 8 * 1024 * 1024

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "storage_test")
	Driver.fresh_save(LEVEL - 1)
	_run.call_deferred()


func _run() -> void:
	await _full_disk()
	await d.finish()


func _filler() -> String:
	return Driver.user_arg("save").get_base_dir().path_join("filler.bin")


func _banner_text() -> String:
	var box := d.app().get_node_or_null(BANNER) as Control
	if box == null or not box.visible:
		return ""
	return (d.app().get_node(LINE) as Label).text


## Waits (up to 6 s: the banner looks once a second, "saving again" stays 4 s) for the banner to
## read `text` ("" : hidden).
func _banner_reads(text: String, what: String) -> bool:
	var reads := func(): return _banner_text() == text
	return await d.wait_for(reads, 6.0, what)


func _full_disk() -> void:
	var filled := _fill()
	d.check(filled > 0 and filled < FILLER_BYTES, "the folder filled up after %d bytes" % filled)
	d.app().board_request = {"mode": "level", "number": LEVEL}
	if not await d.start(BOARD):
		return
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(d.app().library.level_json(LEVEL))
	var solution: Array = oracle.solution()
	if not d.check(solution.size() >= 3, "level %d has a solution to play" % LEVEL):
		return
	if not await Play.play_moves(d, oracle, solution.slice(0, 2)):
		return
	var full := TranslationServer.translate("SAVE_FULL")
	await _banner_reads(full, "the banner says the disk is full")
	d.check(_banner_text() == full, "full disk told: %s" % _banner_text())
	DirAccess.remove_absolute(ProjectSettings.globalize_path(_filler()))
	if not await Play.play_moves(d, oracle, solution.slice(2, 3)):
		return
	var resumed := TranslationServer.translate("SAVE_RESUMED")
	await _banner_reads(resumed, "the banner says saving works again")
	d.check(_banner_text() == resumed, "saving again told: %s" % _banner_text())
	await _banner_reads("", "the banner goes")
	var kept = ClassDB.instantiate("SaveData")
	kept.open(Driver.user_arg("save"))
	d.check(kept.in_progress_level() == LEVEL, "the attempt is kept once the disk had room again")
	var again = ClassDB.instantiate("GameSim")
	var back: Dictionary = again.resume(d.app().library.level_json(LEVEL), kept)
	d.check(not back.is_empty(), "the kept attempt replays: %s" % again.last_error())
	d.check(again.move_count() == 3, "all 3 moves kept: %d" % again.move_count())


## Writes the filler until the disk refuses; the bytes written.
func _fill() -> int:
	var file := FileAccess.open(_filler(), FileAccess.WRITE)
	if file == null:
		return 0
	var chunk := PackedByteArray()
	chunk.resize(4096)
	var written := 0
	while written < FILLER_BYTES:
		if not file.store_buffer(chunk):
			break
		written += chunk.size()
	file.close()
	return written
