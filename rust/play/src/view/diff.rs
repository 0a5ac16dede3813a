//! [`Before`] and [`Diff`]: what one move, undo or restart changed on the board, worked out once.
//!
//! The view needs the answer twice: the animation events name the parts that swung, fell or came back
//! (with their pose before), and the move's result carries the screw and part rows that changed, so a
//! view redraws only those. Both read the one [`Diff`] made here from the masks the rules keep; nothing
//! else compares a board before and after.

use screwsmith_rules::cells::{bits, Mask};
use screwsmith_rules::sim::bombs::BombClocks;
use screwsmith_rules::sim::{GameSim, Pose};

/// The board's masks just before a change: all a [`Diff`] compares with.
#[derive(Debug, Clone)]
pub struct Before {
    poses: Vec<Mask>,
    removed: Mask,
    loosened: Mask,
    revealed: Mask,
    accessible: Mask,
    locked: Mask,
    bombs: BombClocks,
    /// Each layer's covered cells: which plate a covered screw is seen through.
    layer_covers: Vec<Mask>,
}

/// A part whose cells changed: its index and how it stood before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartChange {
    pub part: usize,
    pub pose_before: Pose,
    pub cells_before: Mask,
}

/// What a change did to the board's rows, in file order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diff {
    /// Parts whose cells changed (a pose change always changes the cells: a hang that equals the rest
    /// pose is `Rest`, and a fallen part covers nothing).
    pub parts: Vec<PartChange>,
    /// Screw indices whose row changed: removed, loosened, known, accessible or locked flipped, its
    /// bomb counted down (or back up, in an undo), or a plate moved over its cell while it stays
    /// covered (the plate it is seen through may be another).
    pub screws: Vec<u8>,
    /// Screws whose colour the change revealed (known now, unknown before).
    pub revealed: Mask,
}

impl Before {
    /// The masks of `sim` now, before the change.
    pub fn of(sim: &GameSim) -> Self {
        Before {
            poses: sim.poses().to_vec(),
            removed: sim.removed_mask(),
            loosened: sim.loosened_mask(),
            revealed: sim.revealed_mask(),
            accessible: sim.accessible_mask(),
            locked: sim.locked_mask(),
            bombs: *sim.bomb_clocks(),
            layer_covers: sim.layer_covers().to_vec(),
        }
    }

    /// What changed between these masks and `sim` now. A screw row holds exactly the removed, loosened,
    /// known, accessible and locked flags, the bomb's count and the plate over it beyond its fixed
    /// fields, so those five masks, the bomb clocks and the cells the plates moved over decide which
    /// rows differ.
    pub fn diff(&self, sim: &GameSim) -> Diff {
        let parts = sim
            .poses()
            .iter()
            .zip(&self.poses)
            .enumerate()
            .filter(|(_, (now, was))| now != was)
            .map(|(p, (_, &was))| PartChange {
                part: p,
                pose_before: sim.pose_with(p, self.removed),
                cells_before: was,
            })
            .collect();
        // A screw still covered whose cell a plate left or reached may be seen through another plate
        // now: its row's cover changed.
        let moved: Mask = sim
            .poses()
            .iter()
            .zip(&self.poses)
            .fold(0, |m, (now, was)| m | (now ^ was));
        let still_covered = !sim.accessible_mask() & !self.accessible & !sim.removed_mask();
        let recovered = sim
            .level()
            .screws()
            .iter()
            .enumerate()
            .filter(|&(i, s)| {
                still_covered >> i & 1 == 1
                    && s.cell & moved != 0
                    && top_layer(&self.layer_covers, s.layer, s.cell)
                        != top_layer(sim.layer_covers(), s.layer, s.cell)
            })
            .fold(0, |m: Mask, (i, _)| m | 1 << i);
        let flipped = recovered
            | (sim.removed_mask() ^ self.removed)
            | (sim.loosened_mask() ^ self.loosened)
            | (sim.revealed_mask() ^ self.revealed)
            | (sim.accessible_mask() ^ self.accessible)
            | (sim.locked_mask() ^ self.locked)
            | self.ticked(sim);
        Diff {
            parts,
            screws: bits(flipped).map(|i| i as u8).collect(),
            revealed: sim.revealed_mask() & !self.revealed,
        }
    }

    /// The bomb screws whose count differs from these clocks, as a screw mask.
    fn ticked(&self, sim: &GameSim) -> Mask {
        let now = sim.bomb_clocks();
        sim.level()
            .bombs()
            .iter()
            .enumerate()
            .filter(|&(k, _)| now.0[k] != self.bombs.0[k])
            .fold(0, |m, (_, &i)| m | 1 << i)
    }
}

/// The highest layer above `layer` whose plates cover `cell` (`covers`: each layer's covered cells).
fn top_layer(covers: &[Mask], layer: u8, cell: Mask) -> Option<usize> {
    (usize::from(layer) + 1..covers.len())
        .rev()
        .find(|&l| covers[l] & cell != 0)
}
