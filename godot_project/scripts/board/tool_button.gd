@tool
class_name ToolButton
extends Button
## A square icon button of the HUD (pause, restart, hint, screwdriver, wrench; menu): the icon drawn
## here, the count the button's text shows as a badge in its corner. A busy button (the hint while
## the solver thinks) draws a turning arc round its icon, or three dots when motion is reduced.

const BADGE := Color(0.98, 0.78, 0.25)
const BADGE_TEXT := Color(0.12, 0.1, 0.05)
const FACE := Color(0.2, 0.23, 0.3)

@export_enum("menu", "pause", "restart", "hint", "screwdriver", "wrench") var kind := "menu"

## Working: the icon dims and the busy mark turns (set by the HUD; the button stays pressable).
var busy := false:
	set(value):
		busy = value
		set_process(value)
		queue_redraw()
## Draw the busy mark still (reduce motion).
var still := false
var _turn := 0.0


func _ready() -> void:
	# The text is drawn as the badge, not by the Button.
	add_theme_color_override("font_color", Color.TRANSPARENT)
	add_theme_color_override("font_pressed_color", Color.TRANSPARENT)
	add_theme_color_override("font_hover_color", Color.TRANSPARENT)
	add_theme_color_override("font_focus_color", Color.TRANSPARENT)
	add_theme_color_override("font_hover_pressed_color", Color.TRANSPARENT)
	add_theme_color_override("font_disabled_color", Color.TRANSPARENT)
	set_process(busy)


func _process(delta: float) -> void:
	_turn = fmod(_turn + delta * TAU * 0.8, TAU)
	queue_redraw()


func _draw() -> void:
	var side := minf(size.x, size.y)
	var rect := Rect2((size - Vector2(side, side)) * 0.5, Vector2(side, side))
	var colour := HudArt.ICON if not disabled else HudArt.ICON.darkened(0.55)
	if busy:
		colour = colour.darkened(0.35)
	HudArt.icon(self, kind, rect.grow(-side * 0.12), FACE, colour)
	if busy:
		HudArt.busy(self, rect.get_center(), side * 0.4, _turn, still)
	if text.is_empty():
		return
	var font := get_theme_font("font")
	var font_size := int(side * 0.24)
	var r := side * 0.2
	var c := Vector2(rect.end.x - r * 0.9, rect.position.y + r * 0.9)
	draw_circle(c, r, BADGE if not disabled else BADGE.darkened(0.5))
	var width := font.get_string_size(text, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x
	var ascent := font.get_ascent(font_size)
	var descent := font.get_descent(font_size)
	draw_string(
		font, Vector2(c.x - width * 0.5, c.y + (ascent - descent) * 0.5), text,
		HORIZONTAL_ALIGNMENT_LEFT, -1, font_size, BADGE_TEXT
	)
