class_name StarPip
extends Control
## One star under a level on the map, drawn (the bundled font subsets carry no star glyph).

## STAR_ON or STAR_OFF of the level map (the tests read it).
var color := HudArt.STAR_OFF


func _draw() -> void:
	HudArt.star(self, size * 0.5, minf(size.x, size.y) * 0.5, color == HudArt.STAR_ON)
