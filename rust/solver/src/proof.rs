//! Stage 3 and the min-rail part of stage 4: DFS with rail sizes 1, 2, … up to the level's rail, a node
//! budget per size.
//!
//! A win with a rail of `r` places is a win with any larger rail (the same moves never use the extra
//! places), so the first size that admits a win is the level's minimum rail — provided every smaller
//! size was explored to the end. A size that ran out of budget leaves the minimum unknown, and a level
//! whose every size ended without a win or budget is `Unsolvable`; one with a budget hit is
//! `SearchExhausted`, never "impossible".

use screwsmith_rules::level::SolveStatus;
use screwsmith_rules::sim::{CompiledLevel, GameSim, Move};

use super::dfs::{Dfs, Stop};
use super::options::SolveOptions;

/// What the search over rail sizes found.
#[derive(Debug, Clone, PartialEq)]
pub struct Proof {
    /// `Proven`, `Unsolvable` or `SearchExhausted`.
    pub status: SolveStatus,
    /// The first win found (at the smallest winning rail), by screw id.
    pub solution: Option<Vec<Move>>,
    /// Moves played over all sizes.
    pub nodes: u64,
    /// Smallest rail that admits a win, when every smaller size was fully explored.
    pub min_rail_slots: Option<u8>,
    pub cancelled: bool,
}

/// Searches rail sizes `1..=level.rail_slots` in turn, stopping at the first win.
pub fn prove(level: &CompiledLevel, opts: &SolveOptions) -> Proof {
    prove_spanning(level, opts, (0.0, 1.0))
}

/// [`prove`], reporting progress from `span.0` to `span.1` (when it is one stage of a longer run).
pub fn prove_spanning(level: &CompiledLevel, opts: &SolveOptions, span: (f32, f32)) -> Proof {
    let at = |done: f32| opts.report_progress(span.0 + (span.1 - span.0) * done);
    let rail = level.data().rail_slots;
    let mut proof = Proof {
        status: SolveStatus::Unsolvable,
        solution: None,
        nodes: 0,
        min_rail_slots: None,
        cancelled: false,
    };
    let mut all_smaller_explored = true;
    for r in 1..=rail {
        at((r - 1) as f32 / rail as f32);
        let Ok(mut sim) = GameSim::with_rail_slots(level, r) else {
            all_smaller_explored = false; // cannot happen: the level validated with a larger rail
            continue;
        };
        let mut dfs = Dfs::new(1, opts.node_limit, opts.cancel.clone());
        let outcome = dfs.count(&mut sim);
        proof.nodes += dfs.nodes;
        match outcome {
            Ok(0) => {}
            Ok(_) => {
                proof.status = SolveStatus::Proven;
                proof.solution = dfs.first_win;
                proof.min_rail_slots = all_smaller_explored.then_some(r);
                break;
            }
            Err(Stop::Limit) => {
                all_smaller_explored = false;
                proof.status = SolveStatus::SearchExhausted;
            }
            Err(Stop::Cancelled) => {
                proof.status = SolveStatus::SearchExhausted;
                proof.cancelled = true;
                break;
            }
        }
    }
    at(1.0);
    proof
}
