//! A level state as the camera sees it on one device, as a list of flat shapes in screen pixels:
//! panels by layer (bottom first, so higher panels cover lower screws), screws with their colour and
//! head pattern (dimmed when blocked, grey with "?" while hidden), each accessible screw's tap collider
//! outlined, and the HUD bands with the crates and the rail. `screwsmith render` turns it into SVG or
//! PNG; keeping the geometry here means the picture uses the audit's camera, not a second one.

use serde::Serialize;

use screwsmith_rules::sim::GameSim;

use screwsmith_readability::camera::{Camera, CameraParams, Rect, ScreenCircle};
use screwsmith_readability::colour_vision::Rgb8;
use screwsmith_readability::devices::Device;
use screwsmith_readability::palette::{Palette, Pattern};

/// Colour used for screws whose colour the player does not know yet.
pub const HIDDEN: Rgb8 = [0x80, 0x84, 0x8C];
/// Outline of a tap collider.
pub const COLLIDER: Rgb8 = [0xFF, 0xFF, 0xFF];
/// Outline of a rusty screw and of a bolt.
pub const RUSTY: Rgb8 = [0xB8, 0x5C, 0x1E];
pub const BOLT: Rgb8 = [0x10, 0x10, 0x10];

/// One flat shape.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum Shape {
    Rect {
        rect: Rect,
        fill: Option<Rgb8>,
        stroke: Option<(Rgb8, f64)>,
    },
    Circle {
        circle: ScreenCircle,
        fill: Option<Rgb8>,
        stroke: Option<(Rgb8, f64)>,
        /// Draw the outline dashed (tap colliders).
        dashed: bool,
    },
    /// A head pattern of size `circle.r` centred on the circle.
    Mark {
        circle: ScreenCircle,
        pattern: Pattern,
        colour: Rgb8,
    },
    /// A short label (SVG only; raster output skips text).
    Text {
        x: f64,
        y: f64,
        size: f64,
        text: String,
        colour: Rgb8,
    },
}

/// A whole picture.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub background: Rgb8,
    pub shapes: Vec<Shape>,
}

fn black_or_white(c: Rgb8) -> Rgb8 {
    let luma = 0.299 * c[0] as f64 + 0.587 * c[1] as f64 + 0.114 * c[2] as f64;
    if luma > 140.0 {
        [0x20, 0x20, 0x20]
    } else {
        [0xF4, 0xF4, 0xF4]
    }
}

/// The picture of `sim`'s current state on `device`.
pub fn picture(
    sim: &GameSim,
    device: &Device,
    palette: &Palette,
    params: &CameraParams,
) -> Picture {
    let level = sim.level();
    let data = &level.data();
    let max_layer = level.max_layer();
    let cam = Camera::for_level(params, level, device);
    let scene = &palette.scene;
    let mut shapes = Vec::new();
    let accessible = sim.accessible_mask();
    for layer in 0..=max_layer {
        for (p, part) in level.parts().iter().enumerate() {
            if part.layer != layer {
                continue;
            }
            for i in screwsmith_rules::cells::bits(sim.poses()[p]) {
                let (x, y) = screwsmith_rules::cells::cell_xy(data.width, i);
                shapes.push(Shape::Rect {
                    rect: cam.cell_rect(x, y, layer),
                    fill: Some(palette.panel(layer)),
                    stroke: Some((scene.panel_edge, 1.0)),
                });
            }
        }
        for (i, s) in level.screws().iter().enumerate() {
            if s.layer != layer || sim.is_removed(i as u8) {
                continue;
            }
            let open = accessible >> i & 1 == 1;
            let head = cam.head_circle(s.xy[0], s.xy[1], s.layer);
            let colour = palette.colour(s.color);
            let fill = match (sim.is_known(i as u8), colour) {
                (false, _) | (true, None) => HIDDEN,
                (true, Some(c)) if open => c.bright,
                (true, Some(c)) => c.dimmed,
            };
            let rim = match s.kind {
                screwsmith_rules::level::ScrewKind::Normal => None,
                screwsmith_rules::level::ScrewKind::Rusty => Some((RUSTY, head.r * 0.18)),
                screwsmith_rules::level::ScrewKind::Bolt => Some((BOLT, head.r * 0.18)),
            };
            shapes.push(Shape::Circle {
                circle: head,
                fill: Some(fill),
                stroke: rim,
                dashed: false,
            });
            match (sim.is_known(i as u8), colour) {
                (true, Some(c)) => shapes.push(Shape::Mark {
                    circle: ScreenCircle {
                        r: head.r * 0.5,
                        ..head
                    },
                    pattern: c.pattern,
                    colour: black_or_white(fill),
                }),
                _ => shapes.push(Shape::Text {
                    x: head.x,
                    y: head.y + head.r * 0.4,
                    size: head.r * 1.1,
                    text: "?".into(),
                    colour: black_or_white(fill),
                }),
            }
            if open {
                shapes.push(Shape::Circle {
                    circle: cam.screw_circle(s.xy[0], s.xy[1], s.layer),
                    fill: None,
                    stroke: Some((COLLIDER, 2.0)),
                    dashed: true,
                });
            }
        }
    }
    hud(&mut shapes, sim, &cam, palette);
    Picture {
        width: device.width,
        height: device.height,
        background: scene.background,
        shapes,
    }
}

/// The HUD bands with the active crates (top) and the rail (bottom).
fn hud(shapes: &mut Vec<Shape>, sim: &GameSim, cam: &Camera, palette: &Palette) {
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
            stroke: Some((scene.hud_edge, 2.0)),
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
            stroke: Some((colour.filter(|_| active).unwrap_or(scene.hud_edge), 4.0)),
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
                    stroke: Some((colour.unwrap_or(HIDDEN), 2.0)),
                    dashed: false,
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
        let colour = (screw != screwsmith_rules::sim::rail::EMPTY)
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
            stroke: Some((scene.hud_edge, 3.0)),
            dashed: false,
        });
    }
    shapes.push(Shape::Text {
        x: w / 2.0,
        y: cam.insets.top * 0.7 + 4.0,
        size: (cam.insets.top * 0.5).max(18.0),
        text: format!("level {}", sim.level().data().number),
        colour: [0xF4, 0xF4, 0xF4],
    });
}

/// One filled piece of a head pattern.
#[derive(Debug, Clone, PartialEq)]
pub enum MarkPart {
    Polygon(Vec<(f64, f64)>),
    Disc(ScreenCircle),
    /// A circle outline of the given width.
    Ring(ScreenCircle, f64),
}

/// The filled pieces that draw `pattern` inside `c` (shared by every picture backend).
pub fn mark_parts(pattern: Pattern, c: ScreenCircle) -> Vec<MarkPart> {
    let at = |dx: f64, dy: f64| (c.x + dx * c.r, c.y + dy * c.r);
    match pattern {
        Pattern::Dot => vec![MarkPart::Disc(ScreenCircle { r: c.r * 0.5, ..c })],
        Pattern::Ring => vec![MarkPart::Ring(
            ScreenCircle { r: c.r * 0.75, ..c },
            c.r * 0.3,
        )],
        Pattern::Triangle => vec![MarkPart::Polygon(vec![
            at(0.0, -0.95),
            at(0.8, 0.55),
            at(-0.8, 0.55),
        ])],
        Pattern::Square => vec![MarkPart::Polygon(vec![
            at(-0.7, -0.7),
            at(0.7, -0.7),
            at(0.7, 0.7),
            at(-0.7, 0.7),
        ])],
        Pattern::Diamond => vec![MarkPart::Polygon(vec![
            at(0.0, -1.0),
            at(0.8, 0.0),
            at(0.0, 1.0),
            at(-0.8, 0.0),
        ])],
        Pattern::Cross => {
            let t = 0.22;
            vec![
                MarkPart::Polygon(vec![at(-0.95, -t), at(0.95, -t), at(0.95, t), at(-0.95, t)]),
                MarkPart::Polygon(vec![at(-t, -0.95), at(t, -0.95), at(t, 0.95), at(-t, 0.95)]),
            ]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use screwsmith_readability::devices::devices;
    use std::sync::Arc;

    fn mid() -> GameSim {
        let text = include_str!("../../rules/tests/levels/mid.json");
        let level = screwsmith_rules::level::parse_level(text).expect("mid.json");
        GameSim::new(Arc::new(
            screwsmith_rules::sim::CompiledLevel::new(level).expect("valid"),
        ))
    }

    #[test]
    fn the_picture_has_every_panel_cell_and_screw() {
        let sim = mid();
        let pic = picture(
            &sim,
            &devices()[0],
            Palette::shipped(),
            &CameraParams::default(),
        );
        assert_eq!((pic.width, pic.height), (720, 1600));
        let cells: u32 = sim.poses().iter().map(|m| m.count_ones()).sum();
        let rects = pic
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Rect { fill: Some(f), .. } if Palette::shipped().scene.panels.contains(f)))
            .count();
        assert_eq!(rects as u32, cells);
        let marks = pic
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Mark { .. }))
            .count();
        assert_eq!(marks, sim.level().screws().len());
        let colliders = pic
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Circle { dashed: true, .. }))
            .count();
        assert_eq!(colliders as u32, sim.accessible_mask().count_ones());
    }

    #[test]
    fn blocked_screws_are_dimmed() {
        let sim = mid();
        let pal = Palette::shipped();
        let pic = picture(&sim, &devices()[0], pal, &CameraParams::default());
        let heads: Vec<Rgb8> = pic
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Circle {
                    fill: Some(f),
                    dashed: false,
                    ..
                } => Some(*f),
                _ => None,
            })
            .collect();
        let blocked = sim.level().screws().len() as u32 - sim.accessible_mask().count_ones();
        let dimmed = heads
            .iter()
            .filter(|f| pal.colours.iter().any(|c| c.dimmed == **f))
            .count();
        assert!(blocked > 0);
        assert_eq!(dimmed as u32, blocked);
    }

    #[test]
    fn every_pattern_draws_inside_its_circle() {
        let c = ScreenCircle {
            x: 10.0,
            y: 20.0,
            r: 5.0,
        };
        for p in [
            Pattern::Cross,
            Pattern::Dot,
            Pattern::Triangle,
            Pattern::Square,
            Pattern::Diamond,
            Pattern::Ring,
        ] {
            for part in mark_parts(p, c) {
                if let MarkPart::Polygon(points) = part {
                    for (x, y) in points {
                        assert!(
                            ((x - c.x).powi(2) + (y - c.y).powi(2)).sqrt() <= c.r * 1.01,
                            "{p:?}"
                        );
                    }
                }
            }
        }
    }
}
