extends Control
## Main menu: continue, level map, daily bench, settings. Shows the one-time save notice, and on
## every visit that a newer build's save is being left untouched (nothing is saved).

@onready var _continue: Button = %Continue
@onready var _notice: Label = %Notice


func _ready() -> void:
	App.keep_in_safe_area(%Box)
	if not App.extension_ok:
		_notice.text = tr("MENU_NO_EXTENSION")
		for button in [_continue, %LevelMap, %Daily, %Settings]:
			button.disabled = true
		return
	_continue.text = tr("MENU_CONTINUE") % App.save.continue_level()
	# Past the baked set the level Continue opens is made while the menu shows.
	App.prefetch(App.save.continue_level())
	_notice.text = tr(App.notice) if not App.notice.is_empty() else ""
	# A newer build's save is left untouched and nothing is written: said on every visit.
	if App.save.is_read_only():
		_notice.text = tr("MENU_SAVE_NEWER")
	App.notice = ""
	_continue.grab_focus()


func _on_continue_pressed() -> void:
	App.click()
	App.continue_game()


func _on_level_map_pressed() -> void:
	App.click()
	App.go("map")


func _on_daily_pressed() -> void:
	App.click()
	App.go("daily")


func _on_settings_pressed() -> void:
	App.click()
	App.go("settings")
