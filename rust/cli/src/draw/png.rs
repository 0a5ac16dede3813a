//! A picture as PNG (text labels are skipped: tiny-skia draws no text; the SVG has them).

use screwsmith_core::readability::scene::{mark_parts, MarkPart, Picture, Shape};
use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Rect, Stroke, StrokeDash, Transform};

use crate::error::CliError;

fn paint(c: [u8; 3]) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c[0], c[1], c[2], 255);
    p.anti_alias = true;
    p
}

fn fill(pix: &mut Pixmap, path: &Path, c: [u8; 3]) {
    pix.fill_path(
        path,
        &paint(c),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
}

fn stroke(pix: &mut Pixmap, path: &Path, c: [u8; 3], width: f64, dashed: bool) {
    let stroke = Stroke {
        width: width as f32,
        dash: if dashed {
            StrokeDash::new(vec![6.0, 4.0], 0.0)
        } else {
            None
        },
        ..Stroke::default()
    };
    pix.stroke_path(path, &paint(c), &stroke, Transform::identity(), None);
}

fn polygon(points: &[(f64, f64)]) -> Option<Path> {
    let mut b = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    b.move_to(first.0 as f32, first.1 as f32);
    for p in rest {
        b.line_to(p.0 as f32, p.1 as f32);
    }
    b.close();
    b.finish()
}

/// The PNG bytes of a picture.
pub fn picture_png(p: &Picture) -> Result<Vec<u8>, CliError> {
    let mut pix = Pixmap::new(p.width, p.height)
        .ok_or_else(|| CliError::arg(format!("cannot draw a {}x{} picture", p.width, p.height)))?;
    let bg = p.background;
    pix.fill(tiny_skia::Color::from_rgba8(bg[0], bg[1], bg[2], 255));
    for shape in &p.shapes {
        match shape {
            Shape::Rect {
                rect,
                fill: f,
                stroke: s,
            } => {
                let Some(r) = Rect::from_ltrb(
                    rect.left as f32,
                    rect.top as f32,
                    rect.right as f32,
                    rect.bottom as f32,
                ) else {
                    continue;
                };
                let path = PathBuilder::from_rect(r);
                if let Some(c) = f {
                    fill(&mut pix, &path, *c);
                }
                if let Some((c, w)) = s {
                    stroke(&mut pix, &path, *c, *w, false);
                }
            }
            Shape::Circle {
                circle,
                fill: f,
                stroke: s,
                dashed,
            } => {
                let Some(path) =
                    PathBuilder::from_circle(circle.x as f32, circle.y as f32, circle.r as f32)
                else {
                    continue;
                };
                if let Some(c) = f {
                    fill(&mut pix, &path, *c);
                }
                if let Some((c, w)) = s {
                    stroke(&mut pix, &path, *c, *w, *dashed);
                }
            }
            Shape::Mark {
                circle,
                pattern,
                colour,
            } => {
                for part in mark_parts(*pattern, *circle) {
                    match part {
                        MarkPart::Polygon(points) => {
                            if let Some(path) = polygon(&points) {
                                fill(&mut pix, &path, *colour);
                            }
                        }
                        MarkPart::Disc(c) => {
                            if let Some(path) =
                                PathBuilder::from_circle(c.x as f32, c.y as f32, c.r as f32)
                            {
                                fill(&mut pix, &path, *colour);
                            }
                        }
                        MarkPart::Ring(c, w) => {
                            if let Some(path) =
                                PathBuilder::from_circle(c.x as f32, c.y as f32, c.r as f32)
                            {
                                stroke(&mut pix, &path, *colour, w, false);
                            }
                        }
                    }
                }
            }
            Shape::Text { .. } => {}
        }
    }
    pix.encode_png()
        .map_err(|e| CliError::arg(format!("PNG encoding failed: {e}")))
}
