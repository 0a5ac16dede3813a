class_name BoardHud
extends Control
## The board's 2D layer, built for the thumb: a title bar (level, moves), the active crates as
## boxes with three holes, the queue of upcoming crates, the rail as a tray of places holding real
## screws (drawn as nearly full when one place is left), the tools as icon buttons with their
## counts beside pause, restart and the hint; win/lose panels, the hint's banner. Every size
## comes from the camera model (ReadabilityAudit.camera: crate_width, place_size, tool_size,
## hud_wide), the same model that fits the board between these bands. It draws what a move's
## result reports (crates, queue, rail, tools) and tells the board about its buttons by its own
## signals.

signal menu_pressed
signal pause_pressed
signal restart_pressed
signal screwdriver_pressed
signal wrench_toggled(on: bool)
signal retry_pressed
signal next_pressed
signal copy_pressed
signal hint_pressed
signal undo_last_pressed

const TRAY := Color(0.16, 0.18, 0.23)
const TRAY_RIM := Color(0.3, 0.33, 0.4)
## How many upcoming crates the queue shows; more are summed up as "+n".
const QUEUE_SHOWN := 5
## The lose panel's title per `GameSim.loss()` reason (a full rail is the rest).
const LOSE_TITLES := {"bomb": "LOSE_BOMB", "no_legal_move": "LOSE_NO_MOVE"}

## The core's causes of a missing star (SaveData.missing_stars) → their messages.
const MISSING_STAR := {
	"screwdriver": "WIN_MISSING_SCREWDRIVER",
	"screwdriver_many": "WIN_MISSING_SCREWDRIVER_MANY",
	"helped": "WIN_MISSING_HELPED",
}

## Colour-blind marks on the crates, queue and rail.
var patterns := false
var _crate_size := Vector2(176, 88)
var _place_size := Vector2(88, 88)
## What the crates, queue and rail were last drawn from: most taps change one of them.
var _drawn := {}
## The core's fixed HUD sizes (HudArt.layout): the tray's rim, the tools' gap on a phone, a queued
## crate.
var _layout := HudArt.layout()

## The rail's nearly-full warning (its tray pulses, or glows still when motion is reduced).
var _warning := RailWarning.new()
## The board had wrench charges: its button keeps its place in the tool row once they are spent
## (greyed, never gone, so the buttons beside it do not slide under the thumb).
var _has_wrench := false
## The win's celebration: the stars pop in, confetti falls (behind the win panel).
var _party := WinParty.new()

## The hint's answers that are not a glowing screw (lost, rewound, unknown): hint_banner.tscn,
## under the result panels' scrim (it belongs to the board, not to a panel).
@onready var banner: HintBanner = %HintBanner
## Why a tap did nothing, under the top band (refusal_line.tscn).
@onready var refusal: RefusalLine = %RefusalLine
@onready var _top: VBoxContainer = %Top
@onready var _bottom: GridContainer = %Bottom
@onready var _deck: GridContainer = %Deck
@onready var _title: Label = %Title
@onready var _moves: Label = %Moves
@onready var _crates: HBoxContainer = %Crates
@onready var _queue_row: HBoxContainer = %QueueRow
@onready var _queue: HBoxContainer = %Queue
@onready var _more: Label = %More
@onready var _rail: HBoxContainer = %Rail
@onready var _screwdriver: Button = %Screwdriver
@onready var _wrench: Button = %Wrench
@onready var _pause: Button = %Pause
@onready var _restart: Button = %Restart
@onready var _hint: ToolButton = %Hint
@onready var _lose_undo: Button = %LoseUndo
@onready var _scrim: ColorRect = %Scrim
@onready var _win: Control = %WinPanel
@onready var _lose: Control = %LosePanel
@onready var _stars: Label = %Stars
@onready var _star_row: Control = %StarRow
@onready var _next: Button = %Next
@onready var _copy: Button = %Copy

## The scene's margins of the two bands (left, top, right, bottom), before any safe-area inset.
@onready var _margins := Vector4(
	_top.offset_left, _top.offset_top, -_bottom.offset_right, -_bottom.offset_bottom
)


func _ready() -> void:
	_rail.draw.connect(_draw_tray)
	# The tray follows its places: redraw once the row has laid them out.
	_rail.sort_children.connect(_rail.queue_redraw)
	_screwdriver.pressed.connect(screwdriver_pressed.emit)
	_wrench.toggled.connect(wrench_toggled.emit)
	_next.pressed.connect(next_pressed.emit)
	_copy.pressed.connect(copy_pressed.emit)
	_pause.pressed.connect(pause_pressed.emit)
	_restart.pressed.connect(restart_pressed.emit)
	_hint.pressed.connect(hint_pressed.emit)
	_lose_undo.pressed.connect(undo_last_pressed.emit)
	_warning.attach(_rail, App.audit.rail_looks() if App.extension_ok else {})
	_win.get_parent().add_child(_party)
	_win.get_parent().move_child(_party, _win.get_index())
	for button: Button in [%WinMenu, %LoseMenu]:
		button.pressed.connect(menu_pressed.emit)
	for button: Button in [%WinRetry, %LoseRetry]:
		button.pressed.connect(retry_pressed.emit)


## Sizes the HUD to the bands the camera model reserved for it (the audit checks that no screw is
## under them) and keeps both inside the safe area `safe` of the `viewport` (the bands' pixel
## counts include its insets). `view` is the camera model's Dictionary: its HUD sizes are the
## sizes of the crates, rail places and tools, and `hud_wide` puts the queue beside the crates and
## the tools beside the rail.
func reserve(view: Dictionary, safe: Rect2i, viewport: Vector2i) -> void:
	if not safe.has_area():
		safe = Rect2i(Vector2i.ZERO, viewport)
	var left := safe.position.x + _margins.x
	var right := viewport.x - safe.end.x + _margins.z
	for band: Control in [_top, _bottom]:
		band.offset_left = left
		band.offset_right = -right
	_top.offset_top = safe.position.y + _margins.y
	_bottom.offset_bottom = -(viewport.y - safe.end.y + _margins.w)
	_top.custom_minimum_size.y = view["hud_top_px"] - _top.offset_top
	_bottom.custom_minimum_size.y = view["hud_bottom_px"] + _bottom.offset_bottom
	var wide: bool = view.get("hud_wide", false)
	_deck.columns = 2 if wide else 1
	_bottom.columns = 2 if wide else 1
	_crate_size = Vector2(view["crate_width"], view["crate_height"])
	_place_size = Vector2(view["place_size"], view["place_size"])
	var tool := Vector2(view["tool_size"], view["tool_size"])
	# Pause and restart share the tool row and its size (camera model: TOOL_ROW_BUTTONS).
	# A phone's tool row has room to spare: wider gaps give each tool's name more width; beside
	# the rail (wide) the gaps are the camera model's.
	var gap: float = _layout["tool_gap_phone"] if not wide else _layout["tray_pad"]
	_pause.get_parent().add_theme_constant_override("separation", int(gap))
	for button in [_pause, _restart, _hint, _screwdriver, _wrench]:
		button.custom_minimum_size = tool
		button.caption_room = tool.x + gap
	_rail.custom_minimum_size.y = _place_size.y + 2.0 * float(_layout["tray_pad"])
	for crate in _crates.get_children():
		crate.custom_minimum_size = _crate_size
	for place in _rail.get_children():
		place.custom_minimum_size = _place_size
	banner.place(view["hud_bottom_px"], left, right, tool.y)
	refusal.place(view["hud_top_px"], left, right, float(_layout["banner_gap"]))


func set_title(text: String) -> void:
	_title.text = text


## The crates, the queue and the rail of a move's result (GameSim.tap() and the others, or
## GameSim.state()): `crates` rows, `queue` and `rail` colour indices. The animator calls this when
## a move's animation ends (until then the holds below show what the flying screws reached).
func show_result(result: Dictionary) -> void:
	_fill_crates(result["crates"])
	_fill_queue(Array(result["queue"]))
	_fill_rail(Array(result["rail"]))
	_warning.show_warning(result.get("rail_state", "safe"), App.setting("reduce_motion") == true)


## The queue of upcoming crates (colour indices, next first): it moves up when a crate is pulled.
func show_queue(queue: Array) -> void:
	_fill_queue(queue)


## Shows crate `slot` as a crate of palette colour `colour` holding `fill` screws, until the next
## show_result: the crate a flying screw has not reached yet, or a full one closing before the next
## one slides in.
func hold_crate(slot: int, colour: int, fill: int) -> void:
	var box: CrateBox = crate_node(slot)
	if box != null:
		box.show_crate(_entry(colour), fill, true, patterns)
		_drawn.erase("crates")


## Shows crate `slot` as an empty place (no crate left to fill it) until the next show_result.
func empty_crate(slot: int) -> void:
	var box: CrateBox = crate_node(slot)
	if box != null:
		box.show_crate({}, 0, false, patterns)
		_drawn.erase("crates")


## Shows rail place `place` holding a screw of palette colour `colour` (-1: empty) until the next
## show_result: a rail screw that has not flowed into its crate yet.
func hold_rail(place: int, colour: int) -> void:
	var spot: RailPlace = rail_node(place) if place >= 0 else null
	if spot != null:
		spot.show_place(_entry(colour), patterns, HudArt.HOLE)
		_drawn.erase("rail")


## The counters and tools of a move's result (`moves`, `status`, `screwdriver_left`,
## `screwdriver_ready`, `wrench_charges`): moves (or the wrench hint while it is armed), the
## screwdriver's uses, the wrench's charges; each enabled only while the game is on.
func show_tools(result: Dictionary, wrench_armed: bool) -> void:
	# While the wrench is armed the counter's place says what to do with it.
	var moves := int(result["moves"])
	_moves.text = tr("BOARD_WRENCH_HINT") if wrench_armed else tr("BOARD_MOVES") % moves
	var playing: bool = result["status"] == "playing"
	var left := int(result["screwdriver_left"])
	var charges := int(result["wrench_charges"])
	_screwdriver.text = str(left)
	_screwdriver.tooltip_text = tr("BOARD_SCREWDRIVER") % left
	_screwdriver.disabled = not playing or not result["screwdriver_ready"]
	_wrench.text = str(charges)
	_wrench.tooltip_text = tr("BOARD_WRENCH") % charges
	_wrench.disabled = not playing or charges <= 0
	_has_wrench = _has_wrench or charges > 0 or wrench_armed
	_wrench.visible = _has_wrench
	# A Button redraws itself when its text, disabled or pressed state changes: no redraw here.
	_wrench.set_pressed_no_signal(wrench_armed)
	# Over (won or lost), the result panel holds the choices: no tool stays lit behind it.
	_pause.disabled = not playing
	_restart.disabled = not playing
	_hint.disabled = not playing
	_hint.tooltip_text = tr("BOARD_HINT_BUSY") if _hint.busy else tr("BOARD_HINT")


## The hint button while the solver thinks (`on`): it turns its busy mark (still under reduce
## motion).
func hint_busy(on: bool) -> void:
	_hint.still = App.setting("reduce_motion") == true
	_hint.busy = on
	_hint.tooltip_text = tr("BOARD_HINT_BUSY") if on else tr("BOARD_HINT")


## The win panel: `stars` earned, and `missing` (SaveData.missing_stars) what each missing star
## needed, one line a cause.
func show_won(stars: int, share_available: bool, missing: Array = []) -> void:
	# The bench's panel says it is the bench (it shares a result, it does not clear a level).
	%WinTitle.text = "WIN_DAILY_TITLE" if share_available else "WIN_TITLE"
	_stars.text = tr("WIN_STARS") % stars
	var lines := PackedStringArray()
	for why: Dictionary in missing:
		var text := tr(MISSING_STAR.get(str(why["why"]), "WIN_MISSING_HELPED"))
		lines.append(text % int(why["used"]) if text.contains("%d") else text)
	%Missing.text = "\n".join(lines)
	%Missing.visible = not lines.is_empty() and not share_available
	_star_row.set_meta("stars", stars)
	_star_row.visible = not share_available
	_star_row.queue_redraw()
	_stars.visible = not share_available
	_next.visible = not share_available
	_copy.visible = share_available
	# The finished board dims behind the panel.
	_scrim.visible = true
	_win.visible = true
	_party.play(0 if share_available else stars, _star_row, App.setting("reduce_motion") == true)


## The lose panel; `rescue` offers "Undo last move" (GameSim's `rescue_ready`); `reason`: why the
## game was lost, as `GameSim.loss()` says it, which its title says (the rail was full by default).
func show_lost(rescue: bool, reason := "") -> void:
	%LoseTitle.text = LOSE_TITLES.get(reason, "LOSE_TITLE")
	_lose_undo.visible = rescue
	# One accent: the undo when it is offered, else Retry.
	%LoseRetry.theme_type_variation = &"" if rescue else &"AccentButton"
	_scrim.visible = true
	_lose.visible = true


## The loss was counted (the app was paused on the lost board): the undo is no longer offered.
func withdraw_rescue() -> void:
	_lose_undo.visible = false
	%LoseRetry.theme_type_variation = &"AccentButton"


## The rescue took the losing move back: the board is in play again.
func hide_lost() -> void:
	_scrim.visible = false
	_lose.visible = false


## The result panel's entrance at `t` (0..1): the backdrop darkens in while the panel grows from
## a little smaller to its size and fades in (BoardAnimator.after_move plays it).
func result_entrance(t: float) -> void:
	_scrim.modulate.a = t
	for panel: Control in [_win, _lose]:
		panel.modulate.a = t
		panel.pivot_offset = panel.size * 0.5
		panel.scale = Vector2.ONE * lerpf(0.92, 1.0, t)


func mark_copied() -> void:
	_copy.text = tr("DAILY_COPIED")


func _entry(index: int) -> Dictionary:
	return App.palette[index] if index >= 0 and index < App.palette.size() else {}


## Whether row `name` must be redrawn for `state` (and remembers it).
func _changed(name: String, state) -> bool:
	var key := hash([state, patterns, _crate_size, _place_size])
	if _drawn.get(name, 0) == key:
		return false
	_drawn[name] = key
	return true


## The rail's nearly-full warning (the tests read whether it shows, and whether it moves).
func rail_warning() -> RailWarning:
	return _warning


## The wrench button (the animator swings it while a bolt turns).
func wrench_button() -> Control:
	return _wrench


## The crate box in `slot` (the animator pops and slides it), or null.
func crate_node(slot: int) -> Control:
	return _nth(_live(_crates), slot)


## The rail place `place`, or the whole rail row for a negative `place`.
func rail_node(place: int) -> Control:
	return _rail if place < 0 else _nth(_live(_rail), place)


func _nth(items: Array, index: int) -> Control:
	return items[index] if index >= 0 and index < items.size() else null


func _fill_crates(crates: Array) -> void:
	if not _changed("crates", crates):
		return
	_reuse(_crates, crates.size(), CrateBox, _crate_size)
	var boxes := _live(_crates)
	for i in crates.size():
		var crate: Dictionary = crates[i]
		var entry := _entry(int(crate["color"])) if crate["active"] else {}
		# The crate shows its colour even while empty: the player plans by it.
		boxes[i].show_crate(entry, int(crate["fill"]), crate["active"], patterns)


func _fill_queue(colours: Array) -> void:
	if not _changed("queue", colours):
		return
	var shown := colours.slice(0, QUEUE_SHOWN)
	_reuse(_queue, shown.size(), CrateBox, _layout["queue_crate"])
	var boxes := _live(_queue)
	for i in shown.size():
		boxes[i].show_crate(_entry(int(shown[i])), 0, true, patterns, 0)
	_more.text = "+%d" % (colours.size() - shown.size()) if colours.size() > shown.size() else ""
	_queue_row.visible = not colours.is_empty()


func _fill_rail(colours: Array) -> void:
	if not _changed("rail", colours):
		return
	_reuse(_rail, colours.size(), RailPlace, _place_size)
	var places := _live(_rail)
	for i in colours.size():
		places[i].show_place(_entry(int(colours[i])), patterns, HudArt.HOLE)
	_rail.queue_redraw()


## Keeps exactly `count` children of `script`'s class in `row` (made at `size`).
func _reuse(row: Container, count: int, script: Script, size: Vector2) -> void:
	var live := _live(row)
	for i in range(count, live.size()):
		live[i].queue_free()
	for i in range(live.size(), count):
		var piece: Control = script.new()
		piece.custom_minimum_size = size
		piece.mouse_filter = Control.MOUSE_FILTER_IGNORE
		piece.size_flags_vertical = Control.SIZE_SHRINK_CENTER
		row.add_child(piece)


func _live(row: Node) -> Array:
	return row.get_children().filter(func(c): return not c.is_queued_for_deletion())


## The rail's tray: one rounded dark tray around its places.
func _draw_tray() -> void:
	var places := _live(_rail)
	if places.is_empty():
		return
	var rect: Rect2 = places[0].get_rect()
	for place in places:
		rect = rect.merge(place.get_rect())
	var style := StyleBoxFlat.new()
	style.bg_color = _warning.tint(TRAY)
	style.set_corner_radius_all(int(_place_size.y * 0.3))
	style.border_color = _warning.rim(TRAY_RIM)
	style.set_border_width_all(_warning.rim_width(3))
	style.shadow_color = Color(0, 0, 0, 0.4)
	style.shadow_size = 8
	style.shadow_offset = Vector2(0, 4)
	style.anti_aliasing = true
	_rail.draw_style_box(style, rect.grow(_layout["tray_pad"]))
