//! Picture backends: a [`screwsmith_studio::scene::Picture`] to SVG text or PNG bytes, and a state
//! sequence to an animated PNG or a contact sheet ([`frames`]). The geometry is the core's (the
//! audit's camera); these only paint it, with the lock, key and bomb marks laid over a state
//! ([`mechanics`]).

pub mod frames;
pub mod mechanics;
pub mod png;
pub mod svg;
pub mod text;

use std::path::Path;

use screwsmith_readability::camera::{Rect, ScreenCircle};
use screwsmith_studio::scene::{mark_parts, Anchor, MarkPart, Picture, Shape, Stroke};

use crate::error::CliError;

/// Output format, from the file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
    /// Animated PNG (`.apng`): one frame per state.
    Apng,
}

impl Format {
    /// `.svg`, `.png` or `.apng` (case-insensitive); anything else is a bad argument.
    pub fn of(path: &Path) -> Result<Format, CliError> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            Some("apng") => Ok(Format::Apng),
            _ => Err(CliError::arg(format!(
                "{}: the output must end in .svg, .png or .apng",
                path.display()
            ))),
        }
    }
}

/// Encodes one picture in `format` (an `.apng` of one picture is a one-frame animation).
pub fn encode(picture: &Picture, format: Format) -> Result<Vec<u8>, CliError> {
    match format {
        Format::Svg => Ok(svg::picture_svg(picture).into_bytes()),
        Format::Png => png::picture_png(picture),
        Format::Apng => frames::apng(std::slice::from_ref(picture), 1.0),
    }
}

/// `#rrggbb`.
pub fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// What a backend can paint; [`paint`] walks a picture's shapes once for every backend.
pub trait Painter {
    fn rect(&mut self, rect: Rect, fill: Option<[u8; 3]>, stroke: Option<Stroke>);
    fn circle(&mut self, circle: ScreenCircle, fill: Option<[u8; 3]>, stroke: Option<Stroke>);
    /// Closed loops filled together (non-zero winding).
    fn path(&mut self, loops: &[Vec<(f64, f64)>], fill: Option<[u8; 3]>, stroke: Option<Stroke>);
    fn text(&mut self, x: f64, y: f64, size: f64, text: &str, colour: [u8; 3], anchor: Anchor);
}

/// Paints every shape of `picture`, in order, with `painter`.
pub fn paint(picture: &Picture, painter: &mut impl Painter) {
    for shape in &picture.shapes {
        match shape {
            Shape::Rect { rect, fill, stroke } => painter.rect(*rect, *fill, *stroke),
            Shape::Circle {
                circle,
                fill,
                stroke,
            } => painter.circle(*circle, *fill, *stroke),
            Shape::Path {
                loops,
                fill,
                stroke,
            } => painter.path(loops, *fill, *stroke),
            Shape::Mark {
                circle,
                pattern,
                colour,
            } => {
                for part in mark_parts(*pattern, *circle) {
                    match part {
                        MarkPart::Polygon(points) => {
                            painter.path(std::slice::from_ref(&points), Some(*colour), None)
                        }
                        MarkPart::Disc(c) => painter.circle(c, Some(*colour), None),
                        MarkPart::Ring(c, w) => {
                            painter.circle(c, None, Some(Stroke::solid(*colour, w)))
                        }
                    }
                }
            }
            Shape::Text {
                x,
                y,
                size,
                text,
                colour,
                anchor,
            } => painter.text(*x, *y, *size, text, *colour, *anchor),
        }
    }
}

#[cfg(test)]
mod tests;
