class_name StartProbe
extends Node
## Times a start as the main thread lives it, in the game players get: when the engine handed
## over (App's _ready began), how long App's _ready took, when the first frame came (the main
## scene loaded and ready), and every frame after it for `frames` frames; then prints one line
## and quits. App adds it only when asked (`--start-probe=FRAMES` after `--`);
## scripts/cold_start.sh reads the line and fails on a frame over its limit.
## `--start-probe-stall=MS` is the check's breaking case: one frame (the 10th after the first)
## held up that long.

## Frames to time after the first.
var frames := 60
## Time.get_ticks_usec() when App's _ready began and ended (the engine counts from its own start).
var app_began_usec := 0
var app_ended_usec := 0
## Milliseconds the breaking case holds up one frame (0: none).
var stall_ms := 0
var _first_usec := 0
var _last_usec := 0
var _longest_usec := 0
var _longest_at := 0
var _count := 0


func _process(_delta: float) -> void:
	var now := Time.get_ticks_usec()
	if _first_usec == 0:
		_first_usec = now
	else:
		_count += 1
		if now - _last_usec > _longest_usec:
			_longest_usec = now - _last_usec
			_longest_at = _count
	_last_usec = now
	if _count == 10 and stall_ms > 0:
		OS.delay_msec(stall_ms)
	if _count < frames:
		return
	set_process(false)
	print(
		(
			"start_probe: app_ready_began_ms=%.1f app_ready_ms=%.1f first_frame_ms=%.1f"
			+ " scene_to_first_frame_ms=%.1f frames=%d longest_frame_ms=%.1f longest_at=%d"
			+ " mean_frame_ms=%.1f"
		)
		% [
			app_began_usec / 1000.0,
			(app_ended_usec - app_began_usec) / 1000.0,
			_first_usec / 1000.0,
			(_first_usec - app_ended_usec) / 1000.0,
			_count,
			_longest_usec / 1000.0,
			_longest_at,
			(_last_usec - _first_usec) / 1000.0 / _count,
		]
	)
	get_tree().quit()
