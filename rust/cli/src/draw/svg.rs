//! A picture as SVG (with text labels).

use screwsmith_readability::camera::{Rect, ScreenCircle};
use screwsmith_studio::scene::Picture;
use svg::node::element::{Circle, Polygon, Rectangle, Text};
use svg::Document;

use super::{hex, paint, Painter};

fn styled<T: svg::Node>(mut node: T, fill: Option<[u8; 3]>, stroke: Option<([u8; 3], f64)>) -> T {
    node.assign("fill", fill.map(hex).unwrap_or_else(|| "none".into()));
    match stroke {
        Some((c, w)) => {
            node.assign("stroke", hex(c));
            node.assign("stroke-width", w);
        }
        None => node.assign("stroke", "none"),
    }
    node
}

struct SvgPainter(Option<Document>);

impl SvgPainter {
    fn add(&mut self, node: impl Into<Box<dyn svg::Node>>) {
        self.0 = self.0.take().map(|d| d.add(node));
    }
}

impl Painter for SvgPainter {
    fn rect(&mut self, rect: Rect, fill: Option<[u8; 3]>, stroke: Option<([u8; 3], f64)>) {
        let node = Rectangle::new()
            .set("x", rect.left)
            .set("y", rect.top)
            .set("width", rect.right - rect.left)
            .set("height", rect.bottom - rect.top);
        self.add(styled(node, fill, stroke));
    }

    fn circle(
        &mut self,
        c: ScreenCircle,
        fill: Option<[u8; 3]>,
        stroke: Option<([u8; 3], f64)>,
        dashed: bool,
    ) {
        let mut node = Circle::new().set("cx", c.x).set("cy", c.y).set("r", c.r);
        if dashed {
            node = node.set("stroke-dasharray", "6 4");
        }
        self.add(styled(node, fill, stroke));
    }

    fn polygon(&mut self, points: &[(f64, f64)], fill: [u8; 3]) {
        let pts: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{x:.2},{y:.2}"))
            .collect();
        self.add(
            Polygon::new()
                .set("points", pts.join(" "))
                .set("fill", hex(fill)),
        );
    }

    fn text(&mut self, x: f64, y: f64, size: f64, text: &str, colour: [u8; 3]) {
        self.add(
            Text::new(text)
                .set("x", x)
                .set("y", y)
                .set("font-size", size)
                .set("font-family", "sans-serif")
                .set("text-anchor", "middle")
                .set("fill", hex(colour)),
        );
    }
}

/// The SVG document of a picture.
pub fn picture_svg(p: &Picture) -> String {
    let doc = Document::new()
        .set("width", p.width)
        .set("height", p.height)
        .set("viewBox", (0, 0, p.width, p.height))
        .add(
            Rectangle::new()
                .set("width", p.width)
                .set("height", p.height)
                .set("fill", hex(p.background)),
        );
    let mut painter = SvgPainter(Some(doc));
    paint(p, &mut painter);
    painter.0.map(|d| d.to_string()).unwrap_or_default()
}
