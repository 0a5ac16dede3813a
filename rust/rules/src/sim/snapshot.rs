//! A full copy of everything observable about a game, compared field by field by the undo audit.
//! Includes the cached layer covers, so a stale cache is caught as surely as a wrong rule.

use crate::cells::Mask;

use super::bombs::BombClocks;
use super::crates::CrateSlot;
use super::game::{GameSim, Status};

/// Every piece of a game's state (docs/design.md §6: move count, screws, parts, crates, rail, tools).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    pub moves: u32,
    /// Per screw: (removed, touches, colour known).
    pub screws: Vec<(bool, u8, bool)>,
    /// Per part: the cells it covers.
    pub parts: Vec<Mask>,
    pub layer_covers: Vec<Mask>,
    /// Screws whose lock is closed.
    pub locks: Mask,
    pub crates: Vec<CrateSlot>,
    pub next_crate: u16,
    pub queue_left: usize,
    pub rail: Vec<u8>,
    pub wrench: u8,
    pub bombs: BombClocks,
    pub status: Status,
    pub history_len: usize,
}

impl Snapshot {
    /// Captures the state.
    pub fn capture(sim: &GameSim) -> Self {
        let n = sim.level().screw_count() as u8;
        Snapshot {
            moves: sim.moves(),
            screws: (0..n)
                .map(|i| (sim.is_removed(i), sim.touches(i), sim.is_known(i)))
                .collect(),
            parts: sim.poses().to_vec(),
            layer_covers: sim.layer_covers().to_vec(),
            locks: sim.locked_mask(),
            crates: sim.crates().to_vec(),
            next_crate: sim.next_crate(),
            queue_left: sim.queue_preview().len(),
            rail: sim.rail().slots().to_vec(),
            wrench: sim.wrench_charges(),
            bombs: *sim.bomb_clocks(),
            status: sim.status(),
            history_len: sim.history().len(),
        }
    }

    /// Bug switch for the undo audit: a snapshot that drops crate ids (the "snapshot corruption" of
    /// docs/design.md §6). Comparing it with a correct capture must report a crate mismatch.
    pub fn without_crate_ids(mut self) -> Self {
        for c in &mut self.crates {
            c.id = 0;
        }
        self
    }

    /// Names of the fields that differ, in a fixed order.
    pub fn diff(&self, other: &Snapshot) -> Vec<&'static str> {
        let mut out = Vec::new();
        let mut check = |same: bool, name| {
            if !same {
                out.push(name);
            }
        };
        check(self.moves == other.moves, "moves");
        check(self.screws == other.screws, "screws");
        check(self.parts == other.parts, "parts");
        check(self.layer_covers == other.layer_covers, "layer_covers");
        check(self.locks == other.locks, "locks");
        check(self.crates == other.crates, "crates");
        check(self.next_crate == other.next_crate, "crate_id_counter");
        check(self.queue_left == other.queue_left, "queue");
        check(self.rail == other.rail, "rail");
        check(self.wrench == other.wrench, "wrench_charges");
        check(self.bombs == other.bombs, "bomb_counters");
        check(self.status == other.status, "status");
        check(self.history_len == other.history_len, "history");
        out
    }
}
