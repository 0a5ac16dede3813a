//! The footer under the device frame: the caption ("Level N — move k/K — rail r/R — wrench w"), in the
//! designer view the crate queue in order, and the legend (screw kinds, colours with their
//! colour-blind patterns, in the designer view the layer shades). Text only where a designer reads it;
//! the device frame above stays exactly what the camera shows.

use screwsmith_rules::sim::{GameSim, Status};

use screwsmith_readability::camera::{Camera, Rect, ScreenCircle};
use screwsmith_readability::colour_vision::Rgb8;
use screwsmith_readability::palette::Palette;

use super::{mix, Anchor, Shape, Stroke, View, BOLT, COLLIDER, HIDDEN, RUSTY, TEXT};

/// Legend entries per row.
const COLUMNS: usize = 3;

/// The caption of a state: level, move of the stored solution, rail, wrench, and the outcome once
/// decided. Only characters the bundled Latin font holds.
pub fn caption(sim: &GameSim) -> String {
    let data = sim.level().data();
    let total = data.measure.as_ref().map(|m| m.solution.len());
    let moves = match total {
        Some(k) => format!("move {}/{k}", sim.moves()),
        None => format!("move {}", sim.moves()),
    };
    let mut text = format!(
        "Level {} — {moves} — rail {}/{} — wrench {}",
        data.number,
        sim.rail().occupancy(),
        sim.rail().len(),
        sim.wrench_charges()
    );
    match sim.status() {
        Status::Won => text.push_str(" — won"),
        Status::Lost => text.push_str(" — lost"),
        Status::Playing => {}
    }
    text
}

/// One legend entry's sample.
enum Sample {
    Screw {
        fill: Rgb8,
        stroke: Option<Stroke>,
        mark: Option<screwsmith_readability::palette::Pattern>,
        text: Option<&'static str>,
    },
    Swatch(Rgb8, Option<Stroke>),
}

/// Where the footer's parts landed.
pub(super) struct Footer {
    pub height: f64,
    pub caption: Rect,
    pub legend_top: f64,
}

/// Draws the footer below the frame.
pub(super) fn footer(
    shapes: &mut Vec<Shape>,
    sim: &GameSim,
    cam: &Camera,
    palette: &Palette,
    view: View,
) -> Footer {
    let (w, top) = (cam.viewport_w, cam.viewport_h);
    let u = w / 1080.0;
    let pad = 28.0 * u;
    let mut y = top + pad;
    let size = 36.0 * u;
    shapes.push(Shape::text(
        pad,
        y + size,
        size,
        caption(sim),
        TEXT,
        Anchor::Start,
    ));
    let caption_rect = Rect {
        left: 0.0,
        top,
        right: w,
        bottom: y + size * 1.3,
    };
    y += size * 1.6;
    let label = 30.0 * u;
    if view == View::Designer {
        y = queue(shapes, sim, palette, pad, y, w, u);
    }
    let legend_top = y;
    let r = 22.0 * u;
    let mut entries: Vec<(Sample, String)> = vec![
        (
            Sample::Screw {
                fill: HIDDEN,
                stroke: Some(Stroke::solid(RUSTY, r * 0.18)),
                mark: None,
                text: None,
            },
            "rusty: two taps".into(),
        ),
        (
            Sample::Screw {
                fill: HIDDEN,
                stroke: Some(Stroke::solid(BOLT, r * 0.18)),
                mark: None,
                text: None,
            },
            "bolt: wrench".into(),
        ),
        (
            Sample::Screw {
                fill: HIDDEN,
                stroke: None,
                mark: None,
                text: Some("?"),
            },
            "hidden colour".into(),
        ),
        (
            Sample::Screw {
                fill: palette.scene.hud,
                stroke: Some(Stroke::dashed(COLLIDER, 2.0)),
                mark: None,
                text: None,
            },
            "tap target".into(),
        ),
    ];
    if view == View::Designer {
        let panel = palette.panel(1);
        entries.push((
            Sample::Screw {
                fill: mix(HIDDEN, panel, 0.55),
                stroke: Some(Stroke::dashed(mix(panel, [0; 3], 0.5), r * 0.14)),
                mark: None,
                text: None,
            },
            "under a panel".into(),
        ));
        entries.push((
            Sample::Swatch(
                palette.scene.background,
                Some(Stroke::dashed(panel, 3.0 * u)),
            ),
            "resting place".into(),
        ));
    }
    for c in &palette.colours {
        entries.push((
            Sample::Screw {
                fill: c.bright,
                stroke: None,
                mark: Some(c.pattern),
                text: None,
            },
            format!("{} {}", c.name, c.pattern.name()),
        ));
    }
    if view == View::Designer {
        for layer in 0..=sim.level().max_layer() {
            entries.push((
                Sample::Swatch(
                    palette.panel(layer),
                    Some(Stroke::solid(palette.scene.panel_edge, 3.0 * u)),
                ),
                format!("layer {}", layer + 1),
            ));
        }
    }
    let row_h = 64.0 * u;
    let col_w = (w - 2.0 * pad) / COLUMNS as f64;
    let rows = entries.len().div_ceil(COLUMNS);
    for (k, (sample, text)) in entries.into_iter().enumerate() {
        let (col, row) = (k % COLUMNS, k / COLUMNS);
        let centre = ScreenCircle {
            x: pad + col as f64 * col_w + r,
            y: y + row as f64 * row_h + r,
            r,
        };
        draw_sample(shapes, sample, centre);
        shapes.push(Shape::text(
            centre.x + r * 1.8,
            centre.y + label * 0.35,
            label,
            text,
            TEXT,
            Anchor::Start,
        ));
    }
    y += rows as f64 * row_h;
    Footer {
        height: y + pad - top,
        caption: caption_rect,
        legend_top,
    }
}

fn draw_sample(shapes: &mut Vec<Shape>, sample: Sample, c: ScreenCircle) {
    match sample {
        Sample::Screw {
            fill,
            stroke,
            mark,
            text,
        } => {
            shapes.push(Shape::Circle {
                circle: c,
                fill: Some(fill),
                stroke,
            });
            if let Some(pattern) = mark {
                shapes.push(Shape::Mark {
                    circle: ScreenCircle { r: c.r * 0.5, ..c },
                    pattern,
                    colour: super::black_or_white(fill),
                });
            }
            if let Some(t) = text {
                shapes.push(Shape::text(
                    c.x,
                    c.y + c.r * 0.4,
                    c.r * 1.1,
                    t,
                    super::black_or_white(fill),
                    Anchor::Middle,
                ));
            }
        }
        Sample::Swatch(fill, stroke) => shapes.push(Shape::Rect {
            rect: Rect {
                left: c.x - c.r,
                top: c.y - c.r,
                right: c.x + c.r,
                bottom: c.y + c.r,
            },
            fill: Some(fill),
            stroke,
        }),
    }
}

/// The crates still to come, in order, as coloured boxes with their pattern; returns the next `y`.
/// The space kept is the whole queue's, so every frame of one level has the same height.
fn queue(
    shapes: &mut Vec<Shape>,
    sim: &GameSim,
    palette: &Palette,
    pad: f64,
    mut y: f64,
    w: f64,
    u: f64,
) -> f64 {
    let label = 30.0 * u;
    let rest = &sim.level().queue()[(sim.next_crate() as usize).min(sim.level().queue().len())..];
    let title = if rest.is_empty() {
        "next crates: none".to_string()
    } else {
        format!("next crates, in order ({}):", rest.len())
    };
    shapes.push(Shape::text(
        pad,
        y + label,
        label,
        title,
        TEXT,
        Anchor::Start,
    ));
    y += label * 1.6;
    let (side, gap) = (52.0 * u, 10.0 * u);
    let per_row = (((w - 2.0 * pad + gap) / (side + gap)).floor() as usize).max(1);
    for (k, &colour) in rest.iter().enumerate() {
        let (col, row) = (k % per_row, k / per_row);
        let left = pad + col as f64 * (side + gap);
        let top = y + row as f64 * (side + gap);
        let fill = palette.colour(colour).map_or(HIDDEN, |c| c.bright);
        shapes.push(Shape::Rect {
            rect: Rect {
                left,
                top,
                right: left + side,
                bottom: top + side,
            },
            fill: Some(fill),
            stroke: Some(Stroke::solid(palette.scene.hud_edge, 2.0 * u)),
        });
        if let Some(c) = palette.colour(colour) {
            shapes.push(Shape::Mark {
                circle: ScreenCircle {
                    x: left + side / 2.0,
                    y: top + side / 2.0,
                    r: side * 0.3,
                },
                pattern: c.pattern,
                colour: super::black_or_white(fill),
            });
        }
    }
    let rows = sim.level().queue().len().div_ceil(per_row);
    y + rows as f64 * (side + gap) + gap * 2.0
}
