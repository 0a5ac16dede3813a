extends SceneTree
## The Daily Bench over two simulated days, by taps. The clock is App.clock_override
## (the test's seam: no real clock is touched):
##   - day 1, first with no introduction seen and no level won: a bench that carries something the
##     levels have not shown yet offers no Play and names the level that introduces it (the core's
##     answer for the board on screen); then, everything met,
##     the bench is generated and cached beside the save; a clean win scores the board's
##     moves, a replay won with the screwdriver scores 2 more and the best result stays;
##   - a second visit the same day is served from the cache (the file is not rewritten, and what
##     the screen shows is what the cache holds);
##   - the screen shows the streak and the countdown to UTC midnight;
##   - day 2: the cache is for another day, so the new bench is generated and replaces it; its win
##     makes a streak of 2, shown on the screen and in the share text;
##   - day 3: the bench is lost, nothing is saved while the lose panel may rescue it; "Undo last
##     move" and the hints win it: the day keeps one won attempt, no lost one; a retry lost and
##     paused on counts its attempt then, once, and the won best stays.

const Driver := preload("res://tests/e2e/driver.gd")
const Hints := preload("res://tests/e2e/hints.gd")
const Play := preload("res://tests/e2e/play_test.gd")
const MENU := "res://scenes/main_menu.tscn"
const BOARD := "res://scenes/board.tscn"
const DAILY := "res://scenes/daily_bench.tscn"
const WIN := "Hud/Root/WinPanel/Box/"
## 2026-11-30 10:00:00 UTC: bench 97, 14 h before the next.
const DAY_1 := 1795996800 + 10 * 3600
const DAY_SECONDS := 86400
const GENERATE_TIMEOUT_S := 180.0
## A date only the cache file says: shown on the screen, the bench came from the cache.
const CACHED_MARK := "cache-2026-11-30"

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "daily_test")
	Driver.fresh_save(0)
	DirAccess.remove_absolute(ProjectSettings.globalize_path(_cache_path()))
	_run.call_deferred()


func _cache_path() -> String:
	return Driver.user_arg("save").get_base_dir().path_join("daily_bench.json")


func _cache() -> Dictionary:
	var parsed = JSON.parse_string(FileAccess.get_file_as_string(_cache_path()))
	return parsed if parsed is Dictionary else {}


func _run() -> void:
	d.app().clock_override = DAY_1
	await _unmet_bench_waits(97)
	if await _open_bench(97):
		await _day_one()
	d.app().clock_override = DAY_1 + DAY_SECONDS
	if await _open_bench(98):
		await _day_two()
	d.app().clock_override = DAY_1 + 2 * DAY_SECONDS
	if await _open_bench(99):
		await _day_three()
	await d.finish()


## On a save that has met nothing, bench `bench` shows its board, and Play only when it carries
## nothing new; then every introduction is marked seen again for the rest of the run.
func _unmet_bench_waits(bench: int) -> void:
	d.app().save.reset_intros()
	if not await d.start(MENU):
		return
	await d.tap_path("Box/Daily")
	if not await d.wait_scene(DAILY):
		return
	var shown := func(): return d.visible("Box/Thumbnail")
	if not await d.wait_for(shown, GENERATE_TIMEOUT_S, "bench %d's board" % bench):
		return
	var unmet: Dictionary = d.app().save.daily_unmet(
		str(d.scene()._result["level_json"]), d.app().library
	)
	var status := d.text_of("Box/Status")
	print("daily_test: bench %d on a new save: %s" % [bench, unmet if unmet else "nothing new"])
	d.check(d.visible("Box/Play") == unmet.is_empty(), "Play offered only with nothing new")
	if not unmet.is_empty():
		var named := TranslationServer.translate("DAILY_UNMET").get_slice("%", 0)
		d.check(
			status.contains(named) and status.contains(str(unmet["level"])),
			"the bench names level %d: %s" % [unmet["level"], status]
		)
	for id in Driver.INTROS:
		d.app().save.mark_intro_seen(id)
	d.check(
		d.app().save.daily_unmet(str(d.scene()._result["level_json"]), d.app().library).is_empty(),
		"everything met: the bench can be played"
	)


## From the menu to a ready bench `bench` (generated or cached).
func _open_bench(bench: int) -> bool:
	if not await d.start(MENU):
		return false
	await d.tap_path("Box/Daily")
	if not await d.wait_scene(DAILY):
		return false
	if not await d.wait_for(func(): return d.visible("Box/Play"), GENERATE_TIMEOUT_S, "bench"):
		return false
	return d.check(
		d.text_of("Box/Status").begins_with(TranslationServer.translate("DAILY_READY") % bench),
		"bench %d ready: %s" % [bench, d.text_of("Box/Status")]
	)


## Plays the bench to a win (from the bench screen's Play, or on the board of a retry); `undo`:
## tap a screw and take it back with the screwdriver first.
func _win(undo: bool, retry := false) -> int:
	var before := d.scene().get_instance_id()
	await d.tap_path(WIN + "WinRetry" if retry else "Box/Play")
	await d.wait_until(func(): return d.scene().get_instance_id() != before, 30, "a new board")
	if not await d.wait_scene(BOARD):
		return -1
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(str(d.app().board_request.get("level_json", "")))
	var solution: Array = oracle.solution()
	if undo:
		var first := _plain_tap(oracle)
		oracle.tap(first)
		await d.tap_screw(oracle, first)
		oracle.undo()
		await d.tap_path(Play.SCREWDRIVER)
		d.check(
			d.text_of(Play.MOVES) == TranslationServer.translate("BOARD_MOVES") % 0,
			"the screwdriver took the move back: %s" % d.text_of(Play.MOVES)
		)
	if not await Play.play_moves(d, oracle, solution):
		return -1
	d.check(d.visible(WIN + "Copy"), "the won bench offers its share")
	return oracle.move_count()


## A screw a finger can take now (not a bolt: that needs the wrench).
func _plain_tap(oracle) -> int:
	for move: Dictionary in oracle.legal_moves():
		if not move["wrench"]:
			return int(move["screw"])
	d.check(false, "no plain tap on the first board")
	return -1


func _result_text(score: int, moves: int, undos: int) -> String:
	return (
		TranslationServer.translate("DAILY_RESULT") % score
		+ "\n"
		+ TranslationServer.translate("DAILY_RESULT_PARTS") % [moves, undos, 0]
	)


func _day_one() -> void:
	var cache := _cache()
	d.check(int(cache.get("bench", 0)) == 97, "day 1's bench is cached: %s" % [cache.keys()])
	d.check(
		d.text_of("Box/Streak") == TranslationServer.translate("DAILY_STREAK") % 0,
		"no streak yet: %s" % d.text_of("Box/Streak")
	)
	var left := TranslationServer.translate("DAILY_LEFT") % [14, 0]
	d.check(d.text_of("Box/Next").contains(left), "countdown: %s" % d.text_of("Box/Next"))
	d.check(not d.visible("Box/Copy"), "nothing to share before a win")
	var moves := await _win(false)
	if moves < 0:
		return
	# A replay won with the screwdriver is worse: the clean win stays the day's best.
	if await _win(true, true) < 0:
		return
	# Mark the cache (a date only it says) and leave: the next visit must show the cached bench.
	var text := FileAccess.get_file_as_string(_cache_path())
	d.check(text.contains('"date":"2026-11-30"'), "the cache names its date")
	var file := FileAccess.open(_cache_path(), FileAccess.WRITE)
	file.store_string(text.replace('"date":"2026-11-30"', '"date":"%s"' % CACHED_MARK))
	file.close()
	var bytes := FileAccess.get_file_as_bytes(_cache_path())
	await d.tap_path(WIN + "WinMenu")
	if not await _open_bench(97):
		return
	d.check(
		d.text_of("Box/Date") == CACHED_MARK, "served from the cache: %s" % d.text_of("Box/Date")
	)
	d.check(FileAccess.get_file_as_bytes(_cache_path()) == bytes, "the cache was not rewritten")
	d.check(
		d.text_of("Box/Result") == _result_text(moves, moves, 0),
		"the best result is kept: %s" % d.text_of("Box/Result")
	)
	d.check(
		d.text_of("Box/Streak") == TranslationServer.translate("DAILY_STREAK") % 1,
		"streak 1: %s" % d.text_of("Box/Streak")
	)
	var saved = ClassDB.instantiate("SaveData")
	saved.open(Driver.user_arg("save"))
	var best: Dictionary = saved.daily_result(97)
	d.check(
		[best.get("score"), best.get("undos"), best.get("attempts")] == [moves, 0, 2],
		"saved best of 2 attempts: %s" % best
	)


func _day_two() -> void:
	var cache := _cache()
	d.check(
		int(cache.get("bench", 0)) == 98, "the new day replaced the cache: %s" % cache.get("bench")
	)
	d.check(str(cache.get("date", "")) == "2026-12-01", "day 2's date: %s" % cache.get("date"))
	var moves := await _win(true)
	if moves < 0:
		return
	await d.tap_path(WIN + "WinMenu")
	if not await _open_bench(98):
		return
	d.check(
		d.text_of("Box/Streak") == TranslationServer.translate("DAILY_STREAK") % 2,
		"a streak of 2 over two days: %s" % d.text_of("Box/Streak")
	)
	d.check(
		d.text_of("Box/Result") == _result_text(moves + 2, moves, 1),
		"one screwdriver use scores 2 more: %s" % d.text_of("Box/Result")
	)
	var share: String = d.app().daily_share(98)
	var expected := TranslationServer.translate("DAILY_SHARE") % [98, moves + 2, 2]
	d.check(share == expected, "the share says the score and the streak: %s" % share)
	await d.tap_path("Box/Copy")
	d.check(d.text_of("Box/Copy") == TranslationServer.translate("DAILY_COPIED"), "copied")


func _day_three() -> void:
	await d.tap_path("Box/Play")
	if not await d.wait_scene(BOARD):
		return
	var sim = ClassDB.instantiate("GameSim")
	sim.load_json(str(d.app().board_request.get("level_json", "")))
	var oracle = ClassDB.instantiate("GameSim")
	oracle.load_json(str(d.app().board_request.get("level_json", "")))
	var losing := Driver.losing_moves(oracle)
	if not d.check(not losing.is_empty(), "bench 99 can be lost by taps"):
		return
	await Play.play_moves(d, sim, losing)
	if not d.check(d.visible("Hud/Root/LosePanel/Box/LoseUndo"), "the lost bench offers the undo"):
		return
	d.check(d.app().save.daily_result(99).is_empty(), "nothing saved while the rescue is offered")
	await d.tap_path("Hud/Root/LosePanel/Box/LoseUndo")
	sim.undo()
	if await Hints.win_by_hints(d, sim) < 0:
		return
	var best: Dictionary = d.app().save.daily_result(99)
	d.check(
		[best.get("won"), best.get("attempts"), best.get("undos")] == [true, 1, 1],
		"one won attempt, its rescue a screwdriver use: %s" % best
	)
	await _lose_and_pause(best)


## A bench lost and left by the app being paused (Android may end it there) counts that attempt
## then, once: the day keeps its won best.
func _lose_and_pause(won_best: Dictionary) -> void:
	var before := d.scene().get_instance_id()
	await d.tap_path(WIN + "WinRetry")
	await d.wait_until(func(): return d.scene().get_instance_id() != before, 30, "a new board")
	if not await d.wait_scene(BOARD):
		return
	var sim = ClassDB.instantiate("GameSim")
	sim.load_json(str(d.app().board_request.get("level_json", "")))
	await Play.play_moves(d, sim, Driver.losing_moves(sim))
	d.check(d.visible("Hud/Root/LosePanel"), "the retried bench is lost")
	d.tree.root.propagate_notification(Node.NOTIFICATION_APPLICATION_PAUSED)
	await d.frames(3)
	var best: Dictionary = d.app().save.daily_result(99)
	d.check(best.get("attempts") == 2, "pausing on the lost bench counts it: %s" % best)
	d.check(best.get("won") == true and best.get("score") == won_best.get("score"), "best kept")
	await d.back()
	await d.wait_scene(MENU)
	d.check(d.app().save.daily_result(99).get("attempts") == 2, "leaving it counts nothing more")
