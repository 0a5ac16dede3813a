//! `ReadabilityAudit.plate_colour(layer, id, pose)`: the tint a part's plate is drawn in, from the core
//! palette (`screwsmith_readability::plates`), so the board draws exactly the tints the readability
//! audit measures screws and touching plates against. Its own file: one call the board's plate code
//! makes.

use godot::prelude::*;
use screwsmith_play::view::PoseKind;
use screwsmith_readability::Palette;

use crate::readability_audit::ReadabilityAudit;

#[godot_api(secondary)]
impl ReadabilityAudit {
    /// The plate tint of part `id` on `layer` in `pose` (a `GameSim.POSE_*` integer: the `pose` of a
    /// `GameSim.parts()` row). An unknown pose draws the resting tint; a layer or id out of range is
    /// clamped (the core's tables repeat their top layer).
    #[func]
    fn plate_colour(&self, layer: i64, id: i64, pose: i64) -> Color {
        crate::calls::count();
        let tints = &Palette::shipped().plates;
        let (layer, id) = (layer.clamp(0, 255) as u8, id.clamp(0, 65535) as u16);
        let pose = PoseKind::from_int(pose).unwrap_or(PoseKind::Rest).pose();
        let c = tints.tint(layer, id, pose);
        Color::from_rgba8(c[0], c[1], c[2], 255)
    }
}
