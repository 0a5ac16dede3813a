//! `screwsmith hint` end to end: the three JSON answers exactly as specified, the same
//! answers as the library, exit 2 naming the first illegal move; and `screwsmith audit hints` with its
//! bug switch.

mod support;

use std::sync::Arc;

use screwsmith_rules::level::parse_file;
use screwsmith_rules::sim::{GameSim, Move, Status};
use screwsmith_rules::CompiledLevel;
use screwsmith_solver::hint::paths::human_paths;
use screwsmith_solver::hint::{hint, Hint, HintOptions, Rewind};
use support::*;

/// `3,7,w12` for a move list.
fn list(moves: &[Move]) -> String {
    let items: Vec<String> = moves
        .iter()
        .map(|m| match m {
            Move::Tap(id) => id.to_string(),
            Move::Wrench(id) => format!("w{id}"),
        })
        .collect();
    items.join(",")
}

fn hint_json(args: &[&str]) -> String {
    let mut all = vec!["hint", "--json"];
    all.extend_from_slice(args);
    let o = run(&all);
    assert_eq!(o.status.code(), Some(0), "{all:?}: {}", stderr(&o));
    stdout(&o).trim_end().to_string()
}

fn shipped_level(n: u32) -> Arc<CompiledLevel> {
    let text = std::fs::read_to_string(repo().join("levels/levels.json")).unwrap();
    let data = parse_file(&text)
        .unwrap()
        .levels
        .into_iter()
        .find(|l| l.number == n)
        .unwrap();
    Arc::new(CompiledLevel::new(data).unwrap())
}

#[test]
fn a_move_is_the_librarys_proven_move() {
    let level = shipped_level(20);
    let path = &human_paths(&level, 24)[0];
    let moves = &path.moves[..path.moves.len() / 2];
    let out = hint_json(&["--level", "20", "--moves", &list(moves)]);
    let Hint::Move { next, .. } = hint(&level, moves, &HintOptions::default()).unwrap().hint else {
        panic!("a lost half-way state: pick another trial")
    };
    assert_eq!(
        out,
        format!(
            r#"{{"status": "move", "screw": {}, "wrench": {}}}"#,
            next.screw(),
            next.is_wrench()
        )
    );
}

#[test]
fn a_wrench_tap_is_read_with_its_w() {
    // The bolt level's win ends with a wrench tap: with its `w` the list wins (nothing to hint);
    // without it the bolt refuses a finger tap, and the message names that move.
    let file = level_path("bolt");
    let level = Arc::new(
        CompiledLevel::new(screwsmith_rules::level::parse_level(&level_text("bolt")).unwrap())
            .unwrap(),
    );
    let Hint::Move { line, .. } = hint(&level, &[], &HintOptions::default()).unwrap().hint else {
        panic!("bolt is winnable")
    };
    let w = line
        .iter()
        .position(|m| m.is_wrench())
        .expect("a wrench tap");
    let err = one_line_failure(&run(&["hint", "--file", s(&file), "--moves", &list(&line)]));
    assert!(err.contains("already won"), "{err}");
    let mut as_tap = line.clone();
    as_tap[w] = Move::Tap(line[w].screw());
    let err = one_line_failure(&run(&[
        "hint",
        "--file",
        s(&file),
        "--moves",
        &list(&as_tap),
    ]));
    assert!(
        err.contains(&format!("move {} (tap on screw", w + 1)) && err.contains("only a wrench"),
        "{err}"
    );
}

#[test]
fn a_lost_trial_names_its_last_winnable_point() {
    let level = shipped_level(95);
    let path = human_paths(&level, 24)
        .into_iter()
        .find(|p| p.end == Status::Lost)
        .expect("a lost trial on level 95");
    let Hint::Lost(Rewind::To { moves: k, .. }) =
        hint(&level, &path.moves, &HintOptions::default())
            .unwrap()
            .hint
    else {
        panic!("the full rail is lost with a winnable start")
    };
    let out = hint_json(&["--level", "95", "--moves", &list(&path.moves)]);
    assert_eq!(
        out,
        format!(r#"{{"status": "lost", "last_winnable": {k}}}"#)
    );
    // The text form says the same in words.
    let o = run(&["hint", "--level", "95", "--moves", &list(&path.moves)]);
    assert!(stdout(&o).contains(&format!("a win still existed after {k} moves")));
}

#[test]
fn a_level_without_any_win_is_lost_with_null() {
    // The first hand-made level that one rail place and one crate slot make unwinnable (by the plain
    // search, not the hint's).
    let data = ["overflow", "mid", "cascade", "chain", "hidden", "rusty"]
        .iter()
        .map(|name| {
            let mut d = screwsmith_rules::level::parse_level(&level_text(name)).unwrap();
            d.rail_slots = 1;
            d.crate_slots = 1;
            d
        })
        .find(|d| {
            let level = Arc::new(CompiledLevel::new(d.clone()).unwrap());
            let mut dfs = screwsmith_solver::dfs::Dfs::new(1, 1_000_000, None);
            dfs.count(&mut GameSim::new(level)) == Ok(0)
        })
        .expect("an unwinnable tightened level");
    let dir = tmp_dir("hint-null");
    let file = dir.join("no_win.json");
    std::fs::write(&file, serde_json::to_string(&data).unwrap()).unwrap();
    let out = hint_json(&["--file", s(&file)]);
    assert_eq!(out, r#"{"status": "lost", "last_winnable": null}"#);
}

#[test]
fn an_exhausted_budget_is_unknown() {
    let out = hint_json(&["--level", "200", "--node-limit", "1"]);
    assert_eq!(out, r#"{"status": "unknown"}"#);
}

#[test]
fn an_illegal_move_list_exits_two_naming_the_first_illegal_move() {
    let level = shipped_level(5);
    let first = GameSim::new(level).legal_moves()[0];
    let moves = list(&[first, first]);
    let err = one_line_failure(&run(&["hint", "--level", "5", "--moves", &moves, "--json"]));
    assert!(
        err.contains("move 2 (tap on screw") && err.contains("already removed"),
        "{err}"
    );
    let err = one_line_failure(&run(&["hint", "--level", "5", "--moves", "1,zz"]));
    assert!(err.contains("move 2 (\"zz\")"), "{err}");
    // A file of many levels needs --level, as for `solve`.
    let all = repo().join("levels/levels.json");
    let err = one_line_failure(&run(&["hint", "--file", s(&all)]));
    assert!(err.contains("--level"), "{err}");
}

#[test]
fn audit_hints_passes_and_its_bug_switch_fails_it() {
    let o = run(&["audit", "hints", "--levels", "1-3,95", "--check", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let all = v["bands"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(all["band"], "all");
    assert!(all["states"].as_u64().unwrap() > 100, "{all}");
    assert!(all["lost_trials"].as_u64().unwrap() > 0, "{all}");
    assert_eq!(all["unsound"], 0);
    assert!(all["ms_max"].as_f64().unwrap() >= all["ms_p99"].as_f64().unwrap());
    let o = run(&[
        "audit",
        "hints",
        "--levels",
        "95",
        "--check",
        "--bug",
        "rewind-one-late",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("UNSOUND level 95"), "{}", stdout(&o));
}
