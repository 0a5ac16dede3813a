//! The holding rail: `rail_slots` places in a row. A screw takes the leftmost free place; flows take
//! screws left to right and leave gaps where they were (SPEC §2).

/// Most places a rail can have.
pub const MAX_RAIL: usize = 7;
/// Marks a free place.
pub const EMPTY: u8 = u8::MAX;

/// Places hold screw indices (not ids), or [`EMPTY`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rail {
    pub places: [u8; MAX_RAIL],
    pub len: u8,
}

impl Rail {
    /// An empty rail of `len` places.
    pub fn new(len: u8) -> Self {
        Rail {
            places: [EMPTY; MAX_RAIL],
            len,
        }
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

    /// Whether every place is taken.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.occupancy() == self.len
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
        assert!(r.is_full());
        assert_eq!(r.push(8), None);
    }
}
