//! A picture as PNG (text labels are skipped: tiny-skia draws no text; the SVG has them).

use screwsmith_readability::camera::{Rect, ScreenCircle};
use screwsmith_studio::scene::Picture;
use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Stroke, StrokeDash, Transform};

use super::{paint, Painter};
use crate::error::CliError;

fn solid(c: [u8; 3]) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c[0], c[1], c[2], 255);
    p.anti_alias = true;
    p
}

struct PngPainter(Pixmap);

impl PngPainter {
    fn draw(
        &mut self,
        path: Option<Path>,
        fill: Option<[u8; 3]>,
        stroke: Option<([u8; 3], f64)>,
        dashed: bool,
    ) {
        let Some(path) = path else { return };
        if let Some(c) = fill {
            self.0.fill_path(
                &path,
                &solid(c),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        if let Some((c, width)) = stroke {
            let stroke = Stroke {
                width: width as f32,
                dash: dashed
                    .then(|| StrokeDash::new(vec![6.0, 4.0], 0.0))
                    .flatten(),
                ..Stroke::default()
            };
            self.0
                .stroke_path(&path, &solid(c), &stroke, Transform::identity(), None);
        }
    }
}

impl Painter for PngPainter {
    fn rect(&mut self, rect: Rect, fill: Option<[u8; 3]>, stroke: Option<([u8; 3], f64)>) {
        let r = tiny_skia::Rect::from_ltrb(
            rect.left as f32,
            rect.top as f32,
            rect.right as f32,
            rect.bottom as f32,
        );
        self.draw(r.map(PathBuilder::from_rect), fill, stroke, false);
    }

    fn circle(
        &mut self,
        c: ScreenCircle,
        fill: Option<[u8; 3]>,
        stroke: Option<([u8; 3], f64)>,
        dashed: bool,
    ) {
        let path = PathBuilder::from_circle(c.x as f32, c.y as f32, c.r as f32);
        self.draw(path, fill, stroke, dashed);
    }

    fn polygon(&mut self, points: &[(f64, f64)], fill: [u8; 3]) {
        let mut b = PathBuilder::new();
        let Some((first, rest)) = points.split_first() else {
            return;
        };
        b.move_to(first.0 as f32, first.1 as f32);
        for p in rest {
            b.line_to(p.0 as f32, p.1 as f32);
        }
        b.close();
        self.draw(b.finish(), Some(fill), None, false);
    }

    fn text(&mut self, _x: f64, _y: f64, _size: f64, _text: &str, _colour: [u8; 3]) {}
}

/// The PNG bytes of a picture.
pub fn picture_png(p: &Picture) -> Result<Vec<u8>, CliError> {
    let mut pix = Pixmap::new(p.width, p.height)
        .ok_or_else(|| CliError::arg(format!("cannot draw a {}x{} picture", p.width, p.height)))?;
    let bg = p.background;
    pix.fill(tiny_skia::Color::from_rgba8(bg[0], bg[1], bg[2], 255));
    let mut painter = PngPainter(pix);
    paint(p, &mut painter);
    painter
        .0
        .encode_png()
        .map_err(|e| CliError::arg(format!("PNG encoding failed: {e}")))
}
