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

use screwsmith_rules::cells::bits;
use screwsmith_rules::level::validate::PALETTE_SIZE;
use screwsmith_rules::sim::crates::CRATE_SIZE;
use screwsmith_rules::sim::{CompiledLevel, GameSim};

/// A bound larger than any rail.
const NEVER: u32 = u32::MAX;

/// The level's screws by colour, computed once per search.
#[derive(Debug, Clone)]
pub struct Colours([u128; PALETTE_SIZE as usize]);

impl Colours {
    pub fn of(level: &CompiledLevel) -> Self {
        let mut masks = [0; PALETTE_SIZE as usize];
        for (i, s) in level.screws().iter().enumerate() {
            masks[s.color as usize % PALETTE_SIZE as usize] |= 1u128 << i;
        }
        Colours(masks)
    }
}

/// Whether no winning sequence can exist from the sim's state by the bound above.
pub fn is_dead(sim: &GameSim, colours: &Colours) -> bool {
    let level = sim.level();
    let free = (sim.rail().len() - sim.rail_occupancy()) as u32;
    let mut open = 0u128; // screws of colours with an accepting crate
    for c in sim.crates().iter().filter(|c| c.is_active()) {
        open |= colours.0[c.color as usize % PALETTE_SIZE as usize];
    }
    let left = level.all_screws() & !sim.removed_mask();
    let closed = (left & !open).count_ones();
    if closed <= free {
        return false;
    }
    let is_open = |i: u32| open >> i & 1 == 1;
    let mut best = NEVER;
    for c in sim.crates().iter().filter(|c| c.is_active()) {
        let need = (CRATE_SIZE - c.fill) as usize;
        let mut costs = [NEVER; CRATE_SIZE as usize];
        for x in bits(left & colours.0[c.color as usize % PALETTE_SIZE as usize]) {
            let cost = uncover_cost(sim, x as u8, &is_open);
            // Keep the `need` smallest costs, sorted.
            if cost < costs[need - 1] {
                let mut k = need - 1;
                while k > 0 && costs[k - 1] > cost {
                    costs[k] = costs[k - 1];
                    k -= 1;
                }
                costs[k] = cost;
            }
        }
        best = best.min(costs[need - 1]);
        if best <= free {
            return false;
        }
    }
    best.min(closed) > free
}

/// Fewest screws of closed colours that must be removed before screw `x` can be tapped (a lower bound:
/// what covers those screws is not counted; following it up the layers was measured to prune almost
/// nothing more on the benchmark set, at several times the cost).
fn uncover_cost(sim: &GameSim, x: u8, is_open: &impl Fn(u32) -> bool) -> u32 {
    let level = sim.level();
    let s = &level.screws()[x as usize];
    let covers = sim.layer_covers();
    let removed = sim.removed_mask();
    let mut cost = 0;
    for (layer, cover) in covers.iter().enumerate().skip(s.layer as usize + 1) {
        if cover & s.cell == 0 {
            continue;
        }
        for &p in &level.parts_by_layer()[layer] {
            if sim.poses()[p as usize] & s.cell == 0 {
                continue;
            }
            let left = level.parts()[p as usize].screws & !removed;
            let fall = bits(left).filter(|&i| !is_open(i)).count() as u32;
            let swing = bits(left)
                .filter(|&k| level.screws()[k as usize].hang & s.cell == 0)
                .map(|k| fall - u32::from(!is_open(k)))
                .min()
                .unwrap_or(fall);
            cost += fall.min(swing);
        }
    }
    cost
}
