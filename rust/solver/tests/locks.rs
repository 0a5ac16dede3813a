//! The solver with locks: it agrees with an independent exhaustive search over `GameSim` on small
//! hand-made boards with locks placed many ways, and the buried-screw pass names a lock that closes on
//! itself through the board.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use std::sync::Arc;

use common::*;
use screwsmith_rules::level::{LevelData, SolveStatus};
use screwsmith_rules::rng::Rng;
use screwsmith_rules::{CompiledLevel, GameSim, Status};
use screwsmith_solver::{buried_screws, replays_to_win, solve, BuriedReason, SolveOptions};

/// Whether any order of legal moves wins: every legal move tried at every state, nothing pruned.
fn brute_wins(sim: &mut GameSim) -> bool {
    match sim.status() {
        Status::Won => return true,
        Status::Lost => return false,
        Status::Playing => {}
    }
    for mv in sim.legal_moves() {
        sim.apply(mv).expect("legal");
        let won = brute_wins(sim);
        sim.undo().expect("a move to undo");
        if won {
            return true;
        }
    }
    false
}

/// `base` with locks drawn from `rng` (each screw locked by another with one chance in two), on a rail
/// of `rail` places; `None` when the draw is not a valid level (a lock cycle).
fn variant(base: &LevelData, rng: &mut Rng, rail: u8) -> Option<Arc<CompiledLevel>> {
    let mut data = base.clone();
    data.rail_slots = rail;
    let ids: Vec<u16> = data.screws.iter().map(|s| s.id).collect();
    for s in &mut data.screws {
        s.locked_by = None;
        if rng.chance_percent(50) {
            let key = *rng.pick(&ids).expect("screws");
            s.locked_by = (key != s.id).then_some(key);
        }
    }
    CompiledLevel::new(data).ok().map(Arc::new)
}

#[test]
fn the_solver_agrees_with_an_exhaustive_search_on_locked_boards() {
    let (mut wins, mut losses, mut broken) = (0, 0, 0);
    for name in [
        "locks",
        "cascade",
        "swing_uncovers",
        "hang_covers",
        "chain",
        "rusty",
    ] {
        let base = level(name);
        let mut rng = Rng::new(0x10c4 ^ base.number);
        for k in 0..40 {
            let rail = 1 + (k % base.rail_slots.max(1) as u32) as u8;
            let Some(level) = variant(&base, &mut rng, rail) else {
                continue;
            };
            let truth = brute_wins(&mut GameSim::new(level.clone()));
            let report = solve(&level, &SolveOptions::default());
            match report.status {
                SolveStatus::Proven => {
                    assert!(truth, "{name} #{k}: proven where no order wins");
                    assert!(replays_to_win(&level, report.solution.as_deref()));
                    wins += 1;
                }
                SolveStatus::Unsolvable => {
                    assert!(!truth, "{name} #{k}: unsolvable where an order wins");
                    losses += 1;
                }
                SolveStatus::Broken => {
                    assert!(!truth, "{name} #{k}: broken where an order wins");
                    broken += 1;
                }
                SolveStatus::SearchExhausted => panic!("{name} #{k}: not settled"),
            }
        }
    }
    // Both verdicts are exercised: won boards, and boards no order wins (lost on the rail, or kept in
    // by their locks).
    assert!(
        wins >= 20 && losses >= 1 && broken >= 5,
        "{wins} won, {losses} lost, {broken} broken"
    );
}

#[test]
fn a_key_under_a_panel_its_own_lock_holds_is_named() {
    // Screw 1 holds a panel over screw 2 alone, and is locked by screw 2: neither can ever go.
    let text = r#"{"number": 40, "seed": 40, "machine": 0, "band": 1, "width": 3, "height": 1,
        "rail_slots": 3, "crate_slots": 1, "colors": [0],
        "parts": [{"id": 1, "layer": 1, "rest": [[0,0],[1,0]]}, {"id": 2, "layer": 0, "rest": [[0,0],[2,0]]}],
        "screws": [{"id": 1, "part": 1, "cell": [1,0], "color": 0, "locked_by": 2},
                   {"id": 2, "part": 2, "cell": [0,0], "color": 0},
                   {"id": 3, "part": 2, "cell": [2,0], "color": 0}]}"#;
    let data = screwsmith_rules::level::parse_level(text).unwrap();
    let level = CompiledLevel::new(data).unwrap();
    let buried = buried_screws(&level);
    let named: Vec<(u16, BuriedReason)> = buried.iter().map(|b| (b.screw, b.reason)).collect();
    assert_eq!(
        named,
        vec![
            (1, BuriedReason::KeyNeverLeaves { key: 2 }),
            (2, BuriedReason::UnderLockedPart { part: 1 }),
        ]
    );
    let report = solve(&level, &SolveOptions::default());
    assert_eq!(report.status, SolveStatus::Broken);
    // Without the lock the same board is fine: the pass names only what the lock keeps in.
    let mut open = level.data().clone();
    open.screws[0].locked_by = None;
    assert!(buried_screws(&CompiledLevel::new(open).unwrap()).is_empty());
}

/// A key under a panel held by one screw alone: the panel hangs from the start, its hang pose over the
/// key, and its screw is the key's lock. Its rest pose is elsewhere, so a pass that read only rest
/// poses saw the key free and called the board unsolvable; it is broken, and the report names the key.
#[test]
fn a_key_under_a_panel_that_hangs_from_the_start_is_named() {
    let text = r#"{"number": 41, "seed": 41, "machine": 0, "band": 1, "width": 3, "height": 2,
        "rail_slots": 3, "crate_slots": 1, "colors": [0],
        "parts": [{"id": 1, "layer": 0, "rest": [[0,0],[1,0],[0,1],[1,1]]},
                  {"id": 2, "layer": 1, "rest": [[2,0],[2,1]], "hang": {"3": [[0,0],[1,0],[2,0]]}}],
        "screws": [{"id": 1, "part": 1, "cell": [0,0], "color": 0},
                   {"id": 2, "part": 1, "cell": [1,1], "color": 0},
                   {"id": 3, "part": 2, "cell": [2,0], "color": 0, "locked_by": 1}]}"#;
    let data = screwsmith_rules::level::parse_level(text).unwrap();
    let level = CompiledLevel::new(data).unwrap();
    let named: Vec<(u16, BuriedReason)> = buried_screws(&level)
        .iter()
        .map(|b| (b.screw, b.reason))
        .collect();
    assert_eq!(
        named,
        vec![
            (1, BuriedReason::UnderLockedPart { part: 2 }),
            (3, BuriedReason::KeyNeverLeaves { key: 1 }),
        ]
    );
    assert_eq!(
        solve(&level, &SolveOptions::default()).status,
        SolveStatus::Broken
    );
}

#[test]
fn the_competent_player_takes_a_key_first_and_the_human_does_not_plan_for_it() {
    use screwsmith_solver::competent::Competent;
    use screwsmith_solver::human::Human;
    use screwsmith_solver::trial::Strategy;
    // On `locks`, screws 1, 2 and 3 are legal and alike (colour 0, rail-bound): only screw 1 holds keys.
    let level = compiled("locks");
    let sim = GameSim::new(level.clone());
    let mut legal = Vec::new();
    sim.for_each_legal(|i, w| legal.push((i, w)));
    let key = level.screw_index(1).unwrap();
    let (mut competent_keys, mut human_keys) = (0, 0);
    for seed in (1..=60u32).map(|k| k.wrapping_mul(0x9E37_79B9)) {
        let mut rng = Rng::new(seed);
        competent_keys += (Competent::default().pick(&sim, &legal, &mut rng).0 == key) as u32;
        let mut rng = Rng::new(seed);
        human_keys += (Human::default().pick(&sim, &legal, &mut rng).0 == key) as u32;
    }
    assert_eq!(competent_keys, 60, "the key is the competent player's move");
    assert!(
        human_keys < 40,
        "the human picks among the three at random: {human_keys}"
    );
}
