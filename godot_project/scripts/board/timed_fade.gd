class_name TimedFade
extends RefCounted
## Something the board shows for a moment, then fades and puts away (the refusal's line, the lock's
## link): one tween that waits `shown` seconds, takes `property` of `target` to 0 over `fade`
## seconds (no fade with reduce motion: it just goes), then calls `done`.


## Starts the timing on `owner`, ending `old` (the previous showing's tween, or null).
static func start(
	owner: Node,
	old: Tween,
	target: Object,
	property: String,
	times: Vector2,
	still: bool,
	done: Callable
) -> Tween:
	if old != null:
		old.kill()
	var tween := owner.create_tween()
	tween.tween_interval(times.x)
	if not still:
		tween.tween_property(target, property, 0.0, times.y)
	tween.tween_callback(done)
	return tween
