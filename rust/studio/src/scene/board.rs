//! The board part of a picture: panels as outlined shapes, screws on them, and in the designer view
//! what is under the covers.

use screwsmith_rules::level::ScrewKind;
use screwsmith_rules::sim::{GameSim, Pose};

use screwsmith_readability::camera::{Camera, ScreenCircle};
use screwsmith_readability::colour_vision::Rgb8;
use screwsmith_readability::palette::Palette;

use super::outline::{outline, Vertex};
use super::{black_or_white, mix, Anchor, Shape, Stroke, View, BOLT, COLLIDER, HIDDEN, RUSTY};

/// How far a covered screw fades toward the panel over it (designer view).
const FADE: f64 = 0.55;

/// Each part's fill: the game's plate tint for its layer, id and pose (the core palette's, the one the
/// readability audit measures), so a picture shows what the player sees.
pub(super) fn part_tints(sim: &GameSim, palette: &Palette) -> Vec<Rgb8> {
    sim.level()
        .parts()
        .iter()
        .enumerate()
        .map(|(p, part)| palette.plates.tint(part.layer, part.id, sim.pose(p)))
        .collect()
}

/// Panel edge width for a board drawn at `cam`.
fn edge_width(cam: &Camera) -> f64 {
    let r = cam.cell_rect(0, 0, 0);
    ((r.right - r.left) * 0.06).clamp(2.0, 6.0)
}

/// Screen position of grid vertex `v` on `layer`: the mean of the matching corners of the cells
/// that meet there (cells shrink with distance, so neighbouring rows disagree by a fraction of a pixel).
fn vertex_px(cam: &Camera, v: Vertex, layer: u8) -> (f64, f64) {
    let (mut sx, mut sy, mut n) = (0.0f64, 0.0f64, 0.0f64);
    for cy in [v.1 as i16 - 1, v.1 as i16] {
        for cx in [v.0 as i16 - 1, v.0 as i16] {
            if cx < 0 || cy < 0 || cx >= cam.board_w as i16 || cy >= cam.board_h as i16 {
                continue;
            }
            let r = cam.cell_rect(cx as u8, cy as u8, layer);
            sx += if cx < v.0 as i16 { r.right } else { r.left };
            sy += if cy < v.1 as i16 { r.bottom } else { r.top };
            n += 1.0;
        }
    }
    (sx / n.max(1.0), sy / n.max(1.0))
}

/// The screen loops of the cells in `mask` on `layer`.
pub(super) fn loops_px(cam: &Camera, mask: u128, layer: u8) -> Vec<Vec<(f64, f64)>> {
    outline(mask, cam.board_w)
        .into_iter()
        .map(|ring| ring.into_iter().map(|v| vertex_px(cam, v, layer)).collect())
        .collect()
}

/// Panels and screws, layer by layer; in the designer view then the resting places of hanging panels
/// and the covered screws, faded, over their covers.
pub(super) fn board(
    shapes: &mut Vec<Shape>,
    sim: &GameSim,
    cam: &Camera,
    palette: &Palette,
    view: View,
) {
    let level = sim.level();
    let tints = part_tints(sim, palette);
    let edge = Stroke::solid(palette.scene.panel_edge, edge_width(cam));
    for layer in 0..=level.max_layer() {
        for (p, part) in level.parts().iter().enumerate() {
            let pose = sim.poses()[p];
            if part.layer != layer || pose == 0 {
                continue;
            }
            shapes.push(Shape::Path {
                loops: loops_px(cam, pose, layer),
                fill: Some(tints[p]),
                stroke: Some(edge),
            });
        }
        for (i, s) in level.screws().iter().enumerate() {
            if s.layer == layer && !sim.is_removed(i as u8) {
                screw(shapes, sim, cam, palette, i, view, None);
            }
        }
    }
    if view == View::Camera {
        return;
    }
    for (p, part) in level.parts().iter().enumerate() {
        if let Pose::Hang(_) = sim.pose(p) {
            shapes.push(Shape::Path {
                loops: loops_px(cam, part.rest, part.layer),
                fill: None,
                stroke: Some(Stroke::dashed(tints[p], edge.width)),
            });
        }
    }
    for (i, s) in level.screws().iter().enumerate() {
        if sim.is_removed(i as u8) {
            continue;
        }
        let cover = (0..level.parts().len())
            .filter(|&p| level.parts()[p].layer > s.layer && sim.poses()[p] & s.cell != 0)
            .max_by_key(|&p| level.parts()[p].layer);
        if let Some(p) = cover {
            screw(shapes, sim, cam, palette, i, view, Some(tints[p]));
        }
    }
}

/// Screw `i`: head (colour, rim by kind), pattern or "?", and its collider when it can be tapped.
/// `under` is the colour of the panel covering it: the screw is then drawn faded toward it, dashed.
fn screw(
    shapes: &mut Vec<Shape>,
    sim: &GameSim,
    cam: &Camera,
    palette: &Palette,
    i: usize,
    view: View,
    under: Option<Rgb8>,
) {
    let s = &sim.level().screws()[i];
    let open = sim.is_accessible(i as u8);
    let head = cam.head_circle(s.xy[0], s.xy[1], s.layer);
    let colour = palette.colour(s.color);
    let known = sim.is_known(i as u8);
    let fade = |c: Rgb8| under.map_or(c, |u| mix(c, u, FADE));
    let fill = match (known, colour) {
        (false, _) | (true, None) => HIDDEN,
        (true, Some(c)) if open => c.bright,
        (true, Some(c)) => c.dimmed,
    };
    let rim = match s.kind {
        ScrewKind::Normal => None,
        ScrewKind::Rusty => Some(RUSTY),
        ScrewKind::Bolt => Some(BOLT),
    };
    let stroke = match (under, rim) {
        // A covered rusty screw or bolt keeps its rim unfaded: the kind is what a designer checks
        // under a panel (a faded near-black bolt rim read as a plain screw's outline).
        (Some(_), Some(rim)) => Some(Stroke::dashed(rim, head.r * 0.18)),
        (Some(u), None) => Some(Stroke::dashed(fade(mix(u, [0; 3], 0.5)), head.r * 0.14)),
        (None, rim) => rim.map(|c| Stroke::solid(c, head.r * 0.18)),
    };
    shapes.push(Shape::Circle {
        circle: head,
        fill: Some(fade(fill)),
        stroke,
    });
    let ink = fade(black_or_white(fill));
    match (known, colour) {
        (true, Some(c)) => shapes.push(Shape::Mark {
            circle: ScreenCircle {
                r: head.r * 0.5,
                ..head
            },
            pattern: c.pattern,
            colour: ink,
        }),
        _ => {
            shapes.push(Shape::text(
                head.x,
                head.y + head.r * 0.4,
                head.r * 1.1,
                "?",
                ink,
                Anchor::Middle,
            ));
            // The designer sees what the player will find out: the real colour as a ring.
            if let (View::Designer, Some(c)) = (view, colour) {
                shapes.push(Shape::Circle {
                    circle: ScreenCircle {
                        r: head.r * 1.12,
                        ..head
                    },
                    fill: None,
                    stroke: Some(Stroke::solid(fade(c.bright), head.r * 0.22)),
                });
            }
        }
    }
    if open && under.is_none() {
        shapes.push(Shape::Circle {
            circle: cam.screw_circle(s.xy[0], s.xy[1], s.layer),
            fill: None,
            stroke: Some(Stroke::dashed(COLLIDER, 2.0)),
        });
    }
}
