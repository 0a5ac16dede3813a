//! Each mechanic of docs/design.md §2 pinned on a hand-made level from `tests/levels/`.

mod common;

use common::*;
use screwsmith_rules::level::ScrewKind;
use screwsmith_rules::sim::{Dest, Loss, Snapshot};
use screwsmith_rules::GameSim;
use screwsmith_rules::{MoveError, Status};

fn idx(sim: &screwsmith_rules::GameSim, id: u16) -> u8 {
    sim.level().screw_index(id).unwrap()
}

#[test]
fn swinging_part_uncovers_a_screw() {
    let mut sim = sim("swing_uncovers");
    let s3 = idx(&sim, 3);
    assert!(!sim.is_accessible(s3), "covered by the panel's rest pose");
    assert_eq!(sim.tap(3).unwrap_err(), MoveError::NotAccessible(3));
    sim.tap(1).unwrap();
    assert!(
        sim.is_accessible(s3),
        "the panel swung onto screw 2's hang pose"
    );
    sim.tap(3).unwrap();
    sim.tap(2).unwrap();
    assert_eq!(sim.status(), Status::Won);
    assert!(sim.poses()[0] == 0, "the panel fell off");
}

#[test]
fn hanging_pose_covers_a_new_screw() {
    let mut sim = sim("hang_covers");
    let s3 = idx(&sim, 3);
    assert!(sim.is_accessible(s3));
    sim.tap(1).unwrap();
    assert!(
        !sim.is_accessible(s3),
        "the hanging panel now covers screw 3"
    );
    assert_eq!(sim.tap(3).unwrap_err(), MoveError::NotAccessible(3));
    sim.tap(2).unwrap();
    assert!(sim.is_accessible(s3), "the panel fell off");
    sim.tap(3).unwrap();
    assert_eq!(sim.status(), Status::Won);
}

#[test]
fn one_tap_seals_two_crates_and_the_win_leaves_an_empty_rail() {
    let mut sim = sim("cascade");
    for id in [1, 2, 3] {
        let rec = *sim.tap(id).unwrap();
        assert!(
            matches!(rec.dest(), Dest::Rail(_)),
            "colour 1 has no active crate yet"
        );
    }
    assert_eq!(sim.rail_occupancy(), 3);
    sim.tap(4).unwrap();
    sim.tap(5).unwrap();
    let rec = *sim.tap(6).unwrap();
    assert_eq!(
        rec.sealed().len(),
        2,
        "crate 1 sealed, crate 2 pulled, filled from the rail, sealed"
    );
    assert_eq!(rec.pulled().len(), 1);
    assert_eq!(rec.pulled()[0].id, rec.sealed()[1].id);
    assert_eq!(rec.flows().len(), 3);
    assert_eq!(sim.status(), Status::Won);
    assert_eq!(sim.rail_occupancy(), 0);
    assert!(sim.crates().iter().all(|c| !c.is_active()));
    assert!(sim.queue_preview().is_empty());
}

#[test]
fn rusty_screw_takes_two_taps_and_both_count() {
    let mut sim = sim("rusty");
    let s1 = idx(&sim, 1);
    let rec = *sim.tap(1).unwrap();
    assert_eq!(rec.dest(), Dest::Loosened);
    assert!(!sim.is_removed(s1));
    assert_eq!(sim.touches(s1), 1);
    assert_eq!(sim.moves(), 1);
    assert!(
        !sim.is_accessible(idx(&sim, 2)),
        "still held by the rusty screw"
    );
    sim.tap(1).unwrap();
    assert!(sim.is_removed(s1));
    assert_eq!(sim.moves(), 2);
    sim.tap(2).unwrap();
    sim.tap(3).unwrap();
    assert_eq!(sim.status(), Status::Won);
    assert_eq!(sim.level().data().taps(), 4);
}

#[test]
fn hidden_colour_shows_on_first_tap_even_a_loosening_one() {
    let mut sim = sim("hidden");
    let (s1, s3) = (idx(&sim, 1), idx(&sim, 3));
    assert!(!sim.is_known(s1) && !sim.is_known(s3));
    assert!(sim.is_known(idx(&sim, 2)));
    sim.tap(3).unwrap();
    assert!(sim.is_known(s3), "the loosening tap reveals");
    assert!(!sim.is_removed(s3));
    sim.tap(1).unwrap();
    assert!(sim.is_known(s1));
    sim.undo().unwrap();
    assert!(!sim.is_known(s1), "undo hides it again");
}

#[test]
fn bolt_needs_a_wrench_charge() {
    let mut sim = sim("bolt");
    assert_eq!(sim.tap(1).unwrap_err(), MoveError::BoltNeedsWrench(1));
    assert_eq!(
        sim.wrench_tap(2).unwrap_err(),
        MoveError::WrenchOnNonBolt(2)
    );
    assert_eq!(sim.moves(), 0, "rejected moves change nothing");
    sim.wrench_tap(1).unwrap();
    assert_eq!(sim.wrench_charges(), 0);
    sim.undo().unwrap();
    assert_eq!(sim.wrench_charges(), 1, "undo gives the charge back");
    let mut spent = sim.clone();
    spent.wrench_tap(1).unwrap();
    spent.tap(2).unwrap();
    spent.tap(3).unwrap();
    assert_eq!(spent.status(), Status::Won);
    // Without charges the bolt cannot move.
    let mut data = level("bolt");
    data.wrench_charges = 0;
    let mut none = screwsmith_rules::GameSim::from_level(data).unwrap();
    assert_eq!(none.wrench_tap(1).unwrap_err(), MoveError::NoWrenchCharges);
    // Out of charges, the charges are the fault whatever the wrench was aimed at.
    assert_eq!(none.wrench_tap(2).unwrap_err(), MoveError::NoWrenchCharges);
    assert!(none.legal_moves().iter().all(|m| !m.is_wrench()));
}

#[test]
fn full_rail_loses_and_undo_recovers() {
    let mut sim = sim("overflow");
    sim.tap(1).unwrap();
    let before = Snapshot::capture(&sim);
    let rec = *sim.tap(2).unwrap();
    assert_eq!(rec.dest(), Dest::Lost);
    assert_eq!(sim.status(), Status::Lost);
    assert!(sim.legal_moves().is_empty());
    assert_eq!(sim.tap(3).unwrap_err(), MoveError::GameOver("lost"));
    sim.undo().unwrap();
    assert_eq!(Snapshot::capture(&sim), before);
}

#[test]
fn undo_restores_every_state_on_every_hand_made_level() {
    for name in ALL {
        let mut sim = sim(name);
        let start = Snapshot::capture(&sim);
        let mut snaps = vec![start.clone()];
        // Play the first legal move repeatedly, then undo all the way.
        while let Some(&mv) = sim.legal_moves().first() {
            sim.apply(mv).unwrap();
            snaps.push(Snapshot::capture(&sim));
        }
        while sim.undo().is_ok() {
            snaps.pop();
            assert_eq!(&Snapshot::capture(&sim), snaps.last().unwrap(), "{name}");
        }
        assert_eq!(Snapshot::capture(&sim), start, "{name}");
        assert_eq!(sim.undo().unwrap_err(), MoveError::NothingToUndo);
    }
}

#[test]
fn unknown_screw_is_a_typed_error() {
    let mut sim = sim("mid");
    assert_eq!(sim.tap(999).unwrap_err(), MoveError::UnknownScrew(999));
    assert_eq!(
        sim.play(200, false).unwrap_err(),
        MoveError::UnknownScrew(200)
    );
}

#[test]
fn crate_queue_is_shuffled_deterministically_from_the_seed() {
    let a = compiled("mid");
    let b = compiled("mid");
    assert_eq!(a.queue(), b.queue());
    assert_eq!(a.queue().len(), 10);
    let mut data = level("mid");
    data.seed = data.seed.wrapping_add(1);
    let c = screwsmith_rules::CompiledLevel::new(data).unwrap();
    assert_ne!(a.queue(), c.queue(), "another seed, another order");
    let mut sorted = a.queue().to_vec();
    sorted.sort();
    assert_eq!(sorted, vec![0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
}

/// The longest cascade the limits allow, played: the tapped screw seals its crate, then two pulled
/// crates fill from a rail of six and seal in the same move. `MAX_CASCADE` and `MAX_FLOWS` are the
/// record's array sizes, so a bound set too low would panic here, not pass.
#[test]
fn the_longest_cascade_fits_the_record() {
    use screwsmith_rules::sim::record::{MAX_CASCADE, MAX_FLOWS};
    let cells: Vec<[u8; 2]> = (0..9).map(|i| [i % 3, i / 3]).collect();
    // Screws 1-3 colour 1, 4-6 colour 2 (to the rail: only a colour-0 crate is out), 7-9 colour 0.
    let screws: Vec<serde_json::Value> = (0..9u8)
        .map(|i| {
            let color = [1, 1, 1, 2, 2, 2, 0, 0, 0][i as usize];
            serde_json::json!({"id": i + 1, "part": 1, "cell": [i % 3, i / 3], "color": color})
        })
        .collect();
    let level = serde_json::json!({
        "number": 1, "seed": 1, "machine": 0, "band": 1, "width": 3, "height": 3,
        "rail_slots": 7, "crate_slots": 1, "colors": [0, 1, 2], "crate_queue": [0, 1, 2],
        "parts": [{"id": 1, "layer": 0, "rest": cells}], "screws": screws,
    });
    let data = screwsmith_rules::level::parse_level(&level.to_string()).expect("valid level");
    let mut sim = screwsmith_rules::GameSim::from_level(data).expect("compiles");
    for id in 1..=8 {
        sim.tap(id).unwrap();
    }
    assert_eq!(sim.rail_occupancy(), 6);
    let rec = *sim.tap(9).unwrap();
    assert_eq!(
        rec.sealed().len(),
        3,
        "its own crate, then two from the rail"
    );
    assert_eq!(
        rec.sealed().len(),
        MAX_CASCADE,
        "the bound is reached, not loose"
    );
    assert_eq!(rec.flows().len(), 6);
    assert!(rec.flows().len() <= MAX_FLOWS);
    assert_eq!(sim.status(), Status::Won);
}

/// The accessible set from scratch: every screw in the board that no part above covers.
fn accessible_by_scan(sim: &screwsmith_rules::GameSim) -> u128 {
    let level = sim.level();
    let above = |layer: u8| {
        level
            .parts()
            .iter()
            .enumerate()
            .filter(|(_, p)| p.layer > layer)
            .fold(0u128, |m, (k, _)| m | sim.poses()[k])
    };
    (0..level.screw_count() as u8)
        .filter(|&i| {
            let s = &level.screws()[i as usize];
            !sim.is_removed(i) && above(s.layer) & s.cell == 0
        })
        .fold(0, |m, i| m | 1u128 << i)
}

#[test]
fn the_kept_accessible_set_matches_a_scan_through_play_and_undo() {
    let mut checked = 0;
    for name in ALL {
        let mut sim = sim(name);
        let mut rng = screwsmith_rules::rng::Rng::new(0xacce55 ^ name.len() as u32);
        for _ in 0..300 {
            assert_eq!(sim.accessible_mask(), accessible_by_scan(&sim), "{name}");
            checked += 1;
            let moves = sim.legal_moves();
            match rng.pick(&moves) {
                Some(&m) if !rng.chance_percent(25) => {
                    sim.apply(m).unwrap();
                }
                _ => {
                    if sim.undo().is_err() {
                        break;
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn another_rail_shares_the_compiled_level() {
    let level = compiled("mid");
    let sim = screwsmith_rules::GameSim::with_rail(level.clone(), 2).unwrap();
    assert!(std::sync::Arc::ptr_eq(sim.level(), &level), "no copy");
    assert_eq!(sim.rail().len(), 2);
    assert_eq!(sim.level().data().rail_slots, level.data().rail_slots);
    for bad in [0, 8] {
        let err = screwsmith_rules::GameSim::with_rail(level.clone(), bad).unwrap_err();
        assert!(err.to_string().contains("rail_slots"), "{err}");
    }
}

/// `bomb.json`: screw 2's bomb (1 move) sits under panel 1, whose screw 1 carries a bomb of 3; screw 3
/// beside them carries a bomb of 5.
#[test]
fn a_covered_bomb_does_not_count_and_removing_a_bomb_defuses_it() {
    let mut sim = sim("bomb");
    let (s1, s2, s3) = (idx(&sim, 1), idx(&sim, 2), idx(&sim, 3));
    assert_eq!(
        [sim.bomb_left(s1), sim.bomb_left(s2), sim.bomb_left(s3)],
        [Some(3), Some(1), Some(5)]
    );
    assert!(!sim.is_accessible(s2));
    sim.tap(3).unwrap();
    assert_eq!(sim.bomb_left(s1), Some(2), "uncovered: counted");
    assert_eq!(sim.bomb_left(s2), Some(1), "covered: not counted");
    assert_eq!(sim.bomb_left(s3), Some(5), "removed by the move: defused");
    sim.tap(1).unwrap();
    assert!(sim.is_accessible(s2), "the panel fell off");
    assert_eq!(
        sim.bomb_left(s2),
        Some(1),
        "the move that uncovers a bomb is free"
    );
    assert_eq!(sim.bomb_left(s1), Some(2), "defused at its count");
    sim.tap(2).unwrap();
    assert_eq!(sim.status(), Status::Won);
    assert_eq!(sim.loss(), None);
}

#[test]
fn a_bomb_at_zero_loses_and_undo_restores_its_count() {
    let mut sim = sim("bomb");
    let s2 = idx(&sim, 2);
    sim.tap(1).unwrap();
    let before = Snapshot::capture(&sim);
    sim.tap(3).unwrap();
    assert_eq!(sim.status(), Status::Lost);
    assert_eq!(sim.loss(), Some(Loss::Bomb(s2)));
    assert_eq!(sim.bomb_left(s2), Some(0));
    assert!(sim.legal_moves().is_empty());
    sim.undo().unwrap();
    assert_eq!(Snapshot::capture(&sim), before);
    assert_eq!(sim.bomb_left(s2), Some(1));
    assert_eq!(sim.status(), Status::Playing);
}

#[test]
fn a_loosening_tap_counts_even_on_the_bomb_it_loosens() {
    let mut data = level("bomb");
    data.screws[2].kind = ScrewKind::Rusty;
    let mut sim = GameSim::from_level(data).unwrap();
    let (s1, s3) = (idx(&sim, 1), idx(&sim, 3));
    let start = Snapshot::capture(&sim);
    assert_eq!(sim.tap(3).unwrap().dest(), Dest::Loosened);
    assert_eq!(sim.bomb_left(s3), Some(4), "still in the board: counted");
    assert_eq!(sim.bomb_left(s1), Some(2));
    sim.undo().unwrap();
    assert_eq!(Snapshot::capture(&sim), start);
}

#[test]
fn a_loosening_tap_that_runs_a_bomb_out_loses_and_undo_plays_on() {
    let mut data = level("bomb");
    data.screws[2].kind = ScrewKind::Rusty;
    data.screws[0].bomb = Some(1);
    let mut sim = GameSim::from_level(data).unwrap();
    let s1 = idx(&sim, 1);
    sim.tap(3).unwrap();
    assert_eq!(sim.loss(), Some(Loss::Bomb(s1)));
    sim.undo().unwrap();
    assert_eq!(sim.status(), Status::Playing);
    assert_eq!(sim.touches(idx(&sim, 3)), 0);
    assert_eq!(sim.bomb_left(s1), Some(1));
}

#[test]
fn a_full_rail_names_the_rail_as_the_loss() {
    let (_, sim) = first_legal_line("overflow");
    assert_eq!(sim.status(), Status::Lost);
    assert_eq!(sim.loss(), Some(Loss::RailFull));
}

#[test]
fn a_bolt_left_without_a_charge_ends_the_game_with_no_legal_move() {
    let mut data = level("bolt");
    data.wrench_charges = 0;
    let mut sim = GameSim::from_level(data).unwrap();
    sim.tap(2).unwrap();
    assert_eq!(sim.status(), Status::Playing, "screw 3 is still a move");
    let before = Snapshot::capture(&sim);
    sim.tap(3).unwrap();
    // Only the bolt is left, and nothing can turn it: the board is over, and says why.
    assert_eq!(sim.status(), Status::Lost);
    assert_eq!(sim.loss(), Some(Loss::NoLegalMove));
    assert_eq!(Loss::NoLegalMove.name(), "no_legal_move");
    assert!(sim.legal_moves().is_empty());
    sim.undo().unwrap();
    assert_eq!(Snapshot::capture(&sim), before, "undo plays on");
}

#[test]
fn every_uncovered_screw_locked_ends_the_game_with_no_legal_move() {
    use screwsmith_rules::level::PartData;
    // The bolt board with normal screws, screw 1 locked by screw 2, and a frame on the layer above
    // over screw 2: once screw 3 is out, the only uncovered screw is locked.
    let mut data = level("bolt");
    for s in &mut data.screws {
        s.kind = ScrewKind::Normal;
    }
    data.screws[0].locked_by = Some(2);
    data.parts.push(PartData {
        id: 2,
        layer: 1,
        rest: vec![[1, 0]],
        hang: Default::default(),
    });
    let mut sim = GameSim::from_level(data).unwrap();
    assert_eq!(sim.status(), Status::Playing);
    sim.tap(3).unwrap();
    assert_eq!(sim.status(), Status::Lost);
    assert_eq!(sim.loss(), Some(Loss::NoLegalMove));
    assert_eq!(sim.tap(1).unwrap_err(), MoveError::GameOver("lost"));
    sim.undo().unwrap();
    assert_eq!(sim.status(), Status::Playing);
}
