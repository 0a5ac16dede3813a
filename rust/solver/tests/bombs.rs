//! Countdown bombs against an independent exhaustive search: on small hand-made boards given bombs
//! of many counts, the solver's verdict (the proof search under every combination of its reductions,
//! and `solve`) must be what a brute-force walk over `GameSim` finds. The walk shares nothing with the
//! solver but the rules: its own memo keyed by the raw state (rail places in order, every counter),
//! no bound, no reduction, no move order.

#[path = "../../rules/tests/common/mod.rs"]
mod common;
#[path = "support/reductions.rs"]
mod reductions;

use std::collections::HashSet;
use std::sync::Arc;

use common::*;
use reductions::all_reductions;
use screwsmith_rules::level::{ScrewKind, SolveStatus};
use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::{GameSim, Status};
use screwsmith_rules::{CompiledLevel, LevelData};
use screwsmith_solver::buried::{buried_screws, BuriedReason};
use screwsmith_solver::prover::{Limits, ProofSearch};
use screwsmith_solver::{replays_to_win, solve, SolveOptions};

/// The raw state: more detailed than the solver's key (nothing canonicalised), so never less exact.
type Raw = (
    u128,
    u128,
    u128,
    Vec<(u16, u8, u8)>,
    u16,
    Vec<u8>,
    u8,
    [u8; 4],
);

fn raw(sim: &GameSim) -> Raw {
    (
        sim.removed_mask(),
        sim.loosened_mask(),
        sim.revealed_mask(),
        sim.crates()
            .iter()
            .map(|c| (c.id, c.color, c.fill))
            .collect(),
        sim.next_crate(),
        sim.rail().slots().to_vec(),
        sim.wrench_charges(),
        sim.bomb_clocks().0,
    )
}

/// Whether any sequence of legal moves wins, trying every one.
fn brute_wins(sim: &mut GameSim, dead: &mut HashSet<Raw>) -> bool {
    match sim.status() {
        Status::Won => return true,
        Status::Lost => return false,
        Status::Playing => {}
    }
    let key = raw(sim);
    if dead.contains(&key) {
        return false;
    }
    for mv in sim.legal_moves() {
        sim.apply(mv).expect("legal");
        let won = brute_wins(sim, dead);
        sim.undo().expect("just played");
        if won {
            return true;
        }
    }
    dead.insert(key);
    false
}

/// Small hand-made levels, each with one to three bombs of counts 1..=6 on screws picked with
/// xorshift32, some of them rusty.
fn bomb_boards() -> Vec<(String, LevelData)> {
    let mut out = Vec::new();
    let mut rng = Rng::new(0xB0B5);
    for name in ALL.iter().filter(|n| **n != "buried") {
        let base = level(name);
        if base.screws.len() > 12 {
            continue;
        }
        for variant in 0..12 {
            let mut d = base.clone();
            for s in &mut d.screws {
                s.bomb = None;
            }
            let bombs = 1 + rng.below(3) as usize;
            for _ in 0..bombs {
                let k = rng.below(d.screws.len() as u32) as usize;
                d.screws[k].bomb = Some(1 + rng.below(6) as u8);
                if variant % 4 == 3 && d.screws[k].kind == ScrewKind::Normal {
                    d.screws[k].kind = ScrewKind::Rusty;
                }
            }
            out.push((format!("{name} variant {variant}"), d));
        }
    }
    out
}

#[test]
fn the_solver_agrees_with_an_exhaustive_search_on_boards_with_bombs() {
    let (mut wins, mut losses, mut bomb_decided) = (0, 0, 0);
    for (name, data) in bomb_boards() {
        let level = Arc::new(CompiledLevel::new(data.clone()).expect("valid"));
        let truth = brute_wins(&mut GameSim::new(level.clone()), &mut HashSet::new());
        let mut free = data.clone();
        free.screws.iter_mut().for_each(|s| s.bomb = None);
        let free = Arc::new(CompiledLevel::new(free).expect("valid"));
        let free_truth = brute_wins(&mut GameSim::new(free), &mut HashSet::new());
        bomb_decided += u32::from(free_truth && !truth);
        if truth {
            wins += 1;
        } else {
            losses += 1;
        }
        for r in all_reductions() {
            let mut sim = GameSim::new(level.clone());
            let limits = Limits {
                horizon_after: 0,
                ..Limits::nodes(u64::MAX, None)
            };
            let mut prover = ProofSearch::with(&sim, r, limits);
            assert_eq!(prover.wins(&mut sim), Ok(truth), "{name} with {r:?}");
            if let Some(moves) = prover.take_win() {
                assert!(replays_to_win(&level, Some(&moves)), "{name} {r:?}");
            }
        }
        let report = solve(&level, &SolveOptions::default());
        let expected = if truth {
            SolveStatus::Proven
        } else if buried_screws(&level).is_empty() {
            SolveStatus::Unsolvable
        } else {
            SolveStatus::Broken
        };
        assert_eq!(report.status, expected, "{name}");
    }
    // Not vacuous: some boards are won, some lost, and some lost only because of a bomb.
    eprintln!("{wins} won, {losses} lost, {bomb_decided} lost to a bomb alone");
    assert!(wins >= 10 && losses >= 10, "{wins} won, {losses} lost");
    assert!(
        bomb_decided >= 5,
        "{bomb_decided} boards lost to a bomb alone"
    );
}

#[test]
fn a_rusty_bomb_of_one_is_a_named_design_error_and_truly_unwinnable() {
    let mut data = level("bomb");
    data.screws[2].kind = ScrewKind::Rusty;
    data.screws[2].bomb = Some(1);
    let level = Arc::new(CompiledLevel::new(data.clone()).expect("valid"));
    let buried = buried_screws(&level);
    assert_eq!(buried.len(), 1);
    assert_eq!(buried[0].screw, 3);
    assert_eq!(
        buried[0].reason,
        BuriedReason::BombGoesOffWhenLoosened { moves: 1 }
    );
    assert!(!brute_wins(
        &mut GameSim::new(level.clone()),
        &mut HashSet::new()
    ));
    assert_eq!(
        solve(&level, &SolveOptions::default()).status,
        SolveStatus::Broken
    );
    // Two moves are enough: not named.
    data.screws[2].bomb = Some(2);
    assert!(buried_screws(&CompiledLevel::new(data).expect("valid")).is_empty());
}

#[test]
fn the_competent_player_defuses_a_bomb_the_shallow_player_lets_go_off() {
    use screwsmith_solver::competent::Competent;
    use screwsmith_solver::human::Human;
    use screwsmith_solver::trial::{play_trial, trial_seed};
    // bomb.json: after screw 1 comes off, screw 2's bomb is uncovered with one move left. Screw 2
    // next defuses it; screw 3 next sets it off. The shallow player takes either (both fill the
    // crate); the competent one reads the number.
    let level = compiled("bomb");
    let (mut competent, mut human) = (0, 0);
    for t in 0..24 {
        let seed = trial_seed(level.data().seed, t);
        let mut sim = GameSim::new(level.clone());
        competent += u32::from(play_trial(&mut sim, &mut Competent::default(), seed, None).won);
        let mut sim = GameSim::new(level.clone());
        human += u32::from(play_trial(&mut sim, &mut Human::default(), seed, None).won);
    }
    assert_eq!(competent, 24, "it defuses screw 2 the move it is uncovered");
    assert!(
        human < 24,
        "the shallow player loses some: {human} of 24 won"
    );
}
