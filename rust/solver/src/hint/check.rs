//! The hint's soundness check: each claim of a [`Hint`] re-proved by a fresh full search that shares
//! nothing with the hint's own probes.
//!
//! - a move: its line replays to a win, and after the move alone a full search finds a win;
//! - "lost": a full search finds no win from the state;
//! - a rewind to `k`: a full search finds a win after `k` moves and none after `k + 1`; "never": none
//!   from the start;
//! - "unknown" claims nothing, so nothing is checked.
//!
//! A full search that runs out of its budget settles nothing: the finding is then [`Finding::Unsettled`],
//! which a caller counts, never a pass or a failure. The bug switches of [`super::HintBug`] make this
//! check fail (tested).

use std::sync::Arc;

use screwsmith_rules::sim::{CompiledLevel, GameSim, Move, Status};
use thiserror::Error;

use super::{replay, Hint, Rewind};
use crate::dfs::Stop;
use crate::prover::ProofSearch;

/// Moves a full search may play per claim it checks.
pub const CHECK_NODES: u64 = 50_000_000;

/// What the check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// Every claim was re-proved.
    Sound,
    /// A full search ran out of budget: the claim was neither confirmed nor refuted.
    Unsettled(Stop),
    Unsound(Unsound),
}

/// A claim of the hint that the full search refutes.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Unsound {
    #[error("the move list does not replay: {0}")]
    Replay(String),
    #[error("the hinted line does not start with the hinted move {0}")]
    LineMismatch(Move),
    #[error("the hinted line does not win")]
    LineDoesNotWin,
    #[error("after the hinted move {0} no win exists")]
    NoWinAfterMove(Move),
    #[error("said lost after {at} moves, but a win exists there")]
    LostButWinnable { at: usize },
    #[error("said winnable after {at} moves, but no win exists there")]
    NotWinnable { at: usize },
}

/// Checks `hint`, the answer after `moves`, with full searches of `nodes` moves each.
pub fn check(level: &Arc<CompiledLevel>, moves: &[Move], hint: &Hint, nodes: u64) -> Finding {
    let mut sim = GameSim::new(level.clone());
    if let Err(e) = replay(&mut sim, moves) {
        return Finding::Unsound(Unsound::Replay(e.to_string()));
    }
    match claims(&mut sim, moves, hint, nodes) {
        Ok(()) => Finding::Sound,
        Err(Refuted::Stop(stop)) => Finding::Unsettled(stop),
        Err(Refuted::Unsound(u)) => Finding::Unsound(u),
    }
}

enum Refuted {
    Stop(Stop),
    Unsound(Unsound),
}

impl From<Unsound> for Refuted {
    fn from(u: Unsound) -> Self {
        Refuted::Unsound(u)
    }
}

fn claims(sim: &mut GameSim, moves: &[Move], hint: &Hint, nodes: u64) -> Result<(), Refuted> {
    let n = moves.len();
    match hint {
        Hint::Unknown(_) => Ok(()),
        Hint::Move { next, line } => {
            if line.first() != Some(next) {
                return Err(Unsound::LineMismatch(*next).into());
            }
            if !wins_by(sim, line) {
                return Err(Unsound::LineDoesNotWin.into());
            }
            if sim.apply(*next).is_err() || !full_search(sim, nodes)? {
                return Err(Unsound::NoWinAfterMove(*next).into());
            }
            Ok(())
        }
        Hint::Lost(rewind) => {
            if full_search(sim, nodes)? {
                return Err(Unsound::LostButWinnable { at: n }.into());
            }
            match rewind {
                Rewind::Unknown(_) => Ok(()),
                Rewind::Never => {
                    seek(sim, moves, 0);
                    if full_search(sim, nodes)? {
                        return Err(Unsound::LostButWinnable { at: 0 }.into());
                    }
                    Ok(())
                }
                Rewind::To { moves: k, line } => {
                    let k = *k;
                    if k >= n {
                        return Err(Unsound::NotWinnable { at: k }.into());
                    }
                    seek(sim, moves, k);
                    if !wins_by(sim, line) || !full_search(sim, nodes)? {
                        return Err(Unsound::NotWinnable { at: k }.into());
                    }
                    seek(sim, moves, k + 1);
                    if full_search(sim, nodes)? {
                        return Err(Unsound::LostButWinnable { at: k + 1 }.into());
                    }
                    Ok(())
                }
            }
        }
    }
}

/// Whether `line` played from the sim's state wins; the sim is back in that state afterwards.
fn wins_by(sim: &mut GameSim, line: &[Move]) -> bool {
    let at = sim.history().len();
    let won = line.iter().all(|&m| sim.apply(m).is_ok()) && sim.status() == Status::Won;
    while sim.history().len() > at {
        let _ = sim.undo();
    }
    won
}

/// Puts the sim at the point after `k` of `moves` (replayed from the start: `moves` replayed before).
fn seek(sim: &mut GameSim, moves: &[Move], k: usize) {
    sim.restart();
    for &m in &moves[..k] {
        let _ = sim.apply(m);
    }
}

/// A fresh reduced search from the sim's state (its own table, nothing shared with the hint).
fn full_search(sim: &mut GameSim, nodes: u64) -> Result<bool, Refuted> {
    ProofSearch::new(sim, nodes, None)
        .wins(sim)
        .map_err(Refuted::Stop)
}
