//! Crates: one colour and three places each. The queue holds `count(colour)/3` crates per colour; the
//! first `crate_slots` are active at the start. A crate id is its queue position + 1, so the next crate
//! to pull is also the "crate-id counter" that undo must restore.

use crate::level::validate::MAX_CRATE_SLOTS;
use crate::rng::Rng;
use crate::LevelData;

/// Places in a crate.
pub const CRATE_SIZE: u8 = 3;
/// Most active crate slots: the level file's limit ([`MAX_CRATE_SLOTS`], the one definition), as an
/// array length.
pub const MAX_SLOTS: usize = MAX_CRATE_SLOTS as usize;

/// An active crate slot; `id == 0` means the slot is empty (its queue ran out).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CrateSlot {
    pub id: u16,
    /// Palette colour.
    pub color: u8,
    pub fill: u8,
}

impl CrateSlot {
    /// The slot holds no crate.
    pub const EMPTY: CrateSlot = CrateSlot {
        id: 0,
        color: 0,
        fill: 0,
    };

    /// Whether a crate is in the slot.
    #[inline]
    pub fn is_active(&self) -> bool {
        self.id != 0
    }

    /// Whether a crate is in the slot with a place left: a removed screw of its colour goes here.
    #[inline]
    pub fn has_room(&self) -> bool {
        self.is_active() && self.fill < CRATE_SIZE
    }
}

/// The level's crate queue, by palette colour: the explicit `crate_queue` when the file lists one, else
/// `count/3` crates per colour in palette order, shuffled with xorshift32 seeded by the level seed.
pub fn crate_queue(level: &LevelData) -> Vec<u8> {
    if let Some(q) = &level.crate_queue {
        return q.clone();
    }
    let mut queue = Vec::new();
    for (&color, &n) in &level.colour_counts() {
        queue.extend(std::iter::repeat_n(color, n / CRATE_SIZE as usize));
    }
    Rng::new(level.seed).shuffle(&mut queue);
    queue
}
