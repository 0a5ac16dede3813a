class_name FadePool
extends RefCounted
## Alpha-blended copies of the plates' shared materials, so one node can fade without touching the
## shared ones (per-instance transparency is not drawn by the Compatibility and Mobile renderers).
## A copy costs about a millisecond and a move may fade several plates: copies come from a pool per
## original, are lent while an animation runs and come back when it ends, and the pool is stocked
## one copy a frame while nothing moves.

## Spare fading copies of each plate material kept ready (two panels may swing or fall at once).
const SPARES := 2

## Per original material: its spare copies.
var _spare := {}
## [original, copy] of every copy in use.
var _lent: Array = []


## Gives every mesh under `root` a fading copy of its material (the original kept in meta
## "faded_from", put back by unfade).
func fadeable(root: Node) -> void:
	for child in root.find_children("*", "GeometryInstance3D", true, false):
		var material = child.material_override
		if material is BaseMaterial3D and not child.has_meta("faded_from"):
			child.set_meta("faded_from", material)
			var spare: Array = _spare.get(material, [])
			var copy: BaseMaterial3D = spare.pop_back() if not spare.is_empty() else null
			if copy == null:
				copy = _fade_copy(material)
			copy.albedo_color = material.albedo_color
			_lent.append([material, copy])
			child.material_override = copy


## Sets the alpha of every faded mesh under `root` (its original's alpha times `alpha`).
func set_alpha(root: Node, alpha: float) -> void:
	for child in root.find_children("*", "GeometryInstance3D", true, false):
		if child.has_meta("faded_from"):
			var base: Color = child.get_meta("faded_from").albedo_color
			child.material_override.albedo_color.a = base.a * alpha


## Puts the original materials back under `node` and shows it as `shown`.
func unfade(node: Node3D, shown: bool) -> void:
	if not is_instance_valid(node):
		return
	for child in node.find_children("*", "GeometryInstance3D", true, false):
		if child.has_meta("faded_from"):
			child.material_override = child.get_meta("faded_from")
			child.remove_meta("faded_from")
	node.visible = shown


## Every lent copy back into the pool (call once nothing uses one: the originals are back, the
## faded stand-ins are gone).
func give_back() -> void:
	for loan in _lent:
		var spare: Array = _spare.get(loan[0], [])
		spare.append(loan[1])
		_spare[loan[0]] = spare
	_lent.clear()


## Adds one spare copy of the first of `materials` short of SPARES; false once all are stocked.
func stock(materials: Array[BaseMaterial3D]) -> bool:
	for material in materials:
		var spare: Array = _spare.get(material, [])
		if spare.size() < SPARES:
			spare.append(_fade_copy(material))
			_spare[material] = spare
			return true
	return false


func _fade_copy(material: BaseMaterial3D) -> BaseMaterial3D:
	var copy: BaseMaterial3D = material.duplicate()
	copy.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	return copy
