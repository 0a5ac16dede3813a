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
//! - **Move ordering**: moves into crates that keep room first, then moves that seal a crate,
//!   loosening taps, rail moves last. Only the order of exploration changes, never what a finished
//!   search finds, and a search that finds no win plays the same moves in any order; so the order
//!   only decides how soon a win is found. Measured on the `proofs` boards against
//!   sealing first: never more than 3× the moves (shipped level 148 at rail 1: 25,833 against
//!   9,648), and up to 260× fewer on generated 57-screw machines (3,401 against 437,157 at rail 2;
//!   245 against 25,634 at rail 5, where the plain search plays 2,689). No order at all (screw order)
//!   lost on both counts: over 20 million moves on two of those machines.
//!
//! **Cost per state.** A state's moves are sorted into those classes with a few mask operations (the
//! sim keeps its accessible set; a colour's screws are one mask), so the order costs no sort and no
//! list; the independence effects behind sleep sets are computed only when sleep sets are on, and the
//! dead-state bound ([`crate::dead::Bound`]) stops as soon as it is settled.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use screwsmith_rules::cells::{bits, Mask};
use screwsmith_rules::sim::{Dest, GameSim, Move, Status};

use super::bounds::{BoundStats, Hits, DEAD_SAMPLE};
use super::dead::Bound;
use super::dfs::{Dfs, Stop};
use super::horizon::Horizon;
use super::independence::{effect, Classes, Effect, Room};
use super::key::StateKey;
use super::reach::{Ask, Reach, Scratch, MAX_CLOSURES};
use super::trial::moves_of;
use super::tt::{Layout, PackedKey, Table, TableKey};

/// The first stretch: moves a search plays before its first mark, where it first asks about its start
/// (the reach bound, and on the open path) and from where the reach bound is asked inside it. Most
/// searches end sooner and never pay for a question; the queue-horizon bound waits for the second
/// scheduled mark, four times further.
pub const HORIZON_AFTER: u64 = 2_048;

/// How far below a search's start the reach bound is asked by default ([`Reductions::reach_depth`]).
pub const REACH_DEPTH: u16 = 16;

/// Free rail places at most, for the reach bound to be asked inside the search: its enumeration grows
/// with the places closed screws may take, and with one it is a closure or two per queue index.
pub const REACH_FREE: u8 = 1;

/// One state in this many of those the reach bound settles inside the search is searched all the
/// same, to measure what a settled state saves.
pub const REACH_SAMPLE: u64 = 16;

/// Once [`REACH_SURE`] settled states have been searched all the same and the bound pays
/// ([`Prover::reach_pays`]), one in this many is: the measurement has settled, and each sample plays
/// the moves the bound saved (on `s1083_c1rev_r1_lose` at one in 16, 6,062 of its 30,915 moves).
/// When it stops paying, sampling is back at [`REACH_SAMPLE`].
pub const REACH_SAMPLE_SURE: u64 = 256;

/// Settled states searched all the same before the sampling may slow to [`REACH_SAMPLE_SURE`].
pub const REACH_SURE: u64 = 32;

/// Work units of the reach bound ([`Ask::work`]) that cost as much as one move of the search (the
/// move's own bounds and table probe included): what lets the search weigh the bound's questions
/// against moves without reading a clock. Measured with callgrind on the `proofs` boards: 67–168
/// instructions a unit (median about 100), 1,500–2,600 a move of the reduced search.
pub const WORK_PER_MOVE: u64 = 20;

/// The gate on the reach bound inside the search ([`Prover::reach_pays`]) counts a question at one
/// part in this many of its work: a settled state is stored dead, so it also saves its revisits,
/// which the moves searched below a sampled one do not count. Measured over the bake's search of
/// levels 151–200 (callgrind): at 1 it played 1.6 % more instructions, at 4 13 % more, at 1/2 8 %.
pub const REACH_GATE_SLACK: u64 = 2;

/// The questions at the first mark (the start's, and the open path's, which share one allowance) may
/// spend one part in this many of the moves played before it ([`WORK_PER_MOVE`]): about 0.6 % of the
/// search so far, so a search that ends soon after the mark barely pays for questions that settle
/// nothing. Measured with callgrind on the `proofs` boards: at 40 (the open path's questions not
/// counted) four wins that end between 2,048 and 8,192 moves played 2–4 % more instructions than
/// without the bounds; at 160 with the path's questions counted, none over 1.1 %, while the starts
/// settled at the first mark stay settled there or soon after. A start it cannot settle within that
/// is asked again at the next mark, or sooner when the questions inside the search spend twice as
/// much ([`Prover::reach_inner`]): they are what a start with no win looks like from inside.
pub const FIRST_SHARE: u64 = 160;

/// The questions about the start at the later marks (four times further each) may spend one part in
/// this many: the searches still going there are the long ones, whose start a question settled
/// would cut shortest (the bake's unsolvable candidates that run out of budget).
pub const LATER_SHARE: u64 = 2;

/// One question in this many of the reach bound inside the search is timed (see [`crate::bounds`]).
pub const REACH_SAMPLE_TIME: u64 = 16;

/// Queue indices the reach bound looks at on a state inside the search, at most: on the `proofs`
/// boards the states it settles there are settled within the first six (most within two or three),
/// while a question it cannot settle scans them all. Measured in instructions (callgrind): five
/// against six cut the slowest unsolvable rail-1 board (`s1083_c1rev_r1_lose`) by 8 %; four for every
/// search took the shipped rail-1 win `l148_own_r1_win` from 2,184 to 10,492 moves, which is why the
/// search narrows it only on what its own questions settle ([`REACH_SPAN_RARE`]).
pub const REACH_SPAN: usize = 5;

/// Once [`REACH_SURE`] questions inside the search have settled their state, they look one queue
/// index beyond the deepest at which at least one in this many of them settled
/// ([`Prover::inner_span`]). `s1083_c1rev_r1_lose` settles 3,170 states at the second index, 8,260 at
/// the third, 319 at the fourth and none at the fifth: its questions that settle nothing stop scanning
/// the fifth (5.8 % fewer instructions). No other `proofs` board moved by half a percent, nor the bake's
/// search. Where questions look never changes a verdict: stopping early answers "not settled".
pub const REACH_SPAN_RARE: u64 = 16;

/// Closures the reach bound may compute on a state inside the search.
pub const REACH_INNER: u32 = 64;

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
    /// The queue-horizon bound ([`crate::horizon`]) on the start state, at the search's second
    /// scheduled mark (four times [`HORIZON_AFTER`] moves without an answer).
    pub horizon: bool,
    /// The same bound inside the search too, after moves that put a screw on the rail, while it
    /// settles one state in 8 it is asked about. Off: measured on the `proofs` boards, it settles
    /// 60 % of the states it is asked about but most of them are a move or two from dead anyway, and
    /// its cost per state outweighed the moves it saved on most boards (bounded/reduced time 1.1–1.3
    /// per board directory, while it halved the moves on a few). Kept, tested, for measurement.
    pub horizon_inner: bool,
    /// The reach bound ([`crate::reach`]) on the start state, at the search's marks within a share of
    /// the moves played: it settles most of the `proofs` boards that have no win at their start.
    pub reach: bool,
    /// With `reach`, the reach bound inside the search too, on new states at most this many moves
    /// below the start (0: only on the start) whose rail has at most [`REACH_FREE`] free places, once
    /// the search has played its first stretch ([`HORIZON_AFTER`] moves), while what it settles pays for its questions.
    /// Sound at any state (the bound reads only the state it is asked about); measured on the
    /// `proofs` boards: rail-1 boards with one crate slot and the queue reversed and the min-rail
    /// verification of the shipped set are where it pays (`docs/benchmarks.md`).
    pub reach_depth: u16,
    /// Breaking switches for the tests (see [`crate::bugs`]).
    #[cfg(feature = "bug-switches")]
    pub bugs: super::bugs::Bugs,
}

impl Reductions {
    /// The defaults without the queue-horizon and reach bounds: the search those bounds are measured
    /// against.
    pub fn without_bounds() -> Self {
        Reductions {
            horizon: false,
            horizon_inner: false,
            reach: false,
            ..Reductions::default()
        }
    }
}

impl Default for Reductions {
    fn default() -> Self {
        Reductions {
            sleep_sets: false,
            dead_states: true,
            ordering: true,
            eager_loosen: true,
            horizon: true,
            horizon_inner: false,
            reach: true,
            reach_depth: REACH_DEPTH,
            #[cfg(feature = "bug-switches")]
            bugs: Default::default(),
        }
    }
}

/// A budgeted, cancellable search for one win, with the reductions above.
pub struct Prover<K: TableKey> {
    reductions: Reductions,
    layout: Layout,
    bound: Bound,
    /// The reach bound, built when first asked: most searches end within their first stretch and
    /// never ask it (on a search that settles at once, building it was half the search's cost).
    reach: Option<Reach>,
    /// The reach bound's buffers, kept between its questions.
    scratch: Scratch,
    /// The queue-horizon bound of the current [`Prover::wins`] call's start state.
    horizon: Option<Horizon>,
    /// Node budget and cancel flag (the plain search's counter, so both count nodes alike).
    budget: Dfs,
    horizon_after: u64,
    /// The next mark: the move count at which questions about the start are asked again (see
    /// [`Prover::at_mark`]).
    mark: Option<Mark>,
    /// The mark's move count (`u64::MAX` for none): the one count the search compares.
    next_mark: u64,
    /// One of them settled the start: the search unwinds.
    start_dead: bool,
    /// The depth the search unwinds to, every frame at or below it finishing with no win (see
    /// [`Prover::at_mark`]).
    cut: Option<u16>,
    reach_gate: bool,
    /// [`Limits::first_share`].
    first_share: u64,
    /// The level has bombs (most have none, and then no state is armed).
    bombs: bool,
    table: Table<K>,
    /// Effects of every open frame's legal moves, one segment per depth (sleep sets only).
    stack: Vec<Effect>,
    /// Moves of the first win found.
    pub first_win: Option<Vec<Move>>,
    /// States expanded (for benchmarks).
    pub expanded: u64,
    /// Searches unwound at their mark to a state of the open path the reach bound settled there (see
    /// [`Prover::at_mark`]).
    pub mark_cuts: u64,
    /// Searches whose start was settled at a mark past the first: the reach bound's question, cut
    /// short by its work at an earlier mark, asked again with more.
    pub late_settles: u64,
    /// What each bound settled, and its cost (added to [`crate::bounds::totals`] when dropped).
    pub stats: BoundStats,
    /// States the inner horizon bound could have been asked about (reached by a rail move).
    horizon_chances: u64,
    /// States the inner reach bound could have been asked about (new, near the start, rail nearly
    /// full); of the states it settled, those searched all the same and the moves played below them.
    reach_chances: u64,
    reach_probes: u64,
    reach_probe_moves: u64,
    /// Work units ([`Ask::work`]) of every question the reach bound was asked inside the search.
    reach_work: u64,
    /// The work the start's reach question was last allowed.
    start_work: u64,
    /// Questions inside the search that settled their state, by the queue index that did.
    settled_at: [u64; REACH_SPAN],
}

/// A mark of the search: at `at` moves, the questions about its start still open are asked on a
/// copy of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Mark {
    at: u64,
    /// The first mark, at the end of the first stretch: the reach bound is asked on the open path
    /// too, and the start's reach question may spend [`FIRST_SHARE`] of the moves, not
    /// [`LATER_SHARE`].
    first: bool,
    /// The reach bound's question is open: not asked yet, or cut short by its work.
    reach: bool,
    /// The queue-horizon bound is still to be asked: at the second mark, where only searches four
    /// times the first stretch long pay for building it (it settles few starts the reach bound
    /// does not: one of the `proofs` boards, none of the bake's candidates).
    horizon: bool,
    /// Brought forward by the questions inside the search ([`Prover::reach_inner`]): the start's
    /// question may spend what they have spent, and nothing else is asked.
    forward: bool,
}

impl<K: TableKey> Drop for Prover<K> {
    fn drop(&mut self) {
        self.stats.publish();
    }
}

/// A search's limits: moves played, table entries, and the caller's cancel flag.
#[derive(Debug, Clone)]
pub struct Limits {
    pub nodes: u64,
    pub table_cap: usize,
    pub cancel: Option<Arc<AtomicBool>>,
    /// Moves played before the queue-horizon bound is built ([`HORIZON_AFTER`]; the tests use 0, so
    /// that the bound is asked on boards of every size).
    pub horizon_after: u64,
    /// Whether the reach bound inside the search is asked only while it pays (the tests turn this off,
    /// so that it is asked on every new state near the start).
    pub reach_gate: bool,
    /// The first mark's questions may spend one part in this many of the moves played
    /// ([`FIRST_SHARE`]; the tests, whose marks come after a few moves, give them more).
    pub first_share: u64,
}

impl Limits {
    /// `nodes` moves, the default table cap.
    pub fn nodes(nodes: u64, cancel: Option<Arc<AtomicBool>>) -> Self {
        Limits {
            nodes,
            table_cap: DEFAULT_TABLE_CAP,
            cancel,
            horizon_after: HORIZON_AFTER,
            reach_gate: true,
            first_share: FIRST_SHARE,
        }
    }
}

/// A state's legal moves by class, as screw masks (a bolt's move is its wrench tap). Moves that lose
/// at once are in none of them.
#[derive(Debug, Clone, Copy)]
struct Moves {
    /// Fills and seals a crate.
    seal: Mask,
    /// Into a crate that keeps room.
    into: Mask,
    /// A rusty screw's first tap.
    loosen: Mask,
    /// Onto a free rail place.
    rail: Mask,
}

impl Moves {
    /// The classes of the sim's legal moves; `colour(c)` is the level's screws of colour `c`.
    #[inline]
    fn of(sim: &GameSim, bound: &Bound) -> Self {
        let level = sim.level();
        // A closed lock keeps its screw out of every class: it is no legal move (`for_each_legal`).
        let accessible = sim.tappable_mask();
        let mut legal = accessible & !level.bolts();
        if sim.wrench_charges() > 0 {
            legal |= accessible & level.bolts();
        }
        let loosen = legal & level.rusty() & !sim.loosened_mask();
        let removing = legal & !loosen;
        // Colours a crate takes: the crate [`GameSim::accepting_slot`] names for its colour.
        let (mut into, mut seal) = (0, 0);
        for (k, c) in sim.crates().iter().enumerate() {
            if c.is_active() && sim.accepting_slot(c.color) == Some(k) {
                let screws = bound.colour(c.color);
                into |= screws;
                if sim.seals(c.color) {
                    seal |= screws;
                }
            }
        }
        let free = sim.rail_occupancy() < sim.rail().len();
        Moves {
            seal: removing & seal,
            into: removing & into & !seal,
            loosen,
            rail: if free { removing & !into } else { 0 },
        }
    }

    /// The moves in search order, as masks to walk lowest screw first: by class when `ordering`, else
    /// as [`GameSim::for_each_legal`] lists them (taps, then wrench taps). Either way taps come before
    /// wrench taps within a mask pair, as a stable sort of the legal list would leave them.
    #[inline]
    fn order(&self, ordering: bool, bolts: Mask) -> [Mask; 8] {
        let mut out = [0; 8];
        if ordering {
            for (k, m) in [self.into, self.seal, self.loosen, self.rail]
                .into_iter()
                .enumerate()
            {
                out[2 * k] = m & !bolts;
                out[2 * k + 1] = m & bolts;
            }
        } else {
            let all = self.seal | self.into | self.loosen | self.rail;
            out[0] = all & !bolts;
            out[1] = all & bolts;
        }
        out
    }
}

impl<K: TableKey> Prover<K> {
    /// A search for `sim`'s level with these reductions, within `limits`.
    pub fn new(sim: &GameSim, reductions: Reductions, limits: Limits) -> Self {
        Prover {
            reductions,
            layout: Layout::of(sim.level()),
            bound: Bound::of(sim.level()),
            reach: None,
            scratch: Scratch::default(),
            horizon: None,
            budget: Dfs::new(1, limits.nodes, limits.cancel),
            horizon_after: limits.horizon_after,
            mark: None,
            next_mark: u64::MAX,
            start_dead: false,
            cut: None,
            reach_gate: limits.reach_gate,
            first_share: limits.first_share.max(1),
            bombs: sim.level().bomb_mask() != 0,
            table: Table::new(limits.table_cap, reductions.sleep_sets),
            stack: Vec::new(),
            first_win: None,
            expanded: 0,
            mark_cuts: 0,
            late_settles: 0,
            stats: BoundStats::default(),
            horizon_chances: 0,
            reach_chances: 0,
            reach_probes: 0,
            reach_probe_moves: 0,
            reach_work: 0,
            start_work: 0,
            settled_at: [0; REACH_SPAN],
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
        self.horizon = None;
        self.mark = None;
        self.next_mark = u64::MAX;
        self.start_dead = false;
        self.cut = None;
        if sim.status() != Status::Playing {
            return self.search(sim, 0, false, 0);
        }
        let reach = self.reductions.reach;
        let horizon = self.reductions.horizon || self.reductions.horizon_inner;
        if reach || horizon {
            // The start's questions at the marks, asked inside the search on a copy of the start
            // (see [`Prover::at_mark`]): a search that ends within its first stretch (most proofs
            // of shipped levels) asks none. With a budget shorter than the stretch (or no
            // stretch), now and in full.
            let at = self.budget.nodes.saturating_add(self.horizon_after);
            if self.horizon_after > 0 && at < self.budget.limit() {
                self.set_mark(Some(Mark {
                    at,
                    first: true,
                    reach,
                    horizon,
                    forward: false,
                }));
            } else if self.start_questions(sim, reach, horizon, u64::MAX).0 {
                return Ok(false);
            }
        }
        let result = self.search(sim, 0, false, 0);
        if self.start_dead {
            return Ok(false);
        }
        result
    }

    /// The next mark, and the one move count the search compares with it.
    fn set_mark(&mut self, mark: Option<Mark>) {
        self.mark = mark;
        self.next_mark = mark.map_or(u64::MAX, |m| m.at);
    }

    /// The questions asked about the search's start: the reach bound's within `work` units (when
    /// `reach`: it is still open), and the queue-horizon bound (when `horizon`), built here (its
    /// precedence holds below the state it is built at: the start). Whether one of them settled the
    /// start, and whether the reach bound's was cut short by its work.
    fn start_questions(
        &mut self,
        start: &GameSim,
        reach: bool,
        horizon: bool,
        work: u64,
    ) -> (bool, bool) {
        let mut again = false;
        if reach {
            let ask = Ask {
                work,
                ..Ask::closures(MAX_CLOSURES)
            };
            let reach = reach_bound(&mut self.reach, &self.bound, start, self.reductions);
            let scratch = &mut self.scratch;
            let answer = timed(
                &mut self.stats.reach,
                || reach.settle_in(start, ask, scratch),
                |d| *d == Some(true),
            );
            match answer {
                Some(true) => return (true, false),
                Some(false) => {}
                // Cut short by the work, not the closures: worth asking with more work later.
                None => again = self.scratch.work > work,
            }
        }
        if !horizon {
            return (false, again);
        }
        #[cfg(feature = "bug-switches")]
        let bugs = self.reductions.bugs;
        let (built, dead) = timed(
            &mut self.stats.horizon,
            || {
                let h = Horizon::of(
                    start,
                    #[cfg(feature = "bug-switches")]
                    bugs,
                );
                let dead = h.is_dead(start);
                (h, dead)
            },
            |t| t.1,
        );
        if !dead && self.reductions.horizon_inner {
            self.horizon = Some(built);
        }
        (dead, again)
    }

    /// The first stretch is played: the start's questions on a copy of the start (the sim `depth`
    /// moves undone), so the search goes on where it is instead of pausing and replaying its open
    /// path; and the reach bound, which the search asks from now on near its start, on the open
    /// path's states too, which a replay would have met as new (deepest first, from the start's
    /// allowance: what they leave is the start's). The search then unwinds to the
    /// shallowest state settled ([`Prover::cut`]): each frame below it is stored as finished with no
    /// win, which is true of it (below a state with no win, none is reachable; dead on this rail, so
    /// on every smaller one, as [`Prover::next_rail`] keeps it). The start settled ends the search.
    #[cold]
    fn at_mark(&mut self, sim: &GameSim, depth: u16) {
        let Some(mark) = self.mark else {
            return;
        };
        if self.budget.nodes < mark.at {
            return;
        }
        self.set_mark(None);
        let nodes = self.budget.nodes;
        let share = if mark.first {
            self.first_share
        } else {
            LATER_SHARE
        };
        // A mark the questions inside the search brought forward (see [`Prover::reach_inner`]) is
        // paid for in their coin: what they have spent. The questions on the open path share the
        // start's allowance: a search that goes on past the mark has paid one allowance in all.
        let allowance = if mark.forward {
            self.reach_work
        } else {
            nodes.saturating_mul(WORK_PER_MOVE) / share
        };
        let mut work = allowance;
        let mut state = sim.clone();
        let mut cut = None;
        for d in (1..=depth).rev() {
            let tight = state.rail().len().saturating_sub(state.rail_occupancy()) <= REACH_FREE;
            let near = tight && d <= self.reductions.reach_depth;
            if mark.first && self.reductions.reach && near && work > 0 {
                if self.reach_inner(&state, work) {
                    cut = Some(d);
                }
                work = work.saturating_sub(self.scratch.work);
            }
            #[cfg(feature = "bug-switches")]
            if self.reductions.bugs.mark_skips_undo {
                continue;
            }
            let _ = state.undo();
        }
        self.mark_cuts += u64::from(cut.is_some());
        self.start_work = allowance;
        let horizon = mark.horizon && !mark.first && !mark.forward;
        let (dead, again) = self.start_questions(&state, mark.reach, horizon, work);
        if dead {
            self.start_dead = true;
            self.late_settles += u64::from(!mark.first);
            cut = Some(0);
        } else if again || mark.horizon && !horizon {
            let at = nodes.saturating_mul(4);
            if at < self.budget.limit() {
                self.set_mark(Some(Mark {
                    at,
                    first: false,
                    reach: again,
                    horizon: mark.horizon && !horizon,
                    forward: false,
                }));
            }
        }
        self.cut = cut;
    }

    /// The reach bound's question about a state inside the search, counted (its time sampled).
    #[inline]
    fn reach_inner(&mut self, state: &GameSim, work: u64) -> bool {
        let ask = Ask {
            closures: REACH_INNER,
            span: self.inner_span(),
            work,
        };
        let reach = reach_bound(&mut self.reach, &self.bound, state, self.reductions);
        let scratch = &mut self.scratch;
        let dead = sampled(&mut self.stats.reach_inner, REACH_SAMPLE_TIME, || {
            reach.settle_in(state, ask, scratch) == Some(true)
        });
        self.reach_work += self.scratch.work;
        if dead {
            self.settled_at[self.scratch.settled_at.min(REACH_SPAN - 1)] += 1;
        }
        // The start's question is still open (cut short by its work) while the questions in here
        // have spent twice what it was allowed: bring its next mark forward to the next move. When
        // the states near the start keep being settled, the start itself is the question most
        // worth its work; when they are not, this never fires.
        if let Some(m) = self.mark.filter(|m| m.reach && !m.first) {
            if self.reach_work >= self.start_work.saturating_mul(2) {
                self.set_mark(Some(Mark {
                    at: self.budget.nodes,
                    forward: true,
                    ..m
                }));
            }
        }
        dead
    }

    /// Queue indices the next question inside the search looks at: [`REACH_SPAN`] until
    /// [`REACH_SURE`] questions have settled their state, then one beyond the deepest index at which
    /// at least one in [`REACH_SPAN_RARE`] of them did. Counts only, so the moves stay deterministic.
    fn inner_span(&self) -> usize {
        let settled = self.stats.reach_inner.settled;
        if settled < REACH_SURE {
            return REACH_SPAN;
        }
        let often = |k: &usize| self.settled_at[*k] * REACH_SPAN_RARE >= settled;
        let deepest = (0..REACH_SPAN).rev().find(often).unwrap_or(0);
        (deepest + 2).min(REACH_SPAN)
    }

    /// Whether the reach bound inside the search pays for its questions: the moves its settled states
    /// save (the average below those searched all the same, times every state it settled) against
    /// the work of all its questions, in moves ([`WORK_PER_MOVE`]). It reads counts only, so where
    /// the bound is asked, and so the moves played, stay deterministic.
    fn reach_pays(&self) -> bool {
        let settled = u128::from(self.stats.reach_inner.settled);
        let saved = u128::from(self.reach_probe_moves)
            * settled
            * u128::from(WORK_PER_MOVE * REACH_GATE_SLACK);
        self.reach_probes == 0
            || saved >= u128::from(self.reach_work) * u128::from(self.reach_probes)
    }

    /// The dead-state bound, counted (and timed on one call in [`DEAD_SAMPLE`]).
    #[inline]
    fn dead_state(&mut self, sim: &GameSim) -> bool {
        let bound = &self.bound;
        sampled(&mut self.stats.dead, DEAD_SAMPLE, || bound.is_dead(sim))
    }

    /// `railed`: the move into this state put a screw on the rail, the only kind of move after which
    /// the inner horizon bound is asked (it is what raises rail pressure). `depth`: moves below the
    /// search's start.
    fn search(
        &mut self,
        sim: &mut GameSim,
        sleep: u128,
        railed: bool,
        depth: u16,
    ) -> Result<bool, Stop> {
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
        // The bound before the table: it costs less than a probe that misses the cache, and dead
        // states then never fill the table (the bound settles them again when met again).
        if self.reductions.dead_states && self.dead_state(sim) {
            return Ok(false);
        }
        // Asked after rail moves while it settles at least one state in 8 of those it is asked about,
        // else one in 16 (so a search where it starts paying later notices). Where it is asked never
        // changes a verdict, only the work.
        if railed {
            self.horizon_chances += 1;
            if let Some(horizon) = self.horizon.as_ref() {
                let h = &self.stats.horizon_inner;
                let pays = h.settled * 8 >= h.asked || self.horizon_chances % 16 == 1;
                if pays
                    && timed(
                        &mut self.stats.horizon_inner,
                        || horizon.is_dead(sim),
                        |&d| d,
                    )
                {
                    return Ok(false);
                }
            }
        }
        let key = K::of(sim, &self.layout);
        let stored = self.table.get(&key);
        let (explore, keep) = match stored {
            Some(h) if h & !sleep == 0 => return Ok(false),
            Some(h) => (h & !sleep, h & sleep),
            None => (!sleep, sleep),
        };
        // The reach bound on new states near the start, where a settled state cuts a large subtree,
        // when the rail is nearly full (its question is then a closure or two per queue index), while
        // it pays: one such state in [`REACH_SAMPLE`] it settles (in [`REACH_SAMPLE_SURE`] once the
        // measurement is sure) is searched all the same, to measure the moves a settled state saves,
        // and it is asked while what those save pays for the work of its questions
        // ([`Prover::reach_pays`]). The gate reads only counts, so the moves played stay
        // deterministic. A settled state is stored as dead, so it is asked once.
        let mut probe_from = None;
        if self.reductions.reach
            && depth > 0
            && depth <= self.reductions.reach_depth
            && stored.is_none()
            && (!self.reach_gate || self.budget.nodes >= self.horizon_after)
            && sim.rail().len().saturating_sub(sim.rail_occupancy()) <= REACH_FREE
        {
            self.reach_chances += 1;
            let pays = self.reach_pays();
            let every = if pays && self.reach_probes >= REACH_SURE {
                REACH_SAMPLE_SURE
            } else {
                REACH_SAMPLE
            };
            let sample = self.reach_gate && self.reach_chances % every == 1;
            if (!self.reach_gate || sample || pays) && self.reach_inner(sim, u64::MAX) {
                if !sample {
                    self.table.insert(key, 0);
                    return Ok(false);
                }
                probe_from = Some(self.budget.nodes);
            }
        }
        self.expanded += 1;
        let moves = Moves::of(sim, &self.bound);
        let mut explore = explore;
        // A bomb still in the board breaks both reductions that reorder moves: a move counts a bomb
        // down or not by whether the bomb is uncovered when it is made, so moving a loosening tap to
        // the front, or swapping two moves, can change a counter (and so the game). Bombs never come
        // back, so every state below one without a bomb has none either, and a state with one is
        // searched in full with an empty sleep set (which the sleep-set argument allows anywhere).
        let armed = self.bombs && sim.level().bomb_mask() & !sim.removed_mask() != 0;
        if self.reductions.eager_loosen && !armed {
            // An awake loosening tap alone stands for every move (see the module doc); the first one
            // in either order is the lowest screw (a rusty screw is never a bolt).
            let awake = moves.loosen & !sleep;
            if awake != 0 {
                explore = awake & awake.wrapping_neg();
            }
        }
        let sleeping = self.reductions.sleep_sets && !armed;
        let base = self.stack.len();
        let (room, classes) = if sleeping {
            sim.for_each_legal(|i, w| self.stack.push(effect(sim, i, w)));
            (Some(Room::of(sim)), Classes::of(&self.stack[base..]))
        } else {
            (None, Classes::default())
        };
        let bolts = sim.level().bolts();
        let mut done = 0u128;
        let mut result = Ok(false);
        let order = moves.order(self.reductions.ordering, bolts);
        'moves: for mask in order.iter().map(|&m| m & explore).filter(|&m| m != 0) {
            for i in bits(mask) {
                let bit = 1u128 << i;
                if let Err(stop) = self.budget.tick() {
                    result = Err(stop);
                    break 'moves;
                }
                if self.budget.nodes >= self.next_mark {
                    self.at_mark(sim, depth);
                    if self.cut.is_some_and(|c| depth >= c) {
                        break 'moves; // `result` is `Ok(false)`: this state has no win
                    }
                }
                let child_sleep = match &room {
                    Some(room) => {
                        let all = &self.stack[base..];
                        let e = all.iter().find(|e| e.screw == i as u8).copied();
                        e.map_or(0, |e| classes.independent_of(&e, sleep | done, all, room))
                    }
                    None => 0,
                };
                let railed = match sim.play(i as u8, bolts & bit != 0) {
                    Ok(record) => matches!(record.dest(), Dest::Rail(_)),
                    Err(_) => continue, // unreachable: the move is legal
                };
                let r = self.search(sim, child_sleep, railed, depth + 1);
                let _ = sim.undo();
                if self.cut.is_some_and(|c| depth >= c) {
                    result = Ok(false);
                    break 'moves;
                }
                match r {
                    Ok(true) => {
                        result = Ok(true);
                        break 'moves;
                    }
                    Ok(false) => done |= bit,
                    Err(stop) => {
                        result = Err(stop);
                        break 'moves;
                    }
                }
            }
        }
        self.stack.truncate(base);
        if self.cut == Some(depth) && depth > 0 {
            self.cut = None; // unwound to the settled state: the search goes on above it
        }
        if result == Ok(false) {
            self.table.insert(key, if sleeping { keep } else { 0 });
        }
        if let Some(from) = probe_from {
            debug_assert_ne!(result, Ok(true), "a state the reach bound settled wins");
            self.reach_probes += 1;
            self.reach_probe_moves += self.budget.nodes - from;
        }
        result
    }
}

/// The search's reach bound ([`Prover::reach`]), built on first use from the dead-state bound's list
/// of covers.
#[inline]
fn reach_bound<'a>(
    reach: &'a mut Option<Reach>,
    bound: &Bound,
    sim: &GameSim,
    #[allow(unused_variables)] reductions: Reductions,
) -> &'a Reach {
    reach.get_or_insert_with(|| {
        Reach::with_covers(
            sim.level(),
            bound.covers().clone(),
            #[cfg(feature = "bug-switches")]
            reductions.bugs,
        )
    })
}

/// Runs a bound's question `f`, counting it in `hits` (and its time), settled when `dead` says so.
#[inline]
fn timed<T>(hits: &mut Hits, f: impl FnOnce() -> T, dead: impl FnOnce(&T) -> bool) -> T {
    let t = Instant::now();
    let out = f();
    hits.ns += t.elapsed().as_nanos() as u64;
    hits.asked += 1;
    hits.settled += dead(&out) as u64;
    out
}

/// Runs a bound's yes-or-no question `f`, counting it in `hits`, timed on one call in `every` and
/// its time scaled up: for the bounds asked on (nearly) every state, where reading the clock twice
/// would cost as much as a question or a good part of it.
#[inline]
fn sampled(hits: &mut Hits, every: u64, f: impl FnOnce() -> bool) -> bool {
    hits.asked += 1;
    let dead = if hits.asked.is_multiple_of(every) {
        let t = Instant::now();
        let dead = f();
        hits.ns += t.elapsed().as_nanos() as u64 * every;
        dead
    } else {
        f()
    };
    hits.settled += dead as u64;
    dead
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

    /// Visits the queue-horizon bound settled, and visits it was asked about.
    pub fn horizon_hits(&self) -> (u64, u64) {
        match self {
            ProofSearch::Packed(p) => (
                p.stats.horizon.settled + p.stats.horizon_inner.settled,
                p.stats.horizon.asked + p.stats.horizon_inner.asked,
            ),
            ProofSearch::Wide(p) => (
                p.stats.horizon.settled + p.stats.horizon_inner.settled,
                p.stats.horizon.asked + p.stats.horizon_inner.asked,
            ),
        }
    }

    /// [`Prover::mark_cuts`].
    pub fn mark_cuts(&self) -> u64 {
        match self {
            ProofSearch::Packed(p) => p.mark_cuts,
            ProofSearch::Wide(p) => p.mark_cuts,
        }
    }

    /// [`Prover::late_settles`].
    pub fn late_settles(&self) -> u64 {
        match self {
            ProofSearch::Packed(p) => p.late_settles,
            ProofSearch::Wide(p) => p.late_settles,
        }
    }

    /// Searches the reach bound settled at their start, and searches it was asked about.
    pub fn reach_hits(&self) -> (u64, u64) {
        match self {
            ProofSearch::Packed(p) => (p.stats.reach.settled, p.stats.reach.asked),
            ProofSearch::Wide(p) => (p.stats.reach.settled, p.stats.reach.asked),
        }
    }

    /// States expanded and states found dead.
    pub fn states(&self) -> (u64, u64) {
        match self {
            ProofSearch::Packed(p) => (p.expanded, p.stats.dead.settled),
            ProofSearch::Wide(p) => (p.expanded, p.stats.dead.settled),
        }
    }

    /// What each bound settled, and its cost.
    pub fn stats(&self) -> BoundStats {
        match self {
            ProofSearch::Packed(p) => p.stats,
            ProofSearch::Wide(p) => p.stats,
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
