//! `screwsmith solve --level N` past the baked set: levels 201-230 are fresh proven boards, each its own
//! number, and a spent budget falls back to the cycle level and says so.

use std::process::Command;

/// Runs the CLI from the repository root and returns its stdout, failing on any exit but 0.
fn screwsmith_ok(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_screwsmith"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn solve_json(n: u32, extra: &[&str]) -> serde_json::Value {
    let level = n.to_string();
    let mut args = vec!["solve", "--level", level.as_str(), "--json"];
    args.extend_from_slice(extra);
    serde_json::from_str(&screwsmith_ok(&args)).expect("json")
}

#[test]
fn levels_201_to_230_are_fresh_proven_boards() {
    for n in 201..=230 {
        let v = solve_json(n, &[]);
        assert_eq!(v["fresh"], true, "level {n}: {}", v["fell_back"]);
        assert_eq!(v["status"], "proven", "level {n}");
        assert_eq!(
            v["level"], n,
            "level {n} is its own board, not a cycle level"
        );
        assert!(v.get("plays_as").is_none(), "level {n}");
        assert_served_board(&v, n);
    }
}

/// The JSON's `board` is the level it served: its number, every hang pose a turn of the rest shape
/// about its screw, and the solution it reports wins on it.
fn assert_served_board(v: &serde_json::Value, n: u32) {
    use screwsmith_rules::level::shipping::check_shipping;
    use screwsmith_rules::level::LevelData;
    use screwsmith_rules::sim::{GameSim, Move, Status};
    let board: LevelData = serde_json::from_value(v["board"].clone()).expect("a level");
    assert_eq!(
        serde_json::Value::from(board.number),
        v["level"],
        "level {n}"
    );
    check_shipping(&board).unwrap_or_else(|e| panic!("level {n}: {e}"));
    let moves: Vec<Move> = serde_json::from_value(v["solution"].clone()).expect("moves");
    let mut sim = GameSim::from_level(board).unwrap();
    for m in moves {
        sim.apply(m).unwrap();
    }
    assert_eq!(
        sim.status(),
        Status::Won,
        "level {n}: the solution wins the board"
    );
}

#[test]
fn a_spent_budget_serves_the_cycle_level_and_says_so() {
    let v = solve_json(201, &["--budget-ms", "0"]);
    assert_eq!(v["fresh"], false);
    assert_eq!(v["level"], 73, "level 201 falls back to baked level 73");
    assert_eq!(v["plays_as"], 201);
    assert_served_board(&v, 201);
    assert!(
        v["fell_back"].as_str().unwrap().contains("budget"),
        "{}",
        v["fell_back"]
    );
}

#[test]
fn a_small_sweep_serves_no_unproven_board_and_reports_its_times() {
    let text = screwsmith_ok(&["endless", "--from", "231", "--count", "20", "--jobs", "2"]);
    assert!(text.starts_with("levels 231-250: "), "{text}");
    assert!(text.contains(" 0 unproven served"), "{text}");
    assert!(
        text.contains("help copies: 20 of 20 fresh levels store one that helps"),
        "{text}"
    );
    assert!(
        text.contains("median ") && text.contains("p90 ") && text.contains("p99 "),
        "{text}"
    );
    // A spent budget: every level falls back, none is served fresh.
    let text = screwsmith_ok(&["endless", "--count", "3", "--budget-ms", "0"]);
    assert!(
        text.contains("0 fresh proven, 0 unproven served, fallbacks to the cycle: 3 over"),
        "{text}"
    );
}
