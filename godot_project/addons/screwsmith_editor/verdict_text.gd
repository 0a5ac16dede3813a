@tool
extends RefCounted
## The live verdict as the editor's panel shows it: one line per measure, the first readability
## failures, and how long the measure took. Text only; the verdict itself is decided in the core
## (`screwsmith_app::editor::verdict`).


static func of(v: Dictionary) -> String:
	if v.has("error") and not v.has("valid"):
		return "verdict failed: %s" % v["error"]
	if not v["valid"]:
		return invalid(v)
	var lines := ["status: %s on rail %d" % [v["status"], v["rail_slots"]]]
	if not v["buried"].is_empty():
		lines.append("buried screws: %s" % str(v["buried"]))
	lines.append_array(causes(v))
	for key in [
		"min_rail",
		"unique",
		"human_fail_rate",
		"average_peak_rail",
		"competent_win_rate",
		"difficulty",
		"fits_band",
		"target_band",
		"help",
	]:
		lines.append("%s: %s" % [key.replace("_", " "), shown(v[key])])
	lines.append("curation: %s" % ("takes it" if v["spike"] == null else v["spike"]))
	lines.append(
		(
			"readability: %s"
			% (
				"passes on every device"
				if v["readability"].is_empty()
				else (
					"%d failures, screws %s"
					% [v["readability"].size(), str(v["unreadable_screws"])]
				)
			)
		)
	)
	for f in v["readability"].slice(0, 6):
		lines.append(
			(
				"  %s screw %s %s"
				% [
					f.get("kind", ""),
					str(f.get("screw", "")),
					str(f.get("device", f.get("vision", "")))
				]
			)
		)
	lines.append("%s in %d ms" % ["cancelled" if v["cancelled"] else "measured", v["millis"]])
	return "\n".join(lines)


## A verdict value as the panel shows it: "not known" for null, rates with two decimals.
static func shown(value) -> String:
	if value == null:
		return "not known"
	if value is float:
		return "%.2f" % value
	return str(value)


## An invalid level: every fault (one line each, naming its screws and parts), then what is buried.
static func invalid(v: Dictionary) -> String:
	var errors: Array = v.get("errors", [])
	var lines := ["INVALID: %d fault%s" % [errors.size(), "" if errors.size() == 1 else "s"]]
	for f in errors:
		var named := ""
		if not f["screws"].is_empty():
			named += " [screws %s]" % ", ".join(f["screws"].map(func(s): return str(s)))
		if not f["parts"].is_empty():
			named += " [parts %s]" % ", ".join(f["parts"].map(func(p): return str(p)))
		lines.append("- %s%s" % [f["message"], named])
	if not v["buried"].is_empty():
		lines.append("buried screws: %s" % str(v["buried"]))
	lines.append_array(causes(v))
	return "\n".join(lines)


## Why the level cannot be finished, one line each (the core's words).
static func causes(v: Dictionary) -> Array:
	return v.get("causes", []).map(func(c): return "- %s" % c["text"])
