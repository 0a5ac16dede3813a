//! Plate (panel) tints: the colour each part's plate is drawn in, by layer, by part id and by pose. They
//! live in the core palette (`data/palette.json`, `plates`) so the game draws exactly what the
//! readability audit measures ([`super::plate_contrast`]): a screw against the plate it sits on, two
//! touching plates against each other.
//!
//! Why `id % 3`: a generated layer holds at most three panels and their ids are consecutive, so no two
//! panels of one layer share a tint; the layers are apart in lightness. Why a tint table instead of the
//! old GDScript formula (lighten/darken by id, shift the hue, multiply for a swing): the formula put
//! dimmed white screws on near-white plates and gave touching panels the same tint, and no audit could
//! see it.

use screwsmith_rules::sim::Pose;
use serde::Serialize;

use super::colour_vision::Rgb8;

/// Tints per layer.
pub const PLATE_SLOTS: usize = 3;

/// The plate tint table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlateTints {
    /// Per layer (bottom first), [`PLATE_SLOTS`] tints of a plate, resting or hanging: a hanging plate
    /// is the same plate turned about its screw, and keeps its tint so the player follows it.
    pub rest: Vec<[Rgb8; PLATE_SLOTS]>,
    /// A fixed frame (a part that never had screws).
    pub frame: Rgb8,
}

impl PlateTints {
    /// The slot a part's plate takes.
    pub fn slot(part_id: u16) -> usize {
        part_id as usize % PLATE_SLOTS
    }

    /// The tint of part `part_id` on `layer` in `pose` (deeper layers than the table repeat its top;
    /// a hanging plate keeps its resting tint; a fallen part is not drawn and reports it too).
    pub fn tint(&self, layer: u8, part_id: u16, pose: Pose) -> Rgb8 {
        let pick = |table: &[[Rgb8; PLATE_SLOTS]]| {
            let row = (layer as usize).min(table.len().saturating_sub(1));
            table
                .get(row)
                .map_or(self.frame, |r| r[Self::slot(part_id)])
        };
        match pose {
            Pose::Frame => self.frame,
            Pose::Rest | Pose::Hang(_) | Pose::Fallen => pick(&self.rest),
        }
    }

    /// Bug switch for tests: one tint per layer (every slot the same, as if panels were told apart by
    /// id no more). Touching panels of one layer then have ΔE 0, and the audit must catch it.
    pub fn one_tint_per_layer(&self) -> PlateTints {
        let flat = |t: &Vec<[Rgb8; PLATE_SLOTS]>| t.iter().map(|r| [r[0]; PLATE_SLOTS]).collect();
        PlateTints {
            rest: flat(&self.rest),
            frame: self.frame,
        }
    }

    /// Bug switch for tests: every plate in `colour` (a near-white metal, say), so white screws melt
    /// into it. The audit must catch it.
    pub fn all(colour: Rgb8) -> PlateTints {
        PlateTints {
            rest: vec![[colour; PLATE_SLOTS]],
            frame: colour,
        }
    }
}
