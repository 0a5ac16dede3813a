extends Control
## Licences (from Settings): what the game ships must say whose work it is. Four sections, each a
## heading that opens its text: Godot's own licence (the engine reports it), the licences of the
## parts of Godot (Engine.get_copyright_info / get_license_info), the fonts' SIL Open Font License
## (fonts/OFL.txt) and the Rust crates linked into the extension (licences/rust_crates.txt, made
## from the crate graph by scripts/licences.py). A text is laid out only when its section opens:
## all of them together are a few hundred kilobytes.

const OFL := "res://fonts/OFL.txt"
const RUST_CRATES := "res://licences/rust_crates.txt"
## Texts are cut into labels of about this many characters (one huge label is slow to lay out
## and to draw; paragraphs stay whole).
const CHUNK := 4000
## A line at least this long in a licence file was wrapped by its author (see _reflow).
const WRAPPED := 50


func _ready() -> void:
	App.keep_in_safe_area(%Box)
	for section in %Sections.get_children():
		if section is Button:
			section.toggled.connect(_on_section_toggled.bind(section))


func _on_section_toggled(on: bool, heading: Button) -> void:
	App.click()
	var body: VBoxContainer = %Sections.get_node(str(heading.name) + "Text")
	if on and body.get_child_count() == 0:
		_fill(body, _text_of(str(heading.name)))
	body.visible = on


func _text_of(section: String) -> String:
	match section:
		"Godot":
			return Engine.get_license_text()
		"GodotParts":
			return _godot_parts()
		"Fonts":
			return FileAccess.get_file_as_string(OFL)
		"Rust":
			return FileAccess.get_file_as_string(RUST_CRATES)
	return ""


## Each part of Godot with its copyright lines and licence, then each licence's text once.
func _godot_parts() -> String:
	var lines := PackedStringArray()
	for component: Dictionary in Engine.get_copyright_info():
		lines.append(str(component["name"]))
		for part: Dictionary in component["parts"]:
			for holder in part["copyright"]:
				lines.append("    © " + str(holder))
			lines.append("    " + str(part["license"]))
	var texts: Dictionary = Engine.get_license_info()
	for licence in texts:
		lines.append("\n" + str(licence) + "\n" + str(texts[licence]))
	return "\n".join(lines)


## Adds the text one chunk per frame: laying out a hundred kilobytes at once froze the screen for
## seconds on a slow phone; this way the first page shows at once and the rest follows.
func _fill(body: VBoxContainer, text: String) -> void:
	var chunks := PackedStringArray()
	var chunk := ""
	for block in text.split("\n\n"):
		var paragraph := _reflow(block)
		if chunk.length() + paragraph.length() > CHUNK and not chunk.is_empty():
			chunks.append(chunk)
			chunk = ""
		chunk += ("\n\n" if not chunk.is_empty() else "") + paragraph
	if not chunk.is_empty():
		chunks.append(chunk)
	for part in chunks:
		if not is_inside_tree():
			return
		body.add_child(_label(part))
		await get_tree().process_frame


## Licence files are wrapped at about 80 columns; on a phone those lines wrap again and leave
## ragged half lines. A line that continues a long line of running text joins it (indented lines,
## list items, rules and copyright lines keep their own line).
func _reflow(block: String) -> String:
	var out := PackedStringArray()
	var previous := ""
	for line in block.split("\n"):
		if not out.is_empty() and _continues(previous, line):
			out[out.size() - 1] += " " + line
		else:
			out.append(line)
		previous = line
	return "\n".join(out)


func _continues(previous: String, line: String) -> bool:
	if previous.length() < WRAPPED or line.is_empty() or previous.begins_with(" "):
		return false
	if line.begins_with("Copyright") or previous.begins_with("\t"):
		return false
	return not line[0] in [" ", "\t", "-", "*", "(", "=", "•"]


func _label(text: String) -> Label:
	var label := Label.new()
	label.text = text
	label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	label.auto_translate_mode = Node.AUTO_TRANSLATE_MODE_DISABLED
	label.add_theme_font_size_override("font_size", 22)
	label.add_theme_color_override("font_color", Color(0.82, 0.85, 0.9))
	return label


func _on_back_pressed() -> void:
	App.go("settings")


## Android back returns to Settings, where the screen was opened.
func go_back() -> void:
	App.go("settings")
