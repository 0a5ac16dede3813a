@tool
class_name ToolButton
extends Button
## A square icon button of the HUD (pause, restart, hint, screwdriver, wrench; menu): the icon drawn
## here, the count the button's text shows as a badge in its corner, and the tool's name under the
## icon (touch shows no tooltips, so a name only in a tooltip is a name nobody reads). A busy button
## (the hint while the solver thinks) draws a turning arc round its icon, or three dots when motion
## is reduced.

const BADGE := Color(0.98, 0.78, 0.25)
const BADGE_TEXT := Color(0.12, 0.1, 0.05)
const FACE := Color(0.2, 0.23, 0.3)
## The name under the icon, per kind (translation keys; a kind without one has no name).
const CAPTIONS := {
	"pause": "TOOL_PAUSE",
	"restart": "TOOL_RESTART",
	"hint": "BOARD_HINT",
	"screwdriver": "TOOL_SCREWDRIVER",
	"wrench": "TOOL_WRENCH",
}
## The name's band at the bottom of the square, its largest font size (both of the side), and the
## smallest font size it may shrink to (px at the base size: the HUD test's legible floor).
const CAPTION_BAND := 0.27
const CAPTION_FONT := 0.2

@export_enum("menu", "pause", "restart", "hint", "screwdriver", "wrench") var kind := "menu"

## Working: the icon dims and the busy mark turns (set by the HUD; the button stays pressable).
var busy := false:
	set(value):
		busy = value
		set_process(value)
		queue_redraw()
## Draw the busy mark still (reduce motion).
var still := false
## How wide the name may be (px): the button and the gap to its neighbours (the HUD sets it).
var caption_room := 0.0:
	set(value):
		caption_room = value
		_fit_caption()
var _turn := 0.0
var _caption: Label = null


func _ready() -> void:
	# The text is drawn as the badge, not by the Button.
	add_theme_color_override("font_color", Color.TRANSPARENT)
	add_theme_color_override("font_pressed_color", Color.TRANSPARENT)
	add_theme_color_override("font_hover_color", Color.TRANSPARENT)
	add_theme_color_override("font_focus_color", Color.TRANSPARENT)
	add_theme_color_override("font_hover_pressed_color", Color.TRANSPARENT)
	add_theme_color_override("font_disabled_color", Color.TRANSPARENT)
	if CAPTIONS.has(kind):
		_caption = Label.new()
		_caption.name = "Caption"
		_caption.text = tr(CAPTIONS[kind])
		_caption.horizontal_alignment = HORIZONTAL_ALIGNMENT_CENTER
		_caption.vertical_alignment = VERTICAL_ALIGNMENT_CENTER
		_caption.mouse_filter = Control.MOUSE_FILTER_IGNORE
		add_child(_caption)
		resized.connect(_fit_caption)
		_fit_caption()
	set_process(busy)


## The name fills the band under the icon: the largest size that fits the room, no smaller than
## HudArt.layout()'s caption_min_font (the engine test checks every language fits at its size).
func _fit_caption() -> void:
	if _caption == null:
		return
	var side := minf(size.x, size.y)
	var room := maxf(caption_room, side)
	var font := get_theme_font("font")
	var font_size := int(side * CAPTION_FONT)
	while (
		font_size > int(HudArt.layout()["caption_min_font"])
		and font.get_string_size(_caption.text, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x > room
	):
		font_size -= 1
	_caption.add_theme_font_size_override("font_size", font_size)
	var band := side * CAPTION_BAND
	_caption.position = Vector2((size.x - room) * 0.5, size.y - band - side * 0.02)
	_caption.size = Vector2(room, band)
	_caption.modulate = Color.WHITE if not disabled else Color(1, 1, 1, 0.45)


func _process(delta: float) -> void:
	_turn = fmod(_turn + delta * TAU * 0.8, TAU)
	queue_redraw()


func _draw() -> void:
	var side := minf(size.x, size.y)
	var rect := Rect2((size - Vector2(side, side)) * 0.5, Vector2(side, side))
	var colour := HudArt.ICON if not disabled else HudArt.ICON.darkened(0.55)
	var art := rect.grow(-side * 0.12)
	if _caption != null:
		# The icon above the name.
		var s := side * 0.62
		art = Rect2(
			Vector2(rect.get_center().x - s * 0.5, rect.position.y + side * 0.05), Vector2(s, s)
		)
		_caption.modulate = Color.WHITE if not disabled else Color(1, 1, 1, 0.45)
	if busy:
		colour = colour.darkened(0.35)
	HudArt.icon(self, kind, art, FACE, colour)
	if busy:
		HudArt.busy(self, art.get_center(), art.size.x * 0.53, _turn, still)
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
		font,
		Vector2(c.x - width * 0.5, c.y + (ascent - descent) * 0.5),
		text,
		HORIZONTAL_ALIGNMENT_LEFT,
		-1,
		font_size,
		BADGE_TEXT
	)
