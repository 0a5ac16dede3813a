class_name LaunchFlags
extends RefCounted
## What the command line after `--` asks of this run, read once at start: the engine tests, the
## screenshots and the cold-start probe steer the game through these, and a player's run has none.
##   --save=PATH                the save file (the tests never touch the player's)
##   --start-probe=FRAMES       time this start (scripts/cold_start.sh), --start-probe-stall=MS
##   --safe-insets=T,B,L,R      a phone's safe-area insets, in window pixels
##   --now=SECONDS              the clock (the Daily Bench's simulated days)
##   --endless-budget-ms=MS     endless generation's time budget (0 proves the silent fallback)

const SAVE_PATH := "user://save.json"

var save_path := SAVE_PATH
var probe_frames := 0
var probe_stall := 0
var safe_insets: Array = []
## Unix seconds standing in for the clock (-1: the system clock).
var now := -1
## Generation's time budget (-1: the core's).
var endless_budget := -1


static func read(args: PackedStringArray) -> LaunchFlags:
	var flags := LaunchFlags.new()
	for arg in args:
		var value := arg.get_slice("=", 1)
		match arg.get_slice("=", 0):
			"--save":
				flags.save_path = value
			"--start-probe":
				flags.probe_frames = int(value)
			"--start-probe-stall":
				flags.probe_stall = int(value)
			"--safe-insets":
				flags.safe_insets = Array(value.split_floats(","))
			"--now":
				flags.now = int(value)
			"--endless-budget-ms":
				flags.endless_budget = int(value)
	return flags
