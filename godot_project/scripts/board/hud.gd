class_name BoardHud
extends Control
## The board's 2D layer: crates row with the queue preview on top, rail and tools at the bottom,
## win/lose panels. It shows what GameSim reports and forwards button presses to the board.

const EMPTY_PLACE := Color(0.18, 0.19, 0.22)
const CRATE_BACK := Color(0.3, 0.22, 0.14)
const PLACE_SIZE := Vector2(34, 34)
const PREVIEW_SIZE := Vector2(22, 22)

@onready var _title: Label = $Top/QueueRow/Title
@onready var _crates: HBoxContainer = $Top/Crates
@onready var _queue: HBoxContainer = $Top/QueueRow/Queue
@onready var _rail: HBoxContainer = $Bottom/Rail
@onready var _moves: Label = $Bottom/Tools/Moves
@onready var _screwdriver: Button = $Bottom/Tools/Screwdriver
@onready var _wrench: Button = $Bottom/Tools/Wrench
@onready var _win: Control = $WinPanel
@onready var _lose: Control = $LosePanel


## The scene's margins of the two bands (left, top, right, bottom), before any safe-area inset.
@onready var _margins := Vector4(
	$Top.offset_left, $Top.offset_top, -$Bottom.offset_right, -$Bottom.offset_bottom
)


## Sizes the HUD to the bands the camera model reserved for it (the audit checks that no screw is
## under them) and keeps both inside the safe area `safe` of the `viewport` (the bands' pixel
## counts include its insets); the content fits inside them at the base resolution.
func reserve(top_px: float, bottom_px: float, safe: Rect2i, viewport: Vector2i) -> void:
	if not safe.has_area():
		safe = Rect2i(Vector2i.ZERO, viewport)
	var left := safe.position.x + _margins.x
	var right := viewport.x - safe.end.x + _margins.z
	for band in [$Top, $Bottom]:
		band.offset_left = left
		band.offset_right = -right
	$Top.offset_top = safe.position.y + _margins.y
	$Bottom.offset_bottom = -(viewport.y - safe.end.y + _margins.w)
	$Top.custom_minimum_size.y = top_px - $Top.offset_top
	$Bottom.custom_minimum_size.y = bottom_px + $Bottom.offset_bottom


func set_title(text: String) -> void:
	_title.text = text


func show_state(sim, wrench_armed: bool) -> void:
	_fill_crates(sim.crates())
	_fill_row(_queue, Array(sim.queue_preview()), PREVIEW_SIZE)
	_fill_row(_rail, Array(sim.rail_colors()), PLACE_SIZE)
	# While the wrench is armed the counter's place says what to do with it.
	_moves.text = tr("BOARD_WRENCH_HINT") if wrench_armed else tr("BOARD_MOVES") % sim.move_count()
	_screwdriver.text = tr("BOARD_SCREWDRIVER") % sim.screwdriver_left()
	var playing: bool = sim.status() == "playing"
	_screwdriver.disabled = not playing or not sim.screwdriver_ready()
	_wrench.text = tr("BOARD_WRENCH") % sim.wrench_charges()
	_wrench.disabled = not playing or sim.wrench_charges() <= 0
	_wrench.visible = sim.wrench_charges() > 0 or wrench_armed
	_wrench.set_pressed_no_signal(wrench_armed)


func show_won(stars: int, share_available: bool) -> void:
	$WinPanel/Box/Stars.text = tr("WIN_STARS") % stars
	$WinPanel/Box/Stars.visible = not share_available
	$WinPanel/Box/Next.visible = not share_available
	$WinPanel/Box/Copy.visible = share_available
	_win.visible = true


func show_lost() -> void:
	_lose.visible = true


func mark_copied() -> void:
	$WinPanel/Box/Copy.text = tr("DAILY_COPIED")


## The crate box in `slot` (the animator pops and slides it), or null.
func crate_node(slot: int) -> Control:
	return _live_child(_crates, slot)


## The rail place `place`, or the whole rail row for a negative `place`.
func rail_node(place: int) -> Control:
	return _rail if place < 0 else _live_child(_rail, place)


func _live_child(row: Node, index: int) -> Control:
	var live := row.get_children().filter(func(c): return not c.is_queued_for_deletion())
	return live[index] if index >= 0 and index < live.size() else null


func _fill_crates(crates: Array) -> void:
	for child in _crates.get_children():
		child.queue_free()
	for crate in crates:
		var box := PanelContainer.new()
		var back := StyleBoxFlat.new()
		back.bg_color = CRATE_BACK
		# The crate shows its colour even while empty: the player plans by it.
		var index := int(crate["color"])
		if crate["active"] and index >= 0 and index < App.palette.size():
			back.bg_color = App.palette[index]["dimmed"]
		back.set_content_margin_all(8)
		box.add_theme_stylebox_override("panel", back)
		var places := HBoxContainer.new()
		box.add_child(places)
		var colours := []
		for i in 3:
			colours.append(int(crate["color"]) if crate["active"] and i < int(crate["fill"]) else -1)
		_fill_row(places, colours, PLACE_SIZE)
		box.modulate.a = 1.0 if crate["active"] else 0.35
		_crates.add_child(box)


## One square per entry: the palette colour, or an empty place for -1.
func _fill_row(row: HBoxContainer, colours: Array, place_size: Vector2) -> void:
	for child in row.get_children():
		child.queue_free()
	for colour in colours:
		var place := ColorRect.new()
		place.custom_minimum_size = place_size
		var index := int(colour)
		place.color = EMPTY_PLACE
		if index >= 0 and index < App.palette.size():
			place.color = App.palette[index]["bright"]
		row.add_child(place)
