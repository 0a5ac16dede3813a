extends SceneTree
## Runs only inside an exported game (the CI-only preset "Linux CI tests", scripts/export_check.sh):
## proves the suites that follow it run in the build a player gets, not in the editor.
##   screwsmith_tests.x86_64 --headless -s res://tests/exported/build_check.gd -- --expect=release
## Checks: the engine is an export template of the expected kind (feature tags `template` and
## `template_release`/`template_debug`, OS.is_debug_build()); the extension library mapped into
## this process is the one the .gdextension lists for that kind (linux.release.x86_64 is the
## `mobile`-profile build) and sits beside the executable, as an export puts it; its classes are
## registered. In the editor (`godot -s`) it fails: that is not an exported game.

const Driver := preload("res://tests/e2e/driver.gd")
const CLASSES := ["GameSim", "LevelLibrary", "SaveData", "InputGate", "ReadabilityAudit"]
const LIBRARY_PREFIX := "libscrewsmith_gdext.linux."

var _failures: Array[String] = []


func _initialize() -> void:
	_run.call_deferred()


func _run() -> void:
	var expect := Driver.user_arg("expect")
	_check(expect in ["release", "debug"], "--expect=release|debug, got '%s'" % expect)
	var release := expect == "release"
	_check(OS.has_feature("template"), "not an export template (run the exported game)")
	_check(
		OS.has_feature("template_release") == release,
		"feature template_release is %s" % OS.has_feature("template_release")
	)
	_check(
		OS.has_feature("template_debug") != release,
		"feature template_debug is %s" % OS.has_feature("template_debug")
	)
	_check(OS.is_debug_build() != release, "OS.is_debug_build() is %s" % OS.is_debug_build())
	var mapped := _mapped_library()
	var wanted := "%s%s.x86_64.so" % [LIBRARY_PREFIX, expect]
	_check(mapped.get_file() == wanted, "loaded extension %s, expected %s" % [mapped, wanted])
	_check(
		mapped.get_base_dir() == OS.get_executable_path().get_base_dir(),
		"the library %s is not beside the game %s" % [mapped, OS.get_executable_path()]
	)
	for name in CLASSES:
		_check(ClassDB.class_exists(name), "extension class %s is not registered" % name)
	print("build_check: %s template, extension %s" % [expect, mapped])
	for failure in _failures:
		printerr("FAIL: ", failure)
	print("build_check: %d failure(s)" % _failures.size())
	quit(1 if not _failures.is_empty() else 0)


## The screwsmith library this process has mapped (Linux: /proc/self/maps), or "".
func _mapped_library() -> String:
	var maps := FileAccess.open("/proc/self/maps", FileAccess.READ)
	if maps == null:
		return ""
	var found := ""
	# Line by line: /proc files report a length of 0, so get_as_text() reads nothing.
	while not maps.eof_reached():
		var line := maps.get_line()
		var path := line.get_slice(" ", line.get_slice_count(" ") - 1)
		if path.get_file().begins_with(LIBRARY_PREFIX):
			_check(found == "" or found == path, "two extension libraries: %s, %s" % [found, path])
			found = path
	return found


func _check(ok: bool, message: String) -> void:
	if not ok:
		_failures.append(message)
