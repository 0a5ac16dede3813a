//! Head patterns as filled pieces, shared by every picture backend.

use screwsmith_readability::camera::ScreenCircle;
use screwsmith_readability::palette::Pattern;

/// One filled piece of a head pattern.
#[derive(Debug, Clone, PartialEq)]
pub enum MarkPart {
    Polygon(Vec<(f64, f64)>),
    Disc(ScreenCircle),
    /// A circle outline of the given width.
    Ring(ScreenCircle, f64),
}

/// The filled pieces that draw `pattern` inside `c`.
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
