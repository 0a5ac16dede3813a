//! A picture as SVG (with text labels).

use screwsmith_readability::camera::{Rect, ScreenCircle};
use screwsmith_studio::scene::{Anchor, Picture, Stroke};
use svg::node::element::{Circle, Path, Rectangle, Text};
use svg::Document;

use super::{hex, paint, Painter};

fn styled<T: svg::Node>(mut node: T, fill: Option<[u8; 3]>, stroke: Option<Stroke>) -> T {
    node.assign("fill", fill.map(hex).unwrap_or_else(|| "none".into()));
    match stroke {
        Some(s) => {
            node.assign("stroke", hex(s.colour));
            node.assign("stroke-width", s.width);
            if s.dashed {
                let d = (s.width * 3.0).max(6.0);
                node.assign("stroke-dasharray", format!("{d:.1} {:.1}", d * 0.7));
            }
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
    fn rect(&mut self, rect: Rect, fill: Option<[u8; 3]>, stroke: Option<Stroke>) {
        let node = Rectangle::new()
            .set("x", rect.left)
            .set("y", rect.top)
            .set("width", rect.right - rect.left)
            .set("height", rect.bottom - rect.top);
        self.add(styled(node, fill, stroke));
    }

    fn circle(&mut self, c: ScreenCircle, fill: Option<[u8; 3]>, stroke: Option<Stroke>) {
        let node = Circle::new().set("cx", c.x).set("cy", c.y).set("r", c.r);
        self.add(styled(node, fill, stroke));
    }

    fn path(&mut self, loops: &[Vec<(f64, f64)>], fill: Option<[u8; 3]>, stroke: Option<Stroke>) {
        let d: Vec<String> = loops
            .iter()
            .filter(|ring| !ring.is_empty())
            .map(|ring| {
                let pts: Vec<String> = ring.iter().map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
                format!("M{}Z", pts.join("L"))
            })
            .collect();
        self.add(styled(Path::new().set("d", d.join(" ")), fill, stroke));
    }

    fn text(&mut self, x: f64, y: f64, size: f64, text: &str, colour: [u8; 3], anchor: Anchor) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        self.add(
            Text::new(text)
                .set("x", x)
                .set("y", y)
                .set("font-size", size)
                .set("font-family", "Noto Sans, sans-serif")
                .set("text-anchor", anchor)
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
