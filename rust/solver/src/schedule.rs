//! When the proof search asks its costly bounds, and with what allowance: the reach bound
//! ([`crate::reach`]) about the search's start at its marks and on states inside the search, and the
//! queue-horizon bound ([`crate::horizon`]) about the start at the second mark.
//!
//! **Invariant.** [`Schedule`] reads only counts — moves played, depths, free rail places, work
//! units, questions asked and settled — and answers only *whether*, *where* and *within how much work*
//! a bound is asked. Every bound is sound wherever it is asked and a question cut short answers "not
//! settled", so no answer of the schedule changes a verdict; it changes the moves played and their
//! cost. Counts only also keep the moves played deterministic: no clock, no hash order.
//!
//! **Why this shape.** Most searches (the proofs of shipped levels) end within their first stretch,
//! so nothing is asked before it: a question that settles nothing there would be most of their cost.
//! Questions are priced in moves ([`WORK_PER_MOVE`]) so that a search can weigh them against the
//! moves they might save without reading a clock. A question about the start cut short by its
//! allowance is asked again further on, where only long searches still are, with a larger share. The
//! reach bound inside the search is sampled: a few states it settles are searched all the same, and
//! what they cost is what a settled state is taken to save. The measurements behind each constant
//! are in `docs/benchmarks.md` ("The proof search's bounds").

/// The first stretch: moves a search plays before its first mark, where it first asks about its start
/// (the reach bound, and on the open path) and from where the reach bound is asked inside it. The
/// queue-horizon bound waits for the second scheduled mark, four times further.
pub const HORIZON_AFTER: u64 = 2_048;

/// Free rail places at most, for the reach bound to be asked on a state: its enumeration grows with
/// the places closed screws may take, and with one it is a closure or two per queue index.
pub const REACH_FREE: u8 = 1;

/// One state in this many of those the reach bound settles inside the search is searched all the
/// same, to measure what a settled state saves.
pub const REACH_SAMPLE: u64 = 16;

/// Once [`REACH_SURE`] settled states have been searched all the same and the bound pays, one in
/// this many is: each sample plays the moves the bound saved, and the measurement has settled. When
/// it stops paying, sampling is back at [`REACH_SAMPLE`].
pub const REACH_SAMPLE_SURE: u64 = 256;

/// Settled states searched all the same before the sampling may slow to [`REACH_SAMPLE_SURE`]; and
/// settled questions inside the search before their span may narrow ([`Schedule::inner_span`]).
pub const REACH_SURE: u64 = 32;

/// Work units of the reach bound ([`crate::reach::Ask::work`]) that cost as much as one move of the
/// search, its own bounds and table probe included: the exchange rate between questions and moves.
pub const WORK_PER_MOVE: u64 = 20;

/// The gate on the reach bound inside the search counts a question at one part in this many of its
/// work: a settled state is stored dead, so it also saves its revisits, which the moves searched
/// below a sampled one do not count.
pub const REACH_GATE_SLACK: u64 = 2;

/// The questions at the first mark (the start's, and the open path's, which share one allowance) may
/// spend one part in this many of the moves played before it: a search that ends soon after the mark
/// barely pays for questions that settle nothing.
pub const FIRST_SHARE: u64 = 160;

/// The questions about the start at the later marks (four times further each) may spend one part in
/// this many: the searches still going there are the long ones, whose start a question settled would
/// cut shortest.
pub const LATER_SHARE: u64 = 2;

/// Queue indices the reach bound looks at on a state inside the search, at most: the states it
/// settles there are settled within the first few, while a question it cannot settle scans them all.
pub const REACH_SPAN: usize = 5;

/// Once [`REACH_SURE`] questions inside the search have settled their state, they look one queue
/// index beyond the deepest at which at least one in this many of them settled: questions that
/// settle nothing stop scanning indices that never settle anything.
pub const REACH_SPAN_RARE: u64 = 16;

/// Closures the reach bound may compute on a state inside the search.
pub const REACH_INNER: u32 = 64;

/// Whether to ask the reach bound about a new state inside the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inside {
    /// Not asked.
    Skip,
    /// Asked; a settled state is not searched.
    Ask,
    /// Asked; a settled state is searched all the same, to measure what it saves
    /// ([`Schedule::probed`]).
    Sample,
}

/// The questions due at a mark ([`Schedule::due`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Due {
    /// Work units the questions at this mark may spend in all: the open path's first, what they leave
    /// the start's.
    pub allowance: u64,
    /// The first mark, at the end of the first stretch.
    pub first: bool,
    /// The reach bound on the open path's states ([`Schedule::on_path`]): at the first mark only.
    pub path: bool,
    /// The reach bound's question about the start is open.
    pub reach: bool,
    /// The queue-horizon bound is asked about the start.
    pub horizon: bool,
    mark: Mark,
}

/// A mark of the search: at `at` moves, the questions about its start still open are asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Mark {
    at: u64,
    /// The first mark, at the end of the first stretch: the reach bound is asked on the open path
    /// too, and the questions may spend [`FIRST_SHARE`] of the moves, not [`LATER_SHARE`].
    first: bool,
    /// The reach bound's question is open: not asked yet, or cut short by its work.
    reach: bool,
    /// The queue-horizon bound is still to be asked: at the second mark, where only searches four
    /// times the first stretch long pay for building it.
    horizon: bool,
    /// Brought forward by the questions inside the search ([`Schedule::answered`]): the start's
    /// question may spend what they have spent, and nothing else is asked.
    forward: bool,
}

/// The policy: counts in, decisions out (see the module doc).
#[derive(Debug, Clone)]
pub struct Schedule {
    /// Moves of the first stretch (0: the start's questions are asked in full before the search).
    stretch: u64,
    /// Whether the reach bound inside the search is asked only while it pays (off: on every new state
    /// near the start, from the first move).
    gate: bool,
    /// [`FIRST_SHARE`], or what the caller's limits say.
    first_share: u64,
    /// The reach bound is asked on states at most this many moves below the start (0: none).
    depth: u16,
    mark: Option<Mark>,
    /// The mark's move count (`u64::MAX` for none): the one count the search compares per move.
    next_mark: u64,
    /// New states near the start with a nearly full rail met so far: the reach bound's chances.
    chances: u64,
    /// Settled states searched all the same, and the moves played below them.
    probes: u64,
    probe_moves: u64,
    /// Work units of every question asked inside the search (and on the open path).
    work: u64,
    /// The work the start's reach question was last allowed.
    start_work: u64,
    /// Questions inside the search that settled their state, in all and by the queue index that did.
    settled: u64,
    settled_at: [u64; REACH_SPAN],
}

impl Schedule {
    /// A schedule whose first stretch is `stretch` moves, whose first mark may spend one part in
    /// `first_share`, asking the reach bound inside the search at most `depth` moves below the start
    /// (0: only about the start), gated by what it pays when `gate`.
    pub fn new(stretch: u64, gate: bool, first_share: u64, depth: u16) -> Self {
        Schedule {
            stretch,
            gate,
            first_share: first_share.max(1),
            depth,
            mark: None,
            next_mark: u64::MAX,
            chances: 0,
            probes: 0,
            probe_moves: 0,
            work: 0,
            start_work: 0,
            settled: 0,
            settled_at: [0; REACH_SPAN],
        }
    }

    /// A search begins at `nodes` moves of a budget of `limit`, with the reach and horizon questions
    /// about its start wanted. Whether to ask them now, in full: with a budget shorter than the
    /// stretch (or no stretch); otherwise they wait for the first mark.
    pub fn begin(&mut self, nodes: u64, limit: u64, reach: bool, horizon: bool) -> bool {
        self.set_mark(None);
        if !reach && !horizon {
            return false;
        }
        let at = nodes.saturating_add(self.stretch);
        if self.stretch == 0 || at >= limit {
            return true;
        }
        self.set_mark(Some(Mark {
            at,
            first: true,
            reach,
            horizon,
            forward: false,
        }));
        false
    }

    /// The move count at which the next mark is due (`u64::MAX`: none).
    #[inline]
    pub fn next_mark(&self) -> u64 {
        self.next_mark
    }

    fn set_mark(&mut self, mark: Option<Mark>) {
        self.mark = mark;
        self.next_mark = mark.map_or(u64::MAX, |m| m.at);
    }

    /// The questions due at `nodes` moves, if a mark is due: taken off, so that each is asked once.
    pub fn due(&mut self, nodes: u64) -> Option<Due> {
        let mark = self.mark.filter(|m| nodes >= m.at)?;
        self.set_mark(None);
        let share = if mark.first {
            self.first_share
        } else {
            LATER_SHARE
        };
        // A mark brought forward is paid for in the coin of the questions that brought it: what they
        // have spent. The open path's questions share the start's allowance.
        let allowance = if mark.forward {
            self.work
        } else {
            nodes.saturating_mul(WORK_PER_MOVE) / share
        };
        self.start_work = allowance;
        Some(Due {
            allowance,
            first: mark.first,
            path: mark.first && self.depth > 0,
            reach: mark.reach,
            horizon: mark.horizon && !mark.first && !mark.forward,
            mark,
        })
    }

    /// Whether the reach bound is asked at a mark about the open path's state `depth` moves below the
    /// start, with `free` rail places and `work` units of the allowance left.
    pub fn on_path(&self, due: &Due, depth: u16, free: u8, work: u64) -> bool {
        due.path && free <= REACH_FREE && depth <= self.depth && work > 0
    }

    /// The questions of `due` were asked at `nodes` of a budget of `limit`: `settled` the start, or
    /// not, its reach question `again` cut short by its work. Sets the next mark, four times further:
    /// for that question, and for the horizon bound still waiting for its mark.
    pub fn asked(&mut self, due: &Due, nodes: u64, limit: u64, settled: bool, again: bool) {
        let horizon = due.mark.horizon && !due.horizon;
        if settled || !(again || horizon) {
            return;
        }
        let at = nodes.saturating_mul(4);
        if at < limit {
            self.set_mark(Some(Mark {
                at,
                first: false,
                reach: again,
                horizon,
                forward: false,
            }));
        }
    }

    /// Whether to ask the reach bound about a new state `depth` moves below the start, at `nodes`
    /// moves, whose rail has `free()` free places (counted only if the cheaper conditions hold).
    #[inline]
    pub fn inside(&mut self, nodes: u64, depth: u16, free: impl FnOnce() -> u8) -> Inside {
        if depth == 0
            || depth > self.depth
            || (self.gate && nodes < self.stretch)
            || free() > REACH_FREE
        {
            return Inside::Skip;
        }
        if !self.gate {
            return Inside::Ask;
        }
        self.chances += 1;
        let pays = self.pays();
        let every = if pays && self.probes >= REACH_SURE {
            REACH_SAMPLE_SURE
        } else {
            REACH_SAMPLE
        };
        if self.chances % every == 1 {
            Inside::Sample
        } else if pays {
            Inside::Ask
        } else {
            Inside::Skip
        }
    }

    /// Whether the reach bound inside the search pays for its questions: the moves its settled states
    /// save (the average below those searched all the same, times every state it settled) against
    /// the work of all its questions, in moves.
    fn pays(&self) -> bool {
        let saved = u128::from(self.probe_moves)
            * u128::from(self.settled)
            * u128::from(WORK_PER_MOVE * REACH_GATE_SLACK);
        self.probes == 0 || saved >= u128::from(self.work) * u128::from(self.probes)
    }

    /// Queue indices the next question inside the search looks at: [`REACH_SPAN`] until
    /// [`REACH_SURE`] questions have settled their state, then one beyond the deepest index at which
    /// at least one in [`REACH_SPAN_RARE`] of them did.
    pub fn inner_span(&self) -> usize {
        if self.settled < REACH_SURE {
            return REACH_SPAN;
        }
        let often = |k: &usize| self.settled_at[*k] * REACH_SPAN_RARE >= self.settled;
        let deepest = (0..REACH_SPAN).rev().find(often).unwrap_or(0);
        (deepest + 2).min(REACH_SPAN)
    }

    /// A reach question inside the search (or on the open path) was answered at `nodes` moves,
    /// spending `work` units, and settled its state at queue index `settled_at` (or not). While the
    /// start's question is open (cut short by its work) and these have spent twice what it was
    /// allowed, its next mark comes forward to the next move: when the states near the start keep
    /// being settled, the start is the question most worth its work.
    pub fn answered(&mut self, nodes: u64, work: u64, settled_at: Option<usize>) {
        self.work += work;
        if let Some(k) = settled_at {
            self.settled += 1;
            self.settled_at[k.min(REACH_SPAN - 1)] += 1;
        }
        if let Some(m) = self.mark.filter(|m| m.reach && !m.first) {
            if self.work >= self.start_work.saturating_mul(2) {
                self.set_mark(Some(Mark {
                    at: nodes,
                    forward: true,
                    ..m
                }));
            }
        }
    }

    /// A settled state searched all the same ([`Inside::Sample`]) played `moves` moves.
    pub fn probed(&mut self, moves: u64) {
        self.probes += 1;
        self.probe_moves += moves;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped schedule: asking inside up to 16 moves below the start.
    fn shipped() -> Schedule {
        Schedule::new(HORIZON_AFTER, true, FIRST_SHARE, 16)
    }

    /// What `inside` answers for the next `n` chances on a tight rail past the stretch.
    fn answers(s: &mut Schedule, n: usize) -> Vec<Inside> {
        (0..n).map(|_| s.inside(HORIZON_AFTER, 3, || 1)).collect()
    }

    /// The shipped schedule after `n` settled questions of `work` units each, each state searched all
    /// the same, `moves` moves below it.
    fn measured(n: u64, work: u64, moves: u64) -> Schedule {
        let mut s = shipped();
        for _ in 0..n {
            s.answered(HORIZON_AFTER, work, Some(0));
            s.probed(moves);
        }
        s
    }

    /// The shipped schedule at its first mark, the start's reach question (and the horizon bound's,
    /// when `horizon`) wanted, and what is due there.
    fn first_mark(horizon: bool) -> (Schedule, Due) {
        let mut s = shipped();
        assert!(!s.begin(0, u64::MAX, true, horizon));
        let due = s.due(HORIZON_AFTER).expect("due at the stretch");
        (s, due)
    }

    /// How many of `answers` are `x`.
    fn count(answers: &[Inside], x: Inside) -> usize {
        answers.iter().filter(|&&a| a == x).count()
    }

    #[test]
    fn it_reads_counts_only() {
        // Nothing from outside the module (no game state, no clock, no hash map): what it decides
        // from is in its arguments, all counts.
        let code = include_str!("schedule.rs");
        let policy = &code[..code.find("#[cfg(test)]").unwrap()];
        let uses: Vec<&str> = policy
            .lines()
            .filter(|l| l.trim_start().starts_with("use "))
            .collect();
        assert!(uses.is_empty(), "{uses:?}");
    }

    #[test]
    fn nothing_is_asked_inside_before_the_stretch_far_from_the_start_or_on_a_loose_rail() {
        let mut s = shipped();
        assert_eq!(s.inside(HORIZON_AFTER - 1, 3, || 0), Inside::Skip);
        assert_eq!(s.inside(HORIZON_AFTER, 0, || 0), Inside::Skip);
        assert_eq!(s.inside(HORIZON_AFTER, 17, || 0), Inside::Skip);
        assert_eq!(s.inside(HORIZON_AFTER, 3, || REACH_FREE + 1), Inside::Skip);
        // None of those counted as a chance: the first real one is a sample.
        assert_eq!(s.inside(HORIZON_AFTER, 16, || REACH_FREE), Inside::Sample);
        let mut off = Schedule::new(HORIZON_AFTER, true, FIRST_SHARE, 0);
        assert_eq!(off.inside(HORIZON_AFTER, 1, || 0), Inside::Skip);
    }

    #[test]
    fn ungated_it_asks_every_near_tight_state_from_the_first_move() {
        let mut s = Schedule::new(HORIZON_AFTER, false, FIRST_SHARE, 16);
        assert!((0..100).all(|_| s.inside(0, 1, || 0) == Inside::Ask));
    }

    #[test]
    fn before_any_measure_it_asks_and_samples_one_in_sixteen() {
        let mut s = shipped();
        let a = answers(&mut s, 2 * REACH_SAMPLE as usize);
        let samples: Vec<usize> = (0..a.len()).filter(|&k| a[k] == Inside::Sample).collect();
        assert_eq!(samples, [0, REACH_SAMPLE as usize]);
        assert_eq!(count(&a, Inside::Skip), 0);
    }

    #[test]
    fn a_bound_that_saves_nothing_is_only_sampled() {
        let mut s = measured(1, 1_000, 0);
        let a = answers(&mut s, 3 * REACH_SAMPLE as usize);
        assert_eq!((count(&a, Inside::Ask), count(&a, Inside::Sample)), (0, 3));
    }

    #[test]
    fn the_gate_weighs_saved_moves_against_work_at_its_slack() {
        // One probe saving 50 moves, one settled state: worth 50 · 20 · 2 = 2,000 units.
        let mut s = measured(1, 2_000, 50);
        assert!(s.pays());
        s.answered(HORIZON_AFTER, 1, None);
        assert!(!s.pays(), "one unit more than the moves saved are worth");
    }

    #[test]
    fn sampling_slows_once_sure_and_paying() {
        let mut s = measured(REACH_SURE, 1, 1_000);
        let a = answers(&mut s, 2 * REACH_SAMPLE_SURE as usize);
        assert_eq!((count(&a, Inside::Skip), count(&a, Inside::Sample)), (0, 2));
    }

    #[test]
    fn the_span_narrows_to_one_beyond_where_questions_settle() {
        let mut s = shipped();
        for _ in 0..REACH_SURE - 1 {
            s.answered(0, 1, Some(1));
        }
        assert_eq!(s.inner_span(), REACH_SPAN, "not sure yet");
        s.answered(0, 1, Some(1));
        assert_eq!(s.inner_span(), 3);
        // A rare index (under one in 16) does not widen it; a common one does.
        s.answered(0, 1, Some(3));
        assert_eq!(s.inner_span(), 3);
        for _ in 0..4 {
            s.answered(0, 1, Some(3));
        }
        assert_eq!(s.inner_span(), REACH_SPAN);
        // Unsettled questions change nothing.
        let before = s.inner_span();
        s.answered(0, 1_000, None);
        assert_eq!(s.inner_span(), before);
    }

    #[test]
    fn the_start_is_asked_at_the_first_mark_unless_the_budget_is_short() {
        let mut s = shipped();
        assert!(!s.begin(0, u64::MAX, false, false), "nothing wanted");
        assert_eq!(s.next_mark(), u64::MAX);
        assert!(!s.begin(100, u64::MAX, true, true));
        assert_eq!(s.next_mark(), 100 + HORIZON_AFTER);
        assert_eq!(s.due(100 + HORIZON_AFTER - 1), None);
        assert!(
            s.begin(0, HORIZON_AFTER, true, false),
            "budget within the stretch"
        );
        assert!(Schedule::new(0, true, FIRST_SHARE, 16).begin(0, u64::MAX, true, true));
    }

    #[test]
    fn the_first_mark_shares_its_allowance_and_leaves_the_horizon_for_the_second() {
        let (mut s, due) = first_mark(true);
        assert_eq!(due.allowance, HORIZON_AFTER * WORK_PER_MOVE / FIRST_SHARE);
        assert!(due.path && due.reach && !due.horizon);
        assert_eq!(s.due(HORIZON_AFTER), None, "taken off");
        assert!(s.on_path(&due, 16, REACH_FREE, 1));
        assert!(!s.on_path(&due, 17, REACH_FREE, 1));
        assert!(!s.on_path(&due, 16, REACH_FREE + 1, 1));
        assert!(!s.on_path(&due, 16, REACH_FREE, 0));
        // The start not settled and its question answered: only the horizon is left, four times on.
        s.asked(&due, HORIZON_AFTER, u64::MAX, false, false);
        assert_eq!(s.next_mark(), 4 * HORIZON_AFTER);
        let second = s.due(4 * HORIZON_AFTER).unwrap();
        assert!(!second.path && !second.reach && second.horizon);
        assert_eq!(
            second.allowance,
            4 * HORIZON_AFTER * WORK_PER_MOVE / LATER_SHARE
        );
        s.asked(&second, 4 * HORIZON_AFTER, u64::MAX, false, false);
        assert_eq!(s.next_mark(), u64::MAX, "nothing left to ask");
    }

    #[test]
    fn a_question_cut_short_is_asked_again_within_the_budget_only() {
        let (mut s, due) = first_mark(false);
        s.asked(&due, HORIZON_AFTER, u64::MAX, false, true);
        assert_eq!(s.next_mark(), 4 * HORIZON_AFTER);
        let again = s.due(4 * HORIZON_AFTER).unwrap();
        assert!(again.reach && !again.path && !again.horizon);
        s.asked(&again, 4 * HORIZON_AFTER, 16 * HORIZON_AFTER, false, true);
        assert_eq!(s.next_mark(), u64::MAX, "past the budget");
        // A settled start asks nothing more.
        let (mut s, due) = first_mark(true);
        s.asked(&due, HORIZON_AFTER, u64::MAX, true, true);
        assert_eq!(s.next_mark(), u64::MAX);
    }

    #[test]
    fn questions_inside_that_spend_twice_the_start_bring_its_mark_forward() {
        let (mut s, due) = first_mark(false);
        s.asked(&due, HORIZON_AFTER, u64::MAX, false, true);
        let allowed = due.allowance;
        s.answered(3_000, 2 * allowed - 1, None);
        assert_eq!(s.next_mark(), 4 * HORIZON_AFTER);
        s.answered(3_001, 1, None);
        assert_eq!(s.next_mark(), 3_001);
        let forward = s.due(3_001).unwrap();
        assert_eq!(forward.allowance, 2 * allowed, "what they spent");
        assert!(forward.reach && !forward.path && !forward.horizon);
    }
}
