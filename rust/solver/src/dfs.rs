//! The one search engine: a depth-first walk over the game's own `play`/`undo`, counting winning move
//! sequences with saturation and memoising each fully explored state by its [`StateKey`].
//!
//! - Cap 1 is the proof search of docs/design.md §3 and the blunder rate's "is this still winnable?": it stops at
//!   the first win (and keeps that win's moves), and every memoised state is a dead end.
//! - Cap 2 is the uniqueness check of stage 4: it stops as soon as a second winning sequence is found.
//!
//! Transpositions merge through the memo; the state graph is acyclic (every move removes or loosens a
//! screw), so a memoised count is exact. Hitting the node budget or the cancel flag stops the search
//! with [`Stop`]: an unfinished count is never reported as a result.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use screwsmith_rules::sim::{GameSim, Move, Status};

use super::key::{KeyMap, StateKey};
use super::trial::{moves_of, IxMove};

/// How often (in nodes) the cancel flag is read.
const CANCEL_CHECK_EVERY: u64 = 1024;

/// Why a search stopped before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The node budget ran out.
    Limit,
    /// The caller's cancel flag was set.
    Cancelled,
}

/// A memoised, budgeted, saturating count of winning move sequences.
pub struct Dfs {
    cap: u8,
    limit: u64,
    cancel: Option<Arc<AtomicBool>>,
    /// Moves played so far (the "nodes" of docs/design.md §3's limit).
    pub nodes: u64,
    memo: KeyMap<u8>,
    /// Legal moves of every open frame, one segment per depth (avoids an allocation per node).
    stack: Vec<IxMove>,
    /// Moves of the first win seen, from the sim's history at the time.
    pub first_win: Option<Vec<Move>>,
}

impl Dfs {
    /// A search counting up to `cap` wins within `limit` moves played.
    pub fn new(cap: u8, limit: u64, cancel: Option<Arc<AtomicBool>>) -> Self {
        Dfs {
            cap: cap.max(1),
            limit,
            cancel,
            nodes: 0,
            memo: KeyMap::default(),
            stack: Vec::new(),
            first_win: None,
        }
    }

    /// Counts one unit of work against the budget (also used by callers that walk states themselves).
    #[inline]
    pub fn tick(&mut self) -> Result<(), Stop> {
        if self.nodes >= self.limit {
            return Err(Stop::Limit);
        }
        self.nodes += 1;
        // Read on the first node too, so a flag set before the search stops it at once.
        if self.nodes % CANCEL_CHECK_EVERY == 1
            && self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Err(Stop::Cancelled);
        }
        Ok(())
    }

    /// [`Dfs::count`] with at most `budget` more nodes for this call (the memo of earlier calls stays: it
    /// only ever holds finished counts).
    pub fn count_within(&mut self, sim: &mut GameSim, budget: u64) -> Result<u8, Stop> {
        let saved = self.limit;
        self.limit = saved.min(self.nodes.saturating_add(budget));
        let result = self.count(sim);
        self.limit = saved;
        result
    }

    /// The node limit.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Moves the node limit (a caller pausing its own walk at a mark, then resuming).
    pub fn set_limit(&mut self, limit: u64) {
        self.limit = limit;
    }

    /// The cancel flag this search reads.
    pub fn cancel_flag(&self) -> Option<Arc<AtomicBool>> {
        self.cancel.clone()
    }

    /// Whether the whole budget given to [`Dfs::new`] is spent.
    pub fn spent(&self) -> bool {
        self.nodes >= self.limit
    }

    /// Winning move sequences from the sim's current state, saturated at the cap. The sim is back in the
    /// same state afterwards, whatever the outcome.
    pub fn count(&mut self, sim: &mut GameSim) -> Result<u8, Stop> {
        match sim.status() {
            Status::Won => {
                if self.first_win.is_none() {
                    self.first_win = Some(moves_of(sim, 0));
                }
                return Ok(1);
            }
            Status::Lost => return Ok(0),
            Status::Playing => {}
        }
        let key = StateKey::of(sim);
        if let Some(&c) = self.memo.get(&key) {
            return Ok(c);
        }
        let base = self.stack.len();
        push_ordered(sim, &mut self.stack);
        let mut total = 0u8;
        let mut result = Ok(());
        for k in base..self.stack.len() {
            let (i, w) = self.stack[k];
            if let Err(stop) = self.tick() {
                result = Err(stop);
                break;
            }
            if sim.play(i, w).is_err() {
                continue; // unreachable: the move came from for_each_legal
            }
            let c = self.count(sim);
            let _ = sim.undo();
            match c {
                Ok(c) => total = total.saturating_add(c).min(self.cap),
                Err(stop) => {
                    result = Err(stop);
                    break;
                }
            }
            if total >= self.cap {
                break;
            }
        }
        self.stack.truncate(base);
        result?;
        self.memo.insert(key, total);
        Ok(total)
    }
}

/// Pushes the legal moves, those a crate takes first (they keep the rail free, so wins come sooner).
/// The order only changes how fast a search finishes, never what a full search finds.
fn push_ordered(sim: &GameSim, out: &mut Vec<IxMove>) {
    let base = out.len();
    let screws = &sim.level().screws();
    sim.for_each_legal(|i, w| out.push((i, w)));
    let mut front = base;
    for k in base..out.len() {
        if sim.crate_accepts(screws[out[k].0 as usize].color) {
            out[front..=k].rotate_right(1);
            front += 1;
        }
    }
}
