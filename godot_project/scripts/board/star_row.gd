class_name StarRow
extends Control
## The win panel's three stars, drawn (the bundled font subsets carry no star glyph). The count is
## the node's "stars" meta, set by the HUD.


func _draw() -> void:
	var stars := int(get_meta("stars", 0))
	var r := minf(size.y * 0.45, size.x / 7.0)
	for i in 3:
		var c := Vector2(size.x * 0.5 + (i - 1) * r * 2.3, size.y * 0.5 + (0.0 if i == 1 else r * 0.25))
		HudArt.star(self, c, r * (1.15 if i == 1 else 1.0), i < stars)
