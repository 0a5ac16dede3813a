//! `ReadabilityAudit.plate_colour(layer, id, pose)`: the tint a part's plate is drawn in, from the core
//! palette (`screwsmith_readability::plates`), so the board draws exactly the tints the readability
//! audit measures screws and touching plates against; `plate_colours(rows)` the same for every pose a
//! board can show, in one call when it is built (a tint asked for in a tap's frame would be a call
//! across the engine boundary on the tap's path). Its own file: the board's plate code's calls.

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
        tint(layer, id, pose)
    }

    /// `plate_colour` of each row (`{layer, id, pose}`, as `GameSim.parts()` / `part_poses()` give
    /// them), in row order; a row missing a field reads it as 0.
    #[func]
    fn plate_colours(&self, rows: Array<VarDictionary>) -> PackedColorArray {
        crate::calls::count();
        let field = |row: &VarDictionary, key: &str| {
            row.get(key)
                .and_then(|v| v.try_to::<i64>().ok())
                .unwrap_or(0)
        };
        rows.iter_shared()
            .map(|row| tint(field(&row, "layer"), field(&row, "id"), field(&row, "pose")))
            .collect()
    }
}

/// The tint of part `id` on `layer` in `pose` (an unknown pose draws the resting tint; a layer or id
/// out of range is clamped: the core's tables repeat their top layer).
fn tint(layer: i64, id: i64, pose: i64) -> Color {
    let tints = &Palette::shipped().plates;
    let (layer, id) = (layer.clamp(0, 255) as u8, id.clamp(0, 65535) as u16);
    let pose = PoseKind::from_int(pose).unwrap_or(PoseKind::Rest).pose();
    let c = tints.tint(layer, id, pose);
    Color::from_rgba8(c[0], c[1], c[2], 255)
}
