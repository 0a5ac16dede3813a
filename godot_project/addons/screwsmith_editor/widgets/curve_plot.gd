@tool
extends Control
## The curve of the 200 shipped levels as a small plot: each level's measured difficulty (a dot) by
## its number, the band's target score the curve wants there (a step line), and the level being
## edited (a ring: green when it fits the band its number wants, amber when not; a dashed line at
## its number while its difficulty is not known). The figures are the core's
## (`LevelEditor.shipped_curve`, `screwsmith_editor::curve`): this only draws them.

const MAX_SCORE := 10.0
const PAD := Vector2(28, 10)
const DOT := Color(0.7, 0.73, 0.8, 0.55)
const STEP := Color(0.35, 0.75, 1.0, 0.95)
const QUIET := Color(1, 1, 1, 0.6)
const FITS := Color(0.35, 0.9, 0.45)
const OFF := Color(1.0, 0.7, 0.2)

var curve: Dictionary = {}
## The level on the plot: its number, and its difficulty (-1: not known).
var number := 0
var difficulty := -1
var fits := false


func show_level(level_number: int, level_difficulty: int, fits_band: bool) -> void:
	number = level_number
	difficulty = level_difficulty
	fits = fits_band
	queue_redraw()


## Where (level number, score) is drawn.
func point_at(n: float, score: float) -> Vector2:
	var area := Rect2(PAD + Vector2(0, 14), size - PAD * Vector2(1.6, 2.6) - Vector2(0, 14))
	var count := maxf(1.0, float(curve.get("points", []).size()))
	var x := area.position.x + (n - 1.0) / maxf(1.0, count - 1.0) * area.size.x
	var y := area.end.y - clampf(score / MAX_SCORE, 0.0, 1.0) * area.size.y
	return Vector2(x, y)


func _draw() -> void:
	var font := get_theme_default_font()
	var fs := get_theme_default_font_size() - 3
	draw_rect(Rect2(Vector2.ZERO, size), Color(0.08, 0.09, 0.11))
	var points: Array = curve.get("points", [])
	if points.is_empty():
		draw_string(
			font, Vector2(8, size.y / 2), "curve: not loaded", HORIZONTAL_ALIGNMENT_LEFT, -1, fs
		)
		return
	for score in [2, 4, 6, 8, 10]:
		var y := point_at(1, score).y
		draw_line(Vector2(PAD.x, y), Vector2(size.x - PAD.x * 0.6, y), Color(1, 1, 1, 0.06))
		draw_string(
			font,
			Vector2(4, y + fs * 0.35),
			str(score),
			HORIZONTAL_ALIGNMENT_LEFT,
			-1,
			fs,
			Color(1, 1, 1, 0.5)
		)
	for p in points:
		if p["difficulty"] != null:
			draw_circle(point_at(int(p["number"]), int(p["difficulty"])), 1.6, DOT)
	_draw_steps(points)
	var title := "difficulty by level: shipped (dots), band wanted (blue)"
	draw_string(font, Vector2(PAD.x + 4, fs + 2), title, HORIZONTAL_ALIGNMENT_LEFT, -1, fs, QUIET)
	var bottom := size.y - 4
	for n in [1, 36, 100, points.size()]:
		if n <= points.size():
			var x := point_at(n, 0).x
			draw_string(
				font,
				Vector2(x - 8, bottom),
				str(n),
				HORIZONTAL_ALIGNMENT_LEFT,
				-1,
				fs,
				Color(1, 1, 1, 0.5)
			)
	_draw_marker()


## The band steps: a short bar at the target score of the band the curve wants at each number.
func _draw_steps(points: Array) -> void:
	var bands: Array = curve.get("bands", [])
	var half := maxf(1.0, point_at(2, 0).x - point_at(1, 0).x) * 0.5
	for p in points:
		var band := int(p["target_band"])
		if band < 1 or band > bands.size():
			continue
		var at := point_at(int(p["number"]), int(bands[band - 1]["target_score"]))
		draw_line(at - Vector2(half, 0), at + Vector2(half, 0), STEP, 2.0)


func _draw_marker() -> void:
	if number < 1:
		return
	var colour := FITS if fits else OFF
	if difficulty < 0:
		var top := point_at(number, MAX_SCORE)
		var low := point_at(number, 0)
		draw_dashed_line(top, low, colour, 1.5, 4.0)
		return
	var at := point_at(number, difficulty)
	draw_circle(at, 6.0, colour, false, 2.5)
	draw_circle(at, 2.5, colour)
