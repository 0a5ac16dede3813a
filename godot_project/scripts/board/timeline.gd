class_name Timeline
extends RefCounted
## Tracks on one clock: each track is (start, duration, curve, apply(t)), so finish() is exact
## (every track applied at its end, every ending run), the engine tests can advance the clock by a
## known delta and sample the scene, and a frame costs one loop over the few running tracks. Cues (a
## sound and a buzz at a time) fire once when the clock passes them and are skipped by finish().
## Knows nothing of screws or crates: the choreography (BoardAnimator) puts tracks on it.

## Called as cue(sound: String, buzz_ms: int) when the clock reaches a cue.
var on_cue := Callable()

var _tracks: Array[Dictionary] = []
## Callables that put every node the tracks touched into the state the board drew.
var _endings: Array[Callable] = []
## {at, sound, buzz}, earliest first.
var _cues: Array[Dictionary] = []
var _clock := 0.0


## Whether a track is still running.
func busy() -> bool:
	return not _tracks.is_empty()


## Seconds left until the last track ends.
func remaining() -> float:
	var end := 0.0
	for track in _tracks:
		end = maxf(end, track["start"] + track["duration"])
	return maxf(0.0, end - _clock)


## From `start` for `duration` seconds, calls apply(ease(t, curve)) with t from 0 to 1.
func track(start: float, duration: float, curve: float, apply: Callable) -> void:
	_tracks.append({"start": start, "duration": duration, "curve": curve, "apply": apply})


## Runs `action` once when the clock reaches `time` (at once if finish() jumps past it).
func at(time: float, action: Callable) -> void:
	track(time, 0.0, 1.0, func(_t): action.call())


## Runs `action` when the tracks end (by time or by finish()).
func ending(action: Callable) -> void:
	_endings.append(action)


## At `time` on the clock, once: a sound and a buzz (skipped when finish() jumps past it).
func cue(time: float, sound: String, buzz_ms: int) -> void:
	var cue_at := {"at": time, "sound": sound, "buzz": buzz_ms}
	var i := _cues.size()
	while i > 0 and _cues[i - 1]["at"] > time:
		i -= 1
	_cues.insert(i, cue_at)


## Jumps every track to its end and runs the endings; the clock starts again at 0.
func finish() -> void:
	for track in _tracks:
		track["apply"].call(1.0)
	_tracks.clear()
	_cues.clear()
	for action in _endings:
		action.call()
	_endings.clear()
	_clock = 0.0


## Drops every track, cue and ending unplayed (the board is going away: a track's Callable may hold
## the object that made it, and that object this timeline).
func clear() -> void:
	_tracks.clear()
	_cues.clear()
	_endings.clear()
	on_cue = Callable()


## Moves the clock by `delta` seconds and applies every track at the new time. True when this step
## ran the last track out (its endings have then run).
func advance(delta: float) -> bool:
	if _tracks.is_empty():
		return false
	_clock += delta
	while not _cues.is_empty() and _cues[0]["at"] <= _clock:
		var due: Dictionary = _cues.pop_front()
		if on_cue.is_valid():
			on_cue.call(due["sound"], due["buzz"])
	var running: Array[Dictionary] = []
	for track in _tracks:
		var t: float = (_clock - track["start"]) / maxf(track["duration"], 0.0001)
		if t < 0.0:
			running.append(track)
			continue
		track["apply"].call(ease(clampf(t, 0.0, 1.0), track["curve"]))
		if t < 1.0:
			running.append(track)
	_tracks = running
	if not _tracks.is_empty():
		return false
	finish()
	return true
