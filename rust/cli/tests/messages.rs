//! Messages: every failure names the real fault in a sentence, on one line.

mod support;

use support::*;

/// `mid.json` with one screw of colour 0 turned to colour 1 (a real fault of a hand-made level).
fn faulty_level(dir: &std::path::Path) -> std::path::PathBuf {
    let mut v: serde_json::Value = serde_json::from_str(&level_text("mid")).unwrap();
    let screws = v["screws"].as_array_mut().unwrap();
    let at = screws.iter().position(|s| s["color"] == 0).unwrap();
    screws[at]["color"] = 1.into();
    let path = dir.join("faulty.json");
    std::fs::write(&path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    path
}

#[test]
fn a_single_level_reports_its_own_fault() {
    let dir = tmp_dir("single-fault");
    let f = faulty_level(&dir);
    let svg = dir.join("x.svg");
    let md = dir.join("r/REPORT.md");
    for args in [
        vec!["solve", "--file", s(&f)],
        vec!["audit", "undo", "--file", s(&f)],
        vec!["audit", "readability", "--file", s(&f)],
        vec!["report", "--file", s(&f), "--out", s(&md)],
        vec!["plot", "curve", "--file", s(&f), "--out", s(&svg)],
        vec!["render", "--file", s(&f), "--out", s(&svg)],
    ] {
        let err = one_line_failure(&run(&args));
        assert!(err.contains("not a multiple of 3"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unknown_fields_are_rejected_by_name_and_level() {
    let dir = tmp_dir("unknown-field");
    let text = level_text("cascade").replacen("\"seed\"", "\"crate_que\": [0],\n \"seed\"", 1);
    let f = dir.join("typo.json");
    std::fs::write(&f, &text).unwrap();
    let err = one_line_failure(&run(&["solve", "--file", s(&f)]));
    assert!(err.contains("crate_que") && err.contains("level "), "{err}");
    let set = format!("{{\"format\": 1, \"levels\": [{text}]}}");
    std::fs::write(&f, set).unwrap();
    let err = one_line_failure(&run(&["audit", "undo", "--file", s(&f)]));
    assert!(err.contains("crate_que") && err.contains("level "), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bundle_messages_name_the_paths_passed() {
    let dir = tmp_dir("bundle-names");
    let set = dir.join("set.json");
    let copy = dir.join("copy.json");
    let v = shipped_prefix(1);
    std::fs::write(&set, serde_json::to_string(&v).unwrap()).unwrap();
    std::fs::write(&copy, "stale").unwrap();
    let o = run(&[
        "validate",
        "--file",
        s(&set),
        "--count",
        "1",
        "--bundle",
        s(&copy),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("copy.json differs from") && out.contains("set.json"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_byte_order_mark_is_read_as_text() {
    let dir = tmp_dir("bom");
    let f = dir.join("bom.json");
    std::fs::write(&f, format!("\u{feff}{}", level_text("cascade"))).unwrap();
    let o = run(&["solve", "--file", s(&f)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_endless_file_is_refused_with_its_size_limit() {
    let err = one_line_failure(&run(&["solve", "--file", "/dev/zero"]));
    assert!(err.contains("/dev/zero") && err.contains("MiB"), "{err}");
}

#[test]
fn an_impossible_date_is_no_such_day() {
    let err = one_line_failure(&run(&["daily", "--date", "2026-02-29"]));
    assert!(err.contains("no such day"), "{err}");
}

#[test]
fn no_rust_debug_text_reaches_users() {
    // A bolt the level has no wrench charge for, and a screw under a frame.
    let dir = tmp_dir("debug-text");
    let f = dir.join("bolt.json");
    std::fs::write(
        &f,
        level_text("bolt").replacen("\"wrench_charges\": 1", "\"wrench_charges\": 0", 1),
    )
    .unwrap();
    for path in [f, level_path("buried")] {
        let o = run(&["solve", "--file", s(&path)]);
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(out.contains("buried screw"), "{out}");
        for debug in ["{", "UnderFrame", "NotEnough", "Some(", "Proven"] {
            assert!(!out.contains(debug), "{debug} in {out}");
        }
    }
    // The undo audit's mismatch lines name moves in words.
    let o = run(&[
        "audit",
        "undo",
        "--file",
        s(&level_path("cascade")),
        "--corrupt-snapshot",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("MISMATCH") && !out.contains("Tap("), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn validate_findings_show_values_not_rust_debug_text() {
    let dir = tmp_dir("validate-words");
    let set = dir.join("set.json");
    let mut v = shipped_prefix(1);
    let m = &mut v["levels"][0]["measure"];
    m["human_fail_rate"] = 0.5.into();
    m["status"] = "unsolvable".into();
    std::fs::write(&set, serde_json::to_string(&v).unwrap()).unwrap();
    let o = run(&["validate", "--file", s(&set), "--count", "1", "--no-bundle"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("measure.human_fail_rate: stored 0.5, recomputed"),
        "{out}"
    );
    assert!(
        out.contains("measure.status: unsolvable: every shipped level"),
        "{out}"
    );
    for debug in ["Some(", "e-5", "Unsolvable"] {
        assert!(!out.contains(debug), "{debug} in {out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn counts_are_plural_only_when_they_should_be() {
    let dir = tmp_dir("plurals");
    let set = dir.join("set.json");
    let v = shipped_prefix(1);
    std::fs::write(&set, serde_json::to_string(&v).unwrap()).unwrap();
    let o = run(&["validate", "--file", s(&set), "--count", "1", "--no-bundle"]);
    let out = stdout(&o);
    assert!(
        out.contains("1 level recomputed") && out.contains("0 problems"),
        "{out}"
    );
    let o = run(&["validate", "--file", s(&set), "--count", "2", "--no-bundle"]);
    let out = stdout(&o);
    assert!(
        out.contains(" 1 problem\n") || out.ends_with(" 1 problem"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn commands_find_the_checkout_from_any_folder_inside_it() {
    let o = run_in(&repo().join("rust/cli/src"), &["solve", "--level", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let outside = tmp_dir("outside");
    let err = one_line_failure(&run_in(&outside, &["solve", "--level", "1"]));
    assert!(err.contains("--file"), "{err}");
    let _ = std::fs::remove_dir_all(&outside);
}

/// A designer's mistakes with the arguments name what is missing or what is allowed.
#[test]
fn argument_errors_name_the_missing_arguments_and_the_allowed_values() {
    let err = one_line_failure(&run(&["render", "--level", "36"]));
    assert!(err.contains("not provided: --out <OUT>"), "{err}");
    let err = one_line_failure(&run(&[
        "render", "--level", "36", "--out", "x.svg", "--view", "foo",
    ]));
    assert!(
        err.contains("'foo'") && err.contains("possible values: camera, designer"),
        "{err}"
    );
}

/// `solve` says how to get what it did not compute, and which level a number past the set
/// plays.
#[test]
fn solve_says_what_verify_adds_and_what_a_number_past_the_set_plays() {
    // A spent budget: the cycle level serves, as when generation fails.
    let o = run(&["solve", "--level", "201", "--json", "--budget-ms", "0"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["plays_as"], 201);
    let stored = v["level"].as_u64().unwrap();
    assert!((1..=200).contains(&stored), "{v}");
    let o = run(&["solve", "--level", "201", "--budget-ms", "0"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let mut lines = out.lines();
    let why = lines.next().unwrap();
    assert!(
        why.starts_with("no fresh board (level 201: generation passed its 0 ms budget)"),
        "{why}"
    );
    let first = lines.next().unwrap();
    let want = format!("level 201 (plays stored level {stored}: fresh generation fell back");
    assert!(first.starts_with(&want), "{first}");
    assert!(out.contains("not computed (add --verify)"), "{out}");
    assert!(!out.contains("not known"), "{out}");
}
