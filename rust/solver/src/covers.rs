//! The parts that can ever cover each screw, listed once per level for the bounds that ask what
//! uncovering a screw takes ([`crate::dead`], [`crate::reach`]).
//!
//! A part covers screw `x` only when it is on a higher layer and one of its poses (rest, or hanging
//! from one of its screws) holds `x`'s cell; any other part never does. With each such part come the
//! screws it can swing away on: those whose hang pose misses `x`'s cell. Which of these parts covers
//! `x` *now* depends on the state (its pose), so the bounds filter this list, never extend it.

use screwsmith_rules::cells::{bits, Mask};
use screwsmith_rules::sim::CompiledLevel;

/// A part that can cover a screw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cover {
    pub part: u8,
    /// The part's screws (kept here: every bound reads them beside the pose, in its inner loop).
    pub screws: Mask,
    /// Those it can swing away on, uncovering the screw.
    pub saviours: Mask,
}

/// Per screw, its possible covering parts, each with the screws it can swing away on.
#[derive(Debug, Clone)]
pub struct Covers {
    /// Screw `x`'s entries are `entries[starts[x]..starts[x + 1]]`.
    starts: Vec<u16>,
    entries: Vec<Cover>,
}

impl Covers {
    /// The level's possible covers.
    pub fn of(level: &CompiledLevel) -> Self {
        let screws = level.screws();
        // Every cell a part can cover: its rest pose and the hang pose of each of its screws.
        let reach: Vec<Mask> = level
            .parts()
            .iter()
            .map(|part| bits(part.screws).fold(part.rest, |m, k| m | screws[k as usize].hang))
            .collect();
        let (mut starts, mut entries) = (vec![0u16], Vec::new());
        for s in screws {
            for (p, part) in level.parts().iter().enumerate() {
                if part.layer > s.layer && reach[p] & s.cell != 0 {
                    let saviours = bits(part.screws)
                        .filter(|&k| screws[k as usize].hang & s.cell == 0)
                        .fold(0 as Mask, |m, k| m | 1 << k);
                    entries.push(Cover {
                        part: p as u8,
                        screws: part.screws,
                        saviours,
                    });
                }
            }
            starts.push(entries.len() as u16);
        }
        Covers { starts, entries }
    }

    /// Screw `x`'s possible covering parts.
    #[inline]
    pub fn of_screw(&self, x: usize) -> &[Cover] {
        &self.entries[self.starts[x] as usize..self.starts[x + 1] as usize]
    }
}
