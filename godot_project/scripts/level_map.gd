extends Control
## The level map: one cell per baked level with its stars, then the endless levels up to the next
## one to play; won levels are marked done and levels beyond the first unwon one are locked.
## Unlocking is SaveData's rule, not this script's.

const STAR_ON := HudArt.STAR_ON
const STAR_OFF := HudArt.STAR_OFF
const CELL_SIZE := Vector2(112, 112)
## A level's plate by state: won (teal), open and not won yet (the accent), locked (dark).
const DONE := Color(0.2, 0.5, 0.5)
const OPEN := Color(0.93, 0.56, 0.18)
const LOCKED := Color(0.17, 0.18, 0.23)

## Per level number, its cell's button (a locked level's tap scrolls to the level that opens it).
var _buttons := {}

@onready var _grid: GridContainer = %Grid


func _ready() -> void:
	App.keep_in_safe_area(%Box)
	var focus: Control = null
	# Past the baked set the endless levels follow, up to the next one to play.
	var next: int = App.save.continue_level()
	# The next endless level is made while the map shows, so its cell opens it at once.
	App.prefetch(next)
	for n in range(1, maxi(App.level_count(), next) + 1):
		var cell := _make_cell(n)
		_grid.add_child(cell)
		if n == next:
			focus = cell
	if focus != null:
		await get_tree().process_frame
		%Scroll.ensure_control_visible(focus)


func _make_cell(n: int) -> Control:
	var box := VBoxContainer.new()
	var button := Button.new()
	button.text = str(n)
	button.custom_minimum_size = CELL_SIZE
	# A locked level still takes the tap: it says why it is locked and where to go instead of
	# ignoring the finger.
	var locked: bool = not App.save.is_unlocked(n)
	var state := LOCKED if locked else (DONE if App.save.is_done(n) else OPEN)
	_style(button, state)
	# A finger that lands on a level and moves scrolls the map: the press must reach the
	# ScrollContainer too (a Button's default STOP kept it, so only the gaps could be dragged).
	button.mouse_filter = Control.MOUSE_FILTER_PASS
	button.pressed.connect(_on_level_pressed.bind(n))
	_buttons[n] = button
	box.add_child(button)
	var stars := HBoxContainer.new()
	stars.alignment = BoxContainer.ALIGNMENT_CENTER
	for i in 3:
		var pip := StarPip.new()
		pip.custom_minimum_size = Vector2(28, 28)
		pip.mouse_filter = Control.MOUSE_FILTER_IGNORE
		pip.color = STAR_ON if i < App.save.stars(n) else STAR_OFF
		stars.add_child(pip)
	box.add_child(stars)
	return box


## The cell's plate in `colour` (rounded, a darker lower rim), pressed a shade darker; the number
## dark on the bright open plate, light elsewhere.
func _style(button: Button, colour: Color) -> void:
	for state in ["normal", "hover", "pressed", "disabled", "focus"]:
		var box := StyleBoxFlat.new()
		box.bg_color = colour.darkened(0.15) if state == "pressed" else colour
		box.set_corner_radius_all(22)
		box.border_color = colour.darkened(0.4)
		box.border_width_bottom = 6 if state != "pressed" else 2
		box.border_width_top = 2 if state != "pressed" else 6
		box.set_border_width(SIDE_LEFT, 2)
		box.set_border_width(SIDE_RIGHT, 2)
		if state == "focus":
			box.draw_center = false
			box.border_color = Color(1, 1, 1, 0.6)
		button.add_theme_stylebox_override(state, box)
	var text := Color(0.16, 0.09, 0.02) if colour == OPEN else Color(0.95, 0.96, 0.98)
	if colour == LOCKED:
		text = Color(0.45, 0.47, 0.54)
	for key in ["font_color", "font_hover_color", "font_pressed_color", "font_disabled_color"]:
		button.add_theme_color_override(key, text)
	button.add_theme_font_size_override("font_size", 36)


func _on_level_pressed(n: int) -> void:
	App.click()
	if not App.save.is_unlocked(n):
		_explain_locked(n)
		return
	App.play_level(n)


## "Level 12 is locked: win level 4 first", and the map shows level 4.
func _explain_locked(n: int) -> void:
	var way: int = App.save.way_in(n)
	%Note.text = tr("MAP_LOCKED") % [n, way]
	var target: Button = _buttons.get(way)
	if target != null:
		%Scroll.ensure_control_visible(target)
		target.grab_focus()


func _on_back_pressed() -> void:
	App.go("menu")
