//! Which screws a level's locks keep on the board for ever: the part of the buried-screw pass that
//! locks need. A lock can close on itself through the board (a key under a panel that only its locked
//! screw holds), which no per-layer pass sees, so this one grows the set of screws that could ever be
//! removed from nothing, adding a screw only when every condition its removal needs could hold:
//! - its key screw (if it has a lock) is in the set;
//! - every part on a higher layer whose rest pose covers its cell has screws, and all of them are in
//!   the set, or all but one whose hang pose leaves the cell free;
//! - every part on a higher layer held by one screw alone, whose hang pose from it covers the cell, has
//!   that screw in the set: such a part hangs from the start and never rests, so its rest pose says
//!   nothing of what it covers.
//!
//! Each condition is necessary for the screw's tap in any real game (the key left before it; each
//! such part had fallen, or hung from its last screw, when it was tapped), so by induction over a
//! game's moves every screw a game can remove joins the set: what stays out can never leave, and is
//! named, never a screw some game could remove.

use screwsmith_rules::cells::{bits, Mask};
use screwsmith_rules::sim::compiled::PartInfo;
use screwsmith_rules::sim::CompiledLevel;

/// Why a screw is kept on the board by the locks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    /// Its key screw can never leave.
    KeyNeverLeaves { key: u16 },
    /// A part above it can never leave its cell (its screws wait on locks that never open).
    UnderHeldPart { part: u16 },
}

/// Screws no game can remove once locks are counted, with why, in screw order.
pub fn kept_by_locks(level: &CompiledLevel) -> Vec<(u8, Kept)> {
    let screws = level.screws();
    let mut can: Mask = 0;
    loop {
        let before = can;
        for i in 0..screws.len() {
            if can >> i & 1 == 0 && removable(level, i, can) {
                can |= 1u128 << i;
            }
        }
        if can == before {
            break;
        }
    }
    bits(level.all_screws() & !can)
        .map(|i| {
            let s = &screws[i as usize];
            let why = match s.key.filter(|&k| can >> k & 1 == 0) {
                Some(k) => Kept::KeyNeverLeaves {
                    key: screws[k as usize].id,
                },
                None => Kept::UnderHeldPart {
                    part: blocking_part(level, i as usize, can).unwrap_or(0),
                },
            };
            (i as u8, why)
        })
        .collect()
}

/// Whether screw `i` passes every condition of the module doc over the set `can`.
fn removable(level: &CompiledLevel, i: usize, can: Mask) -> bool {
    let s = &level.screws()[i];
    s.key.is_none_or(|k| can >> k & 1 == 1) && blocking_part(level, i, can).is_none()
}

/// Whether part `p` covers `cell` in a pose it has while it still has screws: its rest pose, or, for
/// a part held by one screw alone (it hangs from the start), its hang pose from that screw.
fn covers_while_held(level: &CompiledLevel, p: &PartInfo, cell: Mask) -> bool {
    if p.screws.count_ones() == 1 {
        return level.screws()[p.screws.trailing_zeros() as usize].hang & cell != 0;
    }
    p.rest & cell != 0
}

/// The first part above screw `i` that cannot leave its cell with only the screws of `can` out.
fn blocking_part(level: &CompiledLevel, i: usize, can: Mask) -> Option<u16> {
    let s = &level.screws()[i];
    level
        .parts()
        .iter()
        .filter(|p| p.layer > s.layer && covers_while_held(level, p, s.cell))
        .find(|p| {
            let left = p.screws & !can;
            let leaves = p.screws != 0
                && (left == 0
                    || (left & (left - 1) == 0
                        && level.screws()[left.trailing_zeros() as usize].hang & s.cell == 0));
            !leaves
        })
        .map(|p| p.id)
}
