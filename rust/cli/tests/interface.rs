//! One interface: `--file` everywhere, the game's level numbering everywhere, one `--levels`
//! syntax, ambiguity is an error, `--json` always honoured, the help names every command and exit code.

mod support;

use support::*;

#[test]
fn validate_takes_file_like_every_other_command() {
    let dir = tmp_dir("validate-file");
    let o = run(&["validate", "--file", "/nonexistent/levels.json"]);
    let err = one_line_failure(&o);
    assert!(err.contains("/nonexistent/levels.json"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn level_numbers_beyond_the_set_are_fresh_or_cycle_like_the_game() {
    let o = run(&["solve", "--level", "201", "--json", "--budget-ms", "0"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["level"], 73,
        "past its budget level 201 plays as baked level 73"
    );
    let o = run(&["solve", "--level", "201", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["level"], 201, "in its budget level 201 is a fresh board");
    let dir = tmp_dir("render-201");
    let svg = dir.join("x.svg");
    let o = run(&["render", "--level", "201", "--out", s(&svg)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bake_takes_level_lists_and_every_range_is_checked() {
    let dir = tmp_dir("bake-lists");
    let out = dir.join("x.json");
    let o = run(&["bake", "--levels", "1,3", "--out", s(&out), "--jobs", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    let numbers: Vec<_> = v["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 3]);
    let err = one_line_failure(&run(&["audit", "readability", "--levels", "1-99999"]));
    assert!(err.contains("99999"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_ambiguous_device_lists_the_matches() {
    let dir = tmp_dir("device");
    let svg = dir.join("x.svg");
    let one = level_path("cascade");
    let err = one_line_failure(&run(&[
        "render",
        "--file",
        s(&one),
        "--device",
        "iphone",
        "--out",
        s(&svg),
    ]));
    assert!(err.matches("iPhone").count() >= 2, "{err}");
    assert!(!svg.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_sweep_prints_json_when_asked() {
    let o = run(&["daily", "--date", "2026-09-01", "--sweep", "2", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(v["days"], 2);
}

#[test]
fn the_help_names_every_command_and_the_exit_codes() {
    let o = run(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    let help = stdout(&o);
    let first = help.lines().next().unwrap();
    for cmd in [
        "audit", "render", "plot", "solve", "hint", "daily", "play", "bake", "validate", "bundle",
        "report",
    ] {
        assert!(first.contains(cmd), "{cmd} missing from {first:?}");
    }
    for code in ["0 ", "1 ", "2 "] {
        assert!(
            help.contains(&format!("  {code}")),
            "exit code {code} in {help}"
        );
    }
}

#[test]
fn a_bad_argument_is_one_line() {
    let err = one_line_failure(&run(&["solve", "--levle", "3"]));
    assert!(
        err.contains("--levle") && err.contains("similar argument exists: '--level'"),
        "{err}"
    );
    let err = one_line_failure(&run(&[]));
    assert!(err.contains("--help"), "{err}");
}

#[test]
fn absurd_worker_counts_are_refused_before_any_thread_starts() {
    let dir = tmp_dir("jobs");
    let set = dir.join("set.json");
    std::fs::write(&set, serde_json::to_string(&shipped_prefix(1)).unwrap()).unwrap();
    for jobs in ["0", "4294967295"] {
        let err = one_line_failure(&run(&[
            "validate",
            "--file",
            s(&set),
            "--count",
            "1",
            "--no-bundle",
            "--jobs",
            jobs,
        ]));
        assert!(err.contains("1 to 256"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_needs_a_terminal_and_says_so() {
    let err = one_line_failure(&run(&["play", "--level", "1"]));
    assert!(err.contains("interactive terminal"), "{err}");
}
