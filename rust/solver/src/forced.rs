//! Forced precedence: which screws must be removed before a screw can be tapped, from plate geometry
//! alone, keeping only what no play can avoid. It is the relaxation the queue-horizon bound
//! ([`crate::horizon`]) reasons over.
//!
//! **What is forced.** Take a state `S` and a screw `x` still in the board. A part `P` on a higher
//! layer that covers `x`'s cell in `S` must stop covering it before `x` is tapped. Poses only move
//! forward (rest → hanging → fallen, as screws leave), so `P` stops covering `x` only by falling (all
//! its screws out) or by hanging from a screw `s` whose hang pose misses `x`'s cell (all its screws but
//! `s` out). Call those `s` the *saviours* `V`. Either way every screw of `P` outside `V` is out first:
//! `pre(x) ⊇ P.left \ V`. Every screw `y` in `pre(x)` is tapped later than `S` too, so `pre(y)` must be
//! out before `y`, hence before `x`: the transitive closure `pre*` is forced as well. (`pre(x)` holds
//! screws of higher layers only, so the closure has no cycle and one pass from the top layer down
//! computes it.)
//!
//! **What is ignored** (so the relaxation allows more than the game, never less): which saviour a part
//! hangs from, parts that do not cover `x` in `S` but may swing over it later, wrench charges.
//!
//! **It stays valid below `S`.** A play from a descendant `T` of `S` is the tail of a play from `S`,
//! so `pre*(x) \ removed(T)` must still leave before `x`. The closure is computed once, at the state a
//! search starts from, and read at every node below it.

use screwsmith_rules::cells::{bits, Mask};
use screwsmith_rules::sim::GameSim;

use super::covers::Covers;

/// `pre*` of every screw in the board at one state (removed screws: empty).
#[derive(Debug, Clone)]
pub struct Forced {
    pre: Vec<Mask>,
}

impl Forced {
    /// The forced precedence closure at the sim's state, over the level's possible `covers` (a part
    /// covering a screw now is one of them, in the pose that holds its cell).
    pub fn of(sim: &GameSim, covers: &Covers) -> Self {
        let level = sim.level();
        let removed = sim.removed_mask();
        let screws = level.screws();
        let mut pre = vec![0 as Mask; screws.len()];
        for x in bits(level.all_screws() & !removed) {
            let cell = screws[x as usize].cell;
            for c in covers.of_screw(x as usize) {
                if sim.poses()[c.part as usize] & cell != 0 {
                    pre[x as usize] |= c.screws & !removed & !c.saviours;
                }
            }
        }
        // Closure, top layer first: `pre(x)` lies on higher layers, whose closures are then final.
        let mut order: Vec<usize> = bits(level.all_screws() & !removed)
            .map(|x| x as usize)
            .collect();
        order.sort_by_key(|&x| std::cmp::Reverse(screws[x].layer));
        for x in order {
            let direct = pre[x];
            pre[x] = bits(direct).fold(direct, |m, y| m | pre[y as usize]);
        }
        Forced { pre }
    }

    /// Screws that must be out before screw `x` (those removed since are still listed: mask them).
    #[inline]
    pub fn before(&self, x: usize) -> Mask {
        self.pre[x]
    }
}
