//! `ReadabilityAudit.phone_frame(viewport, width, height, max_layer)`: what a phone's camera frames of a
//! board, in board cells (`screwsmith_editor::phone_frame`, the shipped camera model run backwards), for
//! the level editor's overlay. Its own file, compiled with the `editor` feature: only the editor draws it.

use godot::prelude::*;

use crate::readability_audit::ReadabilityAudit;

#[godot_api(secondary)]
impl ReadabilityAudit {
    /// `{screen: Rect2, hud_top: float, hud_bottom: float}` in board cells: the screen's edges on
    /// layer 0's top face, and the rows where the crates band ends and the rail band starts.
    #[func]
    fn phone_frame(
        &self,
        viewport: Vector2i,
        board_width: i64,
        board_height: i64,
        max_layer: i64,
    ) -> VarDictionary {
        crate::calls::count();
        let clamp = |v: i64| v.clamp(1, 255) as u8;
        let f = screwsmith_editor::phone_frame(
            viewport.x.max(1) as f64,
            viewport.y.max(1) as f64,
            clamp(board_width),
            clamp(board_height),
            max_layer.clamp(0, 255) as u8,
        );
        let s = f.screen;
        let screen = Rect2::new(
            Vector2::new(s.left as f32, s.top as f32),
            Vector2::new((s.right - s.left) as f32, (s.bottom - s.top) as f32),
        );
        vdict! {
            "screen" => screen,
            "hud_top" => f.hud_top,
            "hud_bottom" => f.hud_bottom,
        }
    }
}
