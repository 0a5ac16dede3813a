//! The lock, key and bomb marks of `screwsmith render`, laid over a state's picture: a padlock on a
//! screw while its key is on the board, a key on a screw that holds one, and a bomb's moves left.
//!
//! Each mark sits in its own corner of the screw's cell, outside the head's middle, so the colour's
//! pattern (what tells colours apart without hue) stays readable and one screw can carry all three
//! (a key screw may itself be locked, and carry a bomb): padlock top left, bomb top right, key bottom
//! left. With more than one key screw on the level, each key and each padlock carries its key's
//! number (keys counted in level order), so a designer sees which lock each key opens.
//!
//! The camera view marks only what the player sees (a covered screw is under its cover); the
//! designer view marks every screw still in the board, as it draws them all.

use screwsmith_readability::camera::{Camera, CameraParams, Rect, ScreenCircle};
use screwsmith_readability::colour_vision::Rgb8;
use screwsmith_readability::devices::Device;
use screwsmith_rules::GameSim;
use screwsmith_studio::scene::{Anchor, Picture, Shape, Stroke, View, TEXT};

/// Brass for the padlock's body and the key, outlined in ink: their shapes, not their colour, tell
/// them from a yellow screw.
pub const BRASS: Rgb8 = [0xDB, 0xB0, 0x4C];
/// The padlock's shackle.
pub const SHACKLE: Rgb8 = [0xB8, 0xBC, 0xC6];
/// Outlines and the ink on brass.
pub const INK: Rgb8 = [0x14, 0x14, 0x1A];
/// The bomb's shell, its rim and its number.
pub const SHELL: Rgb8 = [0x22, 0x22, 0x28];
pub const FUSE: Rgb8 = [0xFF, 0x6A, 0x1E];
/// A covered bomb's rim, dashed: it is not counting down.
pub const FUSE_OUT: Rgb8 = [0x8A, 0x8E, 0x98];
pub const BOMB_TEXT: Rgb8 = [0xFA, 0xFA, 0xFA];

/// What marks one screw carries in this state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Marks {
    /// Locked now (its key screw is on the board); the key's number when the level has several.
    pub padlock: Option<Option<u8>>,
    /// Holds a key (this screw's number when the level has several).
    pub key: Option<Option<u8>>,
    /// A bomb's moves left.
    pub bomb: Option<u8>,
    /// Something covers the screw (only the designer view marks such a screw): a bomb under a
    /// cover is not counting down, and its rim says so.
    pub covered: bool,
}

impl Marks {
    pub fn any(&self) -> bool {
        self.padlock.is_some() || self.key.is_some() || self.bomb.is_some()
    }
}

/// The marks of every screw of `sim` (by screw index) that `view` shows: removed screws carry none,
/// and in the camera view neither do covered ones.
pub fn marks(sim: &GameSim, view: View) -> Vec<Marks> {
    let screws = sim.level().screws();
    // Key numbers, 1-based in level order, shown only when there is more than one key screw.
    let keys: Vec<usize> = (0..screws.len())
        .filter(|&i| screws[i].locks != 0)
        .collect();
    let number = |k: usize| {
        (keys.len() > 1)
            .then(|| keys.iter().position(|&i| i == k))
            .flatten()
            .map(|n| n as u8 + 1)
    };
    (0..screws.len())
        .map(|i| {
            let s = &screws[i];
            let shown =
                !sim.is_removed(i as u8) && (view == View::Designer || sim.is_accessible(i as u8));
            if !shown {
                return Marks::default();
            }
            Marks {
                padlock: sim
                    .is_locked(i as u8)
                    .then(|| s.key.and_then(|k| number(k as usize))),
                key: (s.locks != 0).then(|| number(i)),
                bomb: sim.bomb_left(i as u8),
                covered: !sim.is_accessible(i as u8),
            }
        })
        .collect()
}

/// Lays the marks of `sim`'s state over `pic` (drawn by the same camera), and when the level has
/// locks or bombs, a legend row for them under the picture's own legend.
pub fn mark_mechanics(
    pic: &mut Picture,
    sim: &GameSim,
    device: &Device,
    params: &CameraParams,
    view: View,
) {
    let cam = Camera::for_level(params, sim.level(), device);
    for (i, m) in marks(sim, view).into_iter().enumerate() {
        if !m.any() {
            continue;
        }
        let s = &sim.level().screws()[i];
        let head = cam.head_circle(s.xy[0], s.xy[1], s.layer);
        let at = |dx: f64, dy: f64| (head.x + dx * head.r, head.y + dy * head.r);
        if let Some(n) = m.padlock {
            padlock(&mut pic.shapes, at(-0.78, -0.72), head.r * 0.62, n);
        }
        if let Some(n) = m.key {
            key(&mut pic.shapes, at(-0.72, 0.8), head.r * 0.95, n);
        }
        if let Some(left) = m.bomb {
            bomb(
                &mut pic.shapes,
                at(0.8, -0.8),
                head.r * 0.5,
                left,
                m.covered,
            );
        }
    }
    legend(pic, sim);
}

/// A legend sample: draws one mark at a centre, for a sample radius.
type Sample = fn(&mut Vec<Shape>, (f64, f64), f64);

/// The legend's entries for the level's mechanics, laid out as the footer lays out its own (three
/// columns, the same sizes for a picture `pic.width` wide), in a row added under it. A level with
/// neither locks nor bombs gets none, so its picture is the footer's alone.
fn legend(pic: &mut Picture, sim: &GameSim) {
    let screws = sim.level().screws();
    let locks = screws.iter().any(|s| s.key.is_some());
    let bombs = screws.iter().any(|s| s.bomb.is_some());
    let mut entries: Vec<(Sample, &str)> = Vec::new();
    if locks {
        entries.push((|v, c, r| padlock(v, c, r * 1.5, None), "locked: key first"));
        entries.push((|v, c, r| key(v, c, r * 2.0, None), "holds a key"));
    }
    if bombs {
        entries.push((|v, c, r| bomb(v, c, r, 3, false), "bomb: moves left"));
    }
    if entries.is_empty() {
        return;
    }
    let u = pic.width as f64 / 1080.0;
    let (pad, row_h, r, label) = (28.0 * u, 64.0 * u, 22.0 * u, 30.0 * u);
    let col_w = (pic.width as f64 - 2.0 * pad) / 3.0;
    let top = pic.height as f64 - pad;
    for (k, (sample, text)) in entries.into_iter().enumerate() {
        let centre = (pad + k as f64 * col_w + r, top + r);
        sample(&mut pic.shapes, centre, r);
        pic.shapes.push(Shape::text(
            centre.0 + r * 1.8,
            centre.1 + label * 0.35,
            label,
            text,
            TEXT,
            Anchor::Start,
        ));
    }
    pic.height += row_h.ceil() as u32;
}

/// A digit (or two) of height about `size` centred on `c`.
fn centred_text(shapes: &mut Vec<Shape>, c: (f64, f64), size: f64, text: String, colour: Rgb8) {
    shapes.push(Shape::text(
        c.0,
        c.1 + size * 0.36,
        size,
        text,
        colour,
        Anchor::Middle,
    ));
}

/// A padlock `s` wide centred at `c`: a steel shackle over a brass body, the key's number on it.
fn padlock(shapes: &mut Vec<Shape>, c: (f64, f64), s: f64, number: Option<u8>) {
    let body = Rect {
        left: c.0 - s * 0.5,
        top: c.1 - s * 0.12,
        right: c.0 + s * 0.5,
        bottom: c.1 + s * 0.62,
    };
    // The shackle: a thick half ring standing on the body, as one closed outline.
    let (outer, inner) = (s * 0.36, s * 0.2);
    let hoop = (c.0, body.top - s * 0.08);
    let arc = |r: f64, from: f64, to: f64| {
        (0..=12).map(move |k| {
            let t = from + (to - from) * k as f64 / 12.0;
            (hoop.0 + r * t.cos(), hoop.1 + r * t.sin())
        })
    };
    let pi = std::f64::consts::PI;
    let mut ring: Vec<(f64, f64)> = vec![(c.0 - outer, body.top + 1.0)];
    ring.extend(arc(outer, pi, 2.0 * pi));
    ring.push((c.0 + outer, body.top + 1.0));
    ring.push((c.0 + inner, body.top + 1.0));
    ring.extend(arc(inner, 2.0 * pi, pi));
    ring.push((c.0 - inner, body.top + 1.0));
    let line = (s * 0.07).max(1.0);
    shapes.push(Shape::Path {
        loops: vec![ring],
        fill: Some(SHACKLE),
        stroke: Some(Stroke::solid(INK, line)),
    });
    shapes.push(Shape::Rect {
        rect: body,
        fill: Some(BRASS),
        stroke: Some(Stroke::solid(INK, line)),
    });
    let middle = (c.0, (body.top + body.bottom) / 2.0);
    match number {
        Some(n) => centred_text(shapes, middle, s * 0.62, n.to_string(), INK),
        None => {
            shapes.push(Shape::Circle {
                circle: ScreenCircle {
                    x: middle.0,
                    y: middle.1 - s * 0.06,
                    r: s * 0.09,
                },
                fill: Some(INK),
                stroke: None,
            });
            shapes.push(Shape::Rect {
                rect: Rect {
                    left: middle.0 - s * 0.04,
                    top: middle.1 - s * 0.04,
                    right: middle.0 + s * 0.04,
                    bottom: middle.1 + s * 0.18,
                },
                fill: Some(INK),
                stroke: None,
            });
        }
    }
}

/// A key `s` long centred at `c`, along x: a round bow on the left (the key's number in it), the
/// shaft and two teeth.
fn key(shapes: &mut Vec<Shape>, c: (f64, f64), s: f64, number: Option<u8>) {
    let line = (s * 0.05).max(1.0);
    let bow = ScreenCircle {
        x: c.0 - s * 0.22,
        y: c.1,
        r: s * 0.26,
    };
    let shaft_left = bow.x + bow.r * 0.8;
    let tip = c.0 + s * 0.5;
    let h = s * 0.07;
    let outline = vec![
        (shaft_left, c.1 - h),
        (tip, c.1 - h),
        (tip, c.1 + h * 3.2),
        (tip - s * 0.1, c.1 + h * 3.2),
        (tip - s * 0.1, c.1 + h),
        (tip - s * 0.2, c.1 + h),
        (tip - s * 0.2, c.1 + h * 2.4),
        (tip - s * 0.29, c.1 + h * 2.4),
        (tip - s * 0.29, c.1 + h),
        (shaft_left, c.1 + h),
    ];
    shapes.push(Shape::Path {
        loops: vec![outline],
        fill: Some(BRASS),
        stroke: Some(Stroke::solid(INK, line)),
    });
    shapes.push(Shape::Circle {
        circle: bow,
        fill: Some(BRASS),
        stroke: Some(Stroke::solid(INK, line)),
    });
    match number {
        Some(n) => centred_text(shapes, (bow.x, bow.y), bow.r * 1.5, n.to_string(), INK),
        None => shapes.push(Shape::Circle {
            circle: ScreenCircle {
                r: bow.r * 0.35,
                ..bow
            },
            fill: Some(INK),
            stroke: None,
        }),
    }
}

/// A bomb of radius `r` at `c`: a dark shell with a burning rim (dashed grey while `covered`: it
/// waits) and its moves left in white.
fn bomb(shapes: &mut Vec<Shape>, c: (f64, f64), r: f64, left: u8, covered: bool) {
    let width = (r * 0.16).max(1.0);
    shapes.push(Shape::Circle {
        circle: ScreenCircle { x: c.0, y: c.1, r },
        fill: Some(SHELL),
        stroke: Some(if covered {
            Stroke::dashed(FUSE_OUT, width)
        } else {
            Stroke::solid(FUSE, width)
        }),
    });
    let size = if left >= 10 { r * 1.05 } else { r * 1.3 };
    centred_text(shapes, c, size, left.to_string(), BOMB_TEXT);
}
