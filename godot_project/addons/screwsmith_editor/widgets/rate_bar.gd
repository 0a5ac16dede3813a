@tool
extends Control
## One rate as a bar (0 to 100 %): the level's value filled, the mean of its band's shipped levels
## as a white tick, and the rule's limit as a red line (a cap the value must stay under, or a floor
## it must stay over). Values come from the verdict and the shipped curve; this only draws them.

const BACK := Color(0.16, 0.17, 0.2)
const FILL := Color(0.35, 0.62, 0.95)
const OVER := Color(0.95, 0.35, 0.3)

## The level's rate (-1: not known), its band's shipped mean (-1: none), the rule's limit.
var value := -1.0
var mean := -1.0
var limit := -1.0
## Whether `limit` is a cap (above it is a fault) or a floor (under it is).
var limit_is_cap := true


func show_rate(level_value: float, band_mean: float, rule_limit: float, cap: bool) -> void:
	value = level_value
	mean = band_mean
	limit = rule_limit
	limit_is_cap = cap
	tooltip_text = _tip()
	queue_redraw()


## Whether the level's value breaks the rule's limit.
func breaks_limit() -> bool:
	if value < 0.0 or limit < 0.0:
		return false
	return value > limit if limit_is_cap else value < limit


func _tip() -> String:
	var parts := ["this level: %s" % _pct(value)]
	if mean >= 0.0:
		parts.append("its band's shipped mean (white tick): %s" % _pct(mean))
	if limit >= 0.0:
		parts.append("%s (red line): %s" % ["cap" if limit_is_cap else "floor", _pct(limit)])
	return "\n".join(parts)


static func _pct(x: float) -> String:
	return "not known" if x < 0.0 else "%d %%" % roundi(x * 100.0)


func _draw() -> void:
	var r := Rect2(Vector2(0, 2), size - Vector2(0, 4))
	draw_rect(r, BACK)
	if value >= 0.0:
		var fill := Rect2(r.position, Vector2(r.size.x * clampf(value, 0.0, 1.0), r.size.y))
		draw_rect(fill, OVER if breaks_limit() else FILL)
	if mean >= 0.0:
		var x := r.size.x * clampf(mean, 0.0, 1.0)
		draw_line(Vector2(x, 0), Vector2(x, size.y), Color.WHITE, 2.0)
	if limit >= 0.0:
		var x := r.size.x * clampf(limit, 0.0, 1.0)
		draw_line(Vector2(x, 0), Vector2(x, size.y), OVER, 2.0)
