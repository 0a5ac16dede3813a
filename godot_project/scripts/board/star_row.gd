class_name StarRow
extends Control
## The win panel's three stars, drawn (the bundled font subsets carry no star glyph). The count is
## the node's "stars" meta, set by the HUD; its "pop" meta (WinParty) sizes each earned star as it
## pops in (0: not yet, an empty star shows; 1: settled).


func _draw() -> void:
	var stars := int(get_meta("stars", 0))
	var pop: Array = get_meta("pop", [1.0, 1.0, 1.0])
	var r := minf(size.y * 0.45, size.x / 7.0)
	for i in 3:
		var c := Vector2(
			size.x * 0.5 + (i - 1) * r * 2.3, size.y * 0.5 + (0.0 if i == 1 else r * 0.25)
		)
		var big := r * (1.15 if i == 1 else 1.0)
		var grow: float = pop[i] if i < pop.size() else 1.0
		if i >= stars or grow < 1.0:
			HudArt.star(self, c, big, false)
		if i < stars and grow > 0.0:
			HudArt.star(self, c, big * grow, true)
