extends SceneTree
## The licences screen, by taps: Settings → Licences; each section opens its text when
## its heading is tapped — Godot's licence as the engine reports it, the parts of Godot, the fonts'
## OFL and the Rust crates list made by scripts/licences.py — and the long page scrolls; back
## returns to Settings.

const Driver := preload("res://tests/e2e/driver.gd")
const SETTINGS := "res://scenes/settings.tscn"
const LICENCES := "res://scenes/licences.tscn"
const SECTIONS := "Box/Scroll/Sections/"
## What each section's text must hold.
const EXPECTED := {
	"Godot": "Godot Engine",
	"GodotParts": "FreeType",
	"Fonts": "SIL OPEN FONT LICENSE",
	"Rust": "serde_json",
}

var d: Driver


func _initialize() -> void:
	d = Driver.new(self, "licences_test")
	Driver.fresh_save(0)
	_run.call_deferred()


func _run() -> void:
	if await d.start(SETTINGS):
		await d.tap_path("Box/Licences")
		if await d.wait_scene(LICENCES):
			await _sections()
			await _scrolls()
			await d.back()
			await d.wait_scene(SETTINGS)
	await d.finish()


## The text's words in order (the screen re-flows lines a licence file wrapped by hand).
static func _words(text: String) -> PackedStringArray:
	var words := PackedStringArray()
	for word in text.replace("\n", " ").replace("\t", " ").split(" ", false):
		words.append(word)
	return words


func _text(section: String) -> String:
	var parts := PackedStringArray()
	for label in d.node(SECTIONS + section + "Text").get_children():
		parts.append(str(label.text))
	return "\n\n".join(parts)


## Each heading opens its section and closes it again (a closed section leaves the headings
## below it where they were, so the next tap lands on its heading).
func _sections() -> void:
	var whole := {
		"Godot": Engine.get_license_text(),
		"Rust": FileAccess.get_file_as_string("res://licences/rust_crates.txt"),
	}
	for section: String in EXPECTED:
		d.check(not d.visible(SECTIONS + section + "Text"), "%s starts closed" % section)
		var started := Time.get_ticks_msec()
		await d.tap_path(SECTIONS + section)
		var tapped := Time.get_ticks_msec() - started
		d.check(d.visible(SECTIONS + section + "Text"), "%s opens" % section)
		await d.wait_for(
			func(): return _text(section).contains(EXPECTED[section]),
			20.0,
			"%s shows %s" % [section, EXPECTED[section]]
		)
		if section in whole:
			var words := _words(whole[section])
			await d.wait_for(
				func(): return _words(_text(section)) == words, 20.0, "the whole %s text" % section
			)
		print(
			(
				"licences_test: %s: the tap took %d ms, the text was in after %d ms"
				% [section, tapped, Time.get_ticks_msec() - started]
			)
		)
		_check_glyphs(section)
		await d.tap_path(SECTIONS + section)
		d.check(not d.visible(SECTIONS + section + "Text"), "%s closes" % section)


## Every character of a section has a glyph in the bundled fonts (the texts are read at run time,
## so fonts/build_fonts.py adds their characters to the Latin subset).
func _check_glyphs(section: String) -> void:
	var font: Font = d.app().ui_font()
	var missing := {}
	for ch in _text(section):
		var code := ch.unicode_at(0)
		if code >= 0x20 and not font.has_char(code):
			missing[ch] = true
	d.check(missing.is_empty(), "%s: no glyph for %s" % [section, "".join(missing.keys())])


## With the crates open the page is taller than the screen and a wheel turn scrolls it.
func _scrolls() -> void:
	var scroll := d.node("Box/Scroll") as ScrollContainer
	await d.tap_path(SECTIONS + "Rust")
	await d.frames(2)
	d.check(scroll.scroll_vertical == 0, "the page starts at its top")
	var at := scroll.get_global_rect().get_center()
	for i in 5:
		var wheel := InputEventMouseButton.new()
		wheel.button_index = MOUSE_BUTTON_WHEEL_DOWN
		wheel.pressed = true
		wheel.position = root.get_final_transform() * at
		wheel.global_position = wheel.position
		root.push_input(wheel)
		await d.frames(1)
	await d.frames(3)
	d.check(scroll.scroll_vertical > 0, "the page scrolls: %d" % scroll.scroll_vertical)
