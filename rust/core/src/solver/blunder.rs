//! The per-depth blunder rate (a designer metric beyond the seed): the probability that a move from a
//! still-winnable state makes the level unwinnable, computed for each depth (moves played) and then
//! averaged over depths.
//!
//! Why per depth: pooled over all states, the rate is dominated by the depths with the most states and
//! the most moves, so it mostly measures branching. Averaging per depth weighs the opening, the middle
//! and the endgame equally, which is what "how easy is it to throw this level away" means to a designer.
//!
//! Every distinct winnable state reachable from the start is visited once (merged by state key); each of
//! its moves is judged with the memoised winnability search. This is exact and therefore expensive, so it
//! runs only in verification and under its own node budget: a level too large for the budget gets
//! `None` ("not measured").

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::sim::{CompiledLevel, GameSim, Status};

use super::dfs::{Dfs, Stop};
use super::key::{KeySet, StateKey};
use super::trial::IxMove;

/// Moves and blunders counted at each depth.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BlunderStats {
    /// Index = depth: `(blunders, moves)` from the distinct winnable states at that depth.
    pub per_depth: Vec<(u64, u64)>,
}

impl BlunderStats {
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

    /// Blunders over moves pooled across all depths (kept to show how it differs).
    pub fn pooled_rate(&self) -> Option<f64> {
        let (b, m) = self
            .per_depth
            .iter()
            .fold((0, 0), |(b, m), &(bd, md)| (b + bd, m + md));
        (m > 0).then(|| b as f64 / m as f64)
    }
}

/// Counts blunders over every winnable state of the level. `None` when the level is not winnable, or
/// the budget ran out, or the search was cancelled.
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
        if self.stats.per_depth.len() <= depth {
            self.stats.per_depth.resize(depth + 1, (0, 0));
        }
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
        let tally = &mut self.stats.per_depth[depth];
        tally.1 += 1;
        if !winnable {
            tally.0 += 1;
        } else if sim.status() == Status::Playing {
            self.visit(sim)?;
        }
        Ok(())
    }
}
