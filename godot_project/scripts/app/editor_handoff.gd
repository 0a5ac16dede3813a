class_name EditorHandoff
extends RefCounted
## The level editor's Play (addons/screwsmith_editor) writes the level it wants played, then runs
## the board scene: this takes that request once (the file is deleted) and gives its wins and
## losses a save of their own, never the player's.

## Written by the editor's Play button.
const REQUEST := "user://editor_play.json"
## Where an editor's play records its wins and losses.
const SAVE := "user://editor_play_save.json"


## `{request, save}`: the board request and the save it plays on, or {} when the editor asked for
## nothing.
static func take(library) -> Dictionary:
	if not FileAccess.file_exists(REQUEST):
		return {}
	var request = JSON.parse_string(FileAccess.get_file_as_string(REQUEST))
	DirAccess.remove_absolute(ProjectSettings.globalize_path(REQUEST))
	if not request is Dictionary or not request.has("level_json"):
		return {}
	var save = ClassDB.instantiate("SaveData")
	save.open(SAVE)
	save.use_library(library)
	var number := int(request.get("number", 1))
	return {
		"request": {"mode": "level", "number": number, "level_json": request["level_json"]},
		"save": save,
	}
