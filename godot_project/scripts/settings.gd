extends Control
## Settings: language, colour-blind patterns, sound, haptics, reduce motion, "show the introductions
## again", and the way to the licences screen. Values are stored (and validated) by SaveData; this
## screen only shows and forwards them.

## Item order of the language list: "" follows the device. Each language is named in itself.
const LANGUAGES := [
	["", "SETTINGS_LANGUAGE_DEVICE"],
	["en", "LANG_EN"],
	["tr", "LANG_TR"],
	["ja", "LANG_JA"],
	["zh_CN", "LANG_ZH_CN"],
	["zh_TW", "LANG_ZH_TW"],
	["ko", "LANG_KO"],
]

@onready var _language: OptionButton = %Language


func _ready() -> void:
	App.keep_in_safe_area(%Box)
	var current: String = App.setting("language")
	for i in LANGUAGES.size():
		_language.add_item(tr(LANGUAGES[i][1]), i)
		if LANGUAGES[i][0] == current:
			_language.select(i)
	%Patterns.set_pressed_no_signal(App.setting("colorblind_patterns") == true)
	%Sound.set_pressed_no_signal(App.setting("sound") == true)
	%Haptics.set_pressed_no_signal(App.setting("haptics") == true)
	%ReduceMotion.set_pressed_no_signal(App.setting("reduce_motion") == true)
	var intros := Button.new()
	intros.name = "Intros"
	intros.text = "SETTINGS_INTROS"
	intros.custom_minimum_size.y = 96.0
	intros.pressed.connect(_on_intros_pressed.bind(intros))
	%Box.add_child(intros)
	# The licences stay last: they are not a setting.
	%Box.move_child(intros, %Licences.get_index())


func _on_language_selected(index: int) -> void:
	App.set_setting("language", LANGUAGES[index][0])
	# Re-enter so every label re-translates and the list shows the new device-language name.
	App.go("settings")


func _on_patterns_toggled(on: bool) -> void:
	App.set_setting("colorblind_patterns", on)


func _on_sound_toggled(on: bool) -> void:
	App.set_setting("sound", on)
	App.click()


func _on_haptics_toggled(on: bool) -> void:
	App.set_setting("haptics", on)
	App.buzz(40)


## The board's animations become short fades (BoardAnimator reads it at every move).
func _on_reduce_motion_toggled(on: bool) -> void:
	App.set_setting("reduce_motion", on)


func _on_licences_pressed() -> void:
	App.click()
	App.go("licences")


## Every introduction card and level 1's guide show again (SaveData forgets which were seen).
func _on_intros_pressed(button: Button) -> void:
	App.click()
	if not App.save.reset_intros():
		push_error("settings: %s" % App.save.last_error())
		return
	button.text = "SETTINGS_INTROS_DONE"
	button.disabled = true


func _on_back_pressed() -> void:
	App.go("menu")
