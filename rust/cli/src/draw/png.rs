//! A picture as PNG: shapes filled and stroked by tiny-skia, text as glyph outlines from the bundled
//! font ([`super::text`]).

use screwsmith_readability::camera::{Rect, ScreenCircle};
use screwsmith_studio::scene::{Anchor, Picture, Stroke};
use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, StrokeDash, Transform};

use super::{paint, text, Painter};
use crate::error::CliError;

fn solid(c: [u8; 3]) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c[0], c[1], c[2], 255);
    p.anti_alias = true;
    p
}

struct PngPainter {
    pix: Pixmap,
    at: Transform,
}

impl PngPainter {
    fn draw(&mut self, path: Option<Path>, fill: Option<[u8; 3]>, stroke: Option<Stroke>) {
        let Some(path) = path else { return };
        if let Some(c) = fill {
            self.pix
                .fill_path(&path, &solid(c), FillRule::Winding, self.at, None);
        }
        if let Some(s) = stroke {
            let stroke = tiny_skia::Stroke {
                width: s.width as f32,
                dash: s
                    .dashed
                    .then(|| {
                        let d = (s.width as f32 * 3.0).max(6.0);
                        StrokeDash::new(vec![d, d * 0.7], 0.0)
                    })
                    .flatten(),
                ..tiny_skia::Stroke::default()
            };
            self.pix
                .stroke_path(&path, &solid(s.colour), &stroke, self.at, None);
        }
    }
}

impl Painter for PngPainter {
    fn rect(&mut self, rect: Rect, fill: Option<[u8; 3]>, stroke: Option<Stroke>) {
        let r = tiny_skia::Rect::from_ltrb(
            rect.left as f32,
            rect.top as f32,
            rect.right as f32,
            rect.bottom as f32,
        );
        self.draw(r.map(PathBuilder::from_rect), fill, stroke);
    }

    fn circle(&mut self, c: ScreenCircle, fill: Option<[u8; 3]>, stroke: Option<Stroke>) {
        let path = PathBuilder::from_circle(c.x as f32, c.y as f32, c.r as f32);
        self.draw(path, fill, stroke);
    }

    fn path(&mut self, loops: &[Vec<(f64, f64)>], fill: Option<[u8; 3]>, stroke: Option<Stroke>) {
        let mut b = PathBuilder::new();
        for ring in loops {
            let Some((first, rest)) = ring.split_first() else {
                continue;
            };
            b.move_to(first.0 as f32, first.1 as f32);
            for p in rest {
                b.line_to(p.0 as f32, p.1 as f32);
            }
            b.close();
        }
        self.draw(b.finish(), fill, stroke);
    }

    fn text(&mut self, x: f64, y: f64, size: f64, t: &str, colour: [u8; 3], anchor: Anchor) {
        self.draw(text::text_path(x, y, size, t, anchor), Some(colour), None);
    }
}

/// A picture painted at `scale` (1 = its own pixel size).
pub fn picture_pixmap(p: &Picture, scale: f64) -> Result<Pixmap, CliError> {
    let (w, h) = (
        (p.width as f64 * scale).round() as u32,
        (p.height as f64 * scale).round() as u32,
    );
    let mut pix =
        Pixmap::new(w, h).ok_or_else(|| CliError::arg(format!("cannot draw a {w}x{h} picture")))?;
    let bg = p.background;
    pix.fill(tiny_skia::Color::from_rgba8(bg[0], bg[1], bg[2], 255));
    let mut painter = PngPainter {
        pix,
        at: Transform::from_scale(scale as f32, scale as f32),
    };
    paint(p, &mut painter);
    Ok(painter.pix)
}

/// Draws `t` onto a pixmap (labels of a contact sheet).
pub fn label(pix: &mut Pixmap, x: f64, y: f64, size: f64, t: &str, colour: [u8; 3]) {
    if let Some(path) = text::text_path(x, y, size, t, Anchor::Middle) {
        pix.fill_path(
            &path,
            &solid(colour),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

/// PNG bytes of a pixmap.
pub fn png_bytes(pix: &Pixmap) -> Result<Vec<u8>, CliError> {
    pix.encode_png()
        .map_err(|e| CliError::arg(format!("PNG encoding failed: {e}")))
}

/// The PNG bytes of a picture.
pub fn picture_png(p: &Picture) -> Result<Vec<u8>, CliError> {
    png_bytes(&picture_pixmap(p, 1.0)?)
}
