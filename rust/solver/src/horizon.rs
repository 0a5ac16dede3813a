//! The queue-horizon bound: rail pressure from the crate queue, over the forced precedence of
//! [`crate::forced`]. Where [`crate::dead`] looks only as far as the next seal, this looks at every
//! crate still queued: a colour whose crate comes late fills the rail with every screw of it that has
//! to leave before then.
//!
//! **Why it is sound.** Let `q` be the queue position, `A` the active crates. A win seals every crate,
//! so the crate at every queue index `a ≥ q` is pulled, and it is pulled by the `(a − q + 1)`-th seal
//! from now (one crate per seal, in queue order). Let `closed(a)` be the colours with no active crate
//! and none in `queue[q..a)`. Until that seal no crate of a `closed(a)` colour is active, so every screw
//! of those colours removed before it goes to the rail and stays there (screws leave the rail only by
//! flowing into a newly pulled crate of their colour). So the rail must hold, at once, the
//! `closed(a)` screws on it now plus every `closed(a)` screw removed before that seal: at most
//! `rail − rail_closed(a)` new ones (`budget(a)`).
//!
//! The seals before it are seals of crates in `C(a) = A ∪ queue[q..a)` (nothing else has been pulled),
//! `a − q + 1` of them. Sealing crate `j` of colour `e` takes `3 − fill_j` more screws of `e`: screws
//! on the rail now (they may flow into a pulled crate; they cost nothing) or screws `x` still in the
//! board, each removed before the seal, after every screw that must leave before it. So crate `j`
//! cannot seal in time unless `3 − fill_j` of its candidate screws each force at most `budget(a)`
//! screws of `closed(a)` colours out first. If fewer than `a − q + 1` crates of `C(a)` can, the crate
//! at `a` is never pulled and the state has no win.
//!
//! What `x` forces out, counted in `closed(a)` screws still in the board, is bounded below two ways,
//! and the larger is used:
//! - `|pre*(x)|` ([`crate::forced`]: screws that must leave whatever the order);
//! - the dead-state bound's one-layer count ([`crate::dead::Bound::uncover_cost`]: over the parts
//!   covering `x` now, the cheaper of falling and swinging away) plus `|pre*(x)|` restricted to screws
//!   of parts that can never cover `x` (`deep(x)`). The two terms count screws of disjoint sets of
//!   parts, so their sum is a lower bound.
//!
//! At `a = q` this is [`crate::dead`]'s bound with the deeper precedence added. The scan stops once
//! `closed(a)` screws, on the board and on the rail, all fit the rail: every cost then fits, and
//! `closed` only shrinks with `a`.
//!
//! **Cost.** A few population counts per colour and queue index, plus the one-layer count for covered
//! screws. The search asks it only after a move that put a screw on the rail (what raises rail
//! pressure) and at its start; elsewhere the cheaper [`crate::dead`] bound alone runs.

use screwsmith_rules::cells::{bits, Mask};
use screwsmith_rules::level::validate::PALETTE_SIZE;
use screwsmith_rules::sim::crates::CRATE_SIZE;
use screwsmith_rules::sim::rail::EMPTY;
use screwsmith_rules::sim::GameSim;

use super::dead::Bound;
use super::forced::Forced;

const COLOURS: usize = PALETTE_SIZE as usize;

/// Rail screws per palette colour.
pub(crate) fn rail_colours(sim: &GameSim) -> [u32; COLOURS] {
    let mut on_rail = [0u32; COLOURS];
    for &s in sim.rail().slots() {
        if s != EMPTY {
            on_rail[sim.level().screws()[s as usize].color as usize % COLOURS] += 1;
        }
    }
    on_rail
}

/// One queue index's view of the state: screws in the board, those of `closed(a)` colours, rail
/// screws per colour, and the rail places left for `closed(a)` screws.
struct Pressure<'a> {
    board: Mask,
    closed: Mask,
    on_rail: &'a [u32; COLOURS],
    budget: u32,
}

/// The bound for the states below one search's start.
#[derive(Debug, Clone)]
pub struct Horizon {
    forced: Forced,
    /// Per screw: its forced predecessors outside every part that can ever cover it.
    deep: Vec<Mask>,
    bound: Bound,
    /// Screws per palette colour.
    colours: [Mask; COLOURS],
    #[cfg(feature = "bug-switches")]
    bugs: super::bugs::Bugs,
}

impl Horizon {
    /// The bound below the sim's state (its forced precedence is computed here, once).
    pub fn of(sim: &GameSim, #[cfg(feature = "bug-switches")] bugs: super::bugs::Bugs) -> Self {
        let mut colours = [0; COLOURS];
        for (i, s) in sim.level().screws().iter().enumerate() {
            colours[s.color as usize % COLOURS] |= 1u128 << i;
        }
        let level = sim.level();
        let bound = Bound::of(level);
        let forced = Forced::of(sim, bound.covers());
        let deep = (0..level.screws().len())
            .map(|x| {
                let near = bound
                    .covers()
                    .of_screw(x)
                    .iter()
                    .fold(0, |m, c| m | c.screws);
                forced.before(x) & !near
            })
            .collect();
        Horizon {
            forced,
            deep,
            bound,
            colours,
            #[cfg(feature = "bug-switches")]
            bugs,
        }
    }

    /// Whether the bound shows no win from the sim's state (a descendant of the one it was built at).
    pub fn is_dead(&self, sim: &GameSim) -> bool {
        let level = sim.level();
        let board = level.all_screws() & !sim.removed_mask();
        let rail_len = sim.rail().len() as u32;
        let on_rail = rail_colours(sim);
        // Crates that can seal before the pull being looked at: (colour, room).
        let mut crates: [(u8, u8); 64] = [(0, 0); 64];
        let mut n = 0;
        let mut closed: u32 = (1 << COLOURS) - 1; // colour bits
        for c in sim.crates().iter().filter(|c| c.is_active()) {
            crates[n] = (c.color, CRATE_SIZE - c.fill);
            n += 1;
            closed &= !(1 << (c.color as usize % COLOURS));
        }
        #[cfg(feature = "bug-switches")]
        if self.bugs.horizon_counts_open {
            closed = (1 << COLOURS) - 1;
        }
        let queue = level.queue();
        let start = sim.next_crate() as usize;
        for a in start..queue.len() {
            if a > start {
                let prev = queue[a - 1];
                if n == crates.len() {
                    return false; // more crates than kept: not decided (never for a packed level)
                }
                crates[n] = (prev, CRATE_SIZE);
                n += 1;
                closed &= !(1 << (prev as usize % COLOURS));
            }
            let closed_mask = bits(closed as Mask).fold(0, |m, c| m | self.colours[c as usize]);
            let rail_closed: u32 = bits(closed as Mask).map(|c| on_rail[c as usize]).sum();
            let closed_board = board & closed_mask;
            if closed_board.count_ones() + rail_closed <= rail_len {
                return false; // every later index fits too
            }
            let pressure = Pressure {
                board,
                closed: closed_board,
                on_rail: &on_rail,
                budget: rail_len.saturating_sub(rail_closed),
            };
            let needed = (a - start + 1) as u32;
            // Cheap screws per colour, counted once per index and only as far as a crate's room (3).
            let mut cheap = [u8::MAX; COLOURS];
            let mut fit = 0u32;
            for &(colour, room) in &crates[..n] {
                let c = colour as usize % COLOURS;
                if cheap[c] == u8::MAX {
                    cheap[c] = self.cheap_screws(sim, colour, &pressure);
                }
                if room <= cheap[c] {
                    fit += 1;
                    if fit >= needed {
                        break;
                    }
                }
            }
            if fit < needed {
                return true;
            }
        }
        false
    }

    /// How many screws of `colour` (up to a crate's size) can each leave with at most `p.budget`
    /// closed screws forced out before them (rail screws of the colour cost nothing).
    #[inline]
    fn cheap_screws(&self, sim: &GameSim, colour: u8, p: &Pressure) -> u8 {
        let (closed_board, budget) = (p.closed, p.budget);
        let mut cheap = p.on_rail[colour as usize % COLOURS].min(CRATE_SIZE as u32) as u8;
        let mine = p.board & self.colours[colour as usize % COLOURS];
        // Uncovered screws first: they force nothing out.
        for _ in bits(mine & sim.accessible_mask()) {
            if cheap >= CRATE_SIZE {
                return cheap;
            }
            cheap += 1;
        }
        for x in bits(mine & !sim.accessible_mask()) {
            if cheap >= CRATE_SIZE {
                return cheap;
            }
            let x = x as usize;
            let deep = (self.deep[x] & closed_board).count_ones();
            if (self.forced.before(x) & closed_board).count_ones() <= budget
                && deep <= budget
                && deep
                    + self
                        .bound
                        .uncover_cost(sim, x, !closed_board, budget - deep)
                    <= budget
            {
                cheap += 1;
            }
        }
        cheap
    }
}
