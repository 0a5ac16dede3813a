//! A picture as SVG (with text labels).

use screwsmith_core::readability::scene::{mark_parts, MarkPart, Picture, Shape};
use svg::node::element::{Circle, Polygon, Rectangle, Text};
use svg::Document;

use super::hex;

fn stroke<T: svg::Node>(mut node: T, stroke: Option<([u8; 3], f64)>) -> T {
    match stroke {
        Some((c, w)) => {
            node.assign("stroke", hex(c));
            node.assign("stroke-width", w);
        }
        None => node.assign("stroke", "none"),
    }
    node
}

fn fill<T: svg::Node>(mut node: T, fill: Option<[u8; 3]>) -> T {
    node.assign("fill", fill.map(hex).unwrap_or_else(|| "none".into()));
    node
}

/// The SVG document of a picture.
pub fn picture_svg(p: &Picture) -> String {
    let mut doc = Document::new()
        .set("width", p.width)
        .set("height", p.height)
        .set("viewBox", (0, 0, p.width, p.height))
        .add(
            Rectangle::new()
                .set("width", p.width)
                .set("height", p.height)
                .set("fill", hex(p.background)),
        );
    for shape in &p.shapes {
        match shape {
            Shape::Rect {
                rect,
                fill: f,
                stroke: s,
            } => {
                let node = Rectangle::new()
                    .set("x", rect.left)
                    .set("y", rect.top)
                    .set("width", rect.right - rect.left)
                    .set("height", rect.bottom - rect.top);
                doc = doc.add(stroke(fill(node, *f), *s));
            }
            Shape::Circle {
                circle,
                fill: f,
                stroke: s,
                dashed,
            } => {
                let mut node = Circle::new()
                    .set("cx", circle.x)
                    .set("cy", circle.y)
                    .set("r", circle.r);
                if *dashed {
                    node = node.set("stroke-dasharray", "6 4");
                }
                doc = doc.add(stroke(fill(node, *f), *s));
            }
            Shape::Mark {
                circle,
                pattern,
                colour,
            } => {
                for part in mark_parts(*pattern, *circle) {
                    doc = match part {
                        MarkPart::Polygon(points) => {
                            let pts: Vec<String> = points
                                .iter()
                                .map(|(x, y)| format!("{x:.2},{y:.2}"))
                                .collect();
                            doc.add(
                                Polygon::new()
                                    .set("points", pts.join(" "))
                                    .set("fill", hex(*colour)),
                            )
                        }
                        MarkPart::Disc(c) => doc.add(
                            Circle::new()
                                .set("cx", c.x)
                                .set("cy", c.y)
                                .set("r", c.r)
                                .set("fill", hex(*colour)),
                        ),
                        MarkPart::Ring(c, w) => doc.add(
                            Circle::new()
                                .set("cx", c.x)
                                .set("cy", c.y)
                                .set("r", c.r)
                                .set("fill", "none")
                                .set("stroke", hex(*colour))
                                .set("stroke-width", w),
                        ),
                    };
                }
            }
            Shape::Text {
                x,
                y,
                size,
                text,
                colour,
            } => {
                doc = doc.add(
                    Text::new(text.as_str())
                        .set("x", *x)
                        .set("y", *y)
                        .set("font-size", *size)
                        .set("font-family", "sans-serif")
                        .set("text-anchor", "middle")
                        .set("fill", hex(*colour)),
                );
            }
        }
    }
    doc.to_string()
}
