extends Control
## The level map: one cell per baked level with its stars; won levels are marked done and levels
## beyond the first unwon one are locked. Unlocking is SaveData's rule, not this script's.

const STAR_ON := Color(1.0, 0.78, 0.2)
const STAR_OFF := Color(0.35, 0.35, 0.4)
const DONE_TINT := Color(0.75, 1.0, 0.8)
const CELL_SIZE := Vector2(112, 112)

@onready var _grid: GridContainer = $Box/Scroll/Grid


func _ready() -> void:
	App.keep_in_safe_area($Box)
	var focus: Control = null
	for n in range(1, App.level_count() + 1):
		var cell := _make_cell(n)
		_grid.add_child(cell)
		if n == App.save.continue_level(App.level_count()):
			focus = cell
	if focus != null:
		await get_tree().process_frame
		$Box/Scroll.ensure_control_visible(focus)


func _make_cell(n: int) -> Control:
	var box := VBoxContainer.new()
	var button := Button.new()
	button.text = str(n)
	button.custom_minimum_size = CELL_SIZE
	button.disabled = not App.save.is_unlocked(n)
	# A finger that lands on a level and moves scrolls the map: the press must reach the
	# ScrollContainer too (a Button's default STOP kept it, so only the gaps could be dragged).
	button.mouse_filter = Control.MOUSE_FILTER_PASS
	if App.save.is_done(n):
		button.modulate = DONE_TINT
	button.pressed.connect(_on_level_pressed.bind(n))
	box.add_child(button)
	var stars := HBoxContainer.new()
	stars.alignment = BoxContainer.ALIGNMENT_CENTER
	for i in 3:
		var pip := ColorRect.new()
		pip.custom_minimum_size = Vector2(18, 18)
		pip.mouse_filter = Control.MOUSE_FILTER_IGNORE
		pip.color = STAR_ON if i < App.save.stars(n) else STAR_OFF
		stars.add_child(pip)
	box.add_child(stars)
	return box


func _on_level_pressed(n: int) -> void:
	App.click()
	App.play_level(n)


func _on_back_pressed() -> void:
	App.go("menu")
