extends SceneTree
## The level editor's widgets (addons/screwsmith_editor/widgets), each instanced from its scene and
## fed by a real LevelEditor, headless. The verdict card shows shipped level 47 as proven, on the
## curve of the 200 (drawn from LevelEditor.shipped_curve), with its rates, min rail, uniqueness and
## one readability row per audited device; an edit marks it stale. The level broken by a recolour:
## the card says INVALID, lists every fault, and a click on a fault row names its screws by signal.
## The tool bar makes a toggle per canvas tool (text labels without the editor's icons), each with
## its shortcut in its tooltip, and its clicks emit. The properties panel shows a screw and sends
## a swatch's click as a `set_screw` edit the LevelEditor applies. The Level menu opens a shipped
## level by number, refuses a malformed date, and saves. The main screen (editor_screen.tscn)
## composes them: a shipped level opened from its menu is proven on its card, a tool chosen on its
## bar is the level view's tool; and a lock and a bomb set through its panel and canvas reach the
## saved file (editor_locks.gd); its fields and highlights (editor_fields.gd).

const Driver := preload("res://tests/e2e/driver.gd")
const Rig := preload("res://tests/e2e/editor_rig.gd")
const CardScene := preload("res://addons/screwsmith_editor/widgets/verdict_card.tscn")
const BarScene := preload("res://addons/screwsmith_editor/widgets/tool_bar.tscn")
const PanelScene := preload("res://addons/screwsmith_editor/widgets/properties_panel.tscn")
const MenuScene := preload("res://addons/screwsmith_editor/widgets/file_menu.tscn")
const Locks := preload("res://tests/e2e/editor_locks.gd")
const Fields := preload("res://tests/e2e/editor_fields.gd")
const LEVEL := 47
const TOOLS := {
	"select": {"icon": "ToolSelect", "tip": "Select", "key": KEY_Q},
	"paint": {"icon": "Edit", "tip": "Paint cells", "key": KEY_B},
	"erase": {"icon": "Eraser", "tip": "Erase cells", "key": "E"},
}

var d: Driver
var editor
var heard: Array = []
var box: VBoxContainer


func _initialize() -> void:
	d = Driver.new(self, "editor_widgets_test")
	_run.call_deferred()


func _run() -> void:
	root.size = Vector2i(1280, 900)
	if d.check(ClassDB.class_exists("LevelEditor"), "the LevelEditor class is loaded"):
		box = VBoxContainer.new()
		root.add_child(box)
		# The box holds the LevelEditor too: freeing the box frees it.
		editor = ClassDB.instantiate("LevelEditor")
		box.add_child(editor)
		editor.verdict.connect(func(v): heard.append(v))
		box.set_anchors_and_offsets_preset(Control.PRESET_FULL_RECT)
		await _card()
		await _tool_bar()
		await _panel()
		await _menu()
		box.queue_free()
		await d.frames(2)
		await _screen()
		await Locks.new(self).run()
		await Fields.new(self).run()
	await d.finish()


func _verdict() -> Dictionary:
	await d.wait_for(
		func(): return not heard.is_empty() and not editor.is_measuring(), 60.0, "a verdict"
	)
	return heard.back() if not heard.is_empty() else {}


func _card() -> void:
	var card: PanelContainer = CardScene.instantiate()
	box.add_child(card)
	var text := FileAccess.get_file_as_string("res://levels/levels.json")
	var curve: Dictionary = editor.shipped_curve(text)
	d.check(curve.get("points", []).size() == 200, "the curve has the 200 shipped levels")
	var audit = ClassDB.instantiate("ReadabilityAudit")
	var names: Array = audit.devices().map(func(x): return x["name"])
	card.setup(curve, names)
	d.check(card.state_text() == "running…", "running before a verdict: %s" % card.state_text())
	heard.clear()
	editor.load_json(text, LEVEL - 1)
	var v := await _verdict()
	card.show_verdict(v, LEVEL)
	await d.frames(2)
	d.check(card.status_text() == "PROVEN", "level %d is proven: %s" % [LEVEL, card.status_text()])
	d.check(card.state_text().begins_with("measured in"), "measured: %s" % card.state_text())
	var plot = card.get_node("%Plot")
	d.check(plot.number == LEVEL and plot.difficulty == int(v["difficulty"]), "marked on the curve")
	var fail_bar = card.get_node("%FailBar")
	d.check(is_equal_approx(fail_bar.value, float(v["human_fail_rate"])), "the fail-rate bar")
	var band: Dictionary = curve["bands"][int(v["target_band"]) - 1]
	d.check(is_equal_approx(fail_bar.mean, float(band["mean_fail"])), "its band's shipped mean")
	var rows: Array = card.device_rows()
	d.check(rows.size() == names.size() and names.size() == 8, "a row per device: %s" % str(rows))
	var rail := "%d of %d" % [int(v["min_rail"]), int(v["rail_slots"])]
	d.check(card.get_node("%MinRail").text == rail, "min rail %s" % card.get_node("%MinRail").text)
	d.check(card.tooltip_text.contains("status: proven"), "the verdict's text is the tooltip")
	card.mark_stale()
	d.check(card.state_text().begins_with("stale"), "stale after an edit: %s" % card.state_text())
	# Screw 1 recoloured to a colour nobody else has: two colour counts break.
	var first: Dictionary = editor.level()["screws"][0]
	var colour: int = (int(first["color"]) + 1) % 16
	while editor.level()["colors"].has(colour):
		colour = (colour + 1) % 16
	heard.clear()
	editor.edit(JSON.stringify({"op": "set_screw", "screw": int(first["id"]), "color": colour}))
	v = await _verdict()
	card.show_verdict(v, LEVEL)
	await d.frames(2)
	d.check(card.status_text().begins_with("INVALID"), "invalid: %s" % card.status_text())
	var faults: Array = card.fault_rows()
	d.check(faults.size() >= v["errors"].size() and faults.size() >= 2, "every fault listed")
	var picked: Array = []
	card.fault_selected.connect(func(screws, parts): picked.append([screws, parts]))
	await d.tap_control(faults[1])
	d.check(picked.size() == 1, "a click on a fault emits fault_selected")
	if not picked.is_empty():
		d.check(picked[0][0] == v["errors"][1]["screws"], "it names the fault's screws")
	editor.undo()
	card.queue_free()


func _tool_bar() -> void:
	var bar: HBoxContainer = BarScene.instantiate()
	box.add_child(bar)
	bar.setup(TOOLS, box)
	await d.frames(2)
	var chosen: Array = []
	bar.tool_chosen.connect(func(t): chosen.append(t))
	var paint: Button = bar.tool_button("paint")
	d.check(paint != null and paint.text == "Paint", "a labelled paint tool")
	d.check(
		paint.tooltip_text.contains("(B)"), "its shortcut in its tooltip: %s" % paint.tooltip_text
	)
	d.check(paint.shortcut != null, "a Shortcut on the tool")
	await d.tap_control(paint)
	d.check(chosen == ["paint"], "clicking a tool chooses it: %s" % str(chosen))
	await d.tap_control(bar.tool_button("erase"))
	d.check(not paint.button_pressed, "one tool down at a time")
	var grid: Array = []
	bar.grid_toggled.connect(func(on): grid.append(on))
	await d.tap_control(bar.button("Grid"))
	d.check(grid == [false], "the grid toggles off: %s" % str(grid))
	var undone: Array = []
	bar.undo_pressed.connect(func(): undone.append(true))
	await d.tap_control(bar.button("Undo"))
	d.check(undone.size() == 1, "undo emits")
	bar.queue_free()


func _panel() -> void:
	var panel: VBoxContainer = PanelScene.instantiate()
	box.add_child(panel)
	var audit = ClassDB.instantiate("ReadabilityAudit")
	panel.setup(audit.palette())
	var level: Dictionary = editor.level()
	var screw: Dictionary = level["screws"][2]
	panel.show_selection(level, [], [int(screw["id"])])
	panel.show_queue(editor.crate_queue(), false)
	await d.frames(2)
	var title: String = panel.get_node("%Title").text
	d.check(title.begins_with("Screw %d" % int(screw["id"])), "the screw shown: %s" % title)
	d.check(panel.chosen_colour() == int(screw["color"]), "its colour's swatch is down")
	d.check(panel.get_node("%Poses").text.begins_with("hang poses"), "its part's hang poses")
	d.check(panel.queue_list().count() == editor.crate_queue().size(), "the crate queue")
	var edits: Array = []
	panel.edit_requested.connect(func(e): edits.append(e))
	var colour: int = (int(screw["color"]) + 2) % panel.palette.size()
	await d.tap_control(panel.swatch(colour))
	var want := {"op": "set_screw", "screw": int(screw["id"]), "color": colour}
	d.check(edits == [want], "a swatch sends set_screw: %s" % str(edits))
	if not edits.is_empty():
		d.check(editor.edit(JSON.stringify(edits[0])), "the LevelEditor takes it")
		d.check(int(editor.level()["screws"][2]["color"]) == colour, "recoloured")
		editor.undo()
	panel.queue_free()


func _menu() -> void:
	var menu: MenuButton = MenuScene.instantiate()
	box.add_child(menu)
	menu.setup(editor)
	await d.frames(2)
	menu.number.value = 3
	menu.open_shipped()
	d.check(int(editor.level()["number"]) == 3, "shipped level 3 open")
	d.check(menu.is_date("2026-11-01") and menu.is_date(""), "a date and today are dates")
	d.check(
		not menu.is_date("2026-1") and not menu.is_date("11/01/2026"), "malformed dates refused"
	)
	menu.choose(menu.Item.DAILY)
	await d.frames(2)
	var daily: ConfirmationDialog = menu.dialog("DailyDialog")
	d.check(daily.visible, "Open Daily Bench… opens its dialog")
	var date: LineEdit = daily.get_node("Box/Row/Date")
	date.text = "2026-13"
	date.text_changed.emit(date.text)
	d.check(daily.get_ok_button().disabled, "a malformed date cannot be confirmed")
	d.check(date.size.x >= 200, "the date field is wide enough: %d px" % date.size.x)
	daily.hide()
	var out := "user://editor_widgets_test/%d" % OS.get_process_id()
	var saved: String = menu.save_as("level_three", ProjectSettings.globalize_path(out))
	d.check(saved.ends_with("level_three.json"), "saved: %s" % saved)
	d.check(menu.level_name == "level_three", "Save reuses the name")
	menu.queue_free()


func _screen() -> void:
	var screen: Control = await Rig.screen_in(self, d)
	if not d.check(screen.editor != null, "the screen has its LevelEditor"):
		return
	var verdicts: Array = []
	screen.verdict_arrived.connect(func(v): verdicts.append(v))
	screen.files.number.value = LEVEL
	screen.files.open_shipped()
	await d.wait_for(
		func(): return not verdicts.is_empty() and not screen.editor.is_measuring(), 60.0, "verdict"
	)
	await d.frames(2)
	var card = screen.get_node("%Verdict")
	d.check(card.status_text() == "PROVEN", "the screen's card: %s" % card.status_text())
	await d.tap_control(screen.get_node("%ToolBar").tool_button("erase"))
	d.check(
		screen.canvas.tool == "erase", "the bar's tool is the canvas's: %s" % screen.canvas.tool
	)
	screen.queue_free()
	await d.frames(2)
