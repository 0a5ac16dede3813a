//! The reduced proof search: is a win reachable, and which moves reach one? Exact — it answers what the
//! plain [`crate::dfs::Dfs`] with cap 1 answers (the differential tests check it on generated boards) —
//! while playing far fewer moves. Each reduction can be switched off ([`Reductions`]) so that it can be
//! measured and tested on its own.
//!
//! - **Losing moves are not played**: a screw with no crate and no rail place ends the game lost.
//! - **Dead states** ([`crate::dead`]): a state whose rail cannot last until the next seal is lost
//!   without expanding it.
//! - **Eager loosening** (a persistent set of one move): a rusty screw that can be tapped must be
//!   loosened in every win, and its first tap changes nothing but its own loosened bit — no pose, crate
//!   or rail — so moving that tap to the front of any winning sequence gives a winning sequence. Hence
//!   from a state with a loosening tap, only that tap is explored: if no win follows it, none follows
//!   the state.
//! - **Compact table** ([`crate::tt`]): the finished states with no win, under a 24-byte exact key,
//!   with a cap on entries and a sound replacement policy.
//! - **Move ordering**: moves into crates that keep room first, then moves that seal a crate,
//!   loosening taps, rail moves last. Only the order of exploration changes, never what a finished
//!   search finds, and a search that finds no win plays the same moves in any order; so the order
//!   only decides how soon a win is found. Keeping crates open keeps the most moves possible later;
//!   the measurements against other orders are in `docs/benchmarks.md`.
//! - **The costlier bounds** — the reach bound ([`crate::reach`]) and the queue-horizon bound
//!   ([`crate::horizon`]) — are asked where and when [`crate::schedule`] says. Each is sound wherever
//!   it is asked, so the schedule changes the work, never the verdict; [`Prover::search`] itself is
//!   the plain exact walk.
//!
//! **Cost per state.** A state's moves are sorted into those classes with a few mask operations (the
//! sim keeps its accessible set; a colour's screws are one mask), so the order costs no sort and no
//! list, and the dead-state bound ([`crate::dead::Bound`]) stops as soon as it is settled.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use screwsmith_rules::cells::{bits, Mask};
use screwsmith_rules::sim::{GameSim, Move, Status};

use super::bounds::{BoundStats, Hits, DEAD_SAMPLE, REACH_SAMPLE_TIME};
use super::dead::Bound;
use super::dfs::{Dfs, Stop};
use super::horizon::Horizon;
use super::key::StateKey;
use super::reach::{Ask, Reach, Scratch, MAX_CLOSURES};
use super::schedule::{Inside, Schedule, FIRST_SHARE, HORIZON_AFTER, REACH_INNER};
use super::trial::moves_of;
use super::tt::{Layout, PackedKey, Table, TableKey};

/// How far below a search's start the reach bound is asked by default ([`Reductions::reach_depth`]).
pub const REACH_DEPTH: u16 = 16;

/// Table entries kept before the table is cleared: about 64 MB of packed keys.
pub const DEFAULT_TABLE_CAP: usize = 1 << 21;

/// Which reductions a [`Prover`] applies; the default is what ships. Each can be switched off so that
/// it can be measured and tested on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reductions {
    pub dead_states: bool,
    pub ordering: bool,
    pub eager_loosen: bool,
    /// The queue-horizon bound ([`crate::horizon`]) on the start state, at the search's second
    /// scheduled mark ([`crate::schedule`]).
    pub horizon: bool,
    /// The reach bound ([`crate::reach`]) on the start state, at the search's marks within a share of
    /// the moves played: it settles most starts that have no win.
    pub reach: bool,
    /// With `reach`, the reach bound inside the search too, on new states at most this many moves
    /// below the start (0: only on the start), when and while [`crate::schedule`] says. Sound at any
    /// state (the bound reads only the state it is asked about); near the start a settled state cuts
    /// a large subtree.
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
            reach: false,
            ..Reductions::default()
        }
    }
}

impl Default for Reductions {
    fn default() -> Self {
        Reductions {
            dead_states: true,
            ordering: true,
            eager_loosen: true,
            horizon: true,
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
    /// Node budget and cancel flag (the plain search's counter, so both count nodes alike).
    budget: Dfs,
    /// When the costlier bounds are asked, and within what.
    schedule: Schedule,
    /// A question at a mark settled the start: the search unwinds.
    start_dead: bool,
    /// The depth the search unwinds to, every frame at or below it finishing with no win (see
    /// [`Prover::at_mark`]).
    cut: Option<u16>,
    /// The level has bombs (most have none, and then no state is armed).
    bombs: bool,
    table: Table<K>,
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
}

/// How the reach bound left a new state inside the search ([`Prover::reach_inside`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reached {
    /// Not asked, or not settled: the state is searched.
    Open,
    /// Settled: the state has no win and is not searched.
    Settled,
    /// Settled, and searched all the same to measure what settling saves ([`Inside::Sample`]).
    Probe,
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
    /// Moves played before the first mark ([`HORIZON_AFTER`]; the tests use 0, so that the start's
    /// bounds are asked in full before the search, on boards of every size).
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

/// Free places on the sim's rail.
#[inline]
fn free_places(sim: &GameSim) -> u8 {
    sim.rail().len().saturating_sub(sim.rail_occupancy())
}

impl<K: TableKey> Prover<K> {
    /// A search for `sim`'s level with these reductions, within `limits`.
    pub fn new(sim: &GameSim, reductions: Reductions, limits: Limits) -> Self {
        let depth = if reductions.reach {
            reductions.reach_depth
        } else {
            0
        };
        Prover {
            reductions,
            layout: Layout::of(sim.level()),
            bound: Bound::of(sim.level()),
            reach: None,
            scratch: Scratch::default(),
            budget: Dfs::new(1, limits.nodes, limits.cancel),
            schedule: Schedule::new(
                limits.horizon_after,
                limits.reach_gate,
                limits.first_share,
                depth,
            ),
            start_dead: false,
            cut: None,
            bombs: sim.level().bomb_mask() != 0,
            table: Table::new(limits.table_cap),
            first_win: None,
            expanded: 0,
            mark_cuts: 0,
            late_settles: 0,
            stats: BoundStats::default(),
        }
    }

    /// Moves played so far.
    pub fn nodes(&self) -> u64 {
        self.budget.nodes
    }

    /// Starts a new search within `limit` more moves, keeping the table: for a search with a smaller
    /// rail, where every state with no win now has none either.
    pub fn next_rail(&mut self, limit: u64) {
        self.budget = Dfs::new(1, limit, self.budget_cancel());
        self.first_win = None;
    }

    fn budget_cancel(&self) -> Option<Arc<AtomicBool>> {
        self.budget.cancel_flag()
    }

    /// Whether a win is reachable from the sim's state; the sim is back in that state afterwards.
    pub fn wins(&mut self, sim: &mut GameSim) -> Result<bool, Stop> {
        self.start_dead = false;
        self.cut = None;
        // The start's questions wait for the first mark (most searches end sooner and ask none),
        // unless the schedule says to ask them now, in full.
        let playing = sim.status() == Status::Playing;
        let (reach, horizon) = (
            playing && self.reductions.reach,
            playing && self.reductions.horizon,
        );
        let (nodes, limit) = (self.budget.nodes, self.budget.limit());
        if self.schedule.begin(nodes, limit, reach, horizon)
            && self.start_questions(sim, reach, horizon, u64::MAX).0
        {
            return Ok(false);
        }
        let result = self.search(sim, 0);
        if self.start_dead {
            return Ok(false);
        }
        result
    }

    /// The questions asked about the search's start: the reach bound's within `work` units (when
    /// `reach`: it is still open), and the queue-horizon bound (when `horizon`), built here. Whether
    /// one of them settled the start, and whether the reach bound's was cut short by its work.
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
        let dead = timed(
            &mut self.stats.horizon,
            || {
                Horizon::of(
                    start,
                    #[cfg(feature = "bug-switches")]
                    bugs,
                )
                .is_dead(start)
            },
            |&d| d,
        );
        (dead, again)
    }

    /// A mark is due: the start's questions on a copy of the start (the sim `depth` moves undone), so
    /// the search goes on where it is instead of pausing and replaying its open path; and at the first
    /// mark the reach bound on the open path's states too, which a replay would have met as new
    /// (deepest first, from the mark's allowance: what they leave is the start's). The search then
    /// unwinds to the shallowest state settled ([`Prover::cut`]): each frame below it is stored as
    /// finished with no win, which is true of it (below a state with no win, none is reachable; dead
    /// on this rail, so on every smaller one, as [`Prover::next_rail`] keeps it). The start settled
    /// ends the search.
    #[cold]
    fn at_mark(&mut self, sim: &GameSim, depth: u16) {
        let nodes = self.budget.nodes;
        let Some(due) = self.schedule.due(nodes) else {
            return;
        };
        let mut work = due.allowance;
        let mut state = sim.clone();
        let mut cut = None;
        for d in (1..=depth).rev() {
            if self.schedule.on_path(&due, d, free_places(&state), work) {
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
        let (dead, again) = self.start_questions(&state, due.reach, due.horizon, work);
        if dead {
            self.start_dead = true;
            self.late_settles += u64::from(!due.first);
            cut = Some(0);
        }
        self.schedule
            .asked(&due, nodes, self.budget.limit(), dead, again);
        self.cut = cut;
    }

    /// The reach bound's question about a state inside the search, within `work` units, counted (its
    /// time sampled) and reported to the schedule.
    #[inline]
    fn reach_inner(&mut self, state: &GameSim, work: u64) -> bool {
        let ask = Ask {
            closures: REACH_INNER,
            span: self.schedule.inner_span(),
            work,
        };
        let reach = reach_bound(&mut self.reach, &self.bound, state, self.reductions);
        let scratch = &mut self.scratch;
        let dead = sampled(&mut self.stats.reach_inner, REACH_SAMPLE_TIME, || {
            reach.settle_in(state, ask, scratch) == Some(true)
        });
        let at = dead.then_some(self.scratch.settled_at);
        self.schedule
            .answered(self.budget.nodes, self.scratch.work, at);
        dead
    }

    /// The reach bound on a new state `depth` moves below the start, if the schedule asks it there.
    #[inline]
    fn reach_inside(&mut self, sim: &GameSim, depth: u16) -> Reached {
        let inside = self
            .schedule
            .inside(self.budget.nodes, depth, || free_places(sim));
        match inside {
            Inside::Skip => Reached::Open,
            _ if !self.reach_inner(sim, u64::MAX) => Reached::Open,
            Inside::Ask => Reached::Settled,
            Inside::Sample => Reached::Probe,
        }
    }

    /// The dead-state bound, counted (and timed on one call in [`DEAD_SAMPLE`]).
    #[inline]
    fn dead_state(&mut self, sim: &GameSim) -> bool {
        let bound = &self.bound;
        sampled(&mut self.stats.dead, DEAD_SAMPLE, || bound.is_dead(sim))
    }

    /// The moves to explore from the sim's state, as a mask over [`Moves::order`]'s: one loosening tap
    /// stands for every move (see the module doc), the lowest screw's (a rusty screw is never a bolt).
    /// A bomb still in the board breaks that: a move counts a bomb down or not by whether the bomb is
    /// uncovered when it is made, so moving a tap to the front can change a counter (and so the game).
    /// Bombs never come back, so every state below one without a bomb has none either.
    #[inline]
    fn explored(&self, sim: &GameSim, moves: &Moves) -> Mask {
        let armed = self.bombs && sim.level().bomb_mask() & !sim.removed_mask() != 0;
        if self.reductions.eager_loosen && !armed && moves.loosen != 0 {
            moves.loosen & moves.loosen.wrapping_neg()
        } else {
            !0
        }
    }

    /// Whether the frame at `depth` is unwinding to the state a mark settled ([`Prover::at_mark`]).
    #[inline]
    fn unwinding(&self, depth: u16) -> bool {
        self.cut.is_some_and(|c| depth >= c)
    }

    /// The exact search below the sim's state, `depth` moves below the search's start: the dead-state
    /// bound, the table, the reach bound where the schedule asks it, then every move to explore in
    /// order, stopping at the first win.
    fn search(&mut self, sim: &mut GameSim, depth: u16) -> Result<bool, Stop> {
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
        let key = K::of(sim, &self.layout);
        if self.table.contains(&key) {
            return Ok(false);
        }
        let probe_from = match self.reach_inside(sim, depth) {
            Reached::Settled => {
                self.table.insert(key);
                return Ok(false);
            }
            Reached::Probe => Some(self.budget.nodes),
            Reached::Open => None,
        };
        self.expanded += 1;
        let moves = Moves::of(sim, &self.bound);
        let explore = self.explored(sim, &moves);
        let bolts = sim.level().bolts();
        let order = moves.order(self.reductions.ordering, bolts);
        let mut result = Ok(false);
        'moves: for mask in order.iter().map(|&m| m & explore).filter(|&m| m != 0) {
            for i in bits(mask) {
                if let Err(stop) = self.budget.tick() {
                    result = Err(stop);
                    break 'moves;
                }
                if self.budget.nodes >= self.schedule.next_mark() {
                    self.at_mark(sim, depth);
                    if self.unwinding(depth) {
                        break 'moves; // `result` is `Ok(false)`: this state has no win
                    }
                }
                if sim.play(i as u8, bolts & (1u128 << i) != 0).is_err() {
                    continue; // unreachable: the move is legal
                }
                let r = self.search(sim, depth + 1);
                let _ = sim.undo();
                if self.unwinding(depth) {
                    result = Ok(false);
                    break 'moves;
                }
                if r != Ok(false) {
                    result = r;
                    break 'moves;
                }
            }
        }
        if self.cut == Some(depth) && depth > 0 {
            self.cut = None; // unwound to the settled state: the search goes on above it
        }
        if result == Ok(false) {
            self.table.insert(key);
        }
        if let Some(from) = probe_from {
            debug_assert_ne!(result, Ok(true), "a state the reach bound settled wins");
            self.schedule.probed(self.budget.nodes - from);
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

    /// Starts the queue-horizon bound settled, and starts it was asked about.
    pub fn horizon_hits(&self) -> (u64, u64) {
        match self {
            ProofSearch::Packed(p) => (p.stats.horizon.settled, p.stats.horizon.asked),
            ProofSearch::Wide(p) => (p.stats.horizon.settled, p.stats.horizon.asked),
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
