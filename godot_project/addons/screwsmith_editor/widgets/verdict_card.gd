@tool
extends PanelContainer
## The live verdict at a glance: proven / unsolvable / not known (or invalid, broken), and whether
## it is running or stale (an edit arrived after it); the level's difficulty and band on the curve
## of the shipped levels; its fail rate and competent win rate as bars against its band's shipped
## means and the rule's limits; min rail, uniqueness, the help copy, curation's gate; readability
## per device; and every fault, buried screw and unreadable screw as a row that, clicked, asks the
## host to select what it names (`fault_selected`). Every figure is the core's
## (`screwsmith_editor::Verdict`, `::curve`); the whole verdict as text is the card's tooltip
## (verdict_text.gd).

## A fault row was clicked: the screws and parts it names (the host focuses the first on the
## canvas).
signal fault_selected(screws: Array, parts: Array)

const VerdictText := preload("res://addons/screwsmith_editor/verdict_text.gd")
const HEADS := {
	"proven": ["PROVEN", Color(0.35, 0.9, 0.45)],
	"unsolvable": ["UNSOLVABLE", Color(1.0, 0.4, 0.35)],
	"search_exhausted": ["NOT KNOWN", Color(1.0, 0.75, 0.25)],
	"broken": ["BROKEN", Color(1.0, 0.4, 0.35)],
}
const INVALID := Color(1.0, 0.4, 0.35)
const QUIET := Color(0.7, 0.72, 0.78)
## The headline's colour by the verdict's worst finding (`severity`, decided in the core).
const SEVERITY := {
	"fault": Color(1.0, 0.4, 0.35), "warning": Color(1.0, 0.75, 0.25), "ok": Color(0.35, 0.9, 0.45)
}
const CAUSE := Color(1.0, 0.6, 0.2)
## Rows of the fault list (the rest are counted in one last row).
const MAX_ROWS := 12

var curve: Dictionary = {}
var devices: Array = []
var verdict: Dictionary = {}
## An edit arrived after `verdict` (a new one is being worked out).
var stale := false


## The shipped curve (`LevelEditor.shipped_curve`) and the audited devices' names.
func setup(shipped_curve: Dictionary, device_names: Array) -> void:
	curve = shipped_curve
	devices = device_names
	%Plot.curve = curve
	%Plot.queue_redraw()


## An edit arrived: what is shown is stale until the next verdict.
func mark_stale() -> void:
	stale = true
	_show_state()


## Shows verdict `v` of the level numbered `number` (its place on the curve).
func show_verdict(v: Dictionary, number: int) -> void:
	verdict = v
	stale = false
	tooltip_text = VerdictText.of(v)
	_show_head()
	_show_state()
	_show_place(number)
	_show_rates()
	_show_figures()
	_show_devices()
	_show_faults()


func status_text() -> String:
	return %Status.text


func state_text() -> String:
	return %State.text


## The clickable rows of the fault list (faults, then buried, then unreadable screws).
func fault_rows() -> Array:
	return %Faults.get_children().filter(func(c): return c is Button)


## The readability table's rows: [device, failures] each.
func device_rows() -> Array:
	var out: Array = []
	var cells: Array = %Devices.get_children()
	for i in range(3, cells.size(), 3):
		out.append([cells[i].text, cells[i + 1].text])
	return out


func _show_head() -> void:
	var status = verdict.get("status")
	if verdict.has("error") and not verdict.has("valid"):
		_head("FAILED", INVALID)
	elif not verdict.get("valid", false):
		var n: int = verdict.get("errors", []).size()
		_head("INVALID · %d fault%s" % [n, "" if n == 1 else "s"], INVALID)
	elif HEADS.has(status):
		_head(HEADS[status][0], SEVERITY.get(verdict.get("severity", ""), HEADS[status][1]))
	else:
		_head(str(status).to_upper(), QUIET)
	var causes: Array = verdict.get("causes", [])
	%Status.tooltip_text = causes[0]["text"] if not causes.is_empty() else ""


func _head(text: String, colour: Color) -> void:
	%Status.text = text
	%Status.add_theme_color_override("font_color", colour)


func _show_state() -> void:
	if verdict.is_empty():
		%State.text = "running…"
	elif stale:
		%State.text = "stale · re-measuring"
	elif verdict.get("cancelled", false):
		%State.text = "cancelled"
	else:
		%State.text = "measured in %d ms" % int(verdict.get("millis", 0))
	%State.add_theme_color_override("font_color", Color(1.0, 0.75, 0.25) if stale else QUIET)


## The level's place on the curve: only a proven level has a band it fits (an unsolvable or broken
## one has no difficulty to place, whatever a level before it measured).
func _show_place(number: int) -> void:
	var difficulty = verdict.get("difficulty")
	var fits = verdict.get("fits_band")
	if difficulty == null or fits == null:
		difficulty = null
	var target := int(verdict.get("target_band", 0))
	%Plot.show_level(
		number, -1 if difficulty == null else int(difficulty), fits != null and int(fits) == target
	)
	if difficulty == null:
		%Place.text = "level %d · band %d wanted · difficulty not known" % [number, target]
	else:
		%Place.text = (
			"level %d · difficulty %d · fits band %d · band %d wanted"
			% [number, int(difficulty), int(fits), target]
		)


## The band's shipped figures (the band the level's number wants).
func _band() -> Dictionary:
	var bands: Array = curve.get("bands", [])
	var target := int(verdict.get("target_band", 0))
	return bands[target - 1] if target >= 1 and target <= bands.size() else {}


func _show_rates() -> void:
	var band := _band()
	var fail = verdict.get("human_fail_rate")
	var win = verdict.get("competent_win_rate")
	%FailBar.show_rate(
		_or(fail), _or(band.get("mean_fail")), float(curve.get("spike_max_fail", -1.0)), true
	)
	%WinBar.show_rate(
		_or(win), _or(band.get("mean_competent")), float(curve.get("competent_floor", -1.0)), false
	)
	%FailValue.text = _rate(fail, band.get("mean_fail"))
	%WinValue.text = _rate(win, band.get("mean_competent"))


static func _or(x) -> float:
	return -1.0 if x == null else float(x)


static func _rate(x, mean) -> String:
	var shown := "—" if x == null else "%d %%" % roundi(float(x) * 100.0)
	return shown if mean == null else "%s (band %d %%)" % [shown, roundi(float(mean) * 100.0)]


func _show_figures() -> void:
	var rail = verdict.get("min_rail")
	%MinRail.text = (
		"—" if rail == null else "%d of %d" % [int(rail), int(verdict.get("rail_slots", 0))]
	)
	var unique = verdict.get("unique")
	%Unique.text = "—" if unique == null else ("one solution" if unique else "several solutions")
	%Help.text = VerdictText.shown(verdict.get("help"))
	var spike = verdict.get("spike")
	%Spike.text = "takes it" if spike == null else str(spike)
	if not verdict.get("valid", false) or verdict.get("cancelled", false):
		%Spike.text = "—"


func _show_devices() -> void:
	for old in %Devices.get_children().slice(3):
		%Devices.remove_child(old)
		old.queue_free()
	var failures: Array = verdict.get("readability", [])
	var names: Array = devices.duplicate()
	for f in failures:
		var where := str(f.get("device", f.get("vision", "")))
		if not where.is_empty() and not names.has(where):
			names.append(where)
	var measured: bool = verdict.get("valid", false) and verdict.get("status") == "proven"
	for name in names:
		var screws: Array = []
		for f in failures:
			if str(f.get("device", f.get("vision", ""))) == name and f.has("screw"):
				if not screws.has(int(f["screw"])):
					screws.append(int(f["screw"]))
		var count := (
			failures
			. filter(func(f): return str(f.get("device", f.get("vision", ""))) == name)
			. size()
		)
		_cell(name, QUIET)
		_cell(("%d" % count) if measured else "—", INVALID if count > 0 else QUIET)
		_cell(
			(
				", ".join(screws.map(func(s): return str(s)))
				if count > 0
				else ("reads" if measured else "")
			),
			QUIET
		)


func _cell(text: String, colour: Color) -> void:
	var l := Label.new()
	l.text = text
	l.add_theme_color_override("font_color", colour)
	%Devices.add_child(l)


func _show_faults() -> void:
	for old in %Faults.get_children():
		%Faults.remove_child(old)
		old.queue_free()
	var rows: Array = []
	for f in verdict.get("errors", []):
		rows.append([_fault_text(f), f["screws"], f["parts"], INVALID])
	# Each buried screw with its cause, and an unsolvable level's reason (the core's words).
	for c in verdict.get("causes", []):
		rows.append([str(c["text"]), c["screws"], c["parts"], CAUSE])
	for c in verdict.get("warnings", []):
		rows.append([str(c["text"]), c["screws"], c["parts"], SEVERITY["warning"]])
	for s in verdict.get("unreadable_screws", []):
		rows.append(
			["screw %d fails the readability audit" % int(s), [int(s)], [], Color(1.0, 0.45, 1.0)]
		)
	%FaultHead.text = (
		"findings: none"
		if rows.is_empty()
		else "findings (%d) · click one to select it" % rows.size()
	)
	for row in rows.slice(0, MAX_ROWS):
		var b := Button.new()
		b.text = row[0]
		b.flat = true
		b.alignment = HORIZONTAL_ALIGNMENT_LEFT
		b.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
		b.add_theme_color_override("font_color", row[3])
		b.tooltip_text = "Select it on the canvas"
		b.pressed.connect(func(): fault_selected.emit(row[1], row[2]))
		%Faults.add_child(b)
	if rows.size() > MAX_ROWS:
		var more := Label.new()
		more.text = "… and %d more (the card's tooltip lists them)" % (rows.size() - MAX_ROWS)
		%Faults.add_child(more)


static func _fault_text(f: Dictionary) -> String:
	var named := ""
	if not f["screws"].is_empty():
		named += " · screws %s" % ", ".join(f["screws"].map(func(s): return str(s)))
	if not f["parts"].is_empty():
		named += " · parts %s" % ", ".join(f["parts"].map(func(p): return str(p)))
	return "%s%s" % [f["message"], named]
