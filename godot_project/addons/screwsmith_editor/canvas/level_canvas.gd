@tool  # gdlint: ignore=max-public-methods
extends Control
## The level canvas: the level drawn top-down as the game draws it (CanvasDraw), zoomed and panned
## freely, edited by hand. Every gesture (a stroke, a click, a drag, a paste, a nudge) becomes ONE
## edit handed to `apply_edit` (the host's do_edit: one undoable action); the level itself, its
## ids and its refusals stay in the extension (LevelEditor). It redraws only when something it
## shows changed: the level, the verdict, the selection, the view, or the hovered cell.

signal selection_changed(parts: Array, screws: Array)
signal hover_changed(cell: Vector2i)
signal tool_changed(tool_name: String)
## An edit the level refused (the host says why: LevelEditor.last_error()).
signal edit_refused(edit: Dictionary)
## Ctrl+Z (`redo` false) or Ctrl+Shift+Z / Ctrl+Y on the focused canvas, taken here so the editor's
## own shortcut never undoes another screen's action from this one: the host undoes or redoes.
signal history_key(redo: bool)

const CanvasDraw := preload("res://addons/screwsmith_editor/canvas/canvas_draw.gd")
const CanvasTools := preload("res://addons/screwsmith_editor/canvas/canvas_tools.gd")
const CanvasLayers := preload("res://addons/screwsmith_editor/canvas/canvas_layers.gd")
const CanvasOverlay := preload("res://addons/screwsmith_editor/canvas/canvas_overlay.gd")
## The tools, for the toolbar: the editor theme's icon, a tooltip, the shortcut key.
const TOOLS := CanvasTools.TOOLS
## The phone whose camera frame the overlay shows (the smallest audited phone).
const PHONE := Vector2i(720, 1600)
const ZOOM_MIN := 8.0
const ZOOM_MAX := 160.0
const FIT_MARGIN := 0.6
## The head radius in cells when no camera model is at hand.
const HEAD_RADIUS := 0.34

## Set by the host: takes one edit Dictionary, returns whether the level took it.
var apply_edit: Callable
var tool := "select"
## What a new plate is put on, and what a new screw gets.
var layer := 0
var colour := 0
var kind := "normal"
## Whether a new screw is hidden; also `hidden` for the host (a Control cannot declare a member
## of that name: CanvasItem has a signal so named, so it goes through _set/_get).
var screw_hidden := false
var show_phone_frame := false:
	set(on):
		show_phone_frame = on
		_redraw_all()
var show_grid := true:
	set(on):
		show_grid = on
		_redraw_all()

var level: Dictionary = {}
var verdict: Dictionary = {}
var palette: Array = []
var audit: Object = null
var head_radius := HEAD_RADIUS
## The view: pixels per cell, and where cell (0, 0)'s corner is (local pixels).
var zoom := 40.0
var origin := Vector2.ZERO
var hover := Vector2i(-1, -1)
var selected_parts: Array = []
var selected_screws: Array = []
var hidden_layers := {}
var solo := -1
var tools: CanvasTools
var painter: CanvasDraw = CanvasDraw.new()
## What a phone's camera frames of the board (ReadabilityAudit.phone_frame), in cells.
var frame: Dictionary = {}

var _fitted_size := Vector2i.ZERO
var _user_view := false

@onready var _board: Control = $Board
@onready var _overlay: Control = $Overlay
@onready var _layers: CanvasLayers = $Layers


func _set(property: StringName, value: Variant) -> bool:
	if property != &"hidden":
		return false
	screw_hidden = bool(value)
	return true


func _get(property: StringName) -> Variant:
	return screw_hidden if property == &"hidden" else null


func _ready() -> void:
	focus_mode = Control.FOCUS_ALL
	clip_contents = true
	tools = CanvasTools.new(self)
	_board.draw.connect(_draw_board)
	_overlay.draw.connect(func(): CanvasOverlay.draw(_overlay, self, tools))
	_layers.changed.connect(_on_layers_changed)
	resized.connect(_on_resized)


## The palette (ReadabilityAudit.palette()) and the audit (plate tints, camera, phone frame).
func setup(palette_rows: Array, readability_audit: Object) -> void:
	palette = palette_rows
	audit = readability_audit
	if audit != null:
		var cam: Dictionary = audit.camera(PHONE, 6, 8, 0)
		head_radius = float(cam.get("head_radius", HEAD_RADIUS))
	_redraw_all()


## Shows `level_dict` (LevelEditor.level()); the view is fitted when the board's size changed.
func show_level(level_dict: Dictionary) -> void:
	level = level_dict
	var size_now := Vector2i(int(level.get("width", 0)), int(level.get("height", 0)))
	selected_parts = selected_parts.filter(func(id): return part(id) != null)
	selected_screws = selected_screws.filter(func(id): return screw(id) != null)
	frame = phone_frame_now()
	_layers.show_layers(max_layer())
	if size_now != _fitted_size:
		_fitted_size = size_now
		_user_view = false
		fit()
	_redraw_all()


func show_verdict(verdict_dict: Dictionary) -> void:
	verdict = verdict_dict
	_board.queue_redraw()


func set_tool(tool_name: String) -> void:
	if TOOLS.has(tool_name):
		tool = tool_name
		tools.cancel()
		tool_changed.emit(tool_name)


func selection() -> Dictionary:
	return {"parts": selected_parts.duplicate(), "screws": selected_screws.duplicate()}


func select(parts: Array, screws: Array) -> void:
	if parts == selected_parts and screws == selected_screws:
		return
	selected_parts = parts.duplicate()
	selected_screws = screws.duplicate()
	_board.queue_redraw()
	selection_changed.emit(selection()["parts"], selection()["screws"])


func select_screw(id: int) -> void:
	select([], [id] if screw(id) != null else [])


func select_part(id: int) -> void:
	select([id] if part(id) != null else [], [])


## Selects a screw and pans it into the middle of the canvas (a fault list's click).
func focus_screw(id: int) -> void:
	select_screw(id)
	var s = screw(id)
	if s != null:
		_centre_on(Vector2(int(s["cell"][0]), int(s["cell"][1])) + Vector2(0.5, 0.5))


func focus_part(id: int) -> void:
	select_part(id)
	var p = part(id)
	if p != null and not p["rest"].is_empty():
		var sum := Vector2.ZERO
		for c in p["rest"]:
			sum += Vector2(int(c[0]), int(c[1])) + Vector2(0.5, 0.5)
		_centre_on(sum / p["rest"].size())


## The global position of cell `cell`'s centre (for input events).
func cell_centre(cell: Vector2i) -> Vector2:
	return get_global_transform() * to_pixels(Vector2(cell) + Vector2(0.5, 0.5))


func to_pixels(cell_point: Vector2) -> Vector2:
	return origin + cell_point * zoom


func cell_at(pixels: Vector2) -> Vector2i:
	var p := (pixels - origin) / zoom
	return Vector2i(floori(p.x), floori(p.y))


func on_board(cell: Vector2i) -> bool:
	return Rect2i(0, 0, int(level.get("width", 0)), int(level.get("height", 0))).has_point(cell)


func set_layer_visible(layer_index: int, on: bool) -> void:
	if on:
		hidden_layers.erase(layer_index)
	else:
		hidden_layers[layer_index] = true
	_layers.sync(hidden_layers, solo)
	_redraw_all()


## Shows only `layer_index` (-1: every visible layer).
func solo_layer(layer_index: int) -> void:
	solo = layer_index
	_layers.sync(hidden_layers, solo)
	_redraw_all()


func layer_shown(layer_index: int) -> bool:
	return layer_index == solo if solo >= 0 else not hidden_layers.has(layer_index)


func max_layer() -> int:
	var top := 0
	for p in level.get("parts", []):
		top = maxi(top, int(p["layer"]))
	return top


func part(id: int) -> Variant:
	for p in level.get("parts", []):
		if int(p["id"]) == id:
			return p
	return null


func screw(id: int) -> Variant:
	for s in level.get("screws", []):
		if int(s["id"]) == id:
			return s
	return null


## The topmost shown part covering `cell` (its row), or null.
func part_at(cell: Vector2i) -> Variant:
	var best = null
	for p in level.get("parts", []):
		if not layer_shown(int(p["layer"])):
			continue
		if best != null and int(p["layer"]) < int(best["layer"]):
			continue
		for c in p["rest"]:
			if int(c[0]) == cell.x and int(c[1]) == cell.y:
				best = p
				break
	return best


## The topmost shown screw in `cell`, or null.
func screw_at(cell: Vector2i) -> Variant:
	var best = null
	var best_layer := -1
	for s in level.get("screws", []):
		if int(s["cell"][0]) != cell.x or int(s["cell"][1]) != cell.y:
			continue
		var p = part(int(s["part"]))
		var l := int(p["layer"]) if p != null else 0
		if layer_shown(l) and l > best_layer:
			best = s
			best_layer = l
	return best


## Hands one edit to the host; false (and edit_refused) when the level refused it.
func send(edit: Dictionary) -> bool:
	if not apply_edit.is_valid():
		return false
	var ok: bool = apply_edit.call(edit)
	if not ok:
		edit_refused.emit(edit)
	return ok


func colour_of(index: int) -> Color:
	if index >= 0 and index < palette.size():
		return palette[index]["bright"]
	return CanvasDraw.UNKNOWN_TINT


## Fits the board (and the phone frame when shown) into the canvas.
func fit() -> void:
	var box := Rect2(Vector2.ZERO, Vector2(_fitted_size))
	if show_phone_frame and frame.has("screen"):
		box = box.merge(frame["screen"])
	box = box.grow(FIT_MARGIN)
	# The layer strip keeps its band at the top; the corner text its line at the bottom.
	var free := Rect2(Vector2(0, _layers.size.y + 16), size - Vector2(0, _layers.size.y + 40))
	if free.size.x < 2.0 or free.size.y < 2.0 or box.size.x <= 0.0:
		return
	zoom = clampf(minf(free.size.x / box.size.x, free.size.y / box.size.y), ZOOM_MIN, ZOOM_MAX)
	origin = free.get_center() - box.get_center() * zoom
	_redraw_all()


func redraw_overlay() -> void:
	_overlay.queue_redraw()


func redraw_board() -> void:
	_board.queue_redraw()


func _redraw_all() -> void:
	if not is_node_ready():
		return
	queue_redraw()
	_board.queue_redraw()
	_overlay.queue_redraw()


func phone_frame_now() -> Dictionary:
	if audit == null or level.is_empty():
		return {}
	return audit.phone_frame(PHONE, int(level["width"]), int(level["height"]), max_layer())


## Pans `cell_point` into the middle, unless it is already in view (a fitted board stays put).
func _centre_on(cell_point: Vector2) -> void:
	if Rect2(Vector2.ZERO, size).grow(-zoom).has_point(to_pixels(cell_point)):
		return
	origin = size * 0.5 - cell_point * zoom
	_user_view = true
	_redraw_all()


## A resize refits the board until the designer zooms or pans, but never under a gesture (the
## cell under the pointer would change between its press and its release).
func _on_resized() -> void:
	if not _user_view and tools.gesture == "":
		fit()


func _on_layers_changed(hidden_now: Dictionary, solo_now: int) -> void:
	hidden_layers = hidden_now
	solo = solo_now
	_redraw_all()


## Zooms by `factor` keeping the board point under `at` (local pixels) where it is.
func zoom_at(at: Vector2, factor: float) -> void:
	var before := (at - origin) / zoom
	zoom = clampf(zoom * factor, ZOOM_MIN, ZOOM_MAX)
	origin = at - before * zoom
	_user_view = true
	_redraw_all()


func pan_by(pixels: Vector2) -> void:
	origin += pixels
	_user_view = true
	_redraw_all()


## A gesture's release is taken before the GUI sees it: it always ends the gesture, even when the
## GUI would not deliver it here (in the Godot editor a drag may be taken for drag-and-drop).
func _input(event: InputEvent) -> void:
	var mb := event as InputEventMouseButton
	if mb == null or mb.pressed or mb.button_index != MOUSE_BUTTON_LEFT or tools.gesture == "":
		return
	tools.release(get_global_transform_with_canvas().affine_inverse() * mb.position)
	_on_resized()
	get_viewport().set_input_as_handled()


func _gui_input(event: InputEvent) -> void:
	if event is InputEventMagnifyGesture:
		zoom_at(event.position, event.factor)
	elif event is InputEventPanGesture:
		pan_by(-event.delta * 8.0)
	elif event is InputEventMouseButton:
		tools.mouse_button(event)
	elif event is InputEventMouseMotion:
		tools.mouse_motion(event)
	elif event is InputEventKey and event.pressed:
		if tools.keys.key(event):
			accept_event()
		return
	else:
		return
	accept_event()


func _draw() -> void:
	if level.is_empty():
		return
	draw_set_transform(origin, 0.0, Vector2(zoom, zoom))
	CanvasDraw.bench(self, int(level["width"]), int(level["height"]))


func _draw_board() -> void:
	painter.board(self, _board)
