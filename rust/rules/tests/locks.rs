//! Lock and key on the hand-made `locks` level: a locked screw is no legal move while its key screw
//! is on the board, removing the key opens every lock it holds, undo closes them again exactly, and a
//! bad `locked_by` is a typed error naming the level and the screw.

mod common;

use common::*;
use screwsmith_rules::audit::undo::{run, UndoAuditConfig};
use screwsmith_rules::level::{LevelError, Problem};
use screwsmith_rules::sim::Snapshot;
use screwsmith_rules::{CompiledLevel, GameSim, Move, MoveError, Status};

fn idx(sim: &GameSim, id: u16) -> u8 {
    sim.level().screw_index(id).unwrap()
}

fn bit(sim: &GameSim, id: u16) -> u128 {
    1u128 << idx(sim, id)
}

#[test]
fn a_locked_screw_is_no_legal_move_until_its_key_leaves() {
    let mut sim = sim("locks");
    let locked = bit(&sim, 4) | bit(&sim, 5) | bit(&sim, 6);
    assert_eq!(sim.locked_mask(), locked);
    assert_eq!(
        sim.accessible_mask() & locked,
        locked,
        "nothing covers them"
    );
    assert_eq!(sim.tappable_mask() & locked, 0);
    for id in [4, 5, 6] {
        assert!(!sim.legal_moves().contains(&Move::Tap(id)), "screw {id}");
    }
    let before = Snapshot::capture(&sim);
    let err = sim.tap(4).unwrap_err();
    assert_eq!(err, MoveError::Locked { screw: 4, key: 1 });
    assert!(err.to_string().contains("key is screw 1"), "{err}");
    assert_eq!(
        Snapshot::capture(&sim),
        before,
        "a refused move changes nothing"
    );

    let rec = *sim.tap(1).unwrap();
    assert_eq!(
        rec.opened(),
        bit(&sim, 4) | bit(&sim, 5),
        "key 1 holds 4 and 5"
    );
    assert!(!sim.is_locked(idx(&sim, 4)) && !sim.is_locked(idx(&sim, 5)));
    assert_eq!(
        sim.tap(6).unwrap_err(),
        MoveError::Locked { screw: 6, key: 4 },
        "a chain: 6's key is screw 4, still on the board"
    );
    let rec = *sim.tap(4).unwrap();
    assert_eq!(rec.opened(), bit(&sim, 6));
    for id in [2, 3, 5, 6] {
        sim.tap(id).unwrap();
    }
    assert_eq!(sim.status(), Status::Won);
    assert_eq!(sim.locked_mask(), 0);
}

#[test]
fn undo_closes_the_locks_a_key_opened() {
    let mut sim = sim("locks");
    let start = Snapshot::capture(&sim);
    sim.tap(1).unwrap();
    sim.tap(4).unwrap();
    assert_eq!(sim.locked_mask(), 0);
    sim.undo().unwrap();
    assert!(
        sim.is_locked(idx(&sim, 6)),
        "screw 4 is back: 6 locked again"
    );
    sim.undo().unwrap();
    assert_eq!(Snapshot::capture(&sim), start);
    assert_eq!(
        sim.tap(5).unwrap_err(),
        MoveError::Locked { screw: 5, key: 1 }
    );
}

#[test]
fn the_undo_audit_catches_locks_that_stay_open() {
    let clean = run(&[compiled("locks")], &UndoAuditConfig::default());
    assert!(clean.moves > 0 && clean.passed(), "{:?}", clean.mismatches);
    let cfg = UndoAuditConfig {
        sticky_locks: true,
        ..Default::default()
    };
    let report = run(&[compiled("locks")], &cfg);
    assert!(!report.mismatches.is_empty());
    assert!(
        report.mismatches.iter().all(|m| m.fields == vec!["locks"]),
        "{:?}",
        report.mismatches
    );
}

fn lock_fault(edit: impl FnOnce(&mut screwsmith_rules::LevelData)) -> (String, Problem) {
    let mut data = level("locks");
    edit(&mut data);
    match CompiledLevel::new(data) {
        Err(LevelError::Invalid {
            level: 13,
            field,
            problem,
        }) => (field, problem),
        other => panic!("expected an Invalid error for level 13, got {other:?}"),
    }
}

#[test]
fn an_unknown_key_names_the_level_and_the_screw() {
    let (field, problem) = lock_fault(|l| l.screws[3].locked_by = Some(77));
    assert_eq!(field, "screws[3].locked_by");
    assert_eq!(problem, Problem::UnknownKey { screw: 4, key: 77 });
}

#[test]
fn a_screw_cannot_hold_its_own_key() {
    let (field, problem) = lock_fault(|l| l.screws[1].locked_by = Some(2));
    assert_eq!(field, "screws[1].locked_by");
    assert_eq!(problem, Problem::SelfKey { screw: 2 });
}

#[test]
fn a_lock_cycle_is_named_once_with_its_screws() {
    // 1 locked by 6, 6 by 4, 4 by 1: no screw of the three can go first.
    let (field, problem) = lock_fault(|l| l.screws[0].locked_by = Some(6));
    assert_eq!(field, "screws[0].locked_by");
    assert_eq!(
        problem,
        Problem::LockCycle {
            screw: 1,
            cycle: vec![1, 6, 4]
        }
    );
    assert!(problem
        .to_string()
        .contains("1 locked by 6 locked by 4 locked by 1"));
    let mut data = level("locks");
    data.screws[0].locked_by = Some(6);
    let all = screwsmith_rules::level::validate::validate_all(&data);
    assert_eq!(all.len(), 1, "one cycle, one fault: {all:?}");
    // Screw 5 hangs off the cycle (its key is in it) but is not in it: not named.
    assert_eq!(all[0].problem(), Some(&problem));
}

#[test]
fn a_level_without_locks_has_none() {
    for name in ALL.iter().filter(|n| **n != "locks") {
        let sim = sim(name);
        assert_eq!(sim.level().locked(), 0, "{name}");
        assert_eq!(sim.tappable_mask(), sim.accessible_mask(), "{name}");
    }
}

#[test]
fn set_lock_is_compiling_the_level_with_that_lock() {
    let data = level("locks");
    let mut compiled = CompiledLevel::new(data.clone()).unwrap();
    // Two screws without a lock of their own: a lock from one to the other closes no cycle.
    let free: Vec<usize> = (0..data.screws.len())
        .filter(|&i| data.screws[i].locked_by.is_none())
        .collect();
    let (first, last) = (free[0], free[free.len() - 1]);
    // A lock on the first opened by the last, as if the file had it.
    let key = Some(data.screws[last].id);
    compiled.set_lock(first as u8, key).unwrap();
    let mut with = data.clone();
    with.screws[first].locked_by = key;
    assert_eq!(compiled, CompiledLevel::new(with.clone()).unwrap());
    // Taken off again: the level as it was.
    compiled.set_lock(first as u8, None).unwrap();
    assert_eq!(compiled, CompiledLevel::new(data.clone()).unwrap());
    // A lock by itself is refused with the validator's error and changes nothing.
    let mut own = data.clone();
    own.screws[first].locked_by = Some(data.screws[first].id);
    let err = compiled
        .set_lock(first as u8, Some(data.screws[first].id))
        .unwrap_err();
    assert_eq!(Err(err), CompiledLevel::new(own).map(|_| ()));
    assert_eq!(compiled, CompiledLevel::new(data).unwrap());
}
