//! The pictures as pixels: the PNG is decoded and looked at where the caption and panel edges are.

#[path = "../../../rules/tests/common/mod.rs"]
mod common;

use screwsmith_readability::camera::Camera;
use screwsmith_readability::{devices, CameraParams, Palette};
use screwsmith_rules::GameSim;
use screwsmith_studio::scene::{shipped_picture, Picture, Shape, View, TEXT};
use tiny_skia::Pixmap;

use super::png::picture_png;
use super::text::missing;

fn mid() -> GameSim {
    common::sim("mid")
}

fn draw(sim: &GameSim, view: View) -> Picture {
    shipped_picture(sim, &devices()[0], view)
}

fn decode(p: &Picture) -> Pixmap {
    Pixmap::decode_png(&picture_png(p).expect("encodes")).expect("decodes")
}

fn pixel(pix: &Pixmap, x: f64, y: f64) -> [u8; 3] {
    let c = pix.pixel(x as u32, y as u32).expect("inside");
    [c.red(), c.green(), c.blue()]
}

fn near(a: [u8; 3], b: [u8; 3], tol: i32) -> bool {
    (0..3).all(|i| (a[i] as i32 - b[i] as i32).abs() <= tol)
}

/// Pixels inside the caption's rectangle that have the text colour, and the columns they span.
fn caption_ink(p: &Picture) -> (usize, u32) {
    let pix = decode(p);
    let r = p.caption;
    let (mut n, mut first, mut last) = (0, u32::MAX, 0);
    for y in r.top as u32..r.bottom as u32 {
        for x in r.left as u32..r.right as u32 {
            if near(pixel(&pix, x as f64, y as f64), TEXT, 40) {
                n += 1;
                first = first.min(x);
                last = last.max(x);
            }
        }
    }
    (n, last.saturating_sub(first))
}

#[test]
fn the_png_has_caption_text_where_the_caption_is() {
    let pic = draw(&mid(), View::Camera);
    let (ink, span) = caption_ink(&pic);
    // "Level 8 — move 0 — rail 0/5 — wrench 0" at 24 px per em: about a thousand glyph pixels,
    // spread over most of the 720 px width.
    assert!(ink > 600, "{ink} text pixels in the caption");
    assert!(span > 720 / 2, "the text spans {span} px");
    // Without text shapes the same place is empty: the count comes from the glyphs.
    let mut bare = pic.clone();
    bare.shapes.retain(|s| !matches!(s, Shape::Text { .. }));
    assert_eq!(caption_ink(&bare), (0, 0));
}

#[test]
fn every_text_of_a_picture_has_glyphs_in_the_bundled_font() {
    let pic = draw(&mid(), View::Designer);
    for s in &pic.shapes {
        if let Shape::Text { text, .. } = s {
            assert!(missing(text).is_empty(), "{text:?}: {:?}", missing(text));
        }
    }
    assert_eq!(
        missing("Level 1 ł x"),
        vec!['ł'],
        "the check sees a missing glyph"
    );
}

#[test]
fn two_panels_sharing_an_edge_show_an_outline_between_them() {
    // mid.json, layer 2 (the top): parts 30 (x 0..3) and 31 (x 3..6) meet along x = 3 in rows 0..4.
    let sim = mid();
    let pic = draw(&sim, View::Camera);
    let pix = decode(&pic);
    let pal = Palette::shipped();
    let cam = Camera::for_level(&CameraParams::default(), sim.level(), &devices()[0]);
    let (left, right) = (cam.cell_rect(2, 1, 2), cam.cell_rect(3, 1, 2));
    let k = right.right - right.left;
    // Near the top of the row, clear of the screw heads at the cell centres.
    let y = right.top + 0.12 * k;
    let edge = (left.right + right.left) / 2.0;
    let a = pixel(&pix, edge - 0.25 * k, y);
    let b = pixel(&pix, edge + 0.25 * k, y);
    assert_ne!(a, b, "the two panels have their own tints");
    assert!(
        near(pixel(&pix, edge, y), pal.scene.panel_edge, 30),
        "an outline between them: {:?}",
        pixel(&pix, edge, y)
    );
    // Inside one panel, between two of its cells, there is no line.
    let (c0, c1) = (cam.cell_rect(0, 1, 2), cam.cell_rect(1, 1, 2));
    let inner = (c0.right + c1.left) / 2.0;
    assert!(near(pixel(&pix, inner, y), a, 6), "no grid inside a panel");
}
