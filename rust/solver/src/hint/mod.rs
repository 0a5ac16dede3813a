//! The hint: from any state reachable in play, the proven next move — one after which a win
//! still exists at the level's own rail — or the verdict that no win exists any more, together with the
//! last point of the move history from which one did.
//!
//! Every answer is a proof, never a guess:
//! - a move comes with the whole winning line it starts ([`Hint::Move`]`::line`), found by the reduced
//!   proof search ([`crate::prover::ProofSearch`]); replaying it from the state wins (that is what
//!   [`check`] verifies);
//! - "lost" is said only when a search *finished* without a win (or the rail is already full);
//! - when the budget runs out or the caller cancels, the answer is [`Hint::Unknown`], never "lost".
//!
//! Where the win was lost ([`rewind`]) uses that winnability is monotone along a history: if a win
//! exists after `k` moves, one exists after `k - 1` (play move `k`, then that win). So the last winnable
//! point is found by probing backwards from the end, doubling the step, then bisecting; each probe is
//! one sound search, and all probes share one transposition table (a state without a win stays without
//! one), so a probe meets the states its later neighbour already settled.
//!
//! The search runs on the caller's thread and reads the caller's cancel flag ([`Limits::cancel`]); the
//! game runs it on a worker thread over plain core data (the level and the move list).

pub mod check;
pub mod paths;
pub mod rewind;

use std::sync::Arc;

use screwsmith_rules::sim::{CompiledLevel, GameSim, Move, MoveError, Status};
use thiserror::Error;

use super::dfs::Stop;
use super::prover::{Limits, ProofSearch, Reductions};

/// Moves played, over all probes of one hint, before it answers [`Hint::Unknown`]. The hardest state
/// of the shipped set's shallow-human trials needs far fewer (see the `hints` benchmark and
/// `screwsmith audit hints`); the cap keeps a pathological board from stalling a worker.
pub const DEFAULT_HINT_NODES: u64 = 2_000_000;

/// What a hint says about a state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// `next` keeps a win reachable: `line` (starting with `next`) wins from the state.
    Move { next: Move, line: Vec<Move> },
    /// No win exists from the state; where the last one was.
    Lost(Rewind),
    /// The search stopped before a verdict (budget or cancel): nothing is claimed.
    Unknown(Stop),
}

/// The last point of the history from which a win existed, for a lost state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rewind {
    /// After the first `moves` moves a win still existed (and after `moves + 1` none did); `line` wins
    /// from there.
    To { moves: usize, line: Vec<Move> },
    /// Not even the level's start has a win.
    Never,
    /// The state is lost, but a probe stopped before the point was found.
    Unknown(Stop),
}

/// A hint and what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HintReport {
    pub hint: Hint,
    /// Moves played by all probes together.
    pub nodes: u64,
    /// Searches run (a full rail is lost without one).
    pub probes: u32,
}

/// Why no hint could be computed: the move list is not a game of this level.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HintError {
    /// Move `number` (1-based) cannot be played after the moves before it.
    #[error("move {number} ({mv}) is illegal")]
    Illegal {
        number: usize,
        mv: Move,
        #[source]
        source: MoveError,
    },
    /// The moves already win the level: there is nothing left to hint.
    #[error("the level is already won (after {moves} moves): nothing to hint")]
    AlreadyWon { moves: usize },
}

/// Deliberate faults for the soundness check's own test (each must make [`check`] fail somewhere on
/// the shipped set); never set outside tests and `screwsmith audit hints --bug`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintBug {
    /// Hint the first legal move, unproven.
    FirstLegalMove,
    /// Rewind one move too late: to the state the losing move left, not the one before it.
    RewindOneLate,
    /// Say "lost" when the budget runs out.
    ExhaustedIsLost,
}

/// A hint's budget and cancel flag, and a bug switch for tests.
#[derive(Debug, Clone)]
pub struct HintOptions {
    /// Moves played over all probes (`limits.nodes`), table cap, cancel flag.
    pub limits: Limits,
    pub bug: Option<HintBug>,
}

impl Default for HintOptions {
    fn default() -> Self {
        HintOptions {
            limits: Limits::nodes(DEFAULT_HINT_NODES, None),
            bug: None,
        }
    }
}

impl HintOptions {
    /// The default budget with this node limit and cancel flag.
    pub fn new(nodes: u64, cancel: Option<Arc<std::sync::atomic::AtomicBool>>) -> Self {
        HintOptions {
            limits: Limits::nodes(nodes, cancel),
            bug: None,
        }
    }
}

/// The hint after `moves` played from the level's start on its own rail.
pub fn hint(
    level: &Arc<CompiledLevel>,
    moves: &[Move],
    opts: &HintOptions,
) -> Result<HintReport, HintError> {
    let mut sim = GameSim::new(level.clone());
    replay(&mut sim, moves)?;
    if sim.status() == Status::Won {
        return Err(HintError::AlreadyWon { moves: moves.len() });
    }
    let mut probes = Probes::new(opts);
    let hint = match probes.win_from(&mut sim) {
        Ok(Some(line)) => match (opts.bug, line.first()) {
            (Some(HintBug::FirstLegalMove), _) => {
                let next = sim.legal_moves()[0];
                Hint::Move {
                    next,
                    line: vec![next],
                }
            }
            (_, Some(&next)) => Hint::Move { next, line },
            // Unreachable: a playing state's win has at least one move.
            (_, None) => Hint::Unknown(Stop::Limit),
        },
        Ok(None) => Hint::Lost(rewind::last_winnable(&mut sim, moves, &mut probes)),
        Err(Stop::Limit) if opts.bug == Some(HintBug::ExhaustedIsLost) => {
            Hint::Lost(rewind::last_winnable(&mut sim, moves, &mut probes))
        }
        Err(stop) => Hint::Unknown(stop),
    };
    let hint = match (hint, opts.bug) {
        (Hint::Lost(Rewind::To { moves: k, .. }), Some(HintBug::RewindOneLate)) => {
            Hint::Lost(Rewind::To {
                moves: k + 1,
                line: Vec::new(),
            })
        }
        (hint, _) => hint,
    };
    Ok(HintReport {
        hint,
        nodes: probes.nodes,
        probes: probes.count,
    })
}

/// Plays `moves` on a fresh sim, naming the first one that is illegal.
pub fn replay(sim: &mut GameSim, moves: &[Move]) -> Result<(), HintError> {
    for (k, &mv) in moves.iter().enumerate() {
        sim.apply(mv).map_err(|source| HintError::Illegal {
            number: k + 1,
            mv,
            source,
        })?;
    }
    Ok(())
}

/// The searches of one hint: one [`ProofSearch`] whose table all probes share, and the budget they
/// share.
pub(crate) struct Probes {
    search: Option<ProofSearch>,
    limits: Limits,
    /// Moves played by the finished probes.
    nodes: u64,
    /// Probes run.
    count: u32,
}

impl Probes {
    fn new(opts: &HintOptions) -> Self {
        Probes {
            search: None,
            limits: opts.limits.clone(),
            nodes: 0,
            count: 0,
        }
    }

    /// A win from the sim's state (the moves after its history), `None` when none exists; the sim is
    /// back in its state afterwards.
    pub(crate) fn win_from(&mut self, sim: &mut GameSim) -> Result<Option<Vec<Move>>, Stop> {
        match sim.status() {
            Status::Lost => return Ok(None),
            Status::Won => return Ok(Some(Vec::new())),
            Status::Playing => {}
        }
        let left = self.limits.nodes.saturating_sub(self.nodes);
        let search = match &mut self.search {
            Some(s) => {
                // Same level, same rail: every state the earlier probes settled stays settled.
                s.next_rail(left);
                s
            }
            None => self.search.insert(ProofSearch::with(
                sim,
                Reductions::default(),
                Limits {
                    nodes: left,
                    ..self.limits.clone()
                },
            )),
        };
        self.count += 1;
        let outcome = search.wins(sim);
        self.nodes += search.nodes();
        match outcome {
            Ok(true) => {
                let from = sim.history().len();
                let win = search.take_win().unwrap_or_default();
                Ok(Some(win.get(from..).unwrap_or_default().to_vec()))
            }
            Ok(false) => Ok(None),
            Err(stop) => Err(stop),
        }
    }
}
