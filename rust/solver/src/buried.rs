//! Stage 1: the buried-screw check, a static pass that ignores crates and rail.
//!
//! A screw is buried when some part on a higher layer covers its cell in *every* pose that part can ever
//! reach. Parts are settled top layer first, so the answer for a part depends only on screws above it:
//! - a part with no screws is a fixed frame: it covers its rest cells forever;
//! - a part with two or more buried screws never leaves its rest pose;
//! - a part with exactly one buried screw can rest or hang from it: it blocks the cells both poses cover;
//! - a part with no buried screw can be emptied and falls off: it blocks nothing.
//!
//! The pass is sound (it names only screws that can truly never be reached), which is what the generator
//! needs: a buried screw is a design error (`Broken`), not a hard level. A shortage of wrench charges for
//! the level's bolts is the same kind of error and is reported here too, and so is a rusty screw whose
//! bomb allows a single move (its loosening tap sets it off).

use serde::Serialize;

use screwsmith_rules::cells::{bits, Mask};
use screwsmith_rules::level::ScrewKind;
use screwsmith_rules::sim::CompiledLevel;

/// Why a screw can never be removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum BuriedReason {
    /// Covered by a part that has no screws, so it never moves.
    UnderFrame { part: u16 },
    /// Covered by a part held for ever by its own buried screw(s), in every pose it can reach.
    UnderStuckPart { part: u16 },
    /// Locked, and its key screw can never leave the board (a lock cycle through the board).
    KeyNeverLeaves { key: u16 },
    /// Covered by a part whose screws wait on locks that never open.
    UnderLockedPart { part: u16 },
    /// A bolt, and the level has fewer wrench charges than bolts.
    NotEnoughWrenchCharges { bolts: u32, charges: u8 },
    /// A rusty screw whose bomb allows one move: the loosening tap counts it down to 0 (the screw is
    /// still in the board and uncovered, since only an uncovered screw can be tapped), so the bomb
    /// always goes off before the second tap could defuse it. Whether any other bomb can be reached
    /// in time depends on the order of play, so that is left to the search.
    BombGoesOffWhenLoosened { moves: u8 },
}

/// A screw that can never be removed, named by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BuriedScrew {
    pub screw: u16,
    #[serde(flatten)]
    pub reason: BuriedReason,
}

/// Every screw of the level that can never become accessible (or removed), in screw order.
pub fn buried_screws(level: &CompiledLevel) -> Vec<BuriedScrew> {
    let mut buried: Mask = 0;
    let mut reason: Vec<Option<BuriedReason>> = vec![None; level.screws().len()];
    // Cells each part blocks for ever, filled in as layers are settled from the top.
    let mut blocks: Vec<Mask> = vec![0; level.parts().len()];
    for layer in (0..level.parts_by_layer().len()).rev() {
        // Screws of this layer: covered for ever by a settled part above?
        for &p in &level.parts_by_layer()[layer] {
            for i in bits(level.parts()[p as usize].screws) {
                let cell = level.screws()[i as usize].cell;
                let blocker = level
                    .parts()
                    .iter()
                    .enumerate()
                    .find(|(q, part)| part.layer as usize > layer && blocks[*q] & cell != 0);
                if let Some((_, part)) = blocker {
                    buried |= 1u128 << i;
                    reason[i as usize] = Some(if part.screws == 0 {
                        BuriedReason::UnderFrame { part: part.id }
                    } else {
                        BuriedReason::UnderStuckPart { part: part.id }
                    });
                }
            }
        }
        // Then what this layer's parts block for the layers below.
        for &p in &level.parts_by_layer()[layer] {
            let part = &level.parts()[p as usize];
            let stuck = part.screws & buried;
            blocks[p as usize] = match (part.screws, stuck.count_ones()) {
                (0, _) => part.rest,
                (_, 0) => 0,
                // It can rest (while others hold it) or hang from the stuck screw: only cells covered
                // in both are blocked for ever. A part with just that screw only ever hangs.
                (all, 1) => {
                    let hang = level.screws()[stuck.trailing_zeros() as usize].hang;
                    if all.count_ones() == 1 {
                        hang
                    } else {
                        hang & part.rest
                    }
                }
                _ => part.rest,
            };
        }
    }
    // Locks can keep screws in that no layer-by-layer look sees (a key under a panel its own lock
    // holds): [`crate::lock_reach`] names them.
    if level.locked() != 0 {
        for (i, kept) in crate::lock_reach::kept_by_locks(level) {
            let slot = &mut reason[i as usize];
            if slot.is_none() {
                buried |= 1u128 << i;
                *slot = Some(match kept {
                    crate::lock_reach::Kept::KeyNeverLeaves { key } => {
                        BuriedReason::KeyNeverLeaves { key }
                    }
                    crate::lock_reach::Kept::UnderHeldPart { part } => {
                        BuriedReason::UnderLockedPart { part }
                    }
                });
            }
        }
    }
    let bolts = level.bolts().count_ones();
    if bolts > level.data().wrench_charges as u32 {
        for i in bits(level.bolts() & !buried) {
            reason[i as usize] = Some(BuriedReason::NotEnoughWrenchCharges {
                bolts,
                charges: level.data().wrench_charges,
            });
        }
    }
    for &i in level.bombs() {
        let s = &level.screws()[i as usize];
        if s.kind == ScrewKind::Rusty && s.bomb == Some(1) && reason[i as usize].is_none() {
            reason[i as usize] = Some(BuriedReason::BombGoesOffWhenLoosened { moves: 1 });
        }
    }
    reason
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            r.map(|reason| BuriedScrew {
                screw: level.screws()[i].id,
                reason,
            })
        })
        .collect()
}
