@tool
extends HBoxContainer
## The level canvas's layer strip: per layer a toggle that shows or hides it and a "solo" toggle
## that shows it alone. It only reports; the canvas decides what it draws and hit-tests.

signal changed(hidden: Dictionary, solo: int)

var _hidden := {}
var _solo := -1
var _count := -1


## One pair of toggles per layer 0..`top`.
func show_layers(top: int) -> void:
	if top + 1 == _count:
		return
	_count = top + 1
	# Out of the tree at once: a freed toggle still named "Layer0" would be the one sync() finds.
	for child in get_children():
		remove_child(child)
		child.queue_free()
	var label := Label.new()
	label.text = "Layers"
	add_child(label)
	for layer in _count:
		var eye := Button.new()
		eye.name = "Layer%d" % layer
		eye.text = "L%d" % layer
		eye.toggle_mode = true
		eye.tooltip_text = "Show or hide layer %d" % layer
		eye.toggled.connect(_on_visible.bind(layer))
		add_child(eye)
		var solo := Button.new()
		solo.name = "Solo%d" % layer
		solo.text = "solo"
		solo.toggle_mode = true
		solo.tooltip_text = "Show layer %d alone" % layer
		solo.toggled.connect(_on_solo.bind(layer))
		add_child(solo)
	sync(_hidden, _solo)


## Shows a visibility set and solo layer the canvas was given by its host.
func sync(hidden: Dictionary, solo: int) -> void:
	_hidden = hidden.duplicate()
	_solo = solo
	for layer in _count:
		var eye := get_node_or_null("Layer%d" % layer) as Button
		var solo_button := get_node_or_null("Solo%d" % layer) as Button
		if eye != null:
			eye.set_pressed_no_signal(not _hidden.has(layer))
		if solo_button != null:
			solo_button.set_pressed_no_signal(_solo == layer)


func _on_visible(on: bool, layer: int) -> void:
	if on:
		_hidden.erase(layer)
	else:
		_hidden[layer] = true
	changed.emit(_hidden.duplicate(), _solo)


func _on_solo(on: bool, layer: int) -> void:
	_solo = layer if on else -1
	sync(_hidden, _solo)
	changed.emit(_hidden.duplicate(), _solo)
