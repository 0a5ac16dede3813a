class_name Overlay
extends RefCounted
## A sheet over the whole board (the pause sheet, the introduction cards): hidden until shown, it
## takes every tap, dims what is under it and holds a panel in its centre.


## Makes `sheet` such a sheet, dimmed to `dim` alpha, and returns its centred panel (`width` wide;
## nodes "Center/Panel", which the tests reach by path).
static func centred_panel(sheet: Control, width: float, dim: float) -> PanelContainer:
	sheet.visible = false
	sheet.mouse_filter = Control.MOUSE_FILTER_STOP
	sheet.set_anchors_preset(Control.PRESET_FULL_RECT)
	var scrim := ColorRect.new()
	scrim.color = Color(0.03, 0.04, 0.07, dim)
	scrim.mouse_filter = Control.MOUSE_FILTER_IGNORE
	scrim.set_anchors_preset(Control.PRESET_FULL_RECT)
	sheet.add_child(scrim)
	var center := CenterContainer.new()
	center.name = "Center"
	center.set_anchors_preset(Control.PRESET_FULL_RECT)
	sheet.add_child(center)
	var panel := PanelContainer.new()
	panel.name = "Panel"
	panel.custom_minimum_size.x = width
	center.add_child(panel)
	return panel
