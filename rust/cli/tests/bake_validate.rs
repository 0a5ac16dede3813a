//! `bake`, `validate`, `bundle` and `report` as a release engineer runs them: bake a small range, validate
//! it, tamper with a copy and watch `validate` fail naming the level and the field, and catch a stale bundle.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn screwsmith(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_screwsmith"))
        .args(args)
        .output()
        .expect("screwsmith runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn tmp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("screwsmith-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn bake_validate_tamper_bundle_report() {
    let dir = tmp_dir("bake");
    let set = dir.join("levels.json");
    let bundle = dir.join("bundled.json");
    let out = screwsmith(&["bake", "--levels", "1-2", "--out", s(&set), "--jobs", "2"]);
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(stdout(&out).contains("2 levels"), "{}", stdout(&out));

    let out = screwsmith(&["bundle", "--from", s(&set), "--to", s(&bundle)]);
    assert!(out.status.success());
    let validate = |file: &Path| {
        screwsmith(&[
            "validate",
            "--file",
            s(file),
            "--count",
            "2",
            "--bundle",
            s(&bundle),
        ])
    };
    let out = validate(&set);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("0 problems"));

    // Tamper with level 2's stored difficulty and its help copy's stored fail rate in a copy: validate
    // names the level and each field, and the copy no longer matches the bundle.
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&set).unwrap()).unwrap();
    let level = &mut file["levels"][1];
    let d = level["measure"]["difficulty"].as_u64().unwrap();
    level["measure"]["difficulty"] = serde_json::json!(if d == 9 { 8 } else { 9 });
    let f = level["help"]["measure"]["human_fail_rate"]
        .as_f64()
        .unwrap();
    level["help"]["measure"]["human_fail_rate"] = serde_json::json!(f + 0.125);
    // And level 1's first part hangs from its first screw as that screw's cell alone: a shape the part
    // does not have, which the shipping rule refuses by level, pose, part and screw.
    let level = &mut file["levels"][0];
    let part = level["parts"][0]["id"].as_u64().unwrap();
    let screw = level["screws"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["part"].as_u64() == Some(part))
        .unwrap()
        .clone();
    let sid = screw["id"].as_u64().unwrap();
    level["parts"][0]["hang"][sid.to_string()] = serde_json::json!([screw["cell"]]);
    let copy = dir.join("tampered.json");
    std::fs::write(&copy, serde_json::to_string_pretty(&file).unwrap()).unwrap();
    let out = validate(&copy);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains(&format!(
            "level 1: parts[0].hang.{sid}: part {part} hangs from screw {sid} in a shape it does not have"
        )),
        "{text}"
    );
    assert!(
        text.contains("level 2: measure.difficulty: stored"),
        "{text}"
    );
    assert!(
        text.contains("level 2: help.measure.human_fail_rate: stored"),
        "{text}"
    );
    assert!(text.contains("set: bundle:"), "{text}");

    let report = dir.join("REPORT.md");
    let out = screwsmith(&["report", "--file", s(&set), "--out", s(&report)]);
    assert!(out.status.success());
    let md = std::fs::read_to_string(&report).unwrap();
    assert!(
        md.contains("## Per band (the ladder)") && md.contains("| 2 | Typewriter |"),
        "{md}"
    );
    assert!(md.contains("## Invisible help"), "{md}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_exit_2() {
    let out = screwsmith(&["bake", "--levels", "5-2", "--out", "/nonexistent/x.json"]);
    assert_eq!(out.status.code(), Some(2));
    let out = screwsmith(&["validate", "--file", "/nonexistent/levels.json"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn validate_strict_names_a_spike_above_the_cap() {
    // The first 50 shipped levels, with level 47's stored fail rate raised above the 55 % cap.
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(shipped).unwrap()).unwrap();
    let levels = file["levels"].as_array_mut().unwrap();
    levels.truncate(50);
    let dir = tmp_dir("spike");
    let write = |name: &str, file: &serde_json::Value| {
        let path = dir.join(name);
        std::fs::write(&path, serde_json::to_string(file).unwrap()).unwrap();
        path
    };
    let strict = |path: &Path| {
        let out = screwsmith(&[
            "validate",
            "--file",
            s(path),
            "--strict",
            "--count",
            "50",
            "--no-bundle",
        ]);
        (out.status.code(), stdout(&out))
    };
    let clean = write("clean.json", &file);
    let (_, text) = strict(&clean);
    assert!(!text.contains("no spikes"), "{text}");
    file["levels"][46]["measure"]["human_fail_rate"] = serde_json::json!(0.6);
    let spiked = write("spiked.json", &file);
    let (code, text) = strict(&spiked);
    assert_eq!(code, Some(1));
    assert!(
        text.contains("no spikes") && text.contains("60.0 % (level 47)"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn validate_strict_enforces_the_help_rule_and_solve_reproduces_the_stored_help_copy() {
    // The first 10 shipped levels; level 5's stored help copy claims a fail rate its level does not
    // beat by 10 points (a copy that would not help). `--strict` names it; the plain validate names the
    // recomputed mismatch only.
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let out = screwsmith(&[
        "solve",
        "--level",
        "5",
        "--help-copy",
        "--json",
        "--file",
        shipped,
    ]);
    assert_eq!(out.status.code(), Some(0));
    let solved: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(shipped).unwrap()).unwrap();
    let stored = file["levels"][4]["help"]["measure"].clone();
    for key in [
        "status",
        "human_fail_rate",
        "competent_win_rate",
        "taps",
        "difficulty",
        "average_peak_rail",
    ] {
        assert_eq!(solved[key], stored[key], "{key}");
    }
    assert_eq!(solved["solution"], stored["solution"]);
    let levels = file["levels"].as_array_mut().unwrap();
    levels.truncate(10);
    levels[4]["help"]["measure"]["human_fail_rate"] = serde_json::json!(0.5);
    let dir = tmp_dir("help_rule");
    let path = dir.join("levels.json");
    std::fs::write(&path, serde_json::to_string(&file).unwrap()).unwrap();
    let run = |strict: bool| {
        let mut args = vec![
            "validate",
            "--file",
            s(&path),
            "--count",
            "10",
            "--no-bundle",
        ];
        if strict {
            args.push("--strict");
        }
        stdout(&screwsmith(&args))
    };
    let plain = run(false);
    assert!(
        plain.contains("level 5: help.measure.human_fail_rate: stored 0.5"),
        "{plain}"
    );
    assert!(!plain.contains("level 5: help: does not help"), "{plain}");
    let strict = run(true);
    assert!(strict.contains("level 5: help: does not help"), "{strict}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bake_ships_a_placed_designer_level_and_fails_a_broken_one() {
    // A designer level's placement through the binary on two cheap levels: level 3's board placed at 2.
    let dir = tmp_dir("placed");
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(shipped).unwrap()).unwrap();
    let three = file["levels"][2].clone();
    let write = |name: &str, text: String| std::fs::write(dir.join(name), text).unwrap();
    write("three.json", serde_json::to_string_pretty(&three).unwrap());
    let placements = dir.join("placements.json");
    let place = |file: &str| {
        std::fs::write(
            &placements,
            format!(r#"{{"format": 1, "placements": [{{"level": 2, "file": "{file}"}}]}}"#),
        )
        .unwrap()
    };
    place("three.json");
    let set = dir.join("levels.json");
    let bake = || {
        screwsmith(&[
            "bake",
            "--levels",
            "1-2",
            "--out",
            s(&set),
            "--jobs",
            "2",
            "--placements",
            s(&placements),
        ])
    };
    let out = bake();
    let text = stdout(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("placed:   level 2 from designer file"),
        "{text}"
    );
    let baked: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&set).unwrap()).unwrap();
    let two = &baked["levels"][1];
    assert_eq!(two["number"], 2);
    for key in [
        "seed",
        "parts",
        "screws",
        "colors",
        "rail_slots",
        "crate_queue",
    ] {
        assert_eq!(two[key], three[key], "{key}");
    }
    let validate = || {
        let out = screwsmith(&[
            "validate",
            "--file",
            s(&set),
            "--count",
            "2",
            "--no-bundle",
            "--placements",
            s(&placements),
        ]);
        (out.status.code(), stdout(&out))
    };
    let (code, text) = validate();
    assert_eq!(code, Some(0), "{text}");

    // The designer file edited after the bake: the placed level is stale.
    let mut edited = three.clone();
    edited["seed"] = serde_json::json!(three["seed"].as_u64().unwrap() + 1);
    write("three.json", serde_json::to_string(&edited).unwrap());
    let (code, text) = validate();
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("level 2: placement: differs from its designer file")
            && text.contains("three.json in seed"),
        "{text}"
    );

    // An unsolvable designer level fails the bake naming level and file; nothing is written.
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rules/tests/levels/min_rail.json"
    );
    let mut stuck: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture).unwrap()).unwrap();
    stuck["rail_slots"] = serde_json::json!(2);
    write("stuck.json", stuck.to_string());
    place("stuck.json");
    let before = std::fs::read(&set).unwrap();
    let out = bake();
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("FAILED level 2 (designer file stuck.json): unsolvable on its rail of 2"),
        "{text}"
    );
    assert!(text.contains("nothing written"), "{text}");
    assert_eq!(std::fs::read(&set).unwrap(), before);

    // A bad placements file is bad input (exit 2), named on one line.
    std::fs::write(
        &placements,
        r#"{"format": 1, "placements": [{"level": 2, "file": "a.json"}, {"level": 2, "file": "b.json"}]}"#,
    )
    .unwrap();
    let out = bake();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("level 2 is placed twice: a.json (placements[0]) and b.json (placements[1])"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
