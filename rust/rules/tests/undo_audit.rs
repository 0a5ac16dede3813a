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
