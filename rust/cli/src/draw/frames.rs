//! A sequence of pictures (a stored solution played move by move) as an animated PNG or as one
//! contact-sheet PNG. APNG is written with the `png` crate tiny-skia already encodes with: full colour
//! (no palette quantisation, so screw colours stay exact), shown animated by every current browser.

use screwsmith_studio::scene::{Picture, TEXT};
use tiny_skia::{Pixmap, PixmapPaint, Transform};

use super::png::{label, picture_pixmap, png_bytes};
use crate::error::CliError;

/// How long each frame shows, in 1/100 s; the last one holds longer before the loop restarts.
const FRAME_DELAY: u16 = 90;
const LAST_DELAY: u16 = 300;

fn png_error(e: png::EncodingError) -> CliError {
    CliError::arg(format!("PNG encoding failed: {e}"))
}

/// Opaque RGB bytes of a pixmap (every picture has an opaque background).
fn rgb(pix: &Pixmap) -> Vec<u8> {
    pix.data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect()
}

/// An animated PNG of `pictures` painted at `scale`, looping forever. Pictures of one state sequence
/// can differ in height (the designer view's crate queue shrinks): every frame is painted on the
/// tallest one's canvas.
pub fn apng(pictures: &[Picture], scale: f64) -> Result<Vec<u8>, CliError> {
    let pixmaps = pictures
        .iter()
        .map(|p| picture_pixmap(p, scale))
        .collect::<Result<Vec<_>, _>>()?;
    let frames = on_common_canvas(&pixmaps, pictures.first().map(|p| p.background))?;
    let first = frames
        .first()
        .ok_or_else(|| CliError::arg("no frames to encode"))?;
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, first.width(), first.height());
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_animated(frames.len() as u32, 0)
            .map_err(png_error)?;
        let mut writer = enc.write_header().map_err(png_error)?;
        for (k, frame) in frames.iter().enumerate() {
            let delay = if k + 1 == frames.len() {
                LAST_DELAY
            } else {
                FRAME_DELAY
            };
            writer.set_frame_delay(delay, 100).map_err(png_error)?;
            writer.write_image_data(&rgb(frame)).map_err(png_error)?;
        }
        writer.finish().map_err(png_error)?;
    }
    Ok(out)
}

/// `pixmaps` copied onto canvases of the largest size, filled with `background`.
fn on_common_canvas(
    pixmaps: &[Pixmap],
    background: Option<[u8; 3]>,
) -> Result<Vec<Pixmap>, CliError> {
    let w = pixmaps.iter().map(Pixmap::width).max().unwrap_or(1);
    let h = pixmaps.iter().map(Pixmap::height).max().unwrap_or(1);
    pixmaps
        .iter()
        .map(|p| {
            let mut canvas = blank(w, h, background.unwrap_or([0; 3]))?;
            canvas.draw_pixmap(
                0,
                0,
                p.as_ref(),
                &PixmapPaint::default(),
                Transform::identity(),
                None,
            );
            Ok(canvas)
        })
        .collect()
}

fn blank(w: u32, h: u32, bg: [u8; 3]) -> Result<Pixmap, CliError> {
    let mut pix =
        Pixmap::new(w, h).ok_or_else(|| CliError::arg(format!("cannot draw a {w}x{h} picture")))?;
    pix.fill(tiny_skia::Color::from_rgba8(bg[0], bg[1], bg[2], 255));
    Ok(pix)
}

/// One PNG with every picture painted at `scale` side by side, `columns` per row, each under a label
/// (`labels[k]`) large enough to read at the sheet's size. Each frame stops above its legend: the
/// legend is the same in every frame and unreadable at a sheet's scale (a single render shows it).
pub fn contact_sheet(
    pictures: &[Picture],
    labels: &[String],
    scale: f64,
    columns: usize,
) -> Result<Vec<u8>, CliError> {
    let pixmaps = pictures
        .iter()
        .map(|p| {
            let trimmed = Picture {
                height: p.legend_top.ceil() as u32,
                ..p.clone()
            };
            picture_pixmap(&trimmed, scale)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let bg = pictures
        .first()
        .map(|p| p.background)
        .ok_or_else(|| CliError::arg("no frames to draw"))?;
    let cell_w = pixmaps.iter().map(Pixmap::width).max().unwrap_or(1);
    let cell_h = pixmaps.iter().map(Pixmap::height).max().unwrap_or(1);
    let gap = (cell_w / 16).max(8);
    let text = (cell_w as f64 * 0.11).max(16.0);
    let head = (text * 1.6).ceil() as u32;
    let columns = columns.clamp(1, pixmaps.len());
    let rows = pixmaps.len().div_ceil(columns) as u32;
    let w = columns as u32 * (cell_w + gap) + gap;
    let h = rows * (cell_h + head + gap) + gap;
    let mut sheet = blank(w, h, mix_bg(bg))?;
    for (k, pix) in pixmaps.iter().enumerate() {
        let (col, row) = ((k % columns) as u32, (k / columns) as u32);
        let x = gap + col * (cell_w + gap);
        let y = gap + row * (cell_h + head + gap);
        if let Some(l) = labels.get(k) {
            label(
                &mut sheet,
                x as f64 + cell_w as f64 / 2.0,
                y as f64 + text * 1.1,
                text,
                l,
                TEXT,
            );
        }
        sheet.draw_pixmap(
            x as i32,
            (y + head) as i32,
            pix.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
    }
    png_bytes(&sheet)
}

/// The sheet's background: a little darker than the pictures', so each frame's edge shows.
fn mix_bg(bg: [u8; 3]) -> [u8; 3] {
    bg.map(|c| (c as f64 * 0.6) as u8)
}
