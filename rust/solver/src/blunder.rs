//! The per-depth blunder rate (a designer metric of our own: docs/design.md §3.7): the probability that a move from a
//! still-winnable state makes the level unwinnable, computed for each depth (moves played) and then
//! averaged over depths.
//!
//! Why per depth: pooled over all states, the rate is dominated by the depths with the most states and
//! the most moves, so it mostly measures branching. Averaging per depth weighs the opening, the middle
//! and the endgame equally, which is what "how easy is it to throw this level away" means to a designer.
//!
//! Two ways to count the states, both judged with the memoised winnability search ([`Dfs`], cap 1):
//! - **exact** ([`blunder_stats`]): every distinct winnable state reachable from the start, once each.
//!   Only small levels fit in a budget (the state space grows combinatorially).
//! - **sampled** ([`sampled_blunder_stats`]): one walk per trial seed that keeps to winnable moves,
//!   choosing among them at random; every move of every state on the walk is judged. A move whose
//!   judgement does not finish within [`CHECK_BUDGET`] nodes is left out rather than guessed.
//!
//! [`blunder_rate`] tries the exact count with a quarter of the budget and falls back to sampling. Both
//! run only in verification: they are the most expensive numbers the solver produces.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::{CompiledLevel, GameSim, Status};

use super::dfs::{Dfs, Stop};
use super::key::{KeySet, StateKey};
use super::options::SolveOptions;
use super::trial::{trial_seed, IxMove};

/// Most DFS nodes spent judging one move of a sampled walk.
pub const CHECK_BUDGET: u64 = 4_000;

/// Moves and blunders counted at each depth.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BlunderStats {
    /// Index = depth: `(blunders, moves)` from the distinct winnable states at that depth.
    pub per_depth: Vec<(u64, u64)>,
}

impl BlunderStats {
    fn tally(&mut self, depth: usize, blunder: bool) {
        if self.per_depth.len() <= depth {
            self.per_depth.resize(depth + 1, (0, 0));
        }
        let t = &mut self.per_depth[depth];
        t.1 += 1;
        t.0 += blunder as u64;
    }

    /// The metric: mean over depths (that have moves) of blunders/moves at that depth.
    pub fn per_depth_rate(&self) -> Option<f64> {
        let rates: Vec<f64> = self
            .per_depth
            .iter()
            .filter(|(_, m)| *m > 0)
            .map(|&(b, m)| b as f64 / m as f64)
            .collect();
        (!rates.is_empty()).then(|| rates.iter().sum::<f64>() / rates.len() as f64)
    }
}

/// The per-depth blunder rate within `opts.blunder_node_limit`: exact when the level is small enough,
/// else sampled over the trial seeds. `None` when nothing could be judged (or cancelled).
pub fn blunder_rate(level: &Arc<CompiledLevel>, opts: &SolveOptions) -> Option<f64> {
    let cancel = opts.cancel.clone();
    let exact_budget = opts.blunder_node_limit / 4;
    let stats = blunder_stats(level, exact_budget, cancel.clone()).or_else(|| {
        let seeds = (0..opts.trials).map(|t| trial_seed(level.data().seed, t));
        sampled_blunder_stats(level, seeds, opts.blunder_node_limit - exact_budget, cancel)
    })?;
    if opts.is_cancelled() {
        return None;
    }
    stats.per_depth_rate()
}

/// Judges every move along one random winnable walk per seed. `None` when cancelled or when no move
/// could be judged.
pub fn sampled_blunder_stats(
    level: &Arc<CompiledLevel>,
    seeds: impl Iterator<Item = u32>,
    node_limit: u64,
    cancel: Option<Arc<AtomicBool>>,
) -> Option<BlunderStats> {
    let mut sim = GameSim::new(level.clone());
    let mut dfs = Dfs::new(1, node_limit, cancel);
    let mut stats = BlunderStats::default();
    let mut legal: Vec<IxMove> = Vec::new();
    let mut good: Vec<IxMove> = Vec::new();
    'walks: for seed in seeds {
        let mut rng = Rng::new(seed);
        while sim.status() == Status::Playing {
            let depth = sim.moves() as usize;
            legal.clear();
            good.clear();
            sim.for_each_legal(|i, w| legal.push((i, w)));
            for &(i, w) in &legal {
                if sim.play(i, w).is_err() {
                    continue; // unreachable: the move came from for_each_legal
                }
                let judged = dfs.count_within(&mut sim, CHECK_BUDGET);
                let _ = sim.undo();
                match judged {
                    Ok(c) => {
                        stats.tally(depth, c == 0);
                        if c > 0 {
                            good.push((i, w));
                        }
                    }
                    Err(Stop::Cancelled) => return None,
                    Err(Stop::Limit) if dfs.spent() => break 'walks,
                    Err(Stop::Limit) => {} // not known within the check budget: left out
                }
            }
            let Some(&(i, w)) = rng.pick(&good) else {
                break;
            };
            let _ = sim.play(i, w);
        }
        sim.restart();
    }
    sim.restart();
    stats.per_depth.iter().any(|&(_, m)| m > 0).then_some(stats)
}

/// Counts blunders exactly over every winnable state of the level. `None` when the level is not
/// winnable, or the budget ran out, or the search was cancelled.
pub fn blunder_stats(
    level: &Arc<CompiledLevel>,
    node_limit: u64,
    cancel: Option<Arc<AtomicBool>>,
) -> Option<BlunderStats> {
    let mut sim = GameSim::new(level.clone());
    let mut walk = Walk {
        dfs: Dfs::new(1, node_limit, cancel),
        seen: KeySet::default(),
        stats: BlunderStats::default(),
    };
    if walk.dfs.count(&mut sim).ok()? == 0 {
        return None;
    }
    walk.visit(&mut sim).ok()?;
    Some(walk.stats)
}

struct Walk {
    dfs: Dfs,
    seen: KeySet,
    stats: BlunderStats,
}

impl Walk {
    /// Visits a winnable, still-playing state and every winnable state below it.
    fn visit(&mut self, sim: &mut GameSim) -> Result<(), Stop> {
        if !self.seen.insert(StateKey::of(sim)) {
            return Ok(());
        }
        let depth = sim.moves() as usize;
        let mut moves: Vec<IxMove> = Vec::new();
        sim.for_each_legal(|i, w| moves.push((i, w)));
        for (i, w) in moves {
            self.dfs.tick()?;
            if sim.play(i, w).is_err() {
                continue; // unreachable: the move came from for_each_legal
            }
            let result = self.judge(sim, depth);
            let _ = sim.undo();
            result?;
        }
        Ok(())
    }

    fn judge(&mut self, sim: &mut GameSim, depth: usize) -> Result<(), Stop> {
        let winnable = self.dfs.count(sim)? > 0;
        self.stats.tally(depth, !winnable);
        if winnable && sim.status() == Status::Playing {
            self.visit(sim)?;
        }
        Ok(())
    }
}
