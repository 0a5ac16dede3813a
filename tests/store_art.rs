//! The store icons and the boot splash in `godot_project/store/` are what `art/store_icon.svg` draws
//! (the `store_art` program writes them): every file present, of its size, opaque where a store
//! requires it, with the pixels the renderer makes now. Changing the drawing must fail the check.

use screwsmith_checks::store_art::{
    out_dir, parse, png_info, png_pixels, render, source_path, Layer, TARGETS,
};

const REGENERATE: &str = "run `cargo run -p screwsmith-checks --bin store_art` and commit the PNGs";

fn source() -> String {
    std::fs::read_to_string(source_path()).expect("art/store_icon.svg")
}

/// The targets whose committed pixels differ from what `svg` renders.
fn stale(svg: &str) -> Vec<String> {
    let tree = parse(svg).expect("the SVG parses");
    let mut out = Vec::new();
    for target in TARGETS {
        let made = render(&tree, *target).expect("renders");
        let committed = std::fs::read(out_dir().join(target.file)).unwrap_or_default();
        if png_pixels(&made) != png_pixels(&committed) {
            out.push(target.file.to_string());
        }
    }
    out
}

#[test]
fn the_committed_pngs_are_what_the_svg_draws() {
    let stale = stale(&source());
    assert!(stale.is_empty(), "stale: {stale:?}; {REGENERATE}");
}

#[test]
fn a_changed_drawing_is_caught() {
    // The big screw's yellow turned red: every file showing the screw goes stale.
    let changed = source().replace("#F3C914", "#EF2422");
    assert_ne!(changed, source(), "the switch must change the SVG");
    let stale = stale(&changed);
    let background_only = TARGETS
        .iter()
        .filter(|t| t.layer == Layer::Background)
        .count();
    assert_eq!(stale.len(), TARGETS.len() - background_only, "{stale:?}");
}

#[test]
fn every_file_has_its_size_and_the_opaque_ones_no_alpha() {
    for target in TARGETS {
        let bytes = std::fs::read(out_dir().join(target.file))
            .unwrap_or_else(|_| panic!("{} missing; {REGENERATE}", target.file));
        let (w, h, alpha) = png_info(&bytes).expect("a PNG");
        assert_eq!((w, h), (target.size, target.size), "{}", target.file);
        let opaque = matches!(target.layer, Layer::Square | Layer::Background);
        assert_eq!(alpha, !opaque, "{}: alpha channel", target.file);
    }
}

/// Godot must not import the PNGs as textures (the exporters read them as images; a texture import
/// would pack every icon a second time).
#[test]
fn the_store_folder_is_not_imported() {
    assert!(out_dir().join(".gdignore").exists(), "{REGENERATE}");
}

/// The foreground is placed where the drawing has it: the plate's centre pixel is the screw's slot
/// region, opaque, and the corners of the adaptive foreground are empty (the launcher's mask would
/// cut anything there).
#[test]
fn the_adaptive_foreground_is_centred_with_empty_corners() {
    let target = TARGETS
        .iter()
        .find(|t| t.file.contains("adaptive_foreground"))
        .expect("an adaptive foreground");
    let (w, _, _, px) = png_pixels(&std::fs::read(out_dir().join(target.file)).unwrap()).unwrap();
    let alpha = |x: u32, y: u32| px[((y * w + x) * 4 + 3) as usize];
    assert_eq!(alpha(w / 2, w / 2), 255, "centre");
    for (x, y) in [(2, 2), (w - 3, 2), (2, w - 3), (w - 3, w - 3)] {
        assert_eq!(alpha(x, y), 0, "corner {x},{y}");
    }
}
