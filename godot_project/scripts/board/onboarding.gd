class_name BoardOnboarding
extends Control
## A player's first hour on the board: the introduction cards before play, and level 1's pointer.
## What to introduce, where the pointer goes and when the guide lets go are the core's
## (SaveData.intro_cards / wants_guide / mark_intro_seen, GameSim.guide_step); this node draws the
## card (IntroCard), the pointer (a hand-drawn arrow bobbing over the screw and a ring around it,
## steady with reduce motion) and the guide's one-line text. The pointer takes no input.

## The arrow's bob period (s); how far it bobs is HudArt.layout()'s pointer_bob.
const BOB_PERIOD := 0.9
const POINTER := Color(1.0, 0.84, 0.4)
const OUTLINE := Color(0.08, 0.08, 0.1)
const GUIDE_TEXTS := {"crate": "GUIDE_CRATE", "rail": "GUIDE_RAIL"}

var _cards: PackedStringArray = []
var _guided := false
## The guide's step ("crate", "rail", "done") and the screw it points at (-1: none).
var _step := ""
var _screw := -1
var _world: BoardWorld = null
var _camera: Camera3D = null
var _clock := 0.0
## How far the pointer bobs (HudArt.layout: pointer_bob).
var _bob: float = HudArt.layout()["pointer_bob"]
## The pointer's screen point (x < 0: none), the screw's radius on screen, the bob (0..1).
var _at := Vector2(-1, -1)
var _r := 18.0
var _wave := 0.0
## The board's far corner cell (width, height): where the board ends on screen.
var _board := Vector2i.ZERO

@onready var _card: IntroCard = %IntroCard
@onready var _bubble: PanelContainer = %Guide
@onready var _line: Label = %Text


## Level `number` (a Daily Bench when `daily`) has loaded in `sim`: its unseen cards show first,
## then level 1's guide points.
func start(sim: GameSim, number: int, daily: bool, world: BoardWorld, camera: Camera3D) -> void:
	_world = world
	_camera = camera
	_board = Vector2i(sim.width(), sim.height())
	_cards = App.save.intro_cards(sim, 0 if daily else number)
	_guided = not daily and App.save.wants_guide(number)
	_next_card()
	after_move(sim)


## A card is up: the board takes no tap.
func blocking() -> bool:
	return _card.visible


## After every move (and undo) while guided: the core says what to point at next; "done" is kept
## in the save, so the guide runs once.
func after_move(sim: GameSim) -> void:
	if not _guided:
		return
	var step: Dictionary = sim.guide_step()
	_step = str(step.get("step", "done"))
	_screw = int(step.get("screw", -1))
	if _step == "done":
		_guided = false
		_screw = -1
		if not App.save.mark_intro_seen("guide"):
			push_error("save: %s" % App.save.last_error())
	_line.text = tr(GUIDE_TEXTS.get(_step, ""))


## The screw the guide points at (-1: none, or a card is up).
func pointed_screw() -> int:
	return _screw if not _card.visible else -1


## Where the pointer is drawn (the pointed screw's head), or null when none is: what a player sees,
## for the tests.
func pointer_position() -> Variant:
	return _at if _at.x >= 0.0 else null


## Where the arrow's point is drawn now (it bobs; with reduce motion it stands still), or null.
func arrow_tip() -> Variant:
	return _tip() if _at.x >= 0.0 else null


func _tip() -> Vector2:
	return _at - Vector2(0, _r * 1.5 + _bob * _wave)


func _next_card() -> void:
	if _cards.is_empty():
		return
	var id := _cards[0]
	_cards.remove_at(0)
	_card.show_card(id)


func _on_dismissed(id: String) -> void:
	App.click()
	if not App.save.mark_intro_seen(id):
		push_error("save: %s" % App.save.last_error())
	_next_card()


func _process(delta: float) -> void:
	_clock += delta
	var shown := pointed_screw() >= 0 and _aim()
	_bubble.visible = shown
	if shown or _at.x >= 0.0:
		queue_redraw()
	if not shown:
		_at = Vector2(-1, -1)


## Where the pointed screw is on screen now (the camera follows the window) and the bubble's place;
## false when there is nothing to point at.
func _aim() -> bool:
	var node: Node3D = _world.screw_node(_screw) if _world != null else null
	if node == null or not node.is_inside_tree() or not node.visible:
		return false
	# The head's top: the node stands at half the screw's height.
	var head := node.global_position + Vector3(0, _world.screw_height() * 0.5, 0)
	_at = _camera.unproject_position(head)
	var edge := _camera.unproject_position(head + Vector3(0.45, 0, 0))
	_r = maxf(_at.distance_to(edge), 18.0)
	var still: bool = App.setting("reduce_motion") == true
	_wave = 0.0 if still else 0.5 + 0.5 * sin(_clock * TAU / BOB_PERIOD)
	var box := _bubble.get_combined_minimum_size()
	_bubble.size = box
	_bubble.position = Vector2((size.x - box.x) * 0.5, _bubble_top(box.y))
	return true


func _draw() -> void:
	if _at.x < 0.0:
		return
	var ring := _r * (1.25 + 0.15 * _wave)
	draw_arc(_at, ring, 0.0, TAU, 48, OUTLINE, 9.0, true)
	draw_arc(_at, ring, 0.0, TAU, 48, POINTER, 5.0, true)
	_arrow(_tip(), _r)


## Where the guide's line goes, never over the HUD's crates or rail: in the gap between the board
## and the rail when it fits there, else above the arrow, else under the screw.
func _bubble_top(height: float) -> float:
	var top: float = get_node("../Top").get_global_rect().end.y + 8.0
	var bottom: float = get_node("../Bottom").get_global_rect().position.y - 8.0
	var corner := _world.cell_point(_board, 0) - Vector3(0.5, 0, 0.5)
	var board_end := _camera.unproject_position(corner).y + 24.0
	if bottom - board_end >= height:
		return (board_end + bottom - height) * 0.5
	var above := _at.y - _r * 1.5 - _bob - maxf(_r * 0.8, 22.0) * 1.9 - 12.0 - height
	if above >= top:
		return above
	return clampf(_at.y + _r * 1.6 + 8.0, top, bottom - height)


## A fat arrow pointing down at `tip`, `r` the screw's radius on screen.
func _arrow(tip: Vector2, r: float) -> void:
	var w := maxf(r * 0.8, 22.0)
	var h := w * 1.9
	var points := PackedVector2Array(
		[
			tip,
			tip + Vector2(-w, -w),
			tip + Vector2(-w * 0.4, -w),
			tip + Vector2(-w * 0.4, -h),
			tip + Vector2(w * 0.4, -h),
			tip + Vector2(w * 0.4, -w),
			tip + Vector2(w, -w),
		]
	)
	draw_colored_polygon(points, POINTER)
	draw_polyline(points + PackedVector2Array([points[0]]), OUTLINE, 4.0, true)
