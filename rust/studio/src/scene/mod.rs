//! A level state as a list of flat shapes in screen pixels, for `screwsmith render`, its solution
//! frames and the report's thumbnails. Keeping the geometry here means every picture uses the audit's
//! camera, not a second one.
//!
//! Two views ([`View`]):
//! - **camera** — what the player sees on one device: panels by layer (bottom first, so higher panels
//!   cover lower screws), screws with colour and head pattern (dimmed when blocked, grey with "?" while
//!   hidden), each accessible screw's tap collider dashed, the HUD bands with crates and rail.
//! - **designer** — the same frame plus what a designer reasons about and a player cannot see: screws
//!   under covers drawn faded on top of them, a hidden screw's real colour as a ring, where a hanging
//!   panel rests (dashed), the crate queue in order.
//!
//! Both put every panel as one outlined shape ([`outline`]) with its own tint within its layer's shade,
//! so each screw visibly belongs to one piece, and add a footer under the device frame with the caption
//! ("Level N — move k/K — rail r/R — wrench w") and the legend ([`footer`]).

mod board;
mod footer;
mod hud;
mod marks;
pub mod outline;

pub use marks::{mark_parts, MarkPart};

use serde::Serialize;

use screwsmith_rules::sim::{GameSim, Move};

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
/// The ring around the screw the next move of a solution takes.
pub const NEXT_MOVE: Rgb8 = [0xFF, 0xFF, 0xFF];
/// Light text on the dark background.
pub const TEXT: Rgb8 = [0xF4, 0xF4, 0xF4];

/// Which picture of a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    /// What the player's camera shows.
    #[default]
    Camera,
    /// Everything a designer needs: covered screws, hidden colours, rest places, the crate queue.
    Designer,
}

/// How text lines up with its `x`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// An outline stroke: colour, width in pixels, dashed or solid.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Stroke {
    pub colour: Rgb8,
    pub width: f64,
    pub dashed: bool,
}

impl Stroke {
    pub fn solid(colour: Rgb8, width: f64) -> Stroke {
        Stroke {
            colour,
            width,
            dashed: false,
        }
    }

    pub fn dashed(colour: Rgb8, width: f64) -> Stroke {
        Stroke {
            colour,
            width,
            dashed: true,
        }
    }
}

/// One flat shape.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum Shape {
    Rect {
        rect: Rect,
        fill: Option<Rgb8>,
        stroke: Option<Stroke>,
    },
    Circle {
        circle: ScreenCircle,
        fill: Option<Rgb8>,
        stroke: Option<Stroke>,
    },
    /// Closed loops filled together (non-zero winding) and outlined: a panel, a hanging panel's
    /// resting place.
    Path {
        loops: Vec<Vec<(f64, f64)>>,
        fill: Option<Rgb8>,
        stroke: Option<Stroke>,
    },
    /// A head pattern of size `circle.r` centred on the circle.
    Mark {
        circle: ScreenCircle,
        pattern: Pattern,
        colour: Rgb8,
    },
    /// A line of text; `y` is the baseline.
    Text {
        x: f64,
        y: f64,
        size: f64,
        text: String,
        colour: Rgb8,
        anchor: Anchor,
    },
}

impl Shape {
    /// Text anchored at `x`.
    pub fn text(
        x: f64,
        y: f64,
        size: f64,
        text: impl Into<String>,
        colour: Rgb8,
        anchor: Anchor,
    ) -> Shape {
        Shape::Text {
            x,
            y,
            size,
            text: text.into(),
            colour,
            anchor,
        }
    }
}

/// A whole picture.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub background: Rgb8,
    pub shapes: Vec<Shape>,
    /// Where the caption line is (a test looks for text pixels there).
    pub caption: Rect,
    /// Where the legend starts: a strip of many frames stops there and shows it once.
    pub legend_top: f64,
}

/// Dark text on light colours, light text on dark ones.
pub fn black_or_white(c: Rgb8) -> Rgb8 {
    let luma = 0.299 * c[0] as f64 + 0.587 * c[1] as f64 + 0.114 * c[2] as f64;
    if luma > 140.0 {
        [0x20, 0x20, 0x20]
    } else {
        TEXT
    }
}

/// `a` mixed `t` of the way toward `b` (sRGB, for tints and fades; the palette's dimming is its own).
pub fn mix(a: Rgb8, b: Rgb8, t: f64) -> Rgb8 {
    let mut out = [0u8; 3];
    for i in 0..3 {
        out[i] = (a[i] as f64 * (1.0 - t) + b[i] as f64 * t).round() as u8;
    }
    out
}

/// The picture of `sim`'s current state on `device` in `view`: the device frame on top, the footer
/// with caption and legend under it.
pub fn picture(
    sim: &GameSim,
    device: &Device,
    palette: &Palette,
    params: &CameraParams,
    view: View,
) -> Picture {
    let cam = Camera::for_level(params, sim.level(), device);
    let mut shapes = Vec::new();
    board::board(&mut shapes, sim, &cam, palette, view);
    hud::hud(&mut shapes, sim, &cam, palette);
    let footer = footer::footer(&mut shapes, sim, &cam, palette, view);
    Picture {
        width: device.width,
        height: device.height + footer.height.ceil() as u32,
        background: palette.scene.background,
        shapes,
        caption: footer.caption,
        legend_top: footer.legend_top,
    }
}

/// [`picture`] with the shipped palette and the game's camera: what every command draws.
pub fn shipped_picture(sim: &GameSim, device: &Device, view: View) -> Picture {
    picture(
        sim,
        device,
        Palette::shipped(),
        &CameraParams::default(),
        view,
    )
}

/// Rings the screw `mv` acts on (white over black, wider than any head outline), so a frame of a
/// solution shows which screw the next move takes.
pub fn mark_next_move(
    pic: &mut Picture,
    sim: &GameSim,
    device: &Device,
    params: &CameraParams,
    mv: Move,
) {
    let Some(i) = sim.level().screw_index(mv.screw()) else {
        return;
    };
    let s = &sim.level().screws()[i as usize];
    let cam = Camera::for_level(params, sim.level(), device);
    let head = cam.head_circle(s.xy[0], s.xy[1], s.layer);
    let ring = ScreenCircle {
        r: head.r * 1.45,
        ..head
    };
    for (colour, width) in [([0x00; 3], head.r * 0.42), (NEXT_MOVE, head.r * 0.22)] {
        pic.shapes.push(Shape::Circle {
            circle: ring,
            fill: None,
            stroke: Some(Stroke::solid(colour, width)),
        });
    }
}

#[cfg(test)]
mod tests;
