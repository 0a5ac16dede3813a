//! The undo audit passes on a clean sim and fails under each bug switch.

mod common;

use common::*;
use screwsmith_rules::audit::undo::{run, UndoAuditConfig};

fn all_levels() -> Vec<std::sync::Arc<screwsmith_rules::CompiledLevel>> {
    ALL.iter().map(|n| compiled(n)).collect()
}

#[test]
fn clean_sim_has_no_mismatches() {
    let report = run(&all_levels(), &UndoAuditConfig::default());
    assert_eq!(report.levels, ALL.len());
    assert!(report.moves >= 30, "moves checked: {}", report.moves);
    assert!(report.mismatches.is_empty(), "{:?}", report.mismatches);
}

#[test]
fn legacy_crate_undo_is_caught() {
    // The cascade level makes the bug certain: a crate pulled in the last move seals in it too.
    let cfg = UndoAuditConfig {
        legacy_crate_undo: true,
        ..Default::default()
    };
    let report = run(&[compiled("cascade")], &cfg);
    assert!(report.cascades > 0);
    assert!(!report.mismatches.is_empty());
    assert!(report
        .mismatches
        .iter()
        .all(|m| m.fields.contains(&"crates")));
}

#[test]
fn corrupt_snapshot_is_caught() {
    let cfg = UndoAuditConfig {
        corrupt_snapshot: true,
        ..Default::default()
    };
    let report = run(&all_levels(), &cfg);
    assert!(!report.mismatches.is_empty());
    assert!(report.mismatches.iter().all(|m| m.fields == vec!["crates"]));
}

#[test]
fn audit_is_deterministic() {
    let a = run(&all_levels(), &UndoAuditConfig::default());
    let b = run(&all_levels(), &UndoAuditConfig::default());
    assert_eq!(a, b);
}

#[test]
fn the_solution_walk_reaches_the_end_game_of_every_level_with_a_solution() {
    use screwsmith_rules::level::{Measure, SolveStatus};
    use screwsmith_rules::sim::{GameSim, Move};
    // Give each hand-made level a winning line found by a tiny exhaustive search, as the baker does.
    fn win(sim: &mut GameSim, out: &mut Vec<Move>) -> bool {
        match sim.status() {
            screwsmith_rules::sim::Status::Won => return true,
            screwsmith_rules::sim::Status::Lost => return false,
            _ => {}
        }
        for mv in sim.legal_moves() {
            sim.apply(mv).unwrap();
            out.push(mv);
            if win(sim, out) {
                return true;
            }
            out.pop();
            sim.undo().unwrap();
        }
        false
    }
    let mut levels = Vec::new();
    for name in [
        "cascade",
        "chain",
        "rusty",
        "bolt",
        "hidden",
        "swing_uncovers",
    ] {
        let mut data = level(name);
        let mut solution = Vec::new();
        assert!(win(&mut sim(name), &mut solution), "{name}");
        data.measure = Some(Measure {
            status: SolveStatus::Proven,
            human_fail_rate: 0.0,
            average_peak_rail: 0.0,
            min_rail_slots: None,
            unique: None,
            taps: 0,
            difficulty: 1,
            blunder_rate: None,
            competent_win_rate: None,
            competent_min_rail: None,
            solution,
        });
        levels.push(std::sync::Arc::new(
            screwsmith_rules::CompiledLevel::new(data).unwrap(),
        ));
    }
    let random_only = UndoAuditConfig {
        solution_walk: false,
        ..Default::default()
    };
    let a = run(&levels, &random_only);
    let b = run(&levels, &UndoAuditConfig::default());
    assert!(b.passed(), "{:?}", b.mismatches);
    assert_eq!(a.reached_end, 0);
    assert_eq!(b.reached_end, levels.len(), "every solution walk won");
    assert!(b.moves > a.moves);
    assert_eq!(b.moves_per_level.len(), levels.len());
    // The legacy crate undo breaks on cascade's last move, which the solution walk always plays.
    let legacy = UndoAuditConfig {
        legacy_crate_undo: true,
        max_moves: 0,
        ..Default::default()
    };
    assert!(!run(&levels[..1], &legacy).mismatches.is_empty());
}

#[test]
fn forgetful_bomb_undo_is_caught() {
    // Every first move on the bomb level counts down a bomb left uncovered.
    let cfg = UndoAuditConfig {
        forgetful_bomb_undo: true,
        ..Default::default()
    };
    let report = run(&[compiled("bomb")], &cfg);
    assert!(!report.mismatches.is_empty());
    assert!(report
        .mismatches
        .iter()
        .all(|m| m.fields.contains(&"bomb_counters")));
    assert!(run(&[compiled("bomb")], &UndoAuditConfig::default()).passed());
}
