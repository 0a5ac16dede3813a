//! Dead-state detection by a cheap necessary condition: how many rail places the level needs before
//! any crate can seal again.
//!
//! **Why it is sound.** Screws leave the rail only by flowing into a newly pulled crate, and a crate is
//! pulled only when one seals. So until the next seal nothing leaves the rail, the set of colours with
//! an accepting crate (`open`) does not change, and every screw removed whose colour is not open goes to
//! the rail. A win needs every screw removed, so from a state with `free` rail places either
//! - no crate seals again: every remaining screw of a colour that is not open goes to the rail, needing
//!   that many places; or
//! - some active crate `k` seals first: it needs `n_k = 3 − fill` more screws of its colour, each
//!   removed from the board (rail screws never flow into a crate that is already active), and each of
//!   those must first be uncovered. Uncovering screw `x` means every part covering it now must fall
//!   (all its screws removed) or swing away (all but one screw `s` removed, with `s`'s hang pose clear
//!   of `x`); the screws removed for that whose colour is not open go to the rail. `cost(x)` sums, over
//!   the parts covering `x`, the cheaper way of the two (distinct parts hold distinct screws, so the sum
//!   counts distinct removals), ignoring that those screws may be covered themselves (that only lowers
//!   the bound). The crate's `n_k` screws all have to be uncovered, so the seal needs at least the
//!   `n_k`-th smallest `cost(x)` over the board screws of its colour (none: that crate never seals).
//!
//! The state is dead when both ways need more places than are free. The bound never looks at the
//! queue, so it only prunes what the full search would also find lost; the differential tests check
//! verdicts against the plain search.
//!
//! **Why it is cheap.** It runs on every new state of a proof, so it decides without computing what it
//! does not need: a crate with enough uncovered screws of its colour can seal at no cost (the sim keeps
//! its accessible set), a covered screw's cost only looks at the parts that can ever cover its cell
//! (listed once per level), and counting stops as soon as enough screws are cheap enough — "the `n_k`-th
//! smallest cost exceeds the free places" is "fewer than `n_k` costs fit in them".

use screwsmith_rules::cells::{bits, Mask};
use screwsmith_rules::level::validate::PALETTE_SIZE;
use screwsmith_rules::sim::crates::CRATE_SIZE;
use screwsmith_rules::sim::{CompiledLevel, GameSim};

use super::covers::Covers;

/// What the bound needs to know about a level, computed once per search.
#[derive(Debug, Clone)]
pub struct Bound {
    /// Screws per palette colour.
    colours: [Mask; PALETTE_SIZE as usize],
    /// The parts that can ever cover each screw.
    covers: Covers,
}

impl Bound {
    /// The level's colours and covering parts.
    pub fn of(level: &CompiledLevel) -> Self {
        let mut colours = [0; PALETTE_SIZE as usize];
        for (i, s) in level.screws().iter().enumerate() {
            colours[s.color as usize % PALETTE_SIZE as usize] |= 1u128 << i;
        }
        Bound {
            colours,
            covers: Covers::of(level),
        }
    }

    /// The parts that can ever cover each screw.
    pub(crate) fn covers(&self) -> &Covers {
        &self.covers
    }

    /// Screws of a palette colour.
    #[inline]
    pub(crate) fn colour(&self, c: u8) -> Mask {
        self.colours[c as usize % PALETTE_SIZE as usize]
    }

    /// Whether no winning sequence can exist from the sim's state by the bound above.
    pub fn is_dead(&self, sim: &GameSim) -> bool {
        let free = (sim.rail().len() - sim.rail_occupancy()) as u32;
        let mut open = 0u128; // screws of colours with an accepting crate
        for c in sim.crates().iter().filter(|c| c.is_active()) {
            open |= self.colour(c.color);
        }
        let left = sim.level().all_screws() & !sim.removed_mask();
        if at_most(left & !open, free) {
            return false; // no crate needs to seal again
        }
        let accessible = sim.accessible_mask();
        for c in sim.crates().iter().filter(|c| c.is_active()) {
            let need = u32::from(CRATE_SIZE - c.fill);
            let mine = left & self.colour(c.color);
            if !at_most(mine & accessible, need - 1) {
                return false; // enough of them cost nothing
            }
            let mut cheap = bits(mine & accessible).count() as u32; // below `need`
            for x in bits(mine & !accessible) {
                if self.uncover_cost(sim, x as usize, open, free) <= free {
                    cheap += 1;
                    if cheap >= need {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Fewest screws of closed colours that must be removed before screw `x` can be tapped, or some
    /// number above `free` once it is known to exceed it (a lower bound: what covers those screws is
    /// not counted; following it up the layers was measured to prune almost nothing more on the
    /// benchmark set, at several times the cost).
    #[inline]
    pub(crate) fn uncover_cost(&self, sim: &GameSim, x: usize, open: Mask, free: u32) -> u32 {
        let level = sim.level();
        let cell = level.screws()[x].cell;
        let removed = sim.removed_mask();
        let mut cost = 0;
        let poses = sim.poses();
        for c in self.covers.of_screw(x) {
            if poses[c.part as usize] & cell == 0 {
                continue;
            }
            let (left, saviours) = (c.screws & !removed, c.saviours);
            let fall = (left & !open).count_ones();
            // Swinging away on screw `k` keeps `k` in: one closed removal fewer when `k` is closed,
            // so the cheapest swing is one below falling when a closed screw left can hold the part.
            cost += fall - u32::from(left & saviours & !open != 0);
            if cost > free {
                break;
            }
        }
        cost
    }
}

/// Whether `mask` has at most `n` bits set, in at most `n` steps (`n` is a rail size or a crate's
/// room): cheaper than a population count, which baseline x86-64 computes without an instruction.
#[inline]
fn at_most(mut mask: Mask, n: u32) -> bool {
    for _ in 0..n {
        if mask == 0 {
            return true;
        }
        mask &= mask - 1; // one set bit fewer
    }
    mask == 0
}

#[cfg(test)]
mod tests {
    use super::at_most;

    #[test]
    fn at_most_counts_bits() {
        for mask in [0u128, 1, 0b1011, u128::MAX, 1 << 127 | 1 << 64 | 1] {
            for n in 0..8 {
                assert_eq!(at_most(mask, n), mask.count_ones() <= n, "{mask:b} {n}");
            }
        }
    }
}
