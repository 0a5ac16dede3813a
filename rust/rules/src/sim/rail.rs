//! The holding rail: `rail_slots` places in a row. A screw takes the leftmost free place; flows take
//! screws left to right and leave gaps where they were (docs/design.md §2).

use crate::level::validate::MAX_RAIL_SLOTS;

/// Most places a rail can have: the level file's limit ([`MAX_RAIL_SLOTS`], the one definition), as
/// an array length.
pub const MAX_RAIL: usize = MAX_RAIL_SLOTS as usize;
/// Marks a free place.
pub const EMPTY: u8 = u8::MAX;

/// Places hold screw indices (not ids), or [`EMPTY`]. The fields are private so that only the rules
/// (`GameSim`: push, flows, undo) change a rail; everyone else reads [`Rail::slots`] and [`Rail::len`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rail {
    pub(crate) places: [u8; MAX_RAIL],
    pub(crate) len: u8,
}

impl Rail {
    /// An empty rail of `len` places.
    pub fn new(len: u8) -> Self {
        Rail {
            places: [EMPTY; MAX_RAIL],
            len,
        }
    }

    /// Number of places (the level's rail size).
    #[inline]
    pub fn len(&self) -> u8 {
        self.len
    }

    /// Whether the rail has no places at all (never, for a valid level).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The places in use by this level.
    #[inline]
    pub fn slots(&self) -> &[u8] {
        &self.places[..self.len as usize]
    }

    /// Puts a screw in the leftmost free place; `None` when the rail is full (a loss).
    #[inline]
    pub fn push(&mut self, screw: u8) -> Option<u8> {
        let i = self.slots().iter().position(|&p| p == EMPTY)?;
        self.places[i] = screw;
        Some(i as u8)
    }

    /// Number of occupied places.
    #[inline]
    pub fn occupancy(&self) -> u8 {
        self.slots().iter().filter(|&&p| p != EMPTY).count() as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leftmost_free_place_and_gaps() {
        let mut r = Rail::new(3);
        assert_eq!(r.push(4), Some(0));
        assert_eq!(r.push(5), Some(1));
        r.places[0] = EMPTY; // a flow took it, leaving a gap
        assert_eq!(r.push(6), Some(0));
        assert_eq!(r.push(7), Some(2));
        assert_eq!(r.occupancy(), r.len());
        assert_eq!(r.push(8), None);
    }
}
