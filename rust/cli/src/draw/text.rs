//! Text for raster pictures: glyph outlines from the bundled Noto Sans subset (the game's own Latin
//! face, read with `ttf-parser`), filled with tiny-skia's anti-aliased rasteriser. No second font
//! and no text-rendering dependency: the glyphs are the ones the game ships.

use std::sync::OnceLock;

use screwsmith_studio::scene::Anchor;
use tiny_skia::{Path, PathBuilder};
use ttf_parser::{Face, GlyphId, OutlineBuilder};

/// The game's Latin face (`fonts/build_fonts.py` writes it; the Godot project bundles a copy).
pub const FONT: &[u8] = include_bytes!("../../../../fonts/NotoSans-Subset.ttf");

/// The parsed face. The font is part of the binary, so a parse failure is a build defect.
pub fn face() -> &'static Face<'static> {
    static FACE: OnceLock<Face<'static>> = OnceLock::new();
    FACE.get_or_init(|| Face::parse(FONT, 0).expect("the bundled Noto Sans subset parses"))
}

/// Characters of `text` the face has no glyph for (a caption must use none).
#[cfg(test)]
pub fn missing(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| !c.is_whitespace() && face().glyph_index(c).is_none())
        .collect()
}

/// Advance width of `text` at `size` pixels per em.
pub fn width(text: &str, size: f64) -> f64 {
    let f = face();
    let scale = size / f.units_per_em() as f64;
    text.chars()
        .map(|c| {
            let g = f.glyph_index(c).unwrap_or(GlyphId(0));
            f.glyph_hor_advance(g).unwrap_or(0) as f64 * scale
        })
        .sum()
}

/// Glyph outlines moved and scaled into picture space (font units are y-up).
struct Pen {
    b: PathBuilder,
    x: f64,
    y: f64,
    scale: f64,
}

impl Pen {
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        (
            (self.x + x as f64 * self.scale) as f32,
            (self.y - y as f64 * self.scale) as f32,
        )
    }
}

impl OutlineBuilder for Pen {
    fn move_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.b.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.b.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (x1, y1) = self.at(x1, y1);
        let (x, y) = self.at(x, y);
        self.b.quad_to(x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (x1, y1) = self.at(x1, y1);
        let (x2, y2) = self.at(x2, y2);
        let (x, y) = self.at(x, y);
        self.b.cubic_to(x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.b.close();
    }
}

/// The filled outline of `text` at `size` pixels per em with its baseline at `y`, anchored at `x`.
/// `None` for text without ink (spaces only).
pub fn text_path(x: f64, y: f64, size: f64, text: &str, anchor: Anchor) -> Option<Path> {
    let f = face();
    let scale = size / f.units_per_em() as f64;
    let start = match anchor {
        Anchor::Start => x,
        Anchor::Middle => x - width(text, size) / 2.0,
        Anchor::End => x - width(text, size),
    };
    let mut pen = Pen {
        b: PathBuilder::new(),
        x: start,
        y,
        scale,
    };
    for c in text.chars() {
        let g = f.glyph_index(c).unwrap_or(GlyphId(0));
        f.outline_glyph(g, &mut pen);
        pen.x += f.glyph_hor_advance(g).unwrap_or(0) as f64 * scale;
    }
    pen.b.finish()
}
