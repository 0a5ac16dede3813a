//! The reach bound: rail pressure from the crate queue, over the screws that can be reached at all
//! while the rail has to hold every screw of a colour whose crate is not yet in sight.
//!
//! **The closure.** Fix a state `S` and a set `A` of screws allowed out. `R(A)` is the least set with:
//! `x ∈ A` is in `R(A)` when every part `P` on a higher layer that covers `x`'s cell in `S` either has
//! all its screws still in the board inside `R(A)` (it can fall), or all but one screw `s` whose hang
//! pose misses `x`'s cell (it can swing away on `s`). *Claim*: in any play from `S` that removes only
//! screws of `A`, every removed screw is in `R(A)`. By induction over the removals: when `x` is tapped,
//! each `P` covering it in `S` covers it no more; poses only move forward (rest → hanging → fallen),
//! so `P` has fallen (its other screws were removed before, so they are in `R(A)`) or hangs from an `s`
//! whose hang pose misses `x` (all but `s` removed before). What is ignored (parts that swing over `x`
//! later, crate room, wrench charges) only lets more in, so the claim holds for the relaxation.
//!
//! **The pressure.** As in [`crate::horizon`]: let `q` be the queue position; the crate at queue index
//! `a ≥ q` is pulled by the `(a − q + 1)`-th seal from now, and those seals are of crates in
//! `C(a) = active ∪ queue[q..a)`. Screws of `closed(a)` colours (no crate in `C(a)`) removed before that
//! pull wait on the rail with the `closed(a)` screws already there: at most
//! `budget(a) = rail − rail_closed(a)` of them. Take a play to that pull and `Z` the closed screws it
//! removed, in the order removed: `z₁` is tapped when only open screws are out, so `z₁` passes the
//! closure's test over `R(open)`; `z₂` over `R(open ∪ {z₁})`; and so on. So enumerating, up to
//! `budget(a)` deep, closed screws that pass the test over the closure so far meets the play's `Z`,
//! and every screw the play removed lies in that closure. The seals need, per colour `e`, distinct
//! screws of `e` on the rail or removed: crate `k` of `C(a)` takes `room_k` of them, so at most the
//! crates of `e` with the smallest rooms that fit `|R ∩ e| + rail_e` can seal. If no enumerated
//! closure seals `a − q + 1` crates, the crate at `a` is never pulled and `S` has no win. A set of
//! closed screws met again in another order has the same closure (the least fixpoint over the same
//! allowed set) and the same budget left, so it is explored once.
//!
//! Where [`crate::horizon`] bounds each screw's cost on its own, this counts the screws reachable
//! together under one budget, which is what settles boards whose rail of one or two places is shut by
//! a colour whose crates come late.
//!
//! **Cost.** Each closure is a few passes over the allowed screws with one mask test per covering
//! part; the enumeration is capped at [`MAX_CLOSURES`] closures per question, and at the work the
//! caller allows ([`Ask`]; past either cap the answer is "not settled", which is always sound). The
//! work (covers tested, listed or read) is counted, not timed: it follows the question's time (about
//! 100 instructions a unit, measured with callgrind) and keeps a caller that weighs it
//! deterministic. The scan over queue indices stops once the closed screws all fit the rail, as
//! every later index then does too. These keep a question cheap enough to ask inside the search
//! (where a rail with one free place makes it a closure or two per index):
//! - the parts covering a screw *now* are listed once per question, when its test is first read
//!   (with the rail full an index tests only the open colours' screws, so most are never listed), into
//!   buffers the search keeps between questions ([`Scratch`]), and a screw no part covers passes every
//!   test at once;
//! - a closure tests again only the screws whose covers can hold a screw just added (the level's
//!   possible readers of it, listed once per level), not every screw still outside;
//! - `R(open(a)) ⊆ R(open(a + 1))` (the least fixpoint is monotone in the allowed set, and the open
//!   colours only grow with `a`), so each index grows the last index's closure;
//! - the last closed screw of an enumeration is taken only from the parts covering an allowed screw
//!   outside the closure: any other changes no screw's test, so its closure is the closure so far
//!   plus itself, which seals no more (its colour is closed);
//! - the covers are listed only for the covered screws still in the board, the crates of `C(a)` are
//!   kept per colour and room as `a` grows (the seal count reads nothing else, so it is a few steps
//!   per open colour, not a pass over the crates per crate), and an index's first closure, already
//!   grown from the last index's, is not computed again;
//! - inside the search a question looks at a few queue indices only ([`Reach::settle_within`]):
//!   answering "not settled" sooner is always sound.

use screwsmith_rules::cells::{bits, Mask};
use screwsmith_rules::level::validate::PALETTE_SIZE;
use screwsmith_rules::sim::crates::CRATE_SIZE;
use screwsmith_rules::sim::{CompiledLevel, GameSim};

use super::covers::Covers;
use super::horizon::rail_colours;

const COLOURS: usize = PALETTE_SIZE as usize;

/// Closures computed per question before the bound gives up (answers "not settled").
pub const MAX_CLOSURES: u32 = 512;

/// Most crates a question looks at (active plus queued): more is never decided (not dead).
const MAX_CRATES: usize = 64;

/// What one question may spend before it answers "not settled" (always sound): closures computed,
/// queue indices looked at from the queue position, and work units (a cover tested, listed or read:
/// a count that follows the question's time, so a caller can weigh it against moves played without
/// reading a clock, and the search stays deterministic).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ask {
    pub closures: u32,
    pub span: usize,
    pub work: u64,
}

impl Ask {
    /// At most `closures` closures, nothing else capped.
    pub const fn closures(closures: u32) -> Self {
        Ask {
            closures,
            span: usize::MAX,
            work: u64::MAX,
        }
    }
}

/// What the bound needs to know about a level, computed once per search.
#[derive(Debug, Clone)]
pub struct Reach {
    /// Screws per palette colour.
    colours: [Mask; COLOURS],
    /// The parts that can ever cover each screw.
    covers: Covers,
    /// Per screw `y`, the screws one of whose possible covers holds `y`: every screw whose test can
    /// read `y` (the covers of a state are among the possible ones).
    readers: Vec<Mask>,
    #[cfg(feature = "bug-switches")]
    bugs: super::bugs::Bugs,
}

/// Buffers a question fills, kept between questions by a caller that asks many (the search), so that
/// a question allocates nothing: the covers listed so far and the allowed sets met.
#[derive(Debug, Clone)]
pub struct Scratch {
    /// Work units the last question spent (see [`Reach::settle_in`]).
    pub work: u64,
    /// The queue index, counted from the queue position, at which the last question that settled
    /// its state did so.
    pub settled_at: usize,
    spans: [(u16, u16); 128],
    deps: [Mask; 128],
    covers: Vec<(Mask, Mask)>,
    seen: Vec<Mask>,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            work: 0,
            settled_at: 0,
            spans: [(0, 0); 128],
            deps: [0; 128],
            covers: Vec::with_capacity(64),
            seen: Vec::with_capacity(64),
        }
    }
}

/// The covers of the board screws in one state, listed when first read: per covered screw `x`, the
/// parts covering it now as (their screws still in the board, the saviours among them),
/// `covers[spans[x].0..spans[x].1]`. Listing them lazily changes no answer (a screw's covers are a
/// function of the state alone) and skips the screws a question never tests: with the rail full, an
/// index tests only the open colours' screws.
struct Needs<'a> {
    reach: &'a Reach,
    sim: &'a GameSim,
    board: Mask,
    /// Board screws no part covers now (they pass every test).
    free: Mask,
    /// Covered board screws whose covers are listed (`spans` of any other entry is never read).
    listed: Mask,
    spans: &'a mut [(u16, u16); 128],
    /// Per listed screw, every board screw of its covers: the screws whose removal can change its test.
    deps: &'a mut [Mask; 128],
    covers: &'a mut Vec<(Mask, Mask)>,
    /// Work units spent so far: a cover test, a cover listed or a dependency read each count one.
    work: u64,
    #[cfg(feature = "bug-switches")]
    needs_fall: bool,
}

impl<'a> Needs<'a> {
    /// The sim's board screws' covers, to be listed from the level's possible covers.
    fn of(
        reach: &'a Reach,
        sim: &'a GameSim,
        board: Mask,
        spans: &'a mut [(u16, u16); 128],
        deps: &'a mut [Mask; 128],
        covers: &'a mut Vec<(Mask, Mask)>,
    ) -> Self {
        covers.clear();
        Needs {
            reach,
            sim,
            board,
            free: sim.accessible_mask(),
            listed: 0,
            spans,
            deps,
            covers,
            work: 0,
            #[cfg(feature = "bug-switches")]
            needs_fall: reach.bugs.reach_needs_fall,
        }
    }

    /// The range of covered board screw `x`'s covers, listing them on first use.
    #[inline(always)]
    fn span(&mut self, x: usize) -> (usize, usize) {
        if self.listed >> x & 1 == 0 {
            self.list(x);
        }
        let (from, to) = self.spans[x];
        (from as usize, to as usize)
    }

    #[inline(never)]
    fn list(&mut self, x: usize) {
        let from = self.covers.len() as u16;
        let cell = self.sim.level().screws()[x].cell;
        let (poses, board) = (self.sim.poses(), self.board);
        let mut dep = 0;
        let possible = self.reach.covers.of_screw(x);
        self.work += possible.len() as u64;
        for c in possible {
            if poses[c.part as usize] & cell != 0 {
                let left = c.screws & board;
                dep |= left;
                self.covers.push((left, c.saviours));
            }
        }
        self.spans[x] = (from, self.covers.len() as u16);
        self.deps[x] = dep;
        self.listed |= 1 << x;
    }

    /// Whether `x` passes the closure's test over `r`.
    #[inline]
    fn removable(&mut self, x: usize, r: Mask) -> bool {
        self.work += 1;
        if self.free >> x & 1 == 1 {
            return true; // no part covers it: every cover's test passes
        }
        let (from, to) = self.span(x);
        #[cfg(feature = "bug-switches")]
        let needs_fall = self.needs_fall;
        self.covers[from..to].iter().all(|&(left, saviours)| {
            let missing = left & !r;
            #[cfg(feature = "bug-switches")]
            if needs_fall {
                return missing == 0;
            }
            missing == 0 || (missing & (missing - 1) == 0 && missing & saviours != 0)
        })
    }

    /// Every board screw of a part covering covered board screw `x` now.
    #[inline(always)]
    fn dep(&mut self, x: usize) -> Mask {
        self.work += 1;
        if self.listed >> x & 1 == 0 {
            self.list(x);
        }
        self.deps[x]
    }

    /// Every board screw of a part covering one of `targets` now: the screws whose removal can change
    /// a target's test.
    #[inline]
    fn unlockers(&mut self, targets: Mask) -> Mask {
        let mut out = 0;
        for x in bits(targets & !self.free) {
            out |= self.dep(x as usize);
        }
        out
    }

    /// The screws of `pending` (covered board screws that failed their test earlier in this question)
    /// whose test reads a screw of `added`. Only the level's possible readers of `added` are looked
    /// at, and each pending screw was listed when it was tested, so nothing is listed here.
    #[inline]
    fn touched(&mut self, pending: Mask, added: Mask) -> Mask {
        let mut near = 0;
        for y in bits(added) {
            near |= self.reach.readers[y as usize];
        }
        let mut out = 0;
        for x in bits(pending & near) {
            if self.dep(x as usize) & added != 0 {
                out |= 1 << x;
            }
        }
        out
    }

    /// `R(allowed)` grown from `r`, where `r` is `R(allowed')` for some `allowed' ⊆ allowed` plus the
    /// screws `added` (each in `allowed`), and `test` holds every screw of `allowed \ allowed'`.
    ///
    /// A worklist over the tests: a screw's test reads only the screws of its covers (`dep`), so a
    /// screw outside `r` that failed its test fails it again until one of those joins `r`. Only the
    /// new screws and those whose covers hold a screw added since are tested again, which gives the
    /// same least fixpoint as testing every screw outside `r` until nothing changes.
    fn closure(&mut self, allowed: Mask, mut r: Mask, test: Mask, added: Mask) -> Mask {
        let fresh = allowed & self.free & !r;
        r |= fresh;
        let mut pending = allowed & !r;
        let mut test = (test & pending) | self.touched(pending, added | fresh);
        loop {
            let mut grew = 0;
            for x in bits(test) {
                if self.removable(x as usize, r) {
                    r |= 1 << x;
                    grew |= 1 << x;
                }
            }
            if grew == 0 {
                return r;
            }
            pending &= !grew;
            test = self.touched(pending, grew);
        }
    }
}

/// One queue index's question: the crates that may seal before its pull (per colour, how many of
/// each room 1..=3; `open` has a bit per colour with one), how many must, the closed screws in the
/// board, and the rail screws per colour.
struct Question<'a> {
    rooms: &'a [[u8; CRATE_SIZE as usize]; COLOURS],
    open: u32,
    needed: u32,
    closed: Mask,
    on_rail: &'a [u32; COLOURS],
}

/// The crates of `C(a)` as the queue index `a` grows: per colour, how many of each room 1..=3 (all
/// the seal count reads), the colours they open (a bit each) and those colours' screws, and the rail
/// screws of the other colours.
struct Crates {
    rooms: [[u8; CRATE_SIZE as usize]; COLOURS],
    n: usize,
    colours: u32,
    open: Mask,
    rail_closed: u32,
}

impl Crates {
    /// One more crate of `colour` with `room` places left.
    fn add(&mut self, reach: &Reach, on_rail: &[u32; COLOURS], colour: u8, room: u8) {
        let c = colour as usize % COLOURS;
        if (1..=CRATE_SIZE).contains(&room) {
            self.rooms[c][room as usize - 1] += 1;
        }
        if self.colours >> c & 1 == 0 {
            self.colours |= 1 << c;
            self.open |= reach.colours[c];
            if reach.colours[c] != 0 {
                self.rail_closed -= on_rail[c];
            }
        }
        self.n += 1;
    }
}

/// One question's enumeration: closures computed (over all indices) and allowed sets met (sorted).
struct Walk<'a> {
    ask: Ask,
    closures: &'a mut u32,
    seen: &'a mut Vec<Mask>,
}

impl Reach {
    /// The level's colours and possible covers.
    pub fn of(
        level: &CompiledLevel,
        #[cfg(feature = "bug-switches")] bugs: super::bugs::Bugs,
    ) -> Self {
        Self::with_covers(
            level,
            Covers::of(level),
            #[cfg(feature = "bug-switches")]
            bugs,
        )
    }

    /// [`Reach::of`] with the level's possible covers already listed (the search's dead-state bound
    /// has them).
    pub fn with_covers(
        level: &CompiledLevel,
        covers: Covers,
        #[cfg(feature = "bug-switches")] bugs: super::bugs::Bugs,
    ) -> Self {
        let mut colours = [0; COLOURS];
        for (i, s) in level.screws().iter().enumerate() {
            colours[s.color as usize % COLOURS] |= 1u128 << i;
        }
        let mut readers = vec![0 as Mask; level.screws().len()];
        for x in 0..readers.len() {
            for c in covers.of_screw(x) {
                for y in bits(c.screws) {
                    readers[y as usize] |= 1 << x;
                }
            }
        }
        Reach {
            colours,
            covers,
            readers,
            #[cfg(feature = "bug-switches")]
            bugs,
        }
    }

    /// Whether the bound shows no win from the sim's state (within [`MAX_CLOSURES`]).
    pub fn is_dead(&self, sim: &GameSim) -> bool {
        self.settle(sim, MAX_CLOSURES) == Some(true)
    }

    /// Whether the bound shows no win from the sim's state, computing at most `cap` closures; `None`
    /// when it passed the cap before an answer.
    pub fn settle(&self, sim: &GameSim, cap: u32) -> Option<bool> {
        self.settle_within(sim, cap, usize::MAX)
    }

    /// [`Reach::settle`] over at most `span` queue indices from the queue position: a question asked
    /// inside the search, where the states it settles are settled within the first few (stopping
    /// early only answers "not settled", which is always sound).
    pub fn settle_within(&self, sim: &GameSim, cap: u32, span: usize) -> Option<bool> {
        let ask = Ask {
            span,
            ..Ask::closures(cap)
        };
        self.settle_in(sim, ask, &mut Scratch::default())
    }

    /// The question within `ask`, in the caller's buffers (no allocation); the work it spent is left
    /// in `scratch.work`.
    pub fn settle_in(&self, sim: &GameSim, ask: Ask, scratch: &mut Scratch) -> Option<bool> {
        let board = sim.level().all_screws() & !sim.removed_mask();
        let Scratch {
            work,
            settled_at,
            spans,
            deps,
            covers,
            seen,
        } = scratch;
        let mut needs = Needs::of(self, sim, board, spans, deps, covers);
        let answer = self.answer(sim, ask, &mut needs, seen, settled_at);
        *work = needs.work;
        answer
    }

    /// [`Reach::settle_in`]'s question over the covers `needs` lists.
    fn answer(
        &self,
        sim: &GameSim,
        ask: Ask,
        needs: &mut Needs,
        seen: &mut Vec<Mask>,
        settled_at: &mut usize,
    ) -> Option<bool> {
        let level = sim.level();
        let board = needs.board;
        let rail_len = sim.rail().len() as u32;
        let on_rail = rail_colours(sim);
        let mut c_a = Crates {
            rooms: [[0; CRATE_SIZE as usize]; COLOURS],
            n: 0,
            colours: 0,
            open: 0,
            rail_closed: on_rail.iter().sum(),
        };
        for c in sim.crates().iter().filter(|c| c.is_active()) {
            if c_a.n == MAX_CRATES {
                break;
            }
            c_a.add(self, &on_rail, c.color, CRATE_SIZE - c.fill);
        }
        let mut before: Mask = 0; // the open screws of the last index
        let mut closures = 0u32;
        let mut base: Mask = 0;
        let queue = level.queue();
        let start = sim.next_crate() as usize;
        for a in start..queue.len().min(start.saturating_add(ask.span)) {
            if needs.work > ask.work {
                return self.cut_short();
            }
            if a > start {
                if c_a.n == MAX_CRATES {
                    return Some(false);
                }
                c_a.add(self, &on_rail, queue[a - 1], CRATE_SIZE);
            }
            let (open, rail_closed) = (c_a.open, c_a.rail_closed);
            let closed = board & !open;
            if closed.count_ones() + rail_closed <= rail_len {
                return Some(false); // every later index fits too
            }
            #[allow(unused_mut)]
            let mut needed = (a - start + 1) as u32;
            #[cfg(feature = "bug-switches")]
            if self.bugs.reach_one_seal_more {
                needed += 1;
            }
            let question = Question {
                rooms: &c_a.rooms,
                open: c_a.colours,
                needed,
                closed,
                on_rail: &on_rail,
            };
            let budget = rail_len.saturating_sub(rail_closed);
            seen.clear();
            let mut walk = Walk {
                ask,
                closures: &mut closures,
                seen: &mut *seen,
            };
            // The closure of the open screws only grows with the index (so does the open set): grow
            // the last index's instead of starting from nothing.
            base = needs.closure(board & open, base, board & open & !before, 0);
            before = board & open;
            match self.feasible(needs, &question, board & open, base, 0, budget, &mut walk) {
                Some(true) => {}
                Some(false) => {
                    *settled_at = a - start;
                    return Some(true);
                }
                None if needs.work > ask.work => return self.cut_short(),
                None => return None, // over the cap: not settled
            }
        }
        Some(false)
    }

    /// The answer of a question cut short by its work: "not settled", always sound (the breaking
    /// switch says "no win" instead).
    fn cut_short(&self) -> Option<bool> {
        #[cfg(feature = "bug-switches")]
        if self.bugs.cut_short_is_dead {
            return Some(true);
        }
        None
    }

    /// Whether some closure reached from `r` with at most `budget` more closed screws seals enough
    /// crates (`r` is `R(allowed)` but for the screws `added` just put in it, 0 when it is
    /// `R(allowed)` already); `None` once the cap on closures is passed.
    #[allow(clippy::too_many_arguments)]
    fn feasible(
        &self,
        needs: &mut Needs,
        q: &Question,
        allowed: Mask,
        r: Mask,
        added: Mask,
        budget: u32,
        walk: &mut Walk,
    ) -> Option<bool> {
        // The same allowed set met in another order has the same closure and budget: no new answer.
        match walk.seen.binary_search(&allowed) {
            Ok(_) => return Some(false),
            Err(at) => walk.seen.insert(at, allowed),
        }
        *walk.closures += 1;
        if *walk.closures > walk.ask.closures || needs.work > walk.ask.work {
            return None;
        }
        let r = if added == 0 {
            r
        } else {
            needs.closure(allowed, r, 0, added)
        };
        if self.seals(q, r) >= q.needed {
            return Some(true);
        }
        if budget == 0 {
            return Some(false);
        }
        // A last closed screw in no part covering an allowed screw outside `r` changes no test, so
        // its closure is `r` and itself, which seals what `r` seals (its colour is closed): skip it.
        let mut candidates = q.closed & !r;
        if budget == 1 {
            candidates &= needs.unlockers(allowed & !r);
        }
        for z in bits(candidates) {
            if needs.removable(z as usize, r)
                && self.feasible(
                    needs,
                    q,
                    allowed | 1 << z,
                    r | 1 << z,
                    1 << z,
                    budget - 1,
                    walk,
                )?
            {
                return Some(true);
            }
        }
        Some(false)
    }

    /// How many crates of the question can seal with the screws of `r` and the rail: per colour, the
    /// crates with the smallest rooms that fit.
    fn seals(&self, q: &Question, r: Mask) -> u32 {
        let mut sealed = 0;
        for c in bits(q.open as Mask) {
            let c = c as usize;
            let mut left = (r & self.colours[c]).count_ones() + q.on_rail[c];
            // Rooms are 1..=3: the crates of this colour by room, smallest first, while they fit.
            for (k, &count) in q.rooms[c].iter().enumerate() {
                let room = k as u32 + 1;
                let fit = (left / room).min(count as u32);
                sealed += fit;
                left -= fit * room;
                if fit < count as u32 {
                    break;
                }
            }
        }
        sealed
    }
}
