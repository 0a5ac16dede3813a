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

mod mechanics {
    use super::*;
    use crate::commands::render::marked_picture;
    use crate::draw::mechanics::{marks, Marks, BOMB_TEXT, BRASS, SHELL};
    use crate::draw::svg::picture_svg;

    /// Screw index of screw `id`.
    fn index(sim: &GameSim, id: u16) -> usize {
        sim.level().screw_index(id).expect("a screw of the level") as usize
    }

    /// locks.json: screw 1 holds the keys of 4 and 5, screw 4 the key of 6; two key screws, so
    /// every key and padlock carries its key's number. Screws 2 and 3 have no mechanic.
    #[test]
    fn locks_and_keys_are_marked_with_their_pairing() {
        let mut sim = common::sim("locks");
        let m = marks(&sim, View::Camera);
        let at = |sim: &GameSim, id| m[index(sim, id)];
        assert_eq!(at(&sim, 1).key, Some(Some(1)));
        assert_eq!(at(&sim, 1).padlock, None);
        assert_eq!(at(&sim, 4).padlock, Some(Some(1)), "4 is opened by key 1");
        assert_eq!(at(&sim, 4).key, Some(Some(2)), "and holds key 2");
        assert_eq!(at(&sim, 5).padlock, Some(Some(1)));
        assert_eq!(at(&sim, 6).padlock, Some(Some(2)));
        for id in [2, 3] {
            assert_eq!(at(&sim, id), Marks::default(), "screw {id}");
        }
        // The key screw out: its locks are open, so their padlocks go; 6 stays locked by 4.
        sim.tap(1).unwrap();
        let m = marks(&sim, View::Camera);
        assert_eq!(m[index(&sim, 1)], Marks::default());
        assert_eq!(m[index(&sim, 4)].padlock, None);
        assert_eq!(m[index(&sim, 5)], Marks::default());
        assert_eq!(m[index(&sim, 6)].padlock, Some(Some(2)));
    }

    /// A level with one key screw numbers nothing: the pairing is plain.
    #[test]
    fn a_single_key_is_not_numbered() {
        let mut level = common::level("locks");
        let six = level.screws.iter().position(|s| s.id == 6).unwrap();
        level.screws[six].locked_by = Some(1);
        let sim = GameSim::from_level(level).unwrap();
        let m = marks(&sim, View::Camera);
        assert_eq!(m[index(&sim, 1)].key, Some(None));
        assert_eq!(m[index(&sim, 6)].padlock, Some(None));
        assert_eq!(m[index(&sim, 4)].key, None);
    }

    /// bomb.json: screw 1 (3 moves) on top, screw 3 (5) uncovered, screw 2 (1) under screw 1's
    /// part. The camera shows only the bombs a player sees; the designer view all three.
    #[test]
    fn bombs_show_their_moves_left_where_they_are_seen() {
        let sim = common::sim("bomb");
        let bombs = |view| -> Vec<Option<u8>> {
            let m = marks(&sim, view);
            [1, 2, 3].map(|id| m[index(&sim, id)].bomb).to_vec()
        };
        assert_eq!(bombs(View::Camera), vec![Some(3), None, Some(5)]);
        assert_eq!(bombs(View::Designer), vec![Some(3), Some(1), Some(5)]);
        let covered = marks(&sim, View::Designer)
            .iter()
            .map(|m| m.covered)
            .collect::<Vec<_>>();
        assert_eq!(
            [1, 2, 3].map(|id| covered[index(&sim, id)]),
            [false, true, false]
        );
    }

    /// Pixels of `colour` (within 8 per channel) in a square of half-size `half` around `c`.
    fn ink(pix: &Pixmap, c: (f64, f64), half: f64, colour: [u8; 3]) -> usize {
        let (mut n, h) = (0, half as i64);
        for dy in -h..=h {
            for dx in -h..=h {
                let (x, y) = (c.0 as i64 + dx, c.1 as i64 + dy);
                if let Some(p) = pix.pixel(x as u32, y as u32) {
                    if near([p.red(), p.green(), p.blue()], colour, 8) {
                        n += 1;
                    }
                }
            }
        }
        n
    }

    /// The PNG carries brass beside the locked and key screws and none beside a plain one, and the
    /// bomb's shell; the same state without the marks has none of either (the count comes from the
    /// marks). The SVG names the bomb's number.
    #[test]
    fn the_marks_are_painted_in_png_and_svg() {
        let device = &devices()[0];
        let cam_for =
            |sim: &GameSim| Camera::for_level(&CameraParams::default(), sim.level(), device);
        let corners = |sim: &GameSim, id: u16| {
            let s = &sim.level().screws()[index(sim, id)];
            let head = cam_for(sim).head_circle(s.xy[0], s.xy[1], s.layer);
            (head, head.r)
        };
        let sim = common::sim("locks");
        let marked = decode(&marked_picture(&sim, device, View::Camera));
        let plain = decode(&draw(&sim, View::Camera));
        for id in [1, 4, 6] {
            let (head, r) = corners(&sim, id);
            let left = (head.x - 0.75 * r, head.y);
            assert!(ink(&marked, left, r * 0.9, BRASS) > 20, "screw {id}");
            assert_eq!(ink(&plain, left, r * 0.9, BRASS), 0, "screw {id} unmarked");
        }
        for id in [2, 3] {
            let (head, r) = corners(&sim, id);
            assert_eq!(
                ink(&marked, (head.x, head.y), r * 1.5, BRASS),
                0,
                "screw {id}"
            );
        }
        let sim = common::sim("bomb");
        let pic = marked_picture(&sim, device, View::Camera);
        let (head, r) = corners(&sim, 3);
        let badge = (head.x + 0.8 * r, head.y - 0.8 * r);
        assert!(ink(&decode(&pic), badge, r * 0.4, SHELL) > 10);
        assert_eq!(
            ink(&decode(&draw(&sim, View::Camera)), badge, r * 0.4, SHELL),
            0
        );
        // The SVG's white-on-shell texts are the bombs' numbers: the covered one (1) is not shown.
        let svg = picture_svg(&pic);
        let numbers: Vec<&str> = svg
            .split(&format!("fill=\"{}\"", crate::draw::hex(BOMB_TEXT)))
            .skip(1)
            .filter_map(|t| t.split_once('>')?.1.split_once("</text>"))
            .map(|(text, _)| text.trim())
            .collect();
        assert_eq!(
            numbers,
            vec!["3", "5", "3"],
            "the board's two, then the legend's sample"
        );
    }

    /// A level with neither locks nor bombs is drawn exactly as before; one with them gets a
    /// legend row naming each mark, under the footer's own legend.
    #[test]
    fn the_legend_names_the_marks_of_the_levels_that_have_them() {
        let device = &devices()[0];
        let plain = mid();
        assert_eq!(
            marked_picture(&plain, device, View::Designer),
            draw(&plain, View::Designer)
        );
        let texts = |pic: &Picture| -> Vec<String> {
            pic.shapes
                .iter()
                .filter_map(|s| match s {
                    Shape::Text { text, .. } => Some(text.clone()),
                    _ => None,
                })
                .collect()
        };
        for (name, wanted) in [
            ("locks", vec!["locked: key first", "holds a key"]),
            ("bomb", vec!["bomb: moves left"]),
        ] {
            let sim = common::sim(name);
            let (pic, bare) = (
                marked_picture(&sim, device, View::Camera),
                draw(&sim, View::Camera),
            );
            assert!(pic.height > bare.height, "{name}: a row more");
            let t = texts(&pic);
            for w in &wanted {
                assert!(t.iter().any(|x| x == w), "{name}: {w:?} in {t:?}");
            }
            for other in ["locked: key first", "bomb: moves left"] {
                if !wanted.contains(&other) {
                    assert!(!t.iter().any(|x| x == other), "{name}: {other:?}");
                }
            }
            for text in &t {
                assert!(missing(text).is_empty(), "{text:?} has glyphs");
            }
        }
    }
}
