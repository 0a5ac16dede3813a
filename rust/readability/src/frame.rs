//! A frame the engine rendered (an 8-bit PNG) and what the pixel checks read from it: the colour of a
//! small area (a per-channel median, so a slot across a screw head or an anti-aliased edge pixel does not
//! move it), and how closely two renderers' frames of one screen agree over the board band.
//!
//! Why a median and not a mean: the areas sampled are flat colours (the board is drawn unshaded, its
//! shading baked in), so the median is that colour exactly, while a mean would mix in the dark slot and
//! edge pixels and report a difference no player sees.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use palette::color_difference::DeltaE;
use palette::white_point::D65;
use palette::Lab;
use serde::Serialize;

use super::colour_vision::{lab, Rgb8, Vision};

/// Why a frame cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    #[error("cannot read {path}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} is not a PNG")]
    Decode {
        path: PathBuf,
        #[source]
        source: png::DecodingError,
    },
    #[error("{path}: {what}")]
    Format { path: PathBuf, what: String },
}

/// An RGB frame, rows top to bottom.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub width: u32,
    pub height: u32,
    rgb: Vec<u8>,
}

impl Frame {
    /// A frame of `width × height` pixels in one colour (tests paint on it).
    pub fn filled(width: u32, height: u32, colour: Rgb8) -> Frame {
        let n = width as usize * height as usize;
        Frame {
            width,
            height,
            rgb: colour.iter().copied().cycle().take(n * 3).collect(),
        }
    }

    /// Reads an 8-bit (or 16-bit, stripped to 8) grey, grey-alpha, RGB or RGBA PNG; alpha is ignored.
    pub fn load(path: &Path) -> Result<Frame, FrameError> {
        let bytes = std::fs::read(path).map_err(|source| FrameError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Frame::decode(&bytes, path)
    }

    /// [`Frame::load`] from bytes; `path` names them in errors.
    pub fn decode(bytes: &[u8], path: &Path) -> Result<Frame, FrameError> {
        let decode_err = |source| FrameError::Decode {
            path: path.to_path_buf(),
            source,
        };
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().map_err(decode_err)?;
        let size = reader
            .output_buffer_size()
            .ok_or_else(|| FrameError::Format {
                path: path.to_path_buf(),
                what: "frame too large".into(),
            })?;
        let mut buf = vec![0; size];
        let info = reader.next_frame(&mut buf).map_err(decode_err)?;
        let channels = match info.color_type {
            png::ColorType::Grayscale => 1,
            png::ColorType::GrayscaleAlpha => 2,
            png::ColorType::Rgb => 3,
            png::ColorType::Rgba => 4,
            png::ColorType::Indexed => {
                return Err(FrameError::Format {
                    path: path.to_path_buf(),
                    what: "indexed colour left unexpanded".into(),
                })
            }
        };
        let mut rgb = Vec::with_capacity(info.width as usize * info.height as usize * 3);
        for row in buf[..info.buffer_size()].chunks(info.line_size) {
            for px in row.chunks(channels).take(info.width as usize) {
                if channels < 3 {
                    rgb.extend_from_slice(&[px[0]; 3]);
                } else {
                    rgb.extend_from_slice(&px[..3]);
                }
            }
        }
        Ok(Frame {
            width: info.width,
            height: info.height,
            rgb,
        })
    }

    /// Whether one colour fills at least 99 % of the frame (a window that drew nothing, or one flat
    /// clear colour).
    pub fn is_blank(&self) -> bool {
        let mut counts: BTreeMap<Rgb8, usize> = BTreeMap::new();
        for px in self.rgb.chunks(3) {
            *counts.entry([px[0], px[1], px[2]]).or_default() += 1;
        }
        let most = counts.values().copied().max().unwrap_or(0);
        most * 100 >= self.rgb.len() / 3 * 99
    }

    /// The pixel at `(x, y)` (clamped to the frame).
    pub fn pixel(&self, x: i64, y: i64) -> Rgb8 {
        let x = x.clamp(0, self.width as i64 - 1) as usize;
        let y = y.clamp(0, self.height as i64 - 1) as usize;
        let i = (y * self.width as usize + x) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// Paints the pixels whose centres lie within `r` of `(cx, cy)` (tests draw frames with it).
    pub fn paint_disc(&mut self, cx: f64, cy: f64, r: f64, colour: Rgb8) {
        for i in self.ring(cx, cy, 0.0, r) {
            self.rgb[i..i + 3].copy_from_slice(&colour);
        }
    }

    /// Paints the pixels whose centres lie in the rectangle (tests draw frames with it).
    pub fn paint_rect(&mut self, left: f64, top: f64, right: f64, bottom: f64, colour: Rgb8) {
        let (x0, x1) = (
            left.round().max(0.0) as usize,
            right.round().max(0.0) as usize,
        );
        let (y0, y1) = (
            top.round().max(0.0) as usize,
            bottom.round().max(0.0) as usize,
        );
        for y in y0..y1.min(self.height as usize) {
            for x in x0..x1.min(self.width as usize) {
                let i = (y * self.width as usize + x) * 3;
                self.rgb[i..i + 3].copy_from_slice(&colour);
            }
        }
    }

    /// The per-channel median of the pixels whose centres lie between `r_in` and `r_out` of
    /// `(cx, cy)`; `None` when no pixel centre does (or the ring leaves the frame).
    pub fn median_in(&self, cx: f64, cy: f64, r_in: f64, r_out: f64) -> Option<Rgb8> {
        if cx - r_out < 0.0
            || cy - r_out < 0.0
            || cx + r_out > self.width as f64
            || cy + r_out > self.height as f64
        {
            return None;
        }
        let mut channels: [Vec<u8>; 3] = Default::default();
        for i in self.ring(cx, cy, r_in, r_out) {
            for (c, values) in channels.iter_mut().enumerate() {
                values.push(self.rgb[i + c]);
            }
        }
        if channels[0].is_empty() {
            return None;
        }
        let mut out = [0; 3];
        for (c, values) in channels.iter_mut().enumerate() {
            values.sort_unstable();
            out[c] = values[values.len() / 2];
        }
        Some(out)
    }

    /// Byte offsets of the pixels whose centres lie between `r_in` and `r_out` of `(cx, cy)`.
    fn ring(&self, cx: f64, cy: f64, r_in: f64, r_out: f64) -> Vec<usize> {
        let mut out = Vec::new();
        let x0 = (cx - r_out).floor().max(0.0) as usize;
        let y0 = (cy - r_out).floor().max(0.0) as usize;
        let x1 = ((cx + r_out).ceil().max(0.0) as usize).min(self.width as usize);
        let y1 = ((cy + r_out).ceil().max(0.0) as usize).min(self.height as usize);
        for y in y0..y1 {
            for x in x0..x1 {
                let d = ((x as f64 + 0.5 - cx).powi(2) + (y as f64 + 0.5 - cy).powi(2)).sqrt();
                if d >= r_in && d <= r_out {
                    out.push((y * self.width as usize + x) * 3);
                }
            }
        }
        out
    }
}

/// The board band: the rows between these fractions of the screen height hold the board on every
/// audited device (the HUD bands lie above and below).
pub const BOARD_BAND: (f64, f64) = (0.20, 0.78);
/// Two renderers agree when, over the board band, the per-pixel CIE76 ΔE has a median of at most this…
pub const AGREE_MEDIAN: f64 = 2.0;
/// …a 95th percentile of at most this…
pub const AGREE_P95: f64 = 8.0;
/// …and the mean L* of the two differs by at most this.
pub const AGREE_MEAN_L: f64 = 2.0;

/// How closely two frames of one screen agree over the board band.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Agreement {
    pub pixels: usize,
    pub median: f64,
    pub p95: f64,
    pub mean_l_a: f64,
    pub mean_l_b: f64,
}

impl Agreement {
    /// Within [`AGREE_MEDIAN`], [`AGREE_P95`] and [`AGREE_MEAN_L`].
    pub fn passes(&self) -> bool {
        self.median <= AGREE_MEDIAN
            && self.p95 <= AGREE_P95
            && (self.mean_l_a - self.mean_l_b).abs() <= AGREE_MEAN_L
    }
}

/// Compares two frames of one size over [`BOARD_BAND`]; `None` when their sizes differ.
pub fn agreement(a: &Frame, b: &Frame) -> Option<Agreement> {
    if a.width != b.width || a.height != b.height || a.height == 0 {
        return None;
    }
    let h = a.height as f64;
    let (top, bottom) = (
        (h * BOARD_BAND.0).round() as usize,
        (h * BOARD_BAND.1).round() as usize,
    );
    // A frame holds a few hundred distinct colours: each is converted to CIELAB once.
    let mut labs: BTreeMap<Rgb8, Lab<D65, f64>> = BTreeMap::new();
    let mut lab_of = |c: Rgb8| *labs.entry(c).or_insert_with(|| lab(c, Vision::Normal));
    let mut deltas = Vec::with_capacity((bottom - top) * a.width as usize);
    let (mut sum_a, mut sum_b) = (0.0, 0.0);
    for y in top..bottom {
        for x in 0..a.width as i64 {
            let (la, lb) = (lab_of(a.pixel(x, y as i64)), lab_of(b.pixel(x, y as i64)));
            sum_a += la.l;
            sum_b += lb.l;
            deltas.push(la.delta_e(lb));
        }
    }
    let n = deltas.len().max(1);
    deltas.sort_unstable_by(f64::total_cmp);
    let at = |q: f64| deltas.get(((n - 1) as f64 * q).round() as usize).copied();
    Some(Agreement {
        pixels: deltas.len(),
        median: at(0.5).unwrap_or(0.0),
        p95: at(0.95).unwrap_or(0.0),
        mean_l_a: sum_a / n as f64,
        mean_l_b: sum_b / n as f64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_ignores_a_dark_slot_across_the_area() {
        let mut f = Frame::filled(40, 40, [200, 30, 30]);
        f.paint_rect(10.0, 19.0, 30.0, 21.0, [10, 10, 10]);
        assert_eq!(f.median_in(20.0, 20.0, 0.0, 8.0), Some([200, 30, 30]));
        assert_eq!(f.median_in(2.0, 20.0, 0.0, 8.0), None, "leaves the frame");
    }

    #[test]
    fn identical_frames_agree_and_a_washed_out_board_does_not() {
        let mut a = Frame::filled(50, 100, [30, 32, 40]);
        a.paint_rect(5.0, 25.0, 45.0, 75.0, [75, 101, 105]);
        assert!(!a.is_blank() && Frame::filled(50, 100, [30, 32, 40]).is_blank());
        let same = agreement(&a, &a.clone()).unwrap();
        assert!(
            same.passes() && same.median == 0.0 && same.p95 == 0.0,
            "{same:?}"
        );
        // The board read as linear and shown as sRGB: every plate pixel lighter.
        let mut washed = a.clone();
        washed.paint_rect(5.0, 25.0, 45.0, 75.0, [152, 170, 174]);
        let d = agreement(&a, &washed).unwrap();
        assert!(!d.passes() && d.median > 20.0, "{d:?}");
        // Only outside the band: still agrees.
        let mut hud = a.clone();
        hud.paint_rect(0.0, 0.0, 50.0, 15.0, [250, 250, 250]);
        assert!(agreement(&a, &hud).unwrap().passes());
        assert!(agreement(&a, &Frame::filled(50, 99, [0; 3])).is_none());
    }

    #[test]
    fn a_png_round_trips() {
        let mut bytes = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut bytes, 2, 1);
            enc.set_color(png::ColorType::Rgba);
            enc.set_depth(png::BitDepth::Eight);
            let mut w = enc.write_header().unwrap();
            w.write_image_data(&[1, 2, 3, 255, 4, 5, 6, 0]).unwrap();
        }
        let f = Frame::decode(&bytes, Path::new("t.png")).unwrap();
        assert_eq!((f.width, f.height), (2, 1));
        assert_eq!((f.pixel(0, 0), f.pixel(1, 0)), ([1, 2, 3], [4, 5, 6]));
        assert!(Frame::decode(b"not a png", Path::new("x.png")).is_err());
    }
}
