//! The reduced proof search: is a win reachable, and which moves reach one? Exact — it answers what the
//! plain [`crate::dfs::Dfs`] with cap 1 answers (the differential tests check it on generated boards) —
//! while playing far fewer moves. Each reduction can be switched off ([`Reductions`]) so that it can be
//! measured and tested on its own.
//!
//! - **Losing moves are not played**: a screw with no crate and no rail place ends the game lost.
//! - **Dead states** ([`crate::dead`]): a state whose rail cannot last until the next seal is lost
//!   without expanding it.
//! - **Sleep sets** (partial-order reduction, Godefroid 1996): after exploring move `a` from state `S`,
//!   a later sibling `b` independent of `a` at `S` ([`crate::independence`]) need not try `a` again:
//!   `S·b·a = S·a·b` was reached through `a`. The sleeping moves are passed down while they stay
//!   independent of the move played. Combined with the transposition table this needs care: a state
//!   finished with sleep set `H` has only been shown to have no win through moves *outside* `H`. So the
//!   table stores `H` with the state; met again with sleep set `Z`, the state is skipped when `H ⊆ Z`,
//!   and otherwise only the moves of `H \ Z` are explored and `H ∩ Z` stored.
//!
//!   *Proof sketch.* Claim: when state `s` is finished (without finding a win) with stored set `H(s)`,
//!   no path from `s` whose first move is not in `H(s)` reaches a win. By induction over the order in
//!   which states finish (the state graph is acyclic: every move loosens or removes a screw). Take a
//!   path `t·w` from `s` with `t ∉ H(s)`. Either `t` was explored from `s`, and `s·t` finished before
//!   `s` with a set `H(s·t)` inside `t`'s sleep set `Z_t = {z ∈ Z ∪ done : z independent of t at s}`
//!   (`done`: the moves explored from `s` before `t` in the same visit). If `w`'s first move `u` is not
//!   in `H(s·t)`, the claim for `s·t` covers the path. Otherwise `u ∈ Z_t`: if `u ∈ Z` it is in `H(s)` —
//!   but then `s·u·t·w' = s·t·u·w'` starts with a move of `H(s)`, which the claim does not cover (an
//!   ancestor's exploration does); if `u ∈ done`, then `s·t·u = s·u·t`, `s·u` finished before `s·t`, and
//!   `t` was not in `s·u`'s sleep set (it was explored after `u` and is not in `Z`), so the claim for
//!   `s·u` covers `t·w'`. A revisit with set `Z'` explores `H(s) \ Z'` the same way and leaves
//!   `H(s) ∩ Z'`, and the claim follows for it from the first visit's claim and the same argument.
//!   At the root `Z = ∅`, so no win is missed; a state stored with `H = ∅` is dead.
//! - **Eager loosening** (a persistent set of one move): a rusty screw that can be tapped must be
//!   loosened in every win, and its first tap changes nothing but its own loosened bit — no pose, crate
//!   or rail — so moving that tap to the front of any winning sequence gives a winning sequence. Hence
//!   from a state with an awake loosening tap `l`, only `l` is explored (with the sleep set `l`'s
//!   independence leaves), on a first visit and on a revisit alike. The claim above still holds: a
//!   winning path `t·w` with `t` outside the stored set rewrites to `l·t·w'`, and `t` is not asleep
//!   at `s·l` (it was not asleep at `s`). When every loosening tap is asleep the state is expanded in
//!   full.
//! - **Compact table** ([`crate::tt`]): a 24-byte exact key, and a cap on entries with a sound
//!   replacement policy.
//! - **Move ordering**: moves that seal first, then moves into crates, loosening taps, rail moves last.
//!   Only the order of exploration changes, never what a finished search finds.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use screwsmith_rules::sim::{GameSim, Move, Status};

use super::dead::{is_dead, Colours};
use super::dfs::{Dfs, Stop};
use super::independence::{effect, Classes, Dest, Effect, Room};
use super::key::StateKey;
use super::trial::moves_of;
use super::tt::{Layout, PackedKey, Table, TableKey};

/// Table entries kept before the table is cleared: about 64 MB of packed keys.
pub const DEFAULT_TABLE_CAP: usize = 1 << 21;

/// Which reductions a [`Prover`] applies. Chosen by measurement on the `proofs` benchmark set: all but
/// sleep sets. Sleep sets cut the moves played by a third to a half, but the states visited stay the
/// same (they are all still visited, by design), and computing the sleep set of every child cost more
/// time than the skipped moves saved (e.g. 59 vs 44 ms, 109 vs 91 ms on the two slowest unsolvable
/// boards). They stay here, tested, for whoever needs the independence relation at work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reductions {
    pub sleep_sets: bool,
    pub dead_states: bool,
    pub ordering: bool,
    pub eager_loosen: bool,
}

impl Default for Reductions {
    fn default() -> Self {
        Reductions {
            sleep_sets: false,
            dead_states: true,
            ordering: true,
            eager_loosen: true,
        }
    }
}

/// A budgeted, cancellable search for one win, with the reductions above.
pub struct Prover<K: TableKey> {
    reductions: Reductions,
    layout: Layout,
    colours: Colours,
    /// Node budget and cancel flag (the plain search's counter, so both count nodes alike).
    budget: Dfs,
    table: Table<K>,
    /// Effects of every open frame's legal moves, one segment per depth.
    stack: Vec<Effect>,
    /// Moves of the first win found.
    pub first_win: Option<Vec<Move>>,
    /// States expanded, and states the dead-state bound settled (for benchmarks).
    pub expanded: u64,
    pub dead: u64,
}

/// A search's limits: moves played, table entries, and the caller's cancel flag.
#[derive(Debug, Clone)]
pub struct Limits {
    pub nodes: u64,
    pub table_cap: usize,
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// `nodes` moves, the default table cap.
    pub fn nodes(nodes: u64, cancel: Option<Arc<AtomicBool>>) -> Self {
        Limits {
            nodes,
            table_cap: DEFAULT_TABLE_CAP,
            cancel,
        }
    }
}

impl<K: TableKey> Prover<K> {
    /// A search for `sim`'s level with these reductions, within `limits`.
    pub fn new(sim: &GameSim, reductions: Reductions, limits: Limits) -> Self {
        Prover {
            reductions,
            layout: Layout::of(sim.level()),
            colours: Colours::of(sim.level()),
            budget: Dfs::new(1, limits.nodes, limits.cancel),
            table: Table::new(limits.table_cap),
            stack: Vec::new(),
            first_win: None,
            expanded: 0,
            dead: 0,
        }
    }

    /// Moves played so far.
    pub fn nodes(&self) -> u64 {
        self.budget.nodes
    }

    /// Starts a new search within `limit` more moves, keeping only the dead states of the table: for a
    /// search with a smaller rail, where every state dead now is dead too.
    pub fn next_rail(&mut self, limit: u64) {
        self.table.keep_dead();
        self.budget = Dfs::new(1, limit, self.budget_cancel());
        self.first_win = None;
    }

    fn budget_cancel(&self) -> Option<Arc<AtomicBool>> {
        self.budget.cancel_flag()
    }

    /// Whether a win is reachable from the sim's state; the sim is back in that state afterwards.
    pub fn wins(&mut self, sim: &mut GameSim) -> Result<bool, Stop> {
        self.search(sim, 0)
    }

    fn search(&mut self, sim: &mut GameSim, sleep: u128) -> Result<bool, Stop> {
        match sim.status() {
            Status::Won => {
                if self.first_win.is_none() {
                    self.first_win = Some(moves_of(sim, 0));
                }
                return Ok(true);
            }
            Status::Lost => return Ok(false),
            Status::Playing => {}
        }
        let key = K::of(sim, &self.layout);
        let stored = self.table.get(&key);
        let (explore, keep) = match stored {
            Some(h) if h & !sleep == 0 => return Ok(false),
            Some(h) => (h & !sleep, h & sleep),
            None => (!sleep, sleep),
        };
        // A stored state was not dead when first met (a dead one is stored with an empty set).
        if stored.is_none() && self.reductions.dead_states && is_dead(sim, &self.colours) {
            self.table.insert(key, 0);
            self.dead += 1;
            return Ok(false);
        }
        self.expanded += 1;
        let base = self.stack.len();
        self.push_moves(sim);
        let mut explore = explore;
        if self.reductions.eager_loosen {
            // An awake loosening tap alone stands for every move (see the module doc).
            if let Some(e) = self.stack[base..]
                .iter()
                .find(|e| e.dest == Dest::Loosen && sleep >> e.screw & 1 == 0)
            {
                explore = 1u128 << e.screw;
            }
        }
        let room = Room::of(sim);
        let classes = if self.reductions.sleep_sets {
            Classes::of(&self.stack[base..])
        } else {
            Classes::default()
        };
        let mut done = 0u128;
        let mut result = Ok(false);
        for k in base..self.stack.len() {
            let e = self.stack[k];
            let bit = 1u128 << e.screw;
            if explore & bit == 0 || e.dest == Dest::Lose {
                continue;
            }
            if let Err(stop) = self.budget.tick() {
                result = Err(stop);
                break;
            }
            let child_sleep = if self.reductions.sleep_sets {
                classes.independent_of(&e, sleep | done, &self.stack[base..], &room)
            } else {
                0
            };
            if sim.play(e.screw, e.wrench).is_err() {
                continue; // unreachable: the move came from for_each_legal
            }
            let r = self.search(sim, child_sleep);
            let _ = sim.undo();
            match r {
                Ok(true) => {
                    result = Ok(true);
                    break;
                }
                Ok(false) => done |= bit,
                Err(stop) => {
                    result = Err(stop);
                    break;
                }
            }
        }
        self.stack.truncate(base);
        if result == Ok(false) {
            self.table
                .insert(key, if self.reductions.sleep_sets { keep } else { 0 });
        }
        result
    }

    /// Pushes the effects of the legal moves, in search order.
    fn push_moves(&mut self, sim: &GameSim) {
        let base = self.stack.len();
        sim.for_each_legal(|i, w| self.stack.push(effect(sim, i, w)));
        if self.reductions.ordering {
            // A stable insertion sort: a dozen moves, mostly in order already. (Ranking rail moves by
            // how soon a crate of their colour comes was measured too: up to 30x more nodes on some
            // barely solvable boards.)
            let rank = |e: &Effect| match e.dest {
                Dest::Barrier => 0,
                Dest::Crate(_) => 1,
                Dest::Loosen => 2,
                Dest::Rail => 3,
                Dest::Lose => 4,
            };
            let moves = &mut self.stack[base..];
            for k in 1..moves.len() {
                let mut j = k;
                while j > 0 && rank(&moves[j - 1]) > rank(&moves[j]) {
                    moves.swap(j - 1, j);
                    j -= 1;
                }
            }
        }
    }
}

/// A [`Prover`] keyed by [`PackedKey`] when the level packs (every generated level does), else by the
/// full [`StateKey`].
pub enum ProofSearch {
    Packed(Prover<PackedKey>),
    Wide(Prover<StateKey>),
}

impl ProofSearch {
    /// A search for `sim`'s level with the default reductions and table cap.
    pub fn new(sim: &GameSim, limit: u64, cancel: Option<Arc<AtomicBool>>) -> Self {
        Self::with(sim, Reductions::default(), Limits::nodes(limit, cancel))
    }

    /// A search with the given reductions and limits.
    pub fn with(sim: &GameSim, reductions: Reductions, limits: Limits) -> Self {
        if Layout::packs(sim.level()) {
            ProofSearch::Packed(Prover::new(sim, reductions, limits))
        } else {
            ProofSearch::Wide(Prover::new(sim, reductions, limits))
        }
    }

    /// [`Prover::wins`].
    pub fn wins(&mut self, sim: &mut GameSim) -> Result<bool, Stop> {
        match self {
            ProofSearch::Packed(p) => p.wins(sim),
            ProofSearch::Wide(p) => p.wins(sim),
        }
    }

    /// [`Prover::nodes`].
    pub fn nodes(&self) -> u64 {
        match self {
            ProofSearch::Packed(p) => p.nodes(),
            ProofSearch::Wide(p) => p.nodes(),
        }
    }

    /// [`Prover::next_rail`].
    pub fn next_rail(&mut self, limit: u64) {
        match self {
            ProofSearch::Packed(p) => p.next_rail(limit),
            ProofSearch::Wide(p) => p.next_rail(limit),
        }
    }

    /// States expanded and states found dead.
    pub fn states(&self) -> (u64, u64) {
        match self {
            ProofSearch::Packed(p) => (p.expanded, p.dead),
            ProofSearch::Wide(p) => (p.expanded, p.dead),
        }
    }

    /// The first win found, taken out.
    pub fn take_win(&mut self) -> Option<Vec<Move>> {
        match self {
            ProofSearch::Packed(p) => p.first_win.take(),
            ProofSearch::Wide(p) => p.first_win.take(),
        }
    }
}
