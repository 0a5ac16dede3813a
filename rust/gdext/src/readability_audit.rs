//! `ReadabilityAudit` (RefCounted): the one camera model, the world convention, the palette and the
//! per-level readability audit, for the board scene. Everything is `screwsmith_app::view::readability`
//! and `screwsmith_readability`; this file only converts.

use godot::prelude::*;
use screwsmith_app::view::readability;
use screwsmith_readability::camera::Vec3;
use screwsmith_readability::Palette;

use crate::convert;
use crate::last_error::LastError;

/// Sizes, camera and colours for the board scene — never computed in GDScript. A refused call returns
/// `{}` / `Vector3.ZERO` and leaves the reason in `last_error()`.
#[derive(GodotClass)]
#[class(init, tool, base = RefCounted)]
pub struct ReadabilityAudit {
    base: Base<RefCounted>,
    error: LastError,
}

#[godot_api]
impl ReadabilityAudit {
    /// The camera for a viewport and a board: `{fov_y_deg, position, target, up, layer_height,
    /// screw_radius, screw_height, head_radius, panel_thickness, hud_top_px, hud_bottom_px}`
    /// (Vector3 for the points; set the Camera3D's `keep_aspect` to KEEP_HEIGHT).
    #[func]
    fn camera(
        &mut self,
        viewport: Vector2i,
        board_width: i64,
        board_height: i64,
        max_layer: i64,
    ) -> VarDictionary {
        let result = readability::camera(
            viewport.x as i64,
            viewport.y as i64,
            board_width,
            board_height,
            max_layer,
        );
        self.error
            .check("ReadabilityAudit.camera", result)
            .map(|c| {
                vdict! {
                    "fov_y_deg" => c.fov_y_deg,
                    "position" => vector(c.position),
                    "target" => vector(c.target),
                    "up" => vector(c.up),
                    "layer_height" => c.layer_height,
                    "screw_radius" => c.screw_radius,
                    "screw_height" => c.screw_height,
                    "head_radius" => c.head_radius,
                    "panel_thickness" => c.panel_thickness,
                    "hud_top_px" => c.hud_top_px,
                    "hud_bottom_px" => c.hud_bottom_px,
                }
            })
            .unwrap_or_default()
    }

    /// World centre of cell (x, y) on `layer` of a board (row 0 at the top of the screen, -Z).
    #[func]
    fn cell_to_world(
        &mut self,
        x: i64,
        y: i64,
        layer: i64,
        board_width: i64,
        board_height: i64,
    ) -> Vector3 {
        let result = readability::cell_to_world(x, y, layer, board_width, board_height);
        self.error
            .check("ReadabilityAudit.cell_to_world", result)
            .map_or(Vector3::ZERO, vector)
    }

    /// The shipped screw colours: `{index, name, bright: Color, dimmed: Color, pattern}` (the dimmed
    /// colour is for blocked screws; the pattern is the colour-blind head mark).
    #[func]
    fn palette(&self) -> Array<VarDictionary> {
        Palette::shipped()
            .colours
            .iter()
            .map(|c| {
                vdict! {
                    "index" => c.index,
                    "name" => &GString::from(c.name.as_str()),
                    "bright" => Color::from_rgba8(c.bright[0], c.bright[1], c.bright[2], 255),
                    "dimmed" => Color::from_rgba8(c.dimmed[0], c.dimmed[1], c.dimmed[2], 255),
                    "pattern" => &GString::from(c.pattern.name()),
                }
            })
            .collect()
    }

    /// The readability audit of a level (along its stored solution) at one resolution:
    /// `{passed, device, level, states, smallest, smallest_vs_guideline, failures, warnings}`.
    #[func]
    fn audit_level(&mut self, level_json: GString, width_px: i64, height_px: i64) -> VarDictionary {
        let result = readability::audit_level(&level_json.to_string(), width_px, height_px);
        self.error
            .check("ReadabilityAudit.audit_level", result)
            .and_then(|json| json.as_object().map(convert::json_object))
            .unwrap_or_default()
    }

    /// Why the last call was refused; "" after a call that succeeded.
    #[func]
    fn last_error(&self) -> GString {
        self.error.get()
    }
}

fn vector(v: Vec3) -> Vector3 {
    Vector3::new(v.x as f32, v.y as f32, v.z as f32)
}
