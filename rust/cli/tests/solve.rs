//! `screwsmith solve` end to end on the hand-made levels: exit codes and the JSON keys `docs/cli.md` documents.

use std::path::PathBuf;
use std::process::{Command, Output};

use screwsmith_solver::JSON_KEYS;

fn level_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../rules/tests/levels/{name}.json"))
}

fn screwsmith(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_screwsmith"))
        .args(args)
        .output()
        .expect("runs")
}

fn solve_json(name: &str, extra: &[&str]) -> serde_json::Value {
    let path = level_path(name);
    let mut args = vec!["solve", "--file", path.to_str().unwrap(), "--json"];
    args.extend_from_slice(extra);
    let out = screwsmith(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

#[test]
fn json_report_has_every_key_and_exit_is_zero_whatever_the_verdict() {
    let proven = solve_json("mid", &["--verify"]);
    for key in JSON_KEYS {
        assert!(proven.get(key).is_some(), "missing {key}");
    }
    assert_eq!(proven["status"], "proven");
    // The board it served, as the file holds it.
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(level_path("mid")).unwrap()).unwrap();
    assert_eq!(proven["board"]["parts"], file["parts"]);
    assert_eq!(proven["board"]["screws"], file["screws"]);
    assert_eq!(proven["unique_solution"], false);
    let broken = solve_json("buried", &[]);
    assert_eq!(broken["status"], "broken");
    let exhausted = solve_json("all_hidden", &["--node-limit", "3"]);
    assert_eq!(exhausted["status"], "search_exhausted");
    // The reduced search, then the plain one, each within the limit.
    assert_eq!(exhausted["nodes"], 6);
}

#[test]
fn text_report_and_level_by_number() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../levels/levels.json");
    let out = screwsmith(&["solve", "--level", "1", "--file", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("level 1: proven"), "{text}");
}

#[test]
fn bad_input_exits_two_with_a_message() {
    let missing = screwsmith(&["solve", "--file", "/nonexistent/level.json"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));
    let nothing = screwsmith(&["solve"]);
    assert_eq!(nothing.status.code(), Some(2));
    let set = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../levels/levels.json");
    let no_level = screwsmith(&["solve", "--level", "0", "--file", set.to_str().unwrap()]);
    assert_eq!(no_level.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&no_level.stderr).contains("level numbers start at 1"));
}
