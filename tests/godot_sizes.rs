//! Two rules ARCHITECTURE.md states about GDScript, checked:
//!
//! - **No GDScript file over 400 lines** (a screen or widget that grows past it is two ideas).
//! - **Every size on the board and in the HUD comes from the camera model.** Precisely: a board or HUD
//!   script (`scripts/board/*.gd`) declares no `const` whose value is a number, or a `Vector2` /
//!   `Vector2i` of numbers, unless that constant is listed in [`NOT_PIXELS`] with the unit it is in
//!   (seconds, a count, a fraction of a cell, a screw or a button, hertz, decibels, world units). A
//!   size in pixels comes from `ReadabilityAudit` (`camera` for what the model scales, `hud_layout`
//!   for the fixed gaps and widths, both `screwsmith_readability`), so the audit measures what the
//!   game draws. A listed constant that no longer exists fails too (the list stays true).

use screwsmith_checks::project::{path_to_res, project_dir, project_files, read};

/// The longest a GDScript file may be.
const MAX_LINES: usize = 400;

/// Numeric constants of the board's scripts that are not pixel sizes: `(file, name, unit)`.
const NOT_PIXELS: &[(&str, &str, &str)] = &[
    ("animator.gd", "LAND_EARLY", "seconds"),
    ("board_world.gd", "BENCH_RIM", "cells"),
    ("board_world.gd", "HOLE_FRACTION", "fraction of a collider"),
    ("board_world.gd", "RAY_LENGTH", "world units"),
    ("fade_pool.gd", "SPARES", "count"),
    ("hint_flow.gd", "NOTE_SECONDS", "seconds"),
    ("hint_glow.gd", "PULSE", "seconds"),
    ("hint_glow.gd", "PULSES", "count"),
    ("hint_glow.gd", "GLOW_SIZE", "collider radii"),
    ("hint_glow.gd", "GLOW_WIDTH", "collider radii"),
    ("hint_glow.gd", "MARK_SIZE", "collider radii"),
    ("hint_glow.gd", "MARK_WIDTH", "collider radii"),
    ("hint_glow.gd", "PULSE_GROW", "scale factor"),
    ("hint_glow.gd", "MIN_FIT", "scale factor"),
    ("win_party.gd", "DURATION", "seconds"),
    ("win_party.gd", "FIRST_STAR", "seconds"),
    ("win_party.gd", "STAR_POP", "seconds"),
    ("win_party.gd", "STAR_GAP", "seconds"),
    ("win_party.gd", "OVERSHOOT", "scale factor"),
    ("win_party.gd", "PIECES", "count"),
    ("lose_cause.gd", "RING_SIZE", "collider radii"),
    ("lose_cause.gd", "RING_WIDTH", "collider radii"),
    ("lose_cause.gd", "RAYS", "count"),
    ("lose_cause.gd", "BURST_SIZE", "collider radii"),
    ("lose_cause.gd", "BURST_START", "share of the burst's size"),
    ("hud.gd", "QUEUE_SHOWN", "count"),
    ("hud_art.gd", "LIGHT_HEAD", "luminance"),
    ("mark_art.gd", "GLYPH", "fraction of a badge"),
    ("mark_art.gd", "SHACKLE_LIFT", "glyph half-sizes"),
    ("mark_art.gd", "DIGIT_HEIGHT", "fraction of a font size"),
    ("onboarding.gd", "BOB_PERIOD", "seconds"),
    ("plate_mesh.gd", "GAP", "cells"),
    ("plate_mesh.gd", "ROUND", "cells"),
    ("plate_mesh.gd", "SHADOW_GROW", "cells"),
    ("plate_mesh.gd", "SHADOW_SHIFT", "cells"),
    ("plate_mesh.gd", "FINE", "subdivisions per cell"),
    ("plate_mesh.gd", "HOLE_RIM", "hole radii"),
    ("plate_mesh.gd", "HOLE_SIDES", "count"),
    ("plate_mesh.gd", "WALL_SHADE", "brightness factor"),
    ("plate_mesh.gd", "GAMMA", "colour exponent"),
    ("plate_mesh.gd", "RIM", "cells"),
    ("plate_mesh.gd", "RIM_LIGHT", "brightness factor"),
    ("lock_link.gd", "SHOWN", "seconds"),
    ("lock_link.gd", "FADE", "seconds"),
    ("lock_link.gd", "WIDTH", "cells"),
    ("lock_link.gd", "LIFT", "cells"),
    ("lock_link.gd", "ALPHA", "opacity"),
    ("refusal_line.gd", "SHOWN", "seconds"),
    ("refusal_line.gd", "FADE", "seconds"),
    ("screw_marks.gd", "OVER_PLATES", "draw order"),
    ("rail_warning.gd", "PULSE", "seconds"),
    ("rail_warning.gd", "PULSES", "count"),
    ("screw_view.gd", "HEAD_FRACTION", "fraction of a collider"),
    ("screw_view.gd", "RUST_MIX", "colour mix"),
    ("screw_view.gd", "BEVEL_SHADE", "brightness factor"),
    ("sounds.gd", "RATE", "hertz"),
    ("sounds.gd", "VOLUME_DB", "decibels"),
    ("tool_button.gd", "CAPTION_BAND", "fraction of a button"),
    ("tool_button.gd", "CAPTION_FONT", "fraction of a button"),
];

/// The files that are longer than [`MAX_LINES`], with their length.
fn too_long<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> Vec<String> {
    files
        .into_iter()
        .filter_map(|(name, text)| {
            let lines = text.lines().count();
            (lines > MAX_LINES).then(|| format!("{name}: {lines} lines (at most {MAX_LINES})"))
        })
        .collect()
}

/// `-12`, `0.5`, `3.`: a number literal.
fn is_number(s: &str) -> bool {
    let s = s.trim().strip_prefix('-').unwrap_or(s.trim());
    !s.is_empty()
        && s.starts_with(|c: char| c.is_ascii_digit())
        && s.chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '_')
}

/// A number, or `Vector2(…)` / `Vector2i(…)` of numbers.
fn is_numeric_value(value: &str) -> bool {
    let value = value.split('#').next().unwrap_or("").trim();
    if is_number(value) {
        return true;
    }
    ["Vector2(", "Vector2i("]
        .iter()
        .filter_map(|p| value.strip_prefix(p)?.strip_suffix(')'))
        .any(|args| args.split(',').all(is_number))
}

/// `(name, value)` of every top-level `const` of a script.
fn constants(source: &str) -> Vec<(String, String)> {
    source
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("const ")?;
            let (lhs, value) = rest.split_once('=')?;
            let lhs = lhs.trim_end_matches(':');
            let name = lhs.split(':').next()?.trim();
            Some((name.to_string(), value.trim().to_string()))
        })
        .collect()
}

/// The numeric constants of `(file, source)` pairs that [`NOT_PIXELS`] does not list.
fn size_constants<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> Vec<String> {
    let mut problems = Vec::new();
    for (file, source) in files {
        for (name, value) in constants(source) {
            if !is_numeric_value(&value) {
                continue;
            }
            if !NOT_PIXELS.iter().any(|(f, n, _)| *f == file && *n == name) {
                problems.push(format!(
                    "{file}: const {name} = {value} is a size the camera model should give \
                     (ReadabilityAudit.hud_layout / camera), or list it in NOT_PIXELS with its unit"
                ));
            }
        }
    }
    problems
}

/// Listed constants that no script defines any more.
fn stale(found: &[(String, String)]) -> Vec<String> {
    NOT_PIXELS
        .iter()
        .filter(|(f, n, _)| !found.iter().any(|(ff, nn)| ff == f && nn == n))
        .map(|(f, n, _)| format!("{f}: NOT_PIXELS lists {n}, which is gone"))
        .collect()
}

fn board_scripts() -> Vec<(String, String)> {
    let dir = project_dir().join("scripts/board");
    let files: Vec<_> = project_files(&[".gd"])
        .into_iter()
        .filter(|p| p.parent() == Some(dir.as_path()))
        .collect();
    assert!(files.len() >= 20, "the board's scripts: {files:?}");
    files
        .iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, read(p))
        })
        .collect()
}

#[test]
fn no_gdscript_file_is_over_400_lines() {
    let files: Vec<(String, String)> = project_files(&[".gd"])
        .iter()
        .map(|p| (path_to_res(p), read(p)))
        .collect();
    assert!(files.len() >= 40, "{} scripts", files.len());
    let long = too_long(files.iter().map(|(n, t)| (n.as_str(), t.as_str())));
    assert!(long.is_empty(), "{}", long.join("\n"));
}

#[test]
fn a_401_line_script_fails() {
    let ok = "extends Node\n".repeat(MAX_LINES);
    let long = format!("{ok}func f() -> void:\n");
    assert_eq!(
        too_long([("res://ok.gd", ok.as_str())]),
        Vec::<String>::new()
    );
    assert_eq!(
        too_long([("res://long.gd", long.as_str())]),
        ["res://long.gd: 401 lines (at most 400)"]
    );
}

#[test]
fn board_and_hud_scripts_define_no_pixel_size() {
    let scripts = board_scripts();
    let pairs = scripts.iter().map(|(f, s)| (f.as_str(), s.as_str()));
    let problems = size_constants(pairs);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let found: Vec<(String, String)> = scripts
        .iter()
        .flat_map(|(f, s)| constants(s).into_iter().map(move |(n, _)| (f.clone(), n)))
        .collect();
    let gone = stale(&found);
    assert!(gone.is_empty(), "{}", gone.join("\n"));
}

#[test]
fn a_literal_pixel_size_fails() {
    let hud = "class_name BoardHud\nextends Control\n\nconst QUEUE_SHOWN := 5\n\
        const TOOL_GAP_PHONE := 24.0\nconst QUEUE_CRATE := Vector2(40, 26)\n\
        const WIDTH: float = 560.0 # px\nconst TRAY := Color(0.16, 0.18, 0.23)\n\
        const KEYS := [\"a\"]\n";
    let problems = size_constants([("hud.gd", hud)]);
    assert_eq!(problems.len(), 3, "{problems:?}");
    for name in ["TOOL_GAP_PHONE", "QUEUE_CRATE", "WIDTH"] {
        assert!(
            problems
                .iter()
                .any(|p| p.contains(&format!("const {name} "))),
            "{name}: {problems:?}"
        );
    }
    // A constant listed for one file is no licence in another.
    assert_eq!(
        size_constants([("pause_sheet.gd", "const QUEUE_SHOWN := 5\n")]).len(),
        1
    );
}

#[test]
fn a_listed_constant_that_is_gone_fails() {
    let mut found: Vec<(String, String)> = NOT_PIXELS
        .iter()
        .map(|(f, n, _)| (f.to_string(), n.to_string()))
        .collect();
    assert_eq!(stale(&found), Vec::<String>::new());
    found.retain(|(_, n)| n != "RATE");
    assert_eq!(
        stale(&found),
        ["sounds.gd: NOT_PIXELS lists RATE, which is gone"]
    );
}

#[test]
fn numbers_are_told_from_other_values() {
    for v in [
        "24.0",
        "-6.0",
        "5",
        "Vector2(40, 26)",
        "Vector2i(1, -2)",
        "3 # px",
    ] {
        assert!(is_numeric_value(v), "{v}");
    }
    for v in [
        "Color(0.1, 0.2, 0.3)",
        "[1, 2]",
        "HudArt.SLOT",
        "Vector2(a, 2)",
        "\"12\"",
    ] {
        assert!(!is_numeric_value(v), "{v}");
    }
}
