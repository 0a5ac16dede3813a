class_name IntroArt
extends Control
## The picture on an introduction card, drawn with the board's own art: HudArt's screw heads, holes
## and boxes, the board's '?' cap and rust colours (ScrewView), the HUD's crates (CrateBox) and rail
## places (RailPlace), the lock, key and bomb of IntroMechanicArt. `card` is the card's id from
## SaveData.intro_cards().

const ARROW := Color(0.93, 0.94, 0.96, 0.85)
const BRICK := Color(0.42, 0.36, 0.33)

var card := ""


## Shows the art of `id` (the crates and rail places are real HUD pieces, made here).
func show_card(id: String) -> void:
	card = id
	for child in get_children():
		child.queue_free()
	match id:
		"crate3":
			_row(CrateBox, 3, Vector2(150, 75))
		"rail4":
			_row(RailPlace, 4, Vector2(80, 80))
		"rail3":
			_row(RailPlace, 3, Vector2(80, 80))
	queue_redraw()


func _draw() -> void:
	var c := size * 0.5
	var r := minf(size.y * 0.22, 44.0)
	match card:
		"hidden":
			ScrewArt.hidden(self, c - Vector2(r * 2.6, 0), r, get_theme_font("font"))
			_arrow(c - Vector2(r * 1.1, 0), c + Vector2(r * 1.1, 0), r)
			HudArt.screw(self, c + Vector2(r * 2.6, 0), r, _entry(1), false)
		"rusty":
			ScrewArt.rusty(self, c - Vector2(r * 3.8, 0), r, _entry(2))
			_arrow(c - Vector2(r * 2.6, 0), c - Vector2(r * 1.3, 0), r)
			HudArt.screw(self, c + Vector2(0, -r * 0.25), r, _entry(2), false, 1.1)
			_arrow(c + Vector2(r * 1.3, 0), c + Vector2(r * 2.6, 0), r)
			HudArt.hole(self, c + Vector2(r * 3.8, 0), r)
		"bolt":
			ScrewArt.bolt(self, c - Vector2(r * 1.8, 0), r * 1.1, _entry(0))
			# The wrench as its tool button shows it: the icon on the button's face.
			var face := Rect2(c + Vector2(r * 0.3, -r * 1.5), Vector2.ONE * r * 3.0)
			HudArt.box(self, face, ToolButton.FACE, r * 0.4)
			HudArt.icon(self, "wrench", face.grow(-r * 0.36), ToolButton.FACE)
		"lock":
			_lock(c, r)
		"bomb":
			_bomb(c, r)
		"rail4", "rail3":
			_tray()
		"wall":
			_wall()


func _entry(index: int) -> Dictionary:
	return App.palette[index % App.palette.size()] if not App.palette.is_empty() else {}


## The key screw and the screw it locks (the same pairing badge); once the key screw is out (its
## hole), the lock opens.
func _lock(c: Vector2, r: float) -> void:
	# The badges reach 1.1 r beside a head: the row is 11.4 r wide.
	r = minf(r, size.x / 11.8)
	IntroMechanicArt.key_screw(self, c - Vector2(r * 4.7, 0), r, _entry(0), 0)
	IntroMechanicArt.locked_screw(self, c - Vector2(r * 1.9, 0), r, _entry(1), 0, false)
	_arrow(c - Vector2(r * 0.55, 0), c + Vector2(r * 0.65, 0), r)
	HudArt.hole(self, c + Vector2(r * 1.85, 0), r)
	IntroMechanicArt.locked_screw(self, c + Vector2(r * 4.7, 0), r, _entry(1), 0, true)


## A bomb under a plate waits at 4; the move that uncovers it is free (still 4); the next move
## counts (3). Raised a little: the badges hang below the heads.
func _bomb(c: Vector2, r: float) -> void:
	for i in 3:
		var at := c + Vector2(((i - 1) * 3.5 + 0.3) * r, -r * 0.3)
		if i == 0:
			IntroMechanicArt.covered_bomb(self, at, r, _entry(3), 4)
		else:
			IntroMechanicArt.bomb_screw(self, at, r, _entry(3), 5 - i)
		if i < 2:
			_arrow(at + Vector2(r * 1.3, 0), at + Vector2(r * 2.3, 0), r)


func _arrow(from: Vector2, to: Vector2, r: float) -> void:
	var dir := (to - from).normalized()
	var side := Vector2(-dir.y, dir.x)
	draw_line(from, to - dir * r * 0.3, ARROW, r * 0.16, true)
	draw_colored_polygon(
		PackedVector2Array(
			[to, to - dir * r * 0.5 + side * r * 0.32, to - dir * r * 0.5 - side * r * 0.32]
		),
		ARROW
	)


## The rail's tray behind its places (as the HUD draws it), one place holding a screw.
func _tray() -> void:
	# The newest row: the previous card's may still be waiting to be freed this frame.
	var row: Control = get_child(-1) if get_child_count() > 0 else null
	if row == null:
		return
	HudArt.box(self, row.get_rect().grow(10.0), BoardHud.TRAY, 24.0)


## The wall: three courses of bricks across the picture (every other course offset by half a
## brick), a screw in some of them.
func _wall() -> void:
	var gap := 8.0
	var brick := Vector2((size.x - 3.0 * gap) / 4.0, (size.y - 2.0 * gap) / 3.0)
	var whole := Rect2(Vector2.ZERO, size)
	for row in 3:
		var shift := -brick.x * 0.5 if row % 2 == 1 else 0.0
		for i in 5:
			var at := Vector2(shift + i * (brick.x + gap), row * (brick.y + gap))
			var rect := Rect2(at, brick).intersection(whole)
			if rect.size.x < brick.y * 0.5:
				continue
			HudArt.box(self, rect, BRICK, brick.y * 0.16)
			if (row * 5 + i) % 4 == 1:
				HudArt.screw(self, rect.get_center(), brick.y * 0.3, _entry(row + i), false)


## `count` real HUD pieces (crates or rail places) in a centred row.
func _row(script: Script, count: int, piece: Vector2) -> void:
	var row := HBoxContainer.new()
	row.alignment = BoxContainer.ALIGNMENT_CENTER
	row.add_theme_constant_override("separation", 12)
	row.mouse_filter = Control.MOUSE_FILTER_IGNORE
	add_child(row)
	for i in count:
		var item: Control = script.new()
		item.custom_minimum_size = piece
		row.add_child(item)
		if item is CrateBox:
			item.show_crate(_entry(i), 1 if i == 2 else 0, true, false)
		else:
			item.show_place(_entry(1) if i == 0 else {}, false, HudArt.HOLE)
	row.resized.connect(queue_redraw)
	row.set_anchors_and_offsets_preset(Control.PRESET_CENTER, Control.PRESET_MODE_MINSIZE)
