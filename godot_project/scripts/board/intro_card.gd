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
}

## The card shown ("" when none).
var card := ""
## The card's width and its content's (HudArt.layout: card_width less two card_insets).
var _width: float = HudArt.layout()["card_width"]
var _inner: float = _width - 2.0 * float(HudArt.layout()["card_inset"])
var _art := IntroArt.new()
var _title := Label.new()
var _text := Label.new()


func _init() -> void:
	name = "IntroCard"
	var panel := Overlay.centred_panel(self, _width, 0.72)
	# A tap on the panel reaches the card too (it dismisses it).
	panel.mouse_filter = MOUSE_FILTER_IGNORE
	var box := VBoxContainer.new()
	box.add_theme_constant_override("separation", 16)
	panel.add_child(box)
	_art.name = "Art"
	_art.custom_minimum_size = Vector2(_inner, HudArt.layout()["card_art_height"])
	_art.mouse_filter = MOUSE_FILTER_IGNORE
	box.add_child(_art)
	_title.name = "Title"
	_title.theme_type_variation = "HeaderMedium"
	_text.name = "Text"
	var tap := Label.new()
	tap.name = "Tap"
	tap.text = "INTRO_TAP"
	tap.modulate = Color(1, 1, 1, 0.6)
	for label: Label in [_title, _text, tap]:
		label.horizontal_alignment = HORIZONTAL_ALIGNMENT_CENTER
		label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
		label.custom_minimum_size.x = _inner
		box.add_child(label)


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
