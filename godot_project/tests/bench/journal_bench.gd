extends SceneTree
## What keeping every move costs the frame: levels FIRST..LAST are played move by move (their
## stored solutions, an undo and the move again every UNDO_EVERY moves) by two GameSims side by
## side, PACE_MS apart: one with the save's journal attached (SaveData.journal_level: each change
## appended before the call returns; the sync to storage runs on the journal's own thread), one
## without. Each call is timed on the main thread; the journal's cost is the paired difference.
## Prints median and p99 of both and of the difference, and the journal file's size. Figures for
## the report, not a gate.
##   godot -s res://tests/bench/journal_bench.gd -- --save=user://bench/journal.json

const Driver := preload("res://tests/e2e/driver.gd")
const FIRST := 12
const LAST := 30
const UNDO_EVERY := 7
## Milliseconds between two moves: a fast finger (a real one taps a few times a second). Moves
## back to back would time the storage's sync of one move against the next one's write.
const PACE_MS := 40

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "journal_bench")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	var save = d.app().save
	var library = d.app().library
	var kept: Array[float] = []
	var plain: Array[float] = []
	var extra: Array[float] = []
	for n in range(FIRST, LAST + 1):
		var json: String = library.level_json(n)
		var with_journal = ClassDB.instantiate("GameSim")
		var without = ClassDB.instantiate("GameSim")
		with_journal.load_json(json)
		without.load_json(json)
		d.check(save.journal_level(with_journal, n), "journal attached: %s" % save.last_error())
		var i := 0
		var solution: Array = with_journal.solution()
		for move in solution:
			i += 1
			var calls := [func(sim): return _play(sim, move)]
			if i % UNDO_EVERY == 0 and i < solution.size():
				calls.append(func(sim): return sim.undo())
				calls.append(func(sim): return _play(sim, move))
			for call: Callable in calls:
				OS.delay_msec(PACE_MS)
				# Which game goes first alternates: the first call after the pause is the slower.
				var first := i % 2 == 0
				var a := _timed(call, without) if first else 0.0
				var b := _timed(call, with_journal)
				a = a if first else _timed(call, without)
				plain.append(a)
				kept.append(b)
				extra.append(b - a)
	var journal := ProjectSettings.globalize_path(Driver.user_arg("save")) + ".level-journal"
	print("journal_bench: %d calls on levels %d-%d" % [kept.size(), FIRST, LAST])
	print("journal_bench: without journal %s" % _stats(plain))
	print("journal_bench: with journal    %s" % _stats(kept))
	print("journal_bench: journal's cost  %s" % _stats(extra))
	print("journal_bench: last journal %d bytes" % FileAccess.get_file_as_bytes(journal).size())
	await d.finish()


func _play(sim, move: Dictionary) -> Dictionary:
	if move["wrench"]:
		return sim.wrench_tap(int(move["screw"]))
	return sim.tap(int(move["screw"]))


## Microseconds the call took.
func _timed(call: Callable, sim) -> float:
	var started := Time.get_ticks_usec()
	var result: Dictionary = call.call(sim)
	var took := float(Time.get_ticks_usec() - started)
	d.check(not result.is_empty(), "a move of the solution was refused: %s" % sim.last_error())
	return took


func _stats(values: Array[float]) -> String:
	var sorted := values.duplicate()
	sorted.sort()
	var at := func(q: float) -> float:
		return sorted[mini(sorted.size() - 1, int(q * sorted.size()))]
	return "median %.0f us, p99 %.0f us, max %.0f us" % [at.call(0.5), at.call(0.99), sorted[-1]]
