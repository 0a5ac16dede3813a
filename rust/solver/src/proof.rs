//! Stage 3 (the proof on the level's own rail) and the min-rail part of stage 4.
//!
//! docs/design.md §3.3: when every human trial loses, the search runs on the level's *own* rail. The seed first
//! searched rails 1, 2, … and proving those small rails empty cost most of the time of a `solve`; which
//! rail is the smallest that admits a win is a designer metric and belongs to full verification
//! ([`min_rail`], run from [`crate::verify`]).
//!
//! A win with a rail of `r` places is a win with any larger rail (the same moves never use the extra
//! places), and a sequence whose rail never held more than `p` screws wins on a rail of `p` places (the
//! places a screw takes and the screws a flow picks differ, but only same-coloured screws trade places,
//! which is why the state key keeps the rail as a multiset). So [`min_rail`] starts below the peak
//! occupancy of a known win and walks *down* until a size admits no win: only that one size has to be
//! explored to the end, where the original design's upward walk (docs/design.md §9) explored every size below the minimum.
//! When a size runs out of budget before its verdict, the upward walk (1, 2, …) below it gets the
//! last word: a size that ran out of budget there too leaves the minimum unknown (`None`), never
//! guessed. The walk down keeps
//! the dead states of each size's search for the next: a state with no win on `r` places has none on
//! fewer (any win on fewer places is a win on `r`).
//!
//! Both searches are the reduced [`ProofSearch`]: exact verdicts, far fewer nodes than the plain search
//! (see [`crate::prover`] and the `proofs` benchmark).

use std::sync::Arc;

use screwsmith_rules::level::SolveStatus;
use screwsmith_rules::sim::{CompiledLevel, GameSim, Move, Status};

use super::dfs::{Dfs, Stop};
use super::options::SolveOptions;
use super::prover::{Limits, ProofSearch, Reductions};
use super::schedule::HORIZON_AFTER;

/// What the search on the level's own rail found.
#[derive(Debug, Clone, PartialEq)]
pub struct Proof {
    /// `Proven`, `Unsolvable` or `SearchExhausted`.
    pub status: SolveStatus,
    /// The first win found, by screw id.
    pub solution: Option<Vec<Move>>,
    /// Moves played.
    pub nodes: u64,
    pub cancelled: bool,
}

/// Searches the level's own rail for a win.
pub fn prove(level: &Arc<CompiledLevel>, opts: &SolveOptions) -> Proof {
    prove_spanning(level, opts, (0.0, 1.0))
}

/// [`prove`], reporting progress from `span.0` to `span.1` (when it is one stage of a longer run).
pub fn prove_spanning(level: &Arc<CompiledLevel>, opts: &SolveOptions, span: (f32, f32)) -> Proof {
    opts.report_progress(span.0);
    let mut proof = Proof {
        status: SolveStatus::SearchExhausted,
        solution: None,
        nodes: 0,
        cancelled: false,
    };
    match search(
        level,
        level.data().rail_slots,
        opts,
        &mut None,
        (Reductions::default(), HORIZON_AFTER),
    ) {
        Searched::Win(moves, nodes) => {
            proof.status = SolveStatus::Proven;
            proof.solution = Some(moves);
            proof.nodes = nodes;
        }
        Searched::NoWin(nodes) => {
            proof.status = SolveStatus::Unsolvable;
            proof.nodes = nodes;
        }
        Searched::Stopped(stop, nodes) => {
            proof.cancelled = stop == Stop::Cancelled;
            proof.nodes = nodes;
        }
    }
    opts.report_progress(span.1);
    proof
}

/// The smallest rail that admits a win, found below a known win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MinRail {
    /// `None` when a size ran out of budget or the search was cancelled.
    pub slots: Option<u8>,
    /// Moves played over all sizes searched.
    pub nodes: u64,
    pub cancelled: bool,
}

/// The level's minimum rail, given `solution`, a winning move sequence on its own rail (stage 4).
/// Searches sizes below that win's peak occupancy, largest first, each within `opts.node_limit`.
pub fn min_rail(level: &Arc<CompiledLevel>, solution: &[Move], opts: &SolveOptions) -> MinRail {
    min_rail_with(level, solution, opts, Reductions::default(), HORIZON_AFTER)
}

/// [`min_rail`] with the given reductions and first stretch ([`Limits::horizon_after`]): the
/// benchmarks compare them on the same levels.
pub fn min_rail_with(
    level: &Arc<CompiledLevel>,
    solution: &[Move],
    opts: &SolveOptions,
    reductions: Reductions,
    horizon_after: u64,
) -> MinRail {
    let setup = (reductions, horizon_after);
    let mut out = MinRail {
        slots: None,
        nodes: 0,
        cancelled: false,
    };
    let Some(mut best) = winning_peak(level, solution) else {
        return out; // not a win: nothing to start from
    };
    let mut prover = None;
    while best > 1 {
        match search(level, best - 1, opts, &mut prover, setup) {
            Searched::Win(moves, nodes) => {
                out.nodes += nodes;
                best = winning_peak(level, &moves).map_or(best - 1, |p| p.min(best - 1));
            }
            Searched::NoWin(nodes) => {
                out.nodes += nodes;
                break;
            }
            Searched::Stopped(Stop::Limit, nodes) => {
                // Whether `best - 1` admits a win is not known; a smaller size may still settle the
                // minimum, as in the original design's upward walk (a win at one place is often found at once).
                out.nodes += nodes;
                upward(level, best - 1, opts, &mut out, setup);
                return out;
            }
            Searched::Stopped(Stop::Cancelled, nodes) => {
                out.nodes += nodes;
                out.cancelled = true;
                return out;
            }
        }
    }
    out.slots = Some(best);
    out
}

/// The original design's walk (docs/design.md §9) over sizes `1..unknown`, each from scratch: the first size with a win is the minimum
/// when every smaller one was explored to the end. Leaves `out.slots` at `None` when it ends without a
/// win (the size `unknown` was not settled) or a size runs out of budget.
fn upward(
    level: &Arc<CompiledLevel>,
    unknown: u8,
    opts: &SolveOptions,
    out: &mut MinRail,
    setup: (Reductions, u64),
) {
    for rail in 1..unknown {
        match search(level, rail, opts, &mut None, setup) {
            Searched::Win(_, nodes) => {
                out.nodes += nodes;
                out.slots = Some(rail);
                return;
            }
            Searched::NoWin(nodes) => out.nodes += nodes,
            Searched::Stopped(stop, nodes) => {
                out.nodes += nodes;
                out.cancelled = stop == Stop::Cancelled;
                return;
            }
        }
    }
}

/// The highest rail occupancy while `moves` are played from the start (at least 1, the smallest legal
/// rail), or `None` when they do not win on the level's own rail.
pub fn winning_peak(level: &Arc<CompiledLevel>, moves: &[Move]) -> Option<u8> {
    let mut sim = GameSim::new(level.clone());
    let mut peak = 1;
    for &m in moves {
        sim.apply(m).ok()?;
        peak = peak.max(sim.rail_occupancy());
    }
    (sim.status() == Status::Won).then_some(peak)
}

/// One search's outcome, with the moves it played.
enum Searched {
    Win(Vec<Move>, u64),
    NoWin(u64),
    Stopped(Stop, u64),
}

/// One search for a win with a rail of `rail` places, each within `opts.node_limit`. `prover` carries
/// the search of a larger rail of the same level, if any: its dead states are dead here too.
fn search(
    level: &Arc<CompiledLevel>,
    rail: u8,
    opts: &SolveOptions,
    prover: &mut Option<ProofSearch>,
    (reductions, horizon_after): (Reductions, u64),
) -> Searched {
    // The level's own rail starts the level as it is; another rail shares the compiled level.
    let sim = if rail == level.data().rail_slots {
        Ok(GameSim::new(level.clone()))
    } else {
        GameSim::with_rail(level.clone(), rail)
    };
    let Ok(mut sim) = sim else {
        return Searched::Stopped(Stop::Limit, 0); // cannot happen: 1 ≤ rail ≤ the level's valid rail
    };
    let prover = match prover {
        Some(p) => {
            p.next_rail(opts.node_limit);
            p
        }
        None => prover.insert(ProofSearch::with(
            &sim,
            reductions,
            Limits {
                horizon_after,
                ..Limits::nodes(opts.node_limit, opts.cancel.clone())
            },
        )),
    };
    let outcome = prover.wins(&mut sim);
    let nodes = prover.nodes();
    match outcome {
        Ok(false) => Searched::NoWin(nodes),
        Ok(true) => Searched::Win(prover.take_win().unwrap_or_default(), nodes),
        Err(Stop::Limit) => plain(&mut sim, opts, nodes),
        Err(stop) => Searched::Stopped(stop, nodes),
    }
}

/// The plain search with the same budget, when the reduced one ran out: move ordering is a heuristic,
/// and on a few boards the upward walk's order finds a win the reduced search's order does not reach within
/// the budget (measured on the shipped set's candidates). Either finished search is exact, so asking
/// both never changes a verdict; it only settles more of them.
fn plain(sim: &mut GameSim, opts: &SolveOptions, spent: u64) -> Searched {
    let mut dfs = Dfs::new(1, opts.node_limit, opts.cancel.clone());
    let outcome = dfs.count(sim);
    let nodes = spent + dfs.nodes;
    match outcome {
        Ok(0) => Searched::NoWin(nodes),
        Ok(_) => Searched::Win(dfs.first_win.unwrap_or_default(), nodes),
        Err(stop) => Searched::Stopped(stop, nodes),
    }
}
