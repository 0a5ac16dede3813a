class_name IntroCard
extends Control
## One introduction card over the board: the art (IntroArt), a title and a short text, "tap to
## continue". A tap anywhere dismisses it; it covers the whole screen, so the tap never reaches the
## board (the board also takes no tap while `visible`). Which cards, in what order, and that each
## shows once are the core's (SaveData.intro_cards / mark_intro_seen); the card only draws.

signal dismissed(id: String)

## Title and text of each card id (written out: the translation check finds every key used).
const TEXTS := {
	"wall": ["INTRO_WALL_TITLE", "INTRO_WALL"],
	"crate3": ["INTRO_CRATE3_TITLE", "INTRO_CRATE3"],
	"rail4": ["INTRO_RAIL4_TITLE", "INTRO_RAIL4"],
	"rail3": ["INTRO_RAIL3_TITLE", "INTRO_RAIL3"],
	"hidden": ["INTRO_HIDDEN_TITLE", "INTRO_HIDDEN"],
	"rusty": ["INTRO_RUSTY_TITLE", "INTRO_RUSTY"],
	"bolt": ["INTRO_BOLT_TITLE", "INTRO_BOLT"],
	"lock": ["INTRO_LOCK_TITLE", "INTRO_LOCK"],
	"bomb": ["INTRO_BOMB_TITLE", "INTRO_BOMB"],
}

## The card shown ("" when none).
var card := ""

@onready var _art: IntroArt = %Art
@onready var _title: Label = %Title
@onready var _text: Label = %Text


## The card's width, its content's (card_width less two card_insets) and the art's height follow
## the screen (HudArt.layout), so they are set here rather than in the scene. A tap on the panel
## reaches the card too (the panel ignores taps; the card dismisses on them).
func _ready() -> void:
	var layout := HudArt.layout()
	var width: float = layout["card_width"]
	var inner: float = width - 2.0 * float(layout["card_inset"])
	(%Panel as Control).custom_minimum_size.x = width
	_art.custom_minimum_size = Vector2(inner, layout["card_art_height"])
	for label: Label in [_title, _text, %Tap]:
		label.custom_minimum_size.x = inner


## Shows card `id` (one of TEXTS).
func show_card(id: String) -> void:
	card = id
	var keys: Array = TEXTS.get(id, ["", ""])
	_title.text = tr(keys[0])
	_text.text = tr(keys[1])
	_art.show_card(id)
	visible = true


## A tap (its release) anywhere on the card dismisses it.
func _gui_input(event: InputEvent) -> void:
	if event is InputEventMouseButton and not event.pressed and visible:
		accept_event()
		var id := card
		visible = false
		card = ""
		dismissed.emit(id)
