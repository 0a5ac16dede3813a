//! What a phone's camera frames of a board, in board cells: the shipped camera model
//! ([`Camera::for_viewport`]) run backwards from the screen's corners and the HUD bands' edges onto the
//! top face of layer 0. The editor draws it over the level, so a designer sees where the crates and the
//! rail will cover the board on the smallest audited phone without guessing at the camera in GDScript.

use screwsmith_readability::camera::{Camera, Insets};
use serde::Serialize;

/// A rectangle in board cells (x right, y down; cell `(x, y)` spans `x..x+1`, `y..y+1`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CellRect {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

/// A phone's view of a board: the whole screen, and the rows the HUD bands end at.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PhoneFrame {
    /// The screen's edges on the board plane.
    pub screen: CellRect,
    /// Where the crates band (top) ends and the rail band (bottom) starts, as board rows.
    pub hud_top: f64,
    pub hud_bottom: f64,
}

/// The frame a `viewport_w × viewport_h` screen (no safe-area insets) shows of a `width × height`
/// board whose highest layer is `max_layer`.
pub fn phone_frame(
    viewport_w: f64,
    viewport_h: f64,
    width: u8,
    height: u8,
    max_layer: u8,
) -> PhoneFrame {
    let camera = Camera::for_viewport(
        viewport_w,
        viewport_h,
        width,
        height,
        max_layer,
        Insets::default(),
    );
    let (w, h) = (camera.viewport_w, camera.viewport_h);
    let (left, top) = to_board(&camera, 0.0, 0.0);
    let (right, bottom) = to_board(&camera, w, h);
    PhoneFrame {
        screen: CellRect {
            left,
            top,
            right,
            bottom,
        },
        hud_top: to_board(&camera, 0.0, camera.hud_top_px).1,
        hud_bottom: to_board(&camera, 0.0, h - camera.hud_bottom_px).1,
    }
}

/// The board point (cells) on layer 0's top face that screen pixel `(sx, sy)` shows:
/// [`Camera::world_to_screen`] inverted at depth `position.y` (the camera looks straight down).
fn to_board(camera: &Camera, sx: f64, sy: f64) -> (f64, f64) {
    let k = camera.position.y / camera.focal_px;
    let x = camera.position.x + (sx - camera.viewport_w / 2.0) * k;
    let z = camera.position.z + (sy - camera.viewport_h / 2.0) * k;
    (
        x + camera.board_w as f64 / 2.0,
        z + camera.board_h as f64 / 2.0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use screwsmith_readability::camera::Vec3;

    #[test]
    fn the_frame_projects_back_onto_the_screen_corners() {
        let (w, h, bw, bh, layer) = (720.0, 1600.0, 9, 12, 3);
        let f = phone_frame(w, h, bw, bh, layer);
        let camera = Camera::for_viewport(w, h, bw, bh, layer, Insets::default());
        // Board point → world (cell_to_world's convention: x - w/2, z - h/2 on layer 0's top face).
        let world = |x: f64, y: f64| Vec3::new(x - bw as f64 / 2.0, 0.0, y - bh as f64 / 2.0);
        let (sx, sy, _) = camera
            .world_to_screen(world(f.screen.left, f.screen.top))
            .unwrap();
        assert!(sx.abs() < 1e-6 && sy.abs() < 1e-6, "({sx}, {sy})");
        let (sx, sy, _) = camera
            .world_to_screen(world(f.screen.right, f.screen.bottom))
            .unwrap();
        assert!(
            (sx - w).abs() < 1e-6 && (sy - h).abs() < 1e-6,
            "({sx}, {sy})"
        );
        let (_, band, _) = camera.world_to_screen(world(0.0, f.hud_top)).unwrap();
        assert!((band - camera.hud_top_px).abs() < 1e-6);
    }

    #[test]
    fn the_board_fits_between_the_hud_bands() {
        for (bw, bh) in [(6, 8), (9, 12), (12, 7)] {
            let f = phone_frame(720.0, 1600.0, bw, bh, 2);
            assert!(f.screen.left < 0.0 && f.screen.right > bw as f64, "{f:?}");
            assert!(f.hud_top < 0.0 && f.hud_bottom > bh as f64, "{f:?}");
            assert!(
                f.screen.top < f.hud_top && f.hud_bottom < f.screen.bottom,
                "{f:?}"
            );
        }
        // A wider screen sees more of the bench beside a tall board.
        let narrow = phone_frame(720.0, 1600.0, 6, 12, 0).screen;
        let wide = phone_frame(1080.0, 1600.0, 6, 12, 0).screen;
        assert!(wide.right - wide.left > narrow.right - narrow.left);
    }
}
