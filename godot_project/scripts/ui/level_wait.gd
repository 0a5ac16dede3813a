extends CanvasLayer
## Over every screen while App waits for an endless level (EndlessLevels makes it on a thread): a
## dimmed screen that takes every touch and click, and the spinner. Nothing to read: a fresh level
## takes a moment, and a fallback to the cycle level is not the player's business.


## Touches reach the board's `_unhandled_input` even when a Control took their mouse twin: taken
## here, so nothing under the shade is tapped while it shows.
func _input(event: InputEvent) -> void:
	if event is InputEventScreenTouch or event is InputEventScreenDrag:
		get_viewport().set_input_as_handled()
