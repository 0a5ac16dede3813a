//! The store icons and the boot splash, rendered from one SVG (`art/store_icon.svg`) so every size
//! is the same drawing: the menu's backdrop ("background" group) behind the title plate with a screw
//! head ("foreground" group). The PNGs live in `godot_project/store/` (a `.gdignore` folder: the
//! exporters read them as images, Godot does not import them as textures); the `store_art` program
//! writes them, and `tests/store_art.rs` checks the committed files are what [`render`] makes.

use std::path::PathBuf;

use resvg::tiny_skia::{FillRule, Mask, PathBuilder, Pixmap, Transform};
use resvg::usvg;

use crate::project::{project_dir, repo_root};

/// What part of the drawing a file holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Layer {
    /// The whole square, opaque (iOS icons: the system rounds the corners; the App Store refuses
    /// an alpha channel).
    Square,
    /// The whole drawing inside a rounded square, transparent corners (Android's legacy launcher
    /// icon and the desktop window icon, which no system masks).
    Rounded,
    /// The backdrop alone, opaque (Android's adaptive background).
    Background,
    /// The plate and screw alone, transparent, scaled about the centre by the factor (Android's
    /// adaptive foreground: the launcher shows the middle 72 of its 108 dp and keeps the middle 66
    /// dp circle whatever its mask; the splash).
    Foreground(f32),
}

/// One file the store build uses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Target {
    /// Path under `godot_project/store/`.
    pub file: &'static str,
    pub size: u32,
    pub layer: Layer,
}

/// How far Android's adaptive foreground shrinks the plate: its rounded corners (the farthest
/// points, 0.32 of the side from the centre at this scale) stay inside the 72 dp viewport circle.
pub const ADAPTIVE_SCALE: f32 = 0.667;

/// Corner radius of [`Layer::Rounded`], as a share of the side (a launcher's rounded square).
const ROUNDED_RADIUS: f32 = 0.18;

/// Every file, with its size. The iOS sizes are the ones Godot 4.4's iOS preset asks for (`icons/*`:
/// iPhone, iPad, notification, settings, spotlight, the 1024 App Store and base icons).
pub const TARGETS: &[Target] = &[
    Target {
        file: "icon.png",
        size: 256,
        layer: Layer::Rounded,
    },
    Target {
        file: "splash.png",
        size: 512,
        layer: Layer::Foreground(0.7),
    },
    Target {
        file: "android/main_192.png",
        size: 192,
        layer: Layer::Rounded,
    },
    Target {
        file: "android/adaptive_foreground_432.png",
        size: 432,
        layer: Layer::Foreground(ADAPTIVE_SCALE),
    },
    Target {
        file: "android/adaptive_background_432.png",
        size: 432,
        layer: Layer::Background,
    },
    Target {
        file: "ios/icon_40.png",
        size: 40,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_58.png",
        size: 58,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_60.png",
        size: 60,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_76.png",
        size: 76,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_80.png",
        size: 80,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_87.png",
        size: 87,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_114.png",
        size: 114,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_120.png",
        size: 120,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_128.png",
        size: 128,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_136.png",
        size: 136,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_152.png",
        size: 152,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_167.png",
        size: 167,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_180.png",
        size: 180,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_192.png",
        size: 192,
        layer: Layer::Square,
    },
    Target {
        file: "ios/icon_1024.png",
        size: 1024,
        layer: Layer::Square,
    },
];

/// `art/store_icon.svg`.
pub fn source_path() -> PathBuf {
    repo_root().join("art/store_icon.svg")
}

/// `godot_project/store/`.
pub fn out_dir() -> PathBuf {
    project_dir().join("store")
}

/// Why the drawing could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ArtError {
    #[error("art/store_icon.svg: {0}")]
    Svg(String),
    #[error("art/store_icon.svg has no group id=\"{0}\"")]
    MissingGroup(&'static str),
    #[error("PNG encoding: {0}")]
    Png(String),
}

/// The parsed source.
pub fn parse(svg: &str) -> Result<usvg::Tree, ArtError> {
    usvg::Tree::from_str(svg, &usvg::Options::default()).map_err(|e| ArtError::Svg(e.to_string()))
}

/// The PNG file of `target` drawn from `tree`: RGB when the layer is opaque, RGBA otherwise.
pub fn render(tree: &usvg::Tree, target: Target) -> Result<Vec<u8>, ArtError> {
    let size = target.size;
    let mut pixmap = Pixmap::new(size, size).expect("icon sizes are nonzero");
    let scale = size as f32 / tree.size().width();
    let group = |id: &'static str| tree.node_by_id(id).ok_or(ArtError::MissingGroup(id));
    match target.layer {
        Layer::Square | Layer::Rounded => {
            resvg::render(
                tree,
                Transform::from_scale(scale, scale),
                &mut pixmap.as_mut(),
            );
        }
        Layer::Background => draw_group(group("background")?, scale, 1.0, tree, &mut pixmap),
        Layer::Foreground(k) => draw_group(group("foreground")?, scale, k, tree, &mut pixmap),
    }
    if target.layer == Layer::Rounded {
        round_corners(&mut pixmap);
    }
    let opaque = matches!(target.layer, Layer::Square | Layer::Background);
    encode(&pixmap, opaque)
}

/// One top-level group at the drawing's own position, scaled by `k` about the centre.
fn draw_group(node: &usvg::Node, scale: f32, k: f32, tree: &usvg::Tree, pixmap: &mut Pixmap) {
    let c = tree.size().width() / 2.0;
    let place = Transform::from_scale(scale, scale)
        .pre_translate(c, c)
        .pre_scale(k, k)
        .pre_translate(-c, -c);
    // render_node moves the group's bounding box to the origin: undo that to keep its position.
    let shift = node
        .abs_layer_bounding_box()
        .map_or((0.0, 0.0), |b| (b.x(), b.y()));
    resvg::render_node(
        node,
        place.pre_translate(shift.0, shift.1),
        &mut pixmap.as_mut(),
    );
}

/// Clears everything outside a rounded square.
fn round_corners(pixmap: &mut Pixmap) {
    let side = pixmap.width() as f32;
    let r = side * ROUNDED_RADIUS;
    let mut pb = PathBuilder::new();
    // A rounded rectangle from four quadratic corners (tiny-skia has no rounded-rect primitive).
    pb.move_to(r, 0.0);
    pb.line_to(side - r, 0.0);
    pb.quad_to(side, 0.0, side, r);
    pb.line_to(side, side - r);
    pb.quad_to(side, side, side - r, side);
    pb.line_to(r, side);
    pb.quad_to(0.0, side, 0.0, side - r);
    pb.line_to(0.0, r);
    pb.quad_to(0.0, 0.0, r, 0.0);
    pb.close();
    let path = pb.finish().expect("a closed rounded square");
    let mut mask = Mask::new(pixmap.width(), pixmap.height()).expect("nonzero");
    mask.fill_path(&path, FillRule::Winding, true, Transform::identity());
    pixmap.apply_mask(&mask);
}

/// PNG bytes, straight (not premultiplied) alpha; RGB when `opaque`.
fn encode(pixmap: &Pixmap, opaque: bool) -> Result<Vec<u8>, ArtError> {
    let mut data = Vec::with_capacity(pixmap.data().len());
    for p in pixmap.pixels() {
        let c = p.demultiply();
        data.extend_from_slice(&[c.red(), c.green(), c.blue()]);
        if !opaque {
            data.push(c.alpha());
        }
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
        enc.set_color(if opaque {
            png::ColorType::Rgb
        } else {
            png::ColorType::Rgba
        });
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::High);
        let mut w = enc
            .write_header()
            .map_err(|e| ArtError::Png(e.to_string()))?;
        w.write_image_data(&data)
            .map_err(|e| ArtError::Png(e.to_string()))?;
    }
    Ok(out)
}

/// Width, height and whether the PNG has an alpha channel, from its header.
pub fn png_info(bytes: &[u8]) -> Option<(u32, u32, bool)> {
    let reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .ok()?;
    let info = reader.info();
    let alpha = matches!(
        info.color_type,
        png::ColorType::Rgba | png::ColorType::GrayscaleAlpha
    );
    Some((info.width, info.height, alpha))
}

/// The decoded pixels of a PNG (what a comparison should look at: the encoder's settings may change
/// the bytes of the same picture).
pub fn png_pixels(bytes: &[u8]) -> Option<(u32, u32, png::ColorType, Vec<u8>)> {
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .ok()?;
    let mut buf = vec![0; reader.output_buffer_size()?];
    let frame = reader.next_frame(&mut buf).ok()?;
    buf.truncate(frame.buffer_size());
    Some((frame.width, frame.height, frame.color_type, buf))
}
