//! The HUD bands of the device frame: the active crates (top) and the rail (bottom), as the game
//! draws them.

use screwsmith_rules::sim::rail::EMPTY;
use screwsmith_rules::sim::GameSim;

use screwsmith_readability::camera::{Camera, Rect, ScreenCircle};
use screwsmith_readability::palette::Palette;

use super::{Anchor, Shape, Stroke, HIDDEN, TEXT};

pub(super) fn hud(shapes: &mut Vec<Shape>, sim: &GameSim, cam: &Camera, palette: &Palette) {
    let (w, h) = (cam.viewport_w, cam.viewport_h);
    let scene = &palette.scene;
    for rect in [
        Rect {
            left: 0.0,
            top: 0.0,
            right: w,
            bottom: cam.hud_top_px,
        },
        Rect {
            left: 0.0,
            top: h - cam.hud_bottom_px,
            right: w,
            bottom: h,
        },
    ] {
        shapes.push(Shape::Rect {
            rect,
            fill: Some(scene.hud),
            stroke: Some(Stroke::solid(scene.hud_edge, 2.0)),
        });
    }
    let band_top = cam.insets.top;
    let band_h = cam.hud_top_px - band_top;
    let crates = sim.crates();
    let slot_w = w / crates.len().max(1) as f64;
    for (k, c) in crates.iter().enumerate() {
        let rect = Rect {
            left: k as f64 * slot_w + slot_w * 0.1,
            top: band_top + band_h * 0.15,
            right: (k + 1) as f64 * slot_w - slot_w * 0.1,
            bottom: band_top + band_h * 0.85,
        };
        let colour = palette.colour(c.color).map(|p| p.bright);
        let active = c.is_active();
        shapes.push(Shape::Rect {
            rect,
            fill: if active {
                colour.map(|_| scene.hud_edge)
            } else {
                None
            },
            stroke: Some(Stroke::solid(
                colour.filter(|_| active).unwrap_or(scene.hud_edge),
                4.0,
            )),
        });
        if active {
            let place = (rect.right - rect.left) / 3.0;
            for p in 0..3u8 {
                let circle = ScreenCircle {
                    x: rect.left + place * (p as f64 + 0.5),
                    y: (rect.top + rect.bottom) / 2.0,
                    r: place.min(rect.bottom - rect.top) * 0.3,
                };
                shapes.push(Shape::Circle {
                    circle,
                    fill: if p < c.fill { colour } else { None },
                    stroke: Some(Stroke::solid(colour.unwrap_or(HIDDEN), 2.0)),
                });
            }
        }
    }
    let rail = sim.rail();
    let places = rail.len() as usize;
    let rail_top = h - cam.hud_bottom_px;
    let band_h = cam.hud_bottom_px - cam.insets.bottom;
    let place_w = w / places.max(1) as f64;
    for p in 0..places {
        let screw = rail.slots()[p];
        let colour = (screw != EMPTY)
            .then(|| sim.level().screws()[screw as usize].color)
            .and_then(|c| palette.colour(c))
            .map(|c| c.bright);
        shapes.push(Shape::Circle {
            circle: ScreenCircle {
                x: place_w * (p as f64 + 0.5),
                y: rail_top + band_h / 2.0,
                r: place_w.min(band_h) * 0.32,
            },
            fill: colour,
            stroke: Some(Stroke::solid(scene.hud_edge, 3.0)),
        });
    }
    shapes.push(Shape::text(
        w / 2.0,
        cam.insets.top * 0.7 + 4.0,
        (cam.insets.top * 0.5).max(18.0),
        format!("level {}", sim.level().data().number),
        TEXT,
        Anchor::Middle,
    ));
}
