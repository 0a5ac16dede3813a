//! The parts that can ever cover each screw, listed once per level for the bounds that ask what
//! uncovering a screw takes ([`crate::dead`], [`crate::reach`]).
//!
//! A part covers screw `x` only when it is on a higher layer and one of its poses (rest, or hanging
//! from one of its screws) holds `x`'s cell; any other part never does. With each such part come the
//! screws it can swing away on: those whose hang pose misses `x`'s cell. Which of these parts covers
//! `x` *now* depends on the state (its pose), so the bounds filter this list, never extend it.

use screwsmith_rules::cells::{bits, Mask};
use screwsmith_rules::level::validate::MAX_LAYERS;
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
        let (screws, parts) = (level.screws(), level.parts());
        // Per cell, the parts one of whose poses (rest, or hanging from one of its screws) holds it;
        // per screw, those above it. A level has at most `MAX_PARTS` (40) parts: a `u64` each.
        let mut at_cell = [0u64; 128];
        for (p, part) in parts.iter().enumerate() {
            let reach = bits(part.screws).fold(part.rest, |m, k| m | screws[k as usize].hang);
            for c in bits(reach) {
                at_cell[c as usize] |= 1 << p;
            }
        }
        let above = |layer: u8| {
            let higher = parts.iter().enumerate().filter(|(_, q)| q.layer > layer);
            higher.fold(0u64, |m, (p, _)| m | 1 << p)
        };
        let above: Vec<u64> = (0..=MAX_LAYERS).map(above).collect();
        let covering: Vec<u64> = screws
            .iter()
            .map(|s| {
                let higher = above[usize::from(s.layer.min(MAX_LAYERS))];
                at_cell[s.cell.trailing_zeros() as usize % 128] & higher
            })
            .collect();
        let mut starts = Vec::with_capacity(screws.len() + 1);
        starts.push(0u16);
        let n = covering.iter().map(|m| m.count_ones() as usize).sum();
        let mut entries = Vec::with_capacity(n);
        for (s, &ps) in screws.iter().zip(&covering) {
            for p in bits(Mask::from(ps)) {
                let part = &parts[p as usize];
                let saviours = bits(part.screws)
                    .filter(|&k| screws[k as usize].hang & s.cell == 0)
                    .fold(0 as Mask, |m, k| m | 1 << k);
                entries.push(Cover {
                    part: p as u8,
                    screws: part.screws,
                    saviours,
                });
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
