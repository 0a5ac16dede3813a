//! The reduced proof search against the plain one. Every reduction is checked on its own and
//! all together, on hand-made levels tightened many ways (rails 1..=own, one crate slot, the queue
//! reversed and reshuffled) and on the committed benchmark boards: the verdict must be the plain
//! search's, and a win must replay. The pieces are checked on their own too: the packed key is exact,
//! a dead state has no win, the downward min-rail walk agrees with the upward one.
//!
//! The sweeps over many boards are `#[ignore]`d so the default `cargo test --workspace` stays quick:
//! `.ci/run` runs them, optimised, in a stage of their own (`cargo test --release -p screwsmith-solver
//! --test proofs -- --ignored`), none dropped or loosened.

#[path = "../../rules/tests/common/mod.rs"]
mod common;
#[path = "support/reductions.rs"]
mod reductions;

use std::collections::HashMap;
use std::sync::Arc;

use common::*;
use reductions::all_reductions;
use screwsmith_rules::cells::bits;
use screwsmith_rules::level::{parse_level, ScrewKind, SolveStatus};
use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::{GameSim, Status};
use screwsmith_rules::{CompiledLevel, LevelData};
use screwsmith_solver::dead::Bound;
use screwsmith_solver::dfs::Dfs;
use screwsmith_solver::horizon::Horizon;
use screwsmith_solver::key::StateKey;
use screwsmith_solver::proof::{min_rail, prove};
use screwsmith_solver::prover::{Limits, ProofSearch, Reductions};
use screwsmith_solver::reach::Reach;
use screwsmith_solver::tt::{Layout, PackedKey, TableKey};
use screwsmith_solver::{replays_to_win, SolveOptions};

/// Plain-search budget per board in these tests: boards the plain search cannot finish are skipped.
const PLAIN_LIMIT: u64 = 400_000;

/// The list of covers, built per cell, holds what its definition says: per screw, every part on a
/// higher layer one of whose poses (rest, or hanging from one of its screws) holds the screw's cell,
/// in part order, with the screws it can swing away on (those whose hang pose misses the cell).
#[test]
fn the_covers_are_the_parts_that_can_cover_each_screw() {
    use screwsmith_solver::covers::{Cover, Covers};
    let levels = benchmark_boards()
        .into_iter()
        .map(|(_, d)| d)
        .chain(ALL.iter().filter(|n| **n != "buried").map(|n| level(n)));
    let mut listed = 0;
    for data in levels {
        let level = CompiledLevel::new(data).unwrap();
        let covers = Covers::of(&level);
        let (screws, parts) = (level.screws(), level.parts());
        for (x, s) in screws.iter().enumerate() {
            let mut expected = Vec::new();
            for (p, part) in parts.iter().enumerate() {
                let hangs = bits(part.screws).map(|k| screws[k as usize].hang);
                let poses: Vec<_> = std::iter::once(part.rest).chain(hangs).collect();
                if part.layer > s.layer && poses.iter().any(|&m| m & s.cell != 0) {
                    let swing =
                        bits(part.screws).filter(|&k| screws[k as usize].hang & s.cell == 0);
                    expected.push(Cover {
                        part: p as u8,
                        screws: part.screws,
                        saviours: swing.fold(0, |m, k| m | 1 << k),
                    });
                }
            }
            assert_eq!(covers.of_screw(x), &expected[..], "screw {x}");
            listed += expected.len();
        }
    }
    assert!(listed > 1000, "{listed} covers listed");
}

/// The hand-made levels (not the broken one), each tightened: every rail from 1 to its own, one crate
/// slot or its own, the queue as authored, reversed, and shuffled with xorshift32.
fn variants() -> Vec<(String, LevelData)> {
    let mut out = Vec::new();
    for name in ALL.iter().filter(|n| **n != "buried") {
        let base = level(name);
        let queue = CompiledLevel::new(base.clone()).unwrap().queue().to_vec();
        let mut shuffled = queue.clone();
        Rng::new(0x5eed ^ name.len() as u32).shuffle(&mut shuffled);
        let mut reversed = queue.clone();
        reversed.reverse();
        for rail in 1..=base.rail_slots {
            for slots in [1, base.crate_slots] {
                for (q, order) in [("own", &queue), ("rev", &reversed), ("shuf", &shuffled)] {
                    let mut d = base.clone();
                    d.rail_slots = rail;
                    d.crate_slots = slots;
                    d.crate_queue = Some(order.clone());
                    out.push((
                        format!("{name} rail {rail} slots {slots} queue {q}"),
                        d.clone(),
                    ));
                    // And with every third normal screw rusty (the eager loosening rule's ground).
                    for (i, s) in d.screws.iter_mut().enumerate() {
                        if i % 3 == 1 && s.kind == ScrewKind::Normal {
                            s.kind = ScrewKind::Rusty;
                        }
                    }
                    out.push((
                        format!("{name} rail {rail} slots {slots} queue {q} rusty"),
                        d,
                    ));
                }
            }
        }
    }
    out
}

/// The plain search's verdict, or `None` when it does not finish within [`PLAIN_LIMIT`].
fn plain_verdict(level: &Arc<CompiledLevel>) -> Option<bool> {
    let mut dfs = Dfs::new(1, PLAIN_LIMIT, None);
    dfs.count(&mut GameSim::new(level.clone()))
        .ok()
        .map(|c| c > 0)
}

/// Checks the reduction combinations against the plain verdict; `false` when the plain search does not
/// finish.
fn check_agrees(name: &str, level: &Arc<CompiledLevel>, every: bool) -> bool {
    check_agrees_with(name, level, every, eager(u64::MAX))
}

/// `nodes` moves, with the queue-horizon bound built at once (not after a first stretch), so that it
/// is asked on these small boards too.
fn eager(nodes: u64) -> Limits {
    Limits {
        horizon_after: 0,
        ..Limits::nodes(nodes, None)
    }
}

/// [`check_agrees`] with given limits (a tiny table: the replacement policy must not change a verdict).
fn check_agrees_with(name: &str, level: &Arc<CompiledLevel>, every: bool, limits: Limits) -> bool {
    let Some(plain) = plain_verdict(level) else {
        return false;
    };
    let combos = if every {
        all_reductions()
    } else {
        vec![Reductions::default()]
    };
    for r in combos {
        let limits = limits.clone();
        let mut sim = GameSim::new(level.clone());
        let mut prover = ProofSearch::with(&sim, r, limits);
        let reduced = prover.wins(&mut sim).expect("no budget");
        assert_eq!(reduced, plain, "{name} with {r:?}");
        let win = prover.take_win();
        assert_eq!(win.is_some(), plain, "{name}: a win comes with its moves");
        if let Some(moves) = win {
            assert!(
                replays_to_win(level, Some(&moves)),
                "{name} {r:?}: {moves:?}"
            );
        }
    }
    true
}

#[test]
#[ignore = "long differential sweep: .ci/run runs it in the release profile"]
fn reduced_search_agrees_with_plain_on_tightened_levels() {
    let (mut decided, mut wins) = (0u32, 0u32);
    for (name, data) in variants() {
        let level = Arc::new(CompiledLevel::new(data).expect("valid variant"));
        if check_agrees(&name, &level, true) {
            decided += 1;
            wins += u32::from(plain_verdict(&level) == Some(true));
        }
    }
    // Enough boards of both verdicts that a reduction losing wins (or finding false ones) shows.
    assert!(decided > 300, "{decided}");
    assert!(wins > 30 && decided - wins > 20, "{wins} wins of {decided}");
}

#[test]
fn a_table_cleared_over_and_over_gives_the_same_verdicts() {
    let mut decided = 0;
    for (name, data) in variants() {
        if !["min_rail", "overflow", "chain", "cascade", "rusty"]
            .iter()
            .any(|n| name.starts_with(n))
        {
            continue;
        }
        let level = Arc::new(CompiledLevel::new(data).unwrap());
        let tiny = Limits {
            table_cap: 8,
            ..eager(u64::MAX)
        };
        decided += check_agrees_with(&name, &level, false, tiny) as u32;
    }
    assert!(decided > 50, "{decided}");
}

/// The benchmark boards of `benches/boards/` and its `large/` and `shipped/` directories, sorted.
fn benchmark_boards() -> Vec<(std::path::PathBuf, LevelData)> {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/benches/boards"));
    let mut out = Vec::new();
    for sub in ["", "large", "shipped"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(sub))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        for p in paths {
            let data = parse_level(&std::fs::read_to_string(&p).unwrap()).unwrap();
            out.push((p, data));
        }
    }
    out
}

#[test]
#[ignore = "long differential sweep: .ci/run runs it in the release profile"]
fn reduced_search_agrees_with_plain_on_the_benchmark_boards() {
    let boards = benchmark_boards();
    assert!(
        boards.len() >= 50,
        "the benchmark set has at least 50 boards"
    );
    let mut decided = 0;
    for (p, data) in boards {
        if !p.parent().unwrap().ends_with("shipped") {
            assert!((50..=60).contains(&data.screws.len()), "{p:?}");
        }
        let level = Arc::new(CompiledLevel::new(data).unwrap());
        decided += check_agrees(&p.display().to_string(), &level, false) as u32;
    }
    assert!(
        decided >= 20,
        "{decided} boards small enough for the plain search here"
    );
}

/// States met on random walks (xorshift32) through a level, with a few steps undone now and then.
fn walk_states(level: &Arc<CompiledLevel>, seed: u32, mut visit: impl FnMut(&mut GameSim)) {
    let mut sim = GameSim::new(level.clone());
    let mut rng = Rng::new(seed);
    for _ in 0..200 {
        if sim.status() != Status::Playing {
            sim.restart();
        }
        visit(&mut sim);
        let moves = sim.legal_moves();
        let Some(&m) = rng.pick(&moves) else {
            sim.restart();
            continue;
        };
        sim.apply(m).unwrap();
        if rng.chance_percent(10) {
            let _ = sim.undo();
        }
    }
}

#[test]
fn packed_key_is_exact() {
    let mut states = 0;
    for name in ["mid", "large", "rusty", "bolt", "hidden", "cascade"] {
        let level = compiled(name);
        assert!(Layout::packs(&level), "{name}");
        let layout = Layout::of(&level);
        let mut seen: HashMap<StateKey, PackedKey> = HashMap::new();
        let mut back: HashMap<PackedKey, StateKey> = HashMap::new();
        for seed in 1..6 {
            walk_states(&level, seed, |sim| {
                let (full, packed) = (StateKey::of(sim), PackedKey::of(sim, &layout));
                assert_eq!(*seen.entry(full).or_insert(packed), packed, "{name}");
                assert_eq!(*back.entry(packed).or_insert(full), full, "{name}");
            });
        }
        states += seen.len();
    }
    assert!(states > 300, "{states}");
}

/// Walks states of every third tightened level; each state the bound `dead_at(level)` calls dead must
/// have no win by the plain search. How many it called dead.
fn dead_states_have_no_win<D: Fn(&GameSim) -> bool>(
    seed: u32,
    dead_at: impl Fn(&Arc<CompiledLevel>) -> D,
) -> u32 {
    let mut dead = 0;
    for (name, data) in variants().into_iter().step_by(3) {
        let level = Arc::new(CompiledLevel::new(data).unwrap());
        let is_dead = dead_at(&level);
        walk_states(&level, seed, |sim| {
            if sim.status() == Status::Playing && is_dead(sim) {
                dead += 1;
                let mut dfs = Dfs::new(1, PLAIN_LIMIT, None);
                assert_ne!(dfs.count(sim), Ok(1), "{name}: a 'dead' state wins");
            }
        });
    }
    dead
}

#[test]
fn a_dead_state_has_no_win() {
    let dead = dead_states_have_no_win(3, |level| {
        let bound = Bound::of(level);
        move |sim: &GameSim| bound.is_dead(sim)
    });
    assert!(dead > 20, "{dead}");
}

/// The dead-state bound as first written: every cost computed, over every part on the
/// layers above, the `n_k`-th smallest taken. [`Bound::is_dead`] stops early and skips parts; it must
/// decide every state the same way.
fn dead_by_reference(sim: &GameSim) -> bool {
    let level = sim.level();
    let colour = |c: u8| {
        (0..level.screw_count())
            .filter(|&i| level.screws()[i].color == c)
            .fold(0u128, |m, i| m | 1u128 << i)
    };
    let free = (sim.rail().len() - sim.rail_occupancy()) as u32;
    let active: Vec<_> = sim.crates().iter().filter(|c| c.is_active()).collect();
    let open = active.iter().fold(0u128, |m, c| m | colour(c.color));
    let left = level.all_screws() & !sim.removed_mask();
    let closed = (left & !open).count_ones();
    let cost = |x: usize| -> u32 {
        let s = &level.screws()[x];
        let mut cost = 0;
        for (p, part) in level.parts().iter().enumerate() {
            if part.layer <= s.layer || sim.poses()[p] & s.cell == 0 {
                continue;
            }
            let left = part.screws & !sim.removed_mask();
            let fall = bits(left).filter(|&i| open >> i & 1 == 0).count() as u32;
            let swing = bits(left)
                .filter(|&k| level.screws()[k as usize].hang & s.cell == 0)
                .map(|k| fall - u32::from(open >> k & 1 == 0))
                .min()
                .unwrap_or(fall);
            cost += fall.min(swing);
        }
        cost
    };
    let mut best = u32::MAX;
    for c in &active {
        let mut costs: Vec<u32> = bits(left & colour(c.color))
            .map(|x| cost(x as usize))
            .collect();
        costs.sort();
        let need = (3 - c.fill) as usize;
        best = best.min(costs.get(need - 1).copied().unwrap_or(u32::MAX));
    }
    best.min(closed) > free
}

#[test]
#[ignore = "long differential sweep: .ci/run runs it in the release profile"]
fn the_fast_dead_bound_decides_like_the_reference() {
    let (mut states, mut dead) = (0, 0);
    for (name, data) in variants().into_iter().step_by(2) {
        let level = Arc::new(CompiledLevel::new(data).unwrap());
        let bound = Bound::of(&level);
        walk_states(&level, 11, |sim| {
            if sim.status() == Status::Playing {
                let d = dead_by_reference(sim);
                assert_eq!(bound.is_dead(sim), d, "{name}");
                states += 1;
                dead += d as u32;
            }
        });
    }
    assert!(states > 1000 && dead > 50, "{states} states, {dead} dead");
}

#[test]
fn min_rail_walking_down_agrees_with_the_upward_walk() {
    let mut checked = 0;
    for (name, data) in variants() {
        let level = Arc::new(CompiledLevel::new(data.clone()).unwrap());
        let opts = SolveOptions {
            node_limit: PLAIN_LIMIT,
            ..Default::default()
        };
        let proof = prove(&level, &opts);
        if proof.status != SolveStatus::Proven {
            continue;
        }
        // The original design's walk: the first size from 1 up where the plain search finds a win.
        let mut upward = None;
        for r in 1..=data.rail_slots {
            let mut dfs = Dfs::new(1, PLAIN_LIMIT, None);
            match dfs.count(&mut GameSim::with_rail(level.clone(), r).unwrap()) {
                Ok(0) => {}
                Ok(_) => {
                    upward = Some(r);
                    break;
                }
                Err(_) => break,
            }
        }
        if upward.is_none() {
            continue; // the plain search did not finish: nothing to compare with
        }
        let down = min_rail(&level, proof.solution.as_deref().unwrap(), &opts);
        assert_eq!(down.slots, upward, "{name}");
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

/// A board from a hand-made level or a shipped benchmark board, recoloured and tightened at random (xorshift32 from `seed`): the
/// screws' colours shuffled among them (colour counts stay multiples of 3), the crate queue shuffled,
/// the rail and the crate slots cut to `rail` and `slots` (at most the level's own).
fn random_board(mut data: LevelData, seed: u32, rail: u8, slots: u8) -> Arc<CompiledLevel> {
    let mut rng = Rng::new(seed.max(1));
    let mut colours: Vec<u8> = data.screws.iter().map(|s| s.color).collect();
    rng.shuffle(&mut colours);
    for (s, c) in data.screws.iter_mut().zip(colours) {
        s.color = c;
    }
    data.crate_queue = None;
    let mut queue = CompiledLevel::new(data.clone()).unwrap().queue().to_vec();
    rng.shuffle(&mut queue);
    data.crate_queue = Some(queue);
    data.rail_slots = rail.clamp(1, data.rail_slots);
    data.crate_slots = slots.clamp(1, data.crate_slots);
    Arc::new(CompiledLevel::new(data).expect("a recoloured level stays valid"))
}

#[test]
#[ignore = "long differential sweep: .ci/run runs it in the release profile"]
fn a_reach_dead_state_has_no_win() {
    let dead = dead_states_have_no_win(7, |level| {
        let reach = Reach::of(level, Default::default());
        move |sim: &GameSim| reach.is_dead(sim)
    });
    assert!(dead > 20, "{dead}");
}

/// Walks states of the tightened and random boards; counts the states the bound `dead_at(level)`
/// calls dead that have a win by the plain search, and the states it called dead; `first`: stop at
/// the first such state.
fn false_deaths<D: Fn(&GameSim) -> bool>(
    first: bool,
    dead_at: impl Fn(&Arc<CompiledLevel>) -> D,
) -> (u32, u32) {
    let (mut wrong, mut dead) = (0, 0);
    let boards = tightened_boards().into_iter().step_by(7);
    for (_, level) in boards.chain(random_boards().into_iter().step_by(2)) {
        if first && wrong > 0 {
            break;
        }
        let is_dead = dead_at(&level);
        walk_states(&level, 13, |sim| {
            if sim.status() == Status::Playing && !(first && wrong > 0) && is_dead(sim) {
                dead += 1;
                let mut dfs = Dfs::new(1, PLAIN_LIMIT, None);
                wrong += u32::from(dfs.count(sim) == Ok(1));
            }
        });
    }
    (wrong, dead)
}

/// [`false_deaths`] of the reach bound with these switches.
fn reach_false_deaths(bugs: screwsmith_solver::bugs::Bugs, first: bool) -> (u32, u32) {
    false_deaths(first, |level| {
        let reach = Reach::of(level, bugs);
        move |sim: &GameSim| reach.is_dead(sim)
    })
}

/// [`false_deaths`] of the queue-horizon bound built at the start with these switches (it holds for
/// every state below the start, and the walks never leave those).
fn horizon_false_deaths(bugs: screwsmith_solver::bugs::Bugs, first: bool) -> (u32, u32) {
    false_deaths(first, |level| {
        let horizon = Horizon::of(&GameSim::new(level.clone()), bugs);
        move |sim: &GameSim| horizon.is_dead(sim)
    })
}

#[test]
#[ignore = "long differential sweep: .ci/run runs it in the release profile"]
fn the_reach_bound_settles_the_benchmark_starts_and_agrees_with_plain() {
    let (wrong, dead) = reach_false_deaths(Default::default(), false);
    assert_eq!(wrong, 0, "of {dead} states called dead");
    assert!(dead > 100, "{dead}");
    // At the start of the benchmark boards: never on a board with a win, and on most without one.
    let (mut settled, mut lost) = (0, 0);
    for (p, data) in benchmark_boards() {
        let level = Arc::new(CompiledLevel::new(data).unwrap());
        let sim = GameSim::new(level.clone());
        let dead = Reach::of(&level, Default::default()).is_dead(&sim);
        let name = p.display().to_string();
        if name.ends_with("_win.json") {
            assert!(!dead, "{name}: a board with a win called dead");
        } else {
            lost += 1;
            settled += u32::from(dead);
        }
    }
    assert!(
        settled * 2 > lost,
        "{settled} of {lost} unsolvable starts settled"
    );
}

#[test]
#[ignore = "long differential sweep: .ci/run runs it in the release profile"]
fn the_differential_check_catches_a_reach_bound_that_ignores_swings() {
    let (wrong, _) = reach_false_deaths(
        screwsmith_solver::bugs::Bugs {
            reach_needs_fall: true,
            ..Default::default()
        },
        true,
    );
    assert!(
        wrong > 0,
        "the broken bound must call a winnable state dead"
    );
}

/// States the queue-horizon bound settled with these reductions, and the boards whose verdict differs
/// from the plain search's (a win it found that the plain search does not find panics).
fn horizon_hits(boards: &[(String, Arc<CompiledLevel>)], reductions: Reductions) -> (u64, u32) {
    let (mut hits, mut disagree) = (0, 0);
    for (name, level) in boards {
        let Some(plain) = plain_verdict(level) else {
            continue;
        };
        let mut sim = GameSim::new(level.clone());
        let mut prover = ProofSearch::with(&sim, reductions, eager(u64::MAX));
        let reduced = prover.wins(&mut sim).expect("no budget");
        hits += prover.horizon_hits().0;
        if reduced != plain {
            disagree += 1;
            assert!(!reduced, "{name}: a win the plain search does not find");
        }
    }
    (hits, disagree)
}

/// The `which`-th source board of [`random_board`]: the hand-made levels, then the shipped benchmark
/// boards (18–39 screws, small enough for the plain search once tightened).
fn random_source(which: usize) -> (String, LevelData) {
    if which < ALL.len() {
        return (ALL[which].to_string(), level(ALL[which]));
    }
    let shipped: Vec<_> = benchmark_boards()
        .into_iter()
        .filter(|(p, _)| p.parent().unwrap().ends_with("shipped"))
        .collect();
    let (p, d) = &shipped[(which - ALL.len()) % shipped.len()];
    (p.display().to_string(), d.clone())
}

/// Random boards for the breaking switch: every source board, a few seeds, tight rails.
fn random_boards() -> Vec<(String, Arc<CompiledLevel>)> {
    let mut out = Vec::new();
    for which in 0..ALL.len() + 14 {
        let (name, data) = random_source(which);
        if name == "buried" {
            continue;
        }
        for seed in 1..=4u32 {
            for rail in 1..=3u8 {
                let level = random_board(data.clone(), seed * 7919, rail, 2);
                out.push((format!("{name} seed {seed} rail {rail}"), level));
            }
        }
    }
    out
}

fn tightened_boards() -> Vec<(String, Arc<CompiledLevel>)> {
    variants()
        .into_iter()
        .map(|(name, data)| (name, Arc::new(CompiledLevel::new(data).unwrap())))
        .chain(benchmark_boards().into_iter().map(|(p, d)| {
            (
                p.display().to_string(),
                Arc::new(CompiledLevel::new(d).unwrap()),
            )
        }))
        .collect()
}

#[test]
#[ignore = "long differential sweep: .ci/run runs it in the release profile"]
fn the_horizon_bound_settles_states_and_agrees_with_plain() {
    let (wrong, dead) = horizon_false_deaths(Default::default(), false);
    assert_eq!(wrong, 0, "of {dead} states called dead");
    // It must be settling states, or the agreement above proves nothing.
    assert!(dead > 100, "{dead} states settled by the horizon bound");
    let (_, disagree) = horizon_hits(&tightened_boards(), Reductions::default());
    assert_eq!(disagree, 0);
}

#[test]
#[ignore = "long differential sweep: .ci/run runs it in the release profile"]
fn the_differential_check_catches_a_horizon_that_counts_open_colours() {
    let bugs = screwsmith_solver::bugs::Bugs {
        horizon_counts_open: true,
        ..Default::default()
    };
    let (wrong, _) = horizon_false_deaths(bugs, true);
    assert!(
        wrong > 0,
        "the broken bound must call a winnable state dead"
    );
}

#[test]
fn a_horizon_dead_state_has_no_win() {
    // The bound built at the start holds for every state below it.
    let dead = dead_states_have_no_win(5, |level| {
        let horizon = Horizon::of(&GameSim::new(level.clone()), Default::default());
        move |sim: &GameSim| horizon.is_dead(sim)
    });
    assert!(dead > 20, "{dead}");
}

/// The reach bound asked on every new state of the search (any depth, never gated), with these
/// breaking switches; the horizon bound built at once.
fn reach_everywhere(bugs: screwsmith_solver::bugs::Bugs) -> (Reductions, Limits) {
    let reductions = Reductions {
        reach_depth: u16::MAX,
        bugs,
        ..Reductions::default()
    };
    let limits = Limits {
        reach_gate: false,
        ..eager(u64::MAX)
    };
    (reductions, limits)
}

/// States the reach bound settled inside the search with these switches, and the boards whose
/// verdict differs from the plain search's (a win the plain search does not find panics); `first`:
/// stop at the first board that differs.
fn reach_inner_hits(
    boards: &[(String, Arc<CompiledLevel>)],
    bugs: screwsmith_solver::bugs::Bugs,
    first: bool,
) -> (u64, u32) {
    let (reductions, limits) = reach_everywhere(bugs);
    let (mut hits, mut disagree) = (0, 0);
    for (name, level) in boards {
        if first && disagree > 0 {
            break;
        }
        let Some(plain) = plain_verdict(level) else {
            continue;
        };
        let mut sim = GameSim::new(level.clone());
        let mut prover = ProofSearch::with(&sim, reductions, limits.clone());
        let reduced = prover.wins(&mut sim).expect("no budget");
        hits += prover.stats().reach_inner.settled;
        if reduced != plain {
            disagree += 1;
            assert!(!reduced, "{name}: a win the plain search does not find");
        }
        if let Some(moves) = prover.take_win() {
            assert!(replays_to_win(level, Some(&moves)), "{name}: {moves:?}");
        }
    }
    (hits, disagree)
}

#[test]
#[ignore = "long differential sweep: .ci/run runs it in the release profile"]
fn the_reach_bound_inside_the_search_agrees_with_plain() {
    let boards = tightened_boards();
    let (hits, disagree) = reach_inner_hits(&boards, Default::default(), false);
    assert_eq!(disagree, 0);
    // It must be settling states, or the agreement above proves nothing.
    assert!(
        hits > 1000,
        "{hits} states settled by the reach bound inside"
    );
}

#[test]
fn the_differential_check_catches_a_reach_bound_one_seal_off() {
    let bugs = screwsmith_solver::bugs::Bugs {
        reach_one_seal_more: true,
        ..Default::default()
    };
    let (_, disagree) = reach_inner_hits(&tightened_boards(), bugs, true);
    assert!(disagree > 0, "the broken bound must lose a win somewhere");
    let (_, disagree) = reach_inner_hits(&random_boards(), bugs, true);
    assert!(disagree > 0, "on the random boards too");
}

/// Limits whose first stretch ends after `after` moves, so that the start's second questions and the
/// reach bound on the open path are asked inside the search, on copies of its states (the mark).
fn marked(after: u64) -> Limits {
    Limits {
        horizon_after: after,
        // Marks after a few moves allow the shipped share a few work units: a larger one lets the
        // open path's questions settle states, so that the unwinding is what these tests exercise.
        first_share: 10,
        ..Limits::nodes(u64::MAX, None)
    }
}

/// Searches unwound at their mark to a state of their open path, with these switches (first stretches
/// of 2 to 512 moves), and
/// the searches whose verdict differs from the plain search's (a win the plain search does not find
/// panics); `first`: stop at the first that differs.
fn mark_hits(
    boards: &[(String, Arc<CompiledLevel>)],
    bugs: screwsmith_solver::bugs::Bugs,
    first: bool,
) -> (u64, u32) {
    let (cuts, _, disagree) = marks_seen(boards, bugs, first);
    (cuts, disagree)
}

/// [`mark_hits`], with the searches whose start was settled at a later mark (its question, cut short
/// by its work at the first, asked again with more).
fn marks_seen(
    boards: &[(String, Arc<CompiledLevel>)],
    bugs: screwsmith_solver::bugs::Bugs,
    first: bool,
) -> (u64, u64, u32) {
    let reductions = Reductions {
        bugs,
        ..Reductions::default()
    };
    let (mut cuts, mut late, mut disagree) = (0, 0, 0);
    for (name, level) in boards {
        let Some(plain) = plain_verdict(level) else {
            continue;
        };
        for after in [2, 4, 8, 16, 32, 64, 128, 256, 512] {
            if first && disagree > 0 {
                return (cuts, late, disagree);
            }
            let mut sim = GameSim::new(level.clone());
            let mut prover = ProofSearch::with(&sim, reductions, marked(after));
            let reduced = prover.wins(&mut sim).expect("no budget");
            cuts += prover.mark_cuts();
            late += prover.late_settles();
            if reduced != plain {
                disagree += 1;
                assert!(
                    !reduced,
                    "{name} at {after}: a win the plain search does not find"
                );
            }
            if let Some(moves) = prover.take_win() {
                assert!(replays_to_win(level, Some(&moves)), "{name}: {moves:?}");
            }
        }
    }
    (cuts, late, disagree)
}

/// The searches with marks, with this breaking switch, must lose a win on the tightened boards and on
/// the random ones.
fn a_broken_mark_is_caught(bugs: screwsmith_solver::bugs::Bugs) {
    let (_, disagree) = mark_hits(&tightened_boards(), bugs, true);
    assert!(disagree > 0, "{bugs:?} must lose a win somewhere");
    let (_, disagree) = mark_hits(&random_boards(), bugs, true);
    assert!(disagree > 0, "{bugs:?}: on the random boards too");
}

#[test]
fn the_differential_check_catches_a_question_cut_short_taken_for_no_win() {
    a_broken_mark_is_caught(screwsmith_solver::bugs::Bugs {
        cut_short_is_dead: true,
        ..Default::default()
    });
}

#[test]
fn a_question_within_a_work_cap_answers_as_in_full_or_not_at_all() {
    use screwsmith_solver::reach::{Ask, Scratch};
    let (mut cut, mut same) = (0, 0);
    for (_, level) in tightened_boards().into_iter().chain(random_boards()) {
        let reach = Reach::of(&level, Default::default());
        walk_states(&level, 5, |sim| {
            if sim.status() != Status::Playing {
                return;
            }
            let mut scratch = Scratch::default();
            let full = reach.settle_in(sim, Ask::closures(512), &mut scratch);
            let spent = scratch.work;
            for work in [0, 8, 64, spent / 2, spent] {
                let ask = Ask {
                    work,
                    ..Ask::closures(512)
                };
                match reach.settle_in(sim, ask, &mut scratch) {
                    None => cut += 1,
                    answer => {
                        assert_eq!(answer, full, "within {work} of {spent} units");
                        same += 1;
                    }
                }
            }
        });
    }
    // Both ways must happen, or the check above proves nothing.
    assert!(cut > 100 && same > 100, "{cut} cut short, {same} answered");
}

/// Also the start's questions cut short by their work and asked again at a later mark.
#[test]
#[ignore = "long differential sweep: .ci/run runs it in the release profile"]
fn the_search_unwound_at_its_mark_agrees_with_plain() {
    let (cuts, late, disagree) = marks_seen(&tightened_boards(), Default::default(), false);
    assert_eq!(disagree, 0);
    // It must be unwinding searches, or the agreement above proves nothing.
    assert!(cuts > 100, "{cuts} searches unwound at their mark");
    // Later marks must be settling starts, or the agreement above proves nothing for them.
    assert!(late > 0, "no start settled at a later mark");
}

#[test]
fn the_differential_check_catches_a_mark_that_asks_about_the_wrong_state() {
    a_broken_mark_is_caught(screwsmith_solver::bugs::Bugs {
        mark_skips_undo: true,
        ..Default::default()
    });
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Random recoloured, tightened boards: the search with every bound gives the plain verdict.
    #[test]
    #[ignore = "long differential sweep: .ci/run runs it in the release profile"]
    fn bounds_agree_with_plain_on_random_boards(
        which in 0usize..ALL.len() + 14,
        seed in 1u32..u32::MAX,
        rail in 1u8..=5,
        slots in 1u8..=3,
    ) {
        let (name, data) = random_source(which);
        proptest::prop_assume!(name != "buried");
        let level = random_board(data, seed, rail, slots);
        let boards = [(format!("{name} seed {seed} rail {rail} slots {slots}"), level)];
        let (_, disagree) = horizon_hits(&boards, Reductions::default());
        proptest::prop_assert_eq!(disagree, 0);
        let (_, disagree) = reach_inner_hits(&boards, Default::default(), false);
        proptest::prop_assert_eq!(disagree, 0);
        let (_, disagree) = mark_hits(&boards, Default::default(), false);
        proptest::prop_assert_eq!(disagree, 0);
    }
}
