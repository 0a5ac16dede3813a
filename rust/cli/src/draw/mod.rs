//! Picture backends: a [`screwsmith_studio::scene::Picture`] to SVG text or PNG bytes.
//! The geometry is the core's (the audit's camera); these only paint it.

pub mod png;
pub mod svg;

use std::path::Path;

use screwsmith_readability::camera::{Rect, ScreenCircle};
use screwsmith_studio::scene::{mark_parts, MarkPart, Picture, Shape};

use crate::error::CliError;

/// Output format, from the file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    /// `.svg` or `.png` (case-insensitive); anything else is a bad argument.
    pub fn of(path: &Path) -> Result<Format, CliError> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            _ => Err(CliError::arg(format!(
                "{}: the output must end in .svg or .png",
                path.display()
            ))),
        }
    }
}

/// Encodes a picture in `format`.
pub fn encode(picture: &Picture, format: Format) -> Result<Vec<u8>, CliError> {
    match format {
        Format::Svg => Ok(svg::picture_svg(picture).into_bytes()),
        Format::Png => png::picture_png(picture),
    }
}

/// `#rrggbb`.
pub fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// What a backend can paint; [`paint`] walks a picture's shapes once for every backend.
pub trait Painter {
    fn rect(&mut self, rect: Rect, fill: Option<[u8; 3]>, stroke: Option<([u8; 3], f64)>);
    fn circle(
        &mut self,
        circle: ScreenCircle,
        fill: Option<[u8; 3]>,
        stroke: Option<([u8; 3], f64)>,
        dashed: bool,
    );
    fn polygon(&mut self, points: &[(f64, f64)], fill: [u8; 3]);
    fn text(&mut self, x: f64, y: f64, size: f64, text: &str, colour: [u8; 3]);
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
                dashed,
            } => painter.circle(*circle, *fill, *stroke, *dashed),
            Shape::Mark {
                circle,
                pattern,
                colour,
            } => {
                for part in mark_parts(*pattern, *circle) {
                    match part {
                        MarkPart::Polygon(points) => painter.polygon(&points, *colour),
                        MarkPart::Disc(c) => painter.circle(c, Some(*colour), None, false),
                        MarkPart::Ring(c, w) => painter.circle(c, None, Some((*colour, w)), false),
                    }
                }
            }
            Shape::Text {
                x,
                y,
                size,
                text,
                colour,
            } => painter.text(*x, *y, *size, text, *colour),
        }
    }
}
