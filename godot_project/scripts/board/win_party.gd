class_name WinParty
extends Control
## A win, celebrated: as the win panel comes in, its earned stars pop in one after another, each
## with a rising chime, while confetti in the screws' colours falls over the board behind the panel.
## Short (DURATION), and any touch skips to the end (the touch still reaches what it pressed: a
## player who wants the next level is not kept waiting). With reduce motion nothing moves: the stars
## stand earned at once and no confetti falls. Drawn behind the panel, over its backdrop; takes no
## input of its own.

## The whole celebration, and when the first star pops (the panel's entrance has shown it by then).
const DURATION := 1.6
const FIRST_STAR := 0.25
## One star's pop, and the time between two stars.
const STAR_POP := 0.3
const STAR_GAP := 0.22
## A popping star overshoots to this size before it settles.
const OVERSHOOT := 1.35
const PIECES := 48
## Confetti colours: the screw palette's own.
const FALLBACK := [Color(0.94, 0.14, 0.13), Color(0.95, 0.79, 0.08), Color(0.14, 0.7, 0.42)]

var _row: Control = null
var _stars := 0
var _clock := DURATION
var _popped := 0
## Per piece: [x share, start delay, fall speed share, sway phase, colour, spin].
var _pieces: Array = []


func _init() -> void:
	name = "WinParty"


func _ready() -> void:
	mouse_filter = Control.MOUSE_FILTER_IGNORE
	set_anchors_and_offsets_preset(Control.PRESET_FULL_RECT)
	set_process(false)


## Celebrates `stars` earned on the panel's `row` (StarRow: its "pop" meta sizes each star);
## `still`: reduce motion.
func play(stars: int, row: Control, still: bool) -> void:
	_row = row
	_stars = stars
	_popped = 0
	_pieces = [] if still else _scatter()
	_clock = DURATION if still else 0.0
	_apply()
	set_process(not still)


## Whether it is still playing.
func playing() -> bool:
	return _clock < DURATION


## Jumps to the end: every earned star settled, the confetti gone.
func skip() -> void:
	_clock = DURATION
	_apply()
	set_process(false)


## How large earned star `i` is drawn now (1 settled, 0 not yet popped).
func star_size(i: int) -> float:
	if i >= _stars:
		return 1.0
	var t := (_clock - FIRST_STAR - i * STAR_GAP) / STAR_POP
	if t <= 0.0:
		return 0.0
	if t >= 1.0:
		return 1.0
	return lerpf(0.0, OVERSHOOT, t / 0.6) if t < 0.6 else lerpf(OVERSHOOT, 1.0, (t - 0.6) / 0.4)


func _input(event: InputEvent) -> void:
	var pressed := (
		(event is InputEventScreenTouch or event is InputEventMouseButton) and event.is_pressed()
	)
	if pressed and playing():
		skip()


func _process(delta: float) -> void:
	_clock = minf(DURATION, _clock + delta)
	_apply()
	if not playing():
		set_process(false)


func _apply() -> void:
	while _popped < _stars and star_size(_popped) > 0.0 and playing():
		BoardSounds.shared(get_tree()).play("star")
		_popped += 1
	if _row != null:
		_row.set_meta("pop", [star_size(0), star_size(1), star_size(2)])
		_row.queue_redraw()
	queue_redraw()


func _draw() -> void:
	if not playing() or _pieces.is_empty():
		return
	var fade := clampf((DURATION - _clock) / 0.3, 0.0, 1.0)
	var unit := size.x / 60.0
	for piece: Array in _pieces:
		var t: float = _clock - piece[1]
		if t < 0.0:
			continue
		var y: float = -unit * 2.0 + t * piece[2] * size.y
		var x: float = piece[0] * size.x + sin(t * 5.0 + piece[3]) * unit * 2.0
		var colour: Color = piece[4]
		colour.a = fade
		draw_set_transform(Vector2(x, y), t * piece[5], Vector2.ONE)
		draw_rect(Rect2(-unit, -unit * 0.5, unit * 2.0, unit), colour)
	draw_set_transform(Vector2.ZERO, 0.0, Vector2.ONE)


## The confetti, the same every win (xorshift32, the project's one generator).
func _scatter() -> Array:
	var colours: Array = []
	for entry: Dictionary in App.palette:
		colours.append(entry["bright"])
	if colours.is_empty():
		colours = FALLBACK
	var state := [0x2545F491]
	var out: Array = []
	for i in PIECES:
		out.append(
			[
				_next(state),
				_next(state) * 0.5,
				0.45 + _next(state) * 0.5,
				_next(state) * TAU,
				colours[i % colours.size()],
				(_next(state) - 0.5) * 12.0
			]
		)
	return out


## The next xorshift32 draw in [0, 1).
static func _next(state: Array) -> float:
	var x: int = state[0]
	x ^= (x << 13) & 0xFFFFFFFF
	x ^= x >> 17
	x ^= (x << 5) & 0xFFFFFFFF
	state[0] = x
	return float(x & 0xFFFFFF) / float(0x1000000)
