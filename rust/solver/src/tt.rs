//! The reduced proof search's transposition table: a compact exact key and a table with a memory cap.
//!
//! [`PackedKey`] is 24 bytes where [`StateKey`] is 80, and it is exact — two states get the same packed
//! key exactly when they get the same `StateKey` — because every field it leaves out is a function of
//! the fields it keeps:
//! - *revealed*: a screw's colour is known when it was not hidden or has been tapped (loosened or
//!   removed), so it follows from the level and the removed/loosened masks;
//! - *wrench charges*: only a wrench tap removes a bolt and every wrench tap removes one, so charges are
//!   the level's charges minus the bolts removed;
//! - *the rail* (as a colour multiset, all the key ever kept): colour `c`'s screws are removed
//!   (`removed_c`) and sit in sealed crates, active crates or on the rail. Sealed crates of `c` are the
//!   crates of `c` pulled from the queue (`queue[..next_crate]`) minus the active ones, so
//!   `rail_c = removed_c − 3·sealed_c − Σ active fills of c`;
//! - *loosened bits of removed screws*: a removed rusty screw was always loosened first, and a removed
//!   screw has no future either way, so only `loosened & !removed` is kept.
//!
//! Kept: the removed mask (two words), and one word packing each active crate slot (present, colour,
//! fill), the queue position, and the loosened bits compressed over the level's rusty screws. A level
//! with a countdown bomb (its counters are state no mask decides), or whose rusty screws or queue do
//! not fit one word, uses `StateKey` instead ([`TableKey`] lets the search
//! take either).
//!
//! The table is the set of finished states with no win (the search stores no other), so an entry is
//! a key alone: that is what a large proof's cache misses are made of. It has a cap on entries; when
//! full it is cleared. That is a sound replacement policy: an entry only ever saves work (a state
//! missing from the table is searched again, as if met for the first time), so forgetting changes
//! node counts and time, never a verdict.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use screwsmith_rules::cells::bits;
use screwsmith_rules::sim::crates::MAX_SLOTS;
use screwsmith_rules::sim::{CompiledLevel, GameSim};

use super::key::{KeyHasher, StateKey};

/// Most rusty screws whose loosened bits fit the packed word.
const RUSTY_BITS: u32 = 30;
/// Bits per crate slot: present, colour (4), fill (2).
const SLOT_BITS: u32 = 7;
/// Bits of the queue position.
const QUEUE_BITS: u32 = 6;

/// A key the table can be keyed by.
pub trait TableKey: Copy + Eq + Hash {
    /// The key of the sim's current state.
    fn of(sim: &GameSim, layout: &Layout) -> Self;
}

impl TableKey for StateKey {
    #[inline]
    fn of(sim: &GameSim, _: &Layout) -> Self {
        StateKey::of(sim)
    }
}

/// Removed mask (low, high) and the packed word (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackedKey([u64; 3]);

impl Hash for PackedKey {
    /// Three words, no length prefix (the derived hash feeds a slice's length and bytes).
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        for w in self.0 {
            state.write_u64(w);
        }
    }
}

impl TableKey for PackedKey {
    #[inline]
    fn of(sim: &GameSim, layout: &Layout) -> Self {
        let removed = sim.removed_mask();
        let mut word = sim.next_crate() as u64;
        let mut shift = QUEUE_BITS;
        for c in sim.crates() {
            if c.is_active() {
                let slot = 1 | (c.color as u64 & 0xf) << 1 | (c.fill as u64 & 3) << 5;
                word |= slot << shift;
            }
            shift += SLOT_BITS;
        }
        let loose = sim.loosened_mask() & !removed & layout.rusty;
        if loose != 0 {
            for (rank, i) in bits(layout.rusty).enumerate() {
                if loose >> i & 1 == 1 {
                    word |= 1u64 << (shift + rank as u32);
                }
            }
        }
        PackedKey([removed as u64, (removed >> 64) as u64, word])
    }
}

/// What the packed key needs to know about a level.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    rusty: u128,
}

impl Layout {
    /// The level's layout.
    pub fn of(level: &CompiledLevel) -> Self {
        Layout {
            rusty: level.rusty(),
        }
    }

    /// Whether [`PackedKey`] can key this level's states exactly.
    pub fn packs(level: &CompiledLevel) -> bool {
        let used = QUEUE_BITS + SLOT_BITS * MAX_SLOTS as u32;
        level.bombs().is_empty()
            && level.rusty().count_ones() <= RUSTY_BITS.min(64 - used)
            && level.queue().len() < 1 << QUEUE_BITS
            && level.screws().iter().all(|s| s.color < 16)
    }
}

type Build = BuildHasherDefault<KeyHasher>;

/// Entries reserved up front: enough that a small proof never grows the table, small enough that
/// reserving costs nothing next to a proof (a large one grows it a few times, amortised per entry).
const RESERVE: usize = 1 << 10;

/// Finished states with no win, capped at `cap` entries.
pub struct Table<K> {
    set: HashSet<K, Build>,
    cap: usize,
    /// Times the table was full and cleared.
    pub clears: u32,
}

impl<K: TableKey> Table<K> {
    /// An empty table holding at most `cap` entries (at least one).
    pub fn new(cap: usize) -> Self {
        let cap = cap.max(1);
        Table {
            set: HashSet::with_capacity_and_hasher(cap.min(RESERVE), Build::default()),
            cap,
            clears: 0,
        }
    }

    /// Whether the state was stored as finished with no win.
    #[inline]
    pub fn contains(&self, key: &K) -> bool {
        self.set.contains(key)
    }

    /// Stores a state finished with no win, clearing the table first when it is full.
    #[inline]
    pub fn insert(&mut self, key: K) {
        if self.set.len() >= self.cap && !self.set.contains(&key) {
            self.set.clear();
            self.clears += 1;
        }
        self.set.insert(key);
    }

    /// Entries stored.
    pub fn len(&self) -> usize {
        self.set.len()
    }

    /// Whether no entry is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
