extends Control
## Daily Bench: today's board comes from the extension's DailyBench — read from the day's cache, or
## generated on a background thread while a spinner turns; the main thread only waits for its
## `finished` signal. Shows the day's best result, the streak and the countdown to the next bench
## (the extension computes all three; this script only formats them).

var _result := {}
## The extension's DailyBench node (made here so a build without it shows an error, not a crash).
var _bench: Node = null
## The countdown's minute last shown (the label changes once a minute: a still screen draws
## nothing in between).
var _shown_minute := -1

@onready var _status: Label = %Status
@onready var _result_label: Label = %Result
@onready var _spinner: Control = %Spinner


func _ready() -> void:
	App.keep_in_safe_area(%Box)
	if not ClassDB.class_exists("DailyBench"):
		_show_error()
		return
	_bench = ClassDB.instantiate("DailyBench")
	add_child(_bench)
	_bench.finished.connect(_on_bench_finished)
	_show_countdown()
	if not _bench.start_at(App.now_unix(), App.daily_cache_path()):
		_show_error()


## DailyBench also polls itself inside the tree; polling here too keeps the spinner scene working
## even if that changes (a poll without a finished job does nothing).
func _process(_delta: float) -> void:
	if _bench != null and _bench.is_running():
		_bench.poll()
	_show_countdown()


func _exit_tree() -> void:
	if _bench != null and _bench.is_running():
		_bench.cancel()


## "Next bench in 5 h 12 min (01:00 your time)": UTC midnight, on the device's clock. The time left
## is spelt out in hours and minutes: "05:12" read as minutes and seconds.
func _show_countdown() -> void:
	if _bench == null:
		return
	var now := App.now_unix()
	if now / 60 == _shown_minute:
		return
	_shown_minute = now / 60
	var bias := int(Time.get_time_zone_from_system().get("bias", 0))
	var left: Dictionary = _bench.countdown(now, bias)
	if left.is_empty():
		%Next.text = ""
		return
	var until := tr("DAILY_LEFT") % [left["hours"], left["minutes"]]
	var at := "%02d:%02d" % [left["local_hour"], left["local_minute"]]
	%Next.text = tr("DAILY_NEXT") % [until, at]


func _on_bench_finished(result: Dictionary) -> void:
	_spinner.visible = false
	if result.is_empty() or str(result.get("level_json", "")).is_empty():
		_show_error()
		return
	_result = result
	var bench := int(result["bench"])
	_status.text = tr("DAILY_READY") % bench
	# The last resort of design.md §5: a board the solver could not prove within its budget; say so.
	if not bool(result.get("proven", false)):
		_status.text += "\n" + tr("DAILY_NOT_PROVEN")
	# The bench's date and a picture of its board, before it is played.
	%Date.text = str(result.get("date", ""))
	%Thumbnail.show_level(str(result["level_json"]))
	%Thumbnail.visible = true
	# A bench never teaches: one that carries what the levels have not shown this player yet waits,
	# and names the level that does (the core decides, from the save and the baked set).
	var unmet: Dictionary = App.save.daily_unmet(str(result["level_json"]), App.library)
	if not unmet.is_empty():
		var what := tr("INTRO_%s_TITLE" % str(unmet["card"]).to_upper())
		_status.text += "\n" + tr("DAILY_UNMET") % [what, int(unmet["level"])]
	%Play.visible = unmet.is_empty()
	%Streak.text = tr("DAILY_STREAK") % App.save.daily_streak(bench)
	%Streak.visible = true
	var record: Dictionary = App.save.daily_result(bench)
	if record.get("won", false):
		_result_label.text = tr("DAILY_RESULT") % int(record["score"])
		_result_label.text += (
			"\n" + tr("DAILY_RESULT_PARTS") % [record["moves"], record["undos"], record["hints"]]
		)
		%Rule.visible = true
		%Copy.visible = true


func _show_error() -> void:
	_spinner.visible = false
	_status.text = tr("DAILY_ERROR")
	var reason: String = _bench.last_error() if _bench != null else "DailyBench is not registered"
	push_error("daily bench: %s" % reason)


func _on_play_pressed() -> void:
	App.click()
	App.play_daily(_result)


## The share text goes to the clipboard in the player's language (best result and streak).
func _on_copy_pressed() -> void:
	DisplayServer.clipboard_set(App.daily_share(int(_result["bench"])))
	%Copy.text = tr("DAILY_COPIED")


func _on_back_pressed() -> void:
	App.go("menu")
