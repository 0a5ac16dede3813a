@tool
extends Node
## The level document behind the editor's screen (editor_screen.tscn, which draws it): the
## LevelEditor extension object (the level, its edits and refusals, its verdict measured on a Rust
## thread), the history every edit goes into, and undo and redo. No UI of its own. With an
## EditorUndoRedoManager (the plugin sets it), or a plain UndoRedo `history` (a headless test),
## each edit is an undoable "Screwsmith: …" action whose undo is the inverse edit LevelEditor
## returned; undo and redo here only ever take back such an action, never another one sharing the
## history. With neither, the level's own history.

## A refusal, or why an undo or redo did nothing, in words for the status line.
signal said(text: String)

## Every action this document puts in a history is named so: its undo and redo act on no other.
const ACTION_PREFIX := "Screwsmith: "

var undo_redo: EditorUndoRedoManager = null
## A history of its own when there is no EditorUndoRedoManager (a test sharing it with others).
var history: UndoRedo = null
## The LevelEditor (null when the extension is not loaded).
var editor = null
## The longest frame while a verdict or a Daily Bench was being worked out (reset_frame_clock).
var longest_frame_ms := 0.0

var _last_tick := 0


func _init() -> void:
	name = "Document"
	if ClassDB.class_exists("LevelEditor"):
		editor = ClassDB.instantiate("LevelEditor")
		add_child(editor)


func _process(_delta: float) -> void:
	var now := Time.get_ticks_usec()
	var working: bool = editor != null and (editor.is_measuring() or editor.is_opening_daily())
	if _last_tick != 0 and working:
		longest_frame_ms = maxf(longest_frame_ms, (now - _last_tick) / 1000.0)
	_last_tick = now


## Applies one edit (a Dictionary with "op"), undoably. Returns false when the level refused it.
## Edits with the same `merge` key made in a quick run (a number typed digit by digit into one
## field) are one undo step (UndoRedo's MERGE_ENDS: the first's undo, the last's do).
func do_edit(edit: Dictionary, merge := "") -> bool:
	var text := JSON.stringify(edit)
	if undo_redo == null and history == null:
		return _said(editor.edit(text))
	# The editor's history outlives the level: its edits name their document, so an undo after
	# another level was opened changes nothing.
	var document: int = editor.document()
	var inverse: String = editor.apply_in(document, text)
	if inverse.is_empty():
		return _said(false)
	var action := ACTION_PREFIX + str(edit["op"]) + ("" if merge.is_empty() else " " + merge)
	var mode := UndoRedo.MERGE_DISABLE if merge.is_empty() else UndoRedo.MERGE_ENDS
	if undo_redo != null:
		undo_redo.create_action(action, mode, editor)
		undo_redo.add_do_method(editor, "apply_in", document, text)
		undo_redo.add_undo_method(editor, "apply_in", document, inverse)
		undo_redo.commit_action(false)
	else:
		history.create_action(action, mode)
		history.add_do_method(editor.apply_in.bind(document, text))
		history.add_undo_method(editor.apply_in.bind(document, inverse))
		history.commit_action(false)
	return true


## Takes back this document's last edit, only when it is the history's latest action: an action of
## another screen sharing the history (a project setting, a scene edit) is never undone from here.
func undo() -> bool:
	var h := _history()
	if h == null:
		return _said(editor.undo())
	if not h.has_undo():
		said.emit("Nothing to undo.")
		return false
	var latest := h.get_current_action_name()
	if not latest.begins_with(ACTION_PREFIX):
		said.emit(
			(
				'Not undone: the latest action in this history is "%s", not a level edit' % latest
				+ " (undo it where it was made)."
			)
		)
		return false
	return h.undo()


## Applies again this document's last undone edit, only when it is the next action of the history.
func redo() -> bool:
	var h := _history()
	if h == null:
		return _said(editor.redo())
	var next := h.get_current_action() + 1
	if not h.has_redo() or next >= h.get_history_count():
		said.emit("Nothing to redo.")
		return false
	var action_name := h.get_action_name(next)
	if not action_name.begins_with(ACTION_PREFIX):
		said.emit(
			'Not redone: the next action in this history is "%s", not a level edit.' % action_name
		)
		return false
	return h.redo()


## Starts measuring the longest frame afresh (from the next frame on).
func reset_frame_clock() -> void:
	longest_frame_ms = 0.0
	_last_tick = 0


## The history this document's actions are in, or null (the level's own history).
func _history() -> UndoRedo:
	if undo_redo != null:
		return undo_redo.get_history_undo_redo(undo_redo.get_object_history_id(editor))
	return history


## A refused edit, undo or redo says why.
func _said(ok: bool) -> bool:
	if not ok:
		said.emit("Refused: %s" % editor.last_error())
	return ok
