extends CanvasLayer
## Over every screen when the game's writes stop reaching storage (a full disk, a read-only folder):
## one line that says progress is not being kept and that play goes on, then "saving again" once a
## write succeeds. Each is said once, for a few seconds, and lets every touch through: the banner
## lies over the HUD's top row, which the player needs. Whether writes succeed is the core's
## (SaveData.storage()); this only shows it. Looked at once a second, on a timer: a still screen
## draws nothing for it.

## The core's fault ids (SaveData.storage) → their messages.
const MESSAGES := {"full": "SAVE_FULL", "read_only": "SAVE_READ_ONLY", "failing": "SAVE_FAILING"}
## How long the fault is shown (s): long enough to read two lines.
const FAULT_SECONDS := 7.0
## How long "saving again" stays (s).
const RESUMED_SECONDS := 4.0

## The fault last told ("" when writes succeed).
var _fault := ""

@onready var _box: PanelContainer = %Box
@onready var _line: Label = %Line
@onready var _hide: Timer = %Hide


func _ready() -> void:
	_box.visible = false
	App.keep_in_safe_area(%Top)


func _on_look_timeout() -> void:
	if App.save == null:
		return
	var state: Dictionary = App.save.storage()
	var fault := str(state.get("fault", ""))
	if fault != "":
		if fault != _fault:
			_show(tr(MESSAGES.get(fault, "SAVE_FAILING")), FAULT_SECONDS)
		_fault = fault
		return
	_fault = ""
	if state.get("recovered", false):
		_show(tr("SAVE_RESUMED"), RESUMED_SECONDS)


func _show(text: String, seconds: float) -> void:
	_line.text = text
	_box.visible = true
	_hide.start(seconds)


func _on_hide_timeout() -> void:
	_box.visible = false
