//! The marks' half of the readability audit: on every device each lock, key and bomb badge of a level
//! is at least [`MIN_MARK_POINTS`] across (a bomb's digits [`MIN_DIGIT_POINTS`] tall), what is drawn
//! on a badge stands out from its fill for normal, protan and deutan vision, and the pairing of locks
//! with keys is unambiguous: no two keys of a level share a badge, and the tints the level uses stay
//! apart (ΔE, the palette's floors) for every vision.
//!
//! Bug switches (tested in `tests/mark_audit.rs`): a smaller `CameraParams::mark_radius` (badges
//! too small on every device), [`MarkColours::red_green`] (tints a dichromat cannot tell apart) and
//! [`MarkColours::one_tag`] (a second key repeats the first key's badge).

use std::fmt;

use serde::Serialize;

use screwsmith_rules::sim::CompiledLevel;

use super::camera::{Camera, CameraParams};
use super::colour_vision::{delta_e, lab, Rgb8, Vision};
use super::devices::Device;
use super::marks::{key_count, marks_of, Mark, MarkColours};
use super::palette_audit::floor;

/// A badge is at least this many dp (pt on iOS) across: a glyph a thumb's width away still reads.
pub const MIN_MARK_POINTS: f64 = 16.0;
/// A bomb's digits are at least this tall (dp / pt).
pub const MIN_DIGIT_POINTS: f64 = 8.0;
/// What is drawn on a badge (padlock, key, digits) against the badge's fill, for every vision, as a
/// luminance contrast ratio (WCAG's): 4.5 is its floor for small text. ΔE would not do here: a
/// white digit on a yellow badge is ΔE 80 apart in chroma and unreadable.
pub const GLYPH_FLOOR: f64 = 4.5;

/// Why a level's marks fail.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "check", rename_all = "snake_case")]
pub enum MarkFailure {
    /// A badge smaller than [`MIN_MARK_POINTS`] on a device.
    TooSmall {
        screw: u16,
        mark: Mark,
        device: String,
        points: f64,
        floor: f64,
    },
    /// A bomb's digits shorter than [`MIN_DIGIT_POINTS`] on a device.
    DigitTooSmall {
        screw: u16,
        device: String,
        points: f64,
        floor: f64,
    },
    /// More keys than badges: two keys (and their locks) would look paired.
    TagsRepeat { keys: usize, tags: usize },
    /// Two pairing tints of the level too close for one vision.
    TintsClose {
        a: usize,
        b: usize,
        vision: Vision,
        delta_e: f64,
        floor: f64,
    },
    /// A glyph too close to its badge's fill in luminance for one vision.
    LowContrast {
        what: String,
        vision: Vision,
        ratio: f64,
        floor: f64,
    },
}

impl fmt::Display for MarkFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MarkFailure::TooSmall {
                screw,
                mark,
                device,
                points,
                floor,
            } => write!(
                f,
                "screw {screw}'s {} mark is {points:.1} pt across on the {device}, under the {floor:.0} floor",
                mark.name()
            ),
            MarkFailure::DigitTooSmall {
                screw,
                device,
                points,
                floor,
            } => write!(
                f,
                "screw {screw}'s bomb digits are {points:.1} pt tall on the {device}, under the {floor:.0} floor"
            ),
            MarkFailure::TagsRepeat { keys, tags } => write!(
                f,
                "{keys} keys but {tags} pairing badges: two keys would share one"
            ),
            MarkFailure::TintsClose {
                a,
                b,
                vision,
                delta_e,
                floor,
            } => write!(
                f,
                "pairing tints {a} and {b} are ΔE {delta_e:.1} apart ({}), under the {floor:.0} floor",
                vision.name()
            ),
            MarkFailure::LowContrast {
                what,
                vision,
                ratio,
                floor,
            } => write!(
                f,
                "{what}: contrast {ratio:.2}:1 ({}), under the {floor:.1}:1 floor",
                vision.name()
            ),
        }
    }
}

/// Every failure of `level`'s marks on `devices` with the camera of `params` and `colours`.
pub fn level_failures(
    level: &CompiledLevel,
    params: &CameraParams,
    devices: &[Device],
    colours: &MarkColours,
) -> Vec<MarkFailure> {
    let mut out = Vec::new();
    let marked: Vec<(u8, Vec<Mark>)> = (0..level.screw_count() as u8)
        .map(|i| (i, marks_of(level, i)))
        .filter(|(_, m)| !m.is_empty())
        .collect();
    if marked.is_empty() {
        return out;
    }
    for device in devices {
        let cam = Camera::for_level(params, level, device);
        for (i, marks) in &marked {
            let s = &level.screws()[*i as usize];
            let scale = cam.scale_at(s.layer as f64 * cam.layer_height + cam.screw_height);
            let points = |world: f64| world * scale / device.scale;
            let id = s.id;
            let across = points(2.0 * cam.marks.radius);
            for &mark in marks {
                if across + 1e-9 < MIN_MARK_POINTS {
                    out.push(MarkFailure::TooSmall {
                        screw: id,
                        mark,
                        device: device.name.clone(),
                        points: across,
                        floor: MIN_MARK_POINTS,
                    });
                }
            }
            let digit = points(cam.marks.digit);
            if marks.contains(&Mark::Bomb) && digit + 1e-9 < MIN_DIGIT_POINTS {
                out.push(MarkFailure::DigitTooSmall {
                    screw: id,
                    device: device.name.clone(),
                    points: digit,
                    floor: MIN_DIGIT_POINTS,
                });
            }
        }
    }
    let keys = key_count(level);
    if keys > colours.tags.len() {
        out.push(MarkFailure::TagsRepeat {
            keys,
            tags: colours.tags.len(),
        });
    }
    out.extend(colour_failures(
        colours,
        keys.min(colours.tags.len()),
        !level.bombs().is_empty(),
    ));
    out
}

/// The colour checks of the first `tags` pairing tags (and of the bomb's looks when `bombs`): each
/// glyph against its fill, every two tints against each other, for every vision.
pub fn colour_failures(colours: &MarkColours, tags: usize, bombs: bool) -> Vec<MarkFailure> {
    let mut out = Vec::new();
    let mut glyph = |what: String, ink: Rgb8, fill: Rgb8| {
        for vision in Vision::ALL {
            let ratio = contrast(ink, fill, vision);
            if ratio < GLYPH_FLOOR {
                out.push(MarkFailure::LowContrast {
                    what: what.clone(),
                    vision,
                    ratio,
                    floor: GLYPH_FLOOR,
                });
            }
        }
    };
    let used = &colours.tags[..tags.min(colours.tags.len())];
    for (k, t) in used.iter().enumerate() {
        glyph(format!("pairing badge {k}'s glyph"), t.glyph, t.tint);
    }
    if bombs {
        for (name, look) in [
            ("bomb", colours.bomb),
            ("warning bomb", colours.bomb_warning),
            ("still warning bomb", colours.bomb_warning_still),
        ] {
            glyph(format!("{name} badge's digits"), look.digit, look.fill);
        }
    }
    for (a, ta) in used.iter().enumerate() {
        for (b, tb) in used.iter().enumerate().skip(a + 1) {
            for vision in Vision::ALL {
                let d = delta_e(ta.tint, tb.tint, vision);
                if d < floor(vision) {
                    out.push(MarkFailure::TintsClose {
                        a,
                        b,
                        vision,
                        delta_e: d,
                        floor: floor(vision),
                    });
                }
            }
        }
    }
    out
}

/// The luminance contrast ratio of two colours as `vision` sees them: (lighter + 0.05) / (darker +
/// 0.05) of their relative luminance (from CIELAB L*, so the vision simulation applies).
pub fn contrast(a: Rgb8, b: Rgb8, vision: Vision) -> f64 {
    let y = |c: Rgb8| {
        let l = lab(c, vision).l;
        if l > 8.0 {
            ((l + 16.0) / 116.0).powi(3)
        } else {
            l / 903.3
        }
    };
    let (ya, yb) = (y(a), y(b));
    (ya.max(yb) + 0.05) / (ya.min(yb) + 0.05)
}

/// The smallest badge (pt) of `level` on any of `devices`, with the device: the figure the report
/// prints. `None` for a level without marks.
pub fn smallest_mark(
    level: &CompiledLevel,
    params: &CameraParams,
    devices: &[Device],
) -> Option<(f64, String)> {
    let mut best: Option<(f64, String)> = None;
    for device in devices {
        let cam = Camera::for_level(params, level, device);
        for (i, s) in level.screws().iter().enumerate() {
            if marks_of(level, i as u8).is_empty() {
                continue;
            }
            let scale = cam.scale_at(s.layer as f64 * cam.layer_height + cam.screw_height);
            let pt = 2.0 * cam.marks.radius * scale / device.scale;
            if best.as_ref().is_none_or(|(b, _)| pt < *b) {
                best = Some((pt, device.name.clone()));
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contrast_is_wcag_s_ratio() {
        let r = contrast([0, 0, 0], [255, 255, 255], Vision::Normal);
        assert!((r - 21.0).abs() < 0.05, "{r}");
        assert!((contrast([7, 7, 7], [7, 7, 7], Vision::Protan) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn the_shipped_colours_pass_every_check() {
        let c = MarkColours::shipped();
        assert_eq!(colour_failures(&c, c.tags.len(), true), vec![]);
    }

    #[test]
    fn red_green_tints_fail_for_dichromats_only() {
        let failures = colour_failures(&MarkColours::red_green(), 2, false);
        let close: Vec<Vision> = failures
            .iter()
            .filter_map(|f| match f {
                MarkFailure::TintsClose { vision, .. } => Some(*vision),
                _ => None,
            })
            .collect();
        assert_eq!(close, [Vision::Deutan], "{failures:?}");
    }

    #[test]
    fn a_light_glyph_on_a_light_badge_fails() {
        let mut c = MarkColours::shipped();
        c.bomb_warning_still.fill = [0xFF, 0xD4, 0x00];
        c.bomb_warning_still.digit = [0xFF, 0xFF, 0xFF];
        let failures = colour_failures(&c, 0, true);
        assert!(failures
            .iter()
            .all(|f| matches!(f, MarkFailure::LowContrast { .. })));
        assert_eq!(failures.len(), 3, "{failures:?}");
    }
}
