//! What one move did. Kept on the undo stack, and turned into the view's animation events.
//!
//! The record stores the crate ids pulled in the move and the slots vacated by the crates that sealed in
//! it (docs/design.md §2), plus the exact crate slots, rail and counters from before the move, which is what undo
//! restores, bomb counters included. Restoring the copy is exact by construction: undo never has to work out where a pulled
//! crate ended up (the legacy bug assumed "last in the active list"; see `GameSim::set_legacy_crate_undo`).

use super::bombs::BombClocks;
use super::crates::{CrateSlot, CRATE_SIZE, MAX_SLOTS};
use super::rail::{Rail, MAX_RAIL};
use super::Status;
use crate::cells::Mask;

/// Most rail screws that can flow in one move: each flow empties a rail place, so no more than the
/// rail has.
pub const MAX_FLOWS: usize = MAX_RAIL;
/// Most seals (and pulls) one move can cause: the crate the tapped screw filled, then one more for
/// every [`CRATE_SIZE`] flows (a pulled crate starts empty and fills only from the rail).
/// `tests/mechanics.rs` plays a move that reaches it.
pub const MAX_CASCADE: usize = 1 + MAX_FLOWS / CRATE_SIZE as usize;

/// Where the tapped screw went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dest {
    /// A rusty screw's first tap: loosened, still in place.
    Loosened,
    /// Into the active crate in this slot.
    Crate(u8),
    /// Onto this rail place.
    Rail(u8),
    /// Nowhere: the rail was full. The level is lost.
    Lost,
}

/// A crate that sealed and left its slot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sealed {
    pub slot: u8,
    pub id: u16,
    pub color: u8,
}

/// A crate pulled from the queue into a slot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pulled {
    pub slot: u8,
    pub id: u16,
}

/// A rail screw that flowed into a newly pulled crate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flow {
    pub rail_place: u8,
    pub screw: u8,
    pub slot: u8,
}

/// One move on the undo stack. Built only by `GameSim` (fields crate-private), so a record always
/// describes a move the rules really made; readers use the accessors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRecord {
    /// Screw index.
    pub(crate) screw: u8,
    pub(crate) wrench: bool,
    pub(crate) dest: Dest,
    /// The screw's revealed flag before the move.
    pub(crate) was_revealed: bool,
    pub(crate) sealed: [Sealed; MAX_CASCADE],
    pub(crate) n_sealed: u8,
    pub(crate) pulled: [Pulled; MAX_CASCADE],
    pub(crate) n_pulled: u8,
    pub(crate) flows: [Flow; MAX_FLOWS],
    pub(crate) n_flows: u8,
    /// The locks the move opened: the screws whose key was the removed screw.
    pub(crate) opened: Mask,
    /// State before the move that the move may change.
    pub(crate) crates_before: [CrateSlot; MAX_SLOTS],
    pub(crate) next_crate_before: u16,
    pub(crate) rail_before: Rail,
    pub(crate) status_before: Status,
    /// The bomb counters before the move: the same screws removed in another order leave other
    /// counts, so nothing else could restore them.
    pub(crate) bombs_before: BombClocks,
}

impl MoveRecord {
    /// Screw index of the move.
    pub fn screw(&self) -> u8 {
        self.screw
    }

    /// Whether the move was a wrench tap.
    pub fn wrench(&self) -> bool {
        self.wrench
    }

    /// Where the screw went.
    pub fn dest(&self) -> Dest {
        self.dest
    }

    /// Whether the screw's colour was already revealed before the move.
    pub fn was_revealed(&self) -> bool {
        self.was_revealed
    }

    /// The game status before the move.
    pub fn status_before(&self) -> super::Status {
        self.status_before
    }

    /// The active crate slots just before the move (what a crate showed before a screw landed in it).
    pub fn crates_before(&self) -> &[CrateSlot] {
        &self.crates_before
    }

    /// The bomb counters just before the move (against the sim's counters: which bombs it ticked).
    pub fn bombs_before(&self) -> &BombClocks {
        &self.bombs_before
    }

    /// Crates that sealed in this move.
    pub fn sealed(&self) -> &[Sealed] {
        &self.sealed[..self.n_sealed as usize]
    }

    /// Crates pulled in this move.
    pub fn pulled(&self) -> &[Pulled] {
        &self.pulled[..self.n_pulled as usize]
    }

    /// Rail screws that flowed into crates in this move.
    pub fn flows(&self) -> &[Flow] {
        &self.flows[..self.n_flows as usize]
    }

    /// The screws whose lock the move opened (its screw held their key), as a screw mask.
    pub fn opened(&self) -> Mask {
        self.opened
    }

    /// Whether the move removed the screw (anything but a loosening tap).
    pub fn removed(&self) -> bool {
        self.dest != Dest::Loosened
    }
}
