//! The palette half of the readability audit: every pair of screw colours must stay apart (CIE76 ΔE) for
//! normal vision and after protan / deutan simulation, both bright (accessible) and dimmed (blocked),
//! because a player must tell a blocked screw's colour to plan ahead.

use serde::Serialize;

use super::colour_vision::{delta_e, Vision};
use super::palette::Palette;

/// Normal-vision floor. ΔE 2.3 is a just-noticeable difference side by side; screws are small, apart
/// and seen at a glance, so the floor is several JNDs (the source studio's figure).
pub const NORMAL_FLOOR: f64 = 11.0;
/// Floor after protan / deutan simulation: a dichromat loses one axis, so the studio accepted a lower
/// floor there; the head pattern carries the rest.
pub const DICHROMAT_FLOOR: f64 = 9.0;

/// The floor for a vision.
pub fn floor(vision: Vision) -> f64 {
    match vision {
        Vision::Normal => NORMAL_FLOOR,
        Vision::Protan | Vision::Deutan => DICHROMAT_FLOOR,
    }
}

/// Which version of the palette.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Shade {
    Bright,
    Dimmed,
}

/// The closest pair for one shade and one vision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClosestPair {
    pub shade: Shade,
    pub vision: Vision,
    /// Palette indices.
    pub a: u8,
    pub b: u8,
    pub delta_e: f64,
    pub floor: f64,
}

impl ClosestPair {
    pub fn passed(&self) -> bool {
        self.delta_e >= self.floor
    }
}

/// The palette verdict: the closest pair per shade and vision (6 entries), and every pair under a floor.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PaletteReport {
    pub colours: usize,
    pub closest: Vec<ClosestPair>,
    pub failures: Vec<ClosestPair>,
}

impl PaletteReport {
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Audits every pair of a palette.
pub fn audit_palette(palette: &Palette) -> PaletteReport {
    let mut closest = Vec::new();
    let mut failures = Vec::new();
    for shade in [Shade::Bright, Shade::Dimmed] {
        let colour = |i: usize| {
            let c = &palette.colours[i];
            match shade {
                Shade::Bright => c.bright,
                Shade::Dimmed => c.dimmed,
            }
        };
        for vision in Vision::ALL {
            let mut best: Option<ClosestPair> = None;
            for a in 0..palette.colours.len() {
                for b in a + 1..palette.colours.len() {
                    let pair = ClosestPair {
                        shade,
                        vision,
                        a: a as u8,
                        b: b as u8,
                        delta_e: delta_e(colour(a), colour(b), vision),
                        floor: floor(vision),
                    };
                    if !pair.passed() {
                        failures.push(pair.clone());
                    }
                    if best.as_ref().is_none_or(|x| pair.delta_e < x.delta_e) {
                        best = Some(pair);
                    }
                }
            }
            closest.extend(best);
        }
    }
    PaletteReport {
        colours: palette.colours.len(),
        closest,
        failures,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_six_pass_every_floor() {
        let report = audit_palette(Palette::shipped());
        assert_eq!(report.colours, 6);
        assert_eq!(report.closest.len(), 6);
        assert!(report.passed(), "{:#?}", report.failures);
    }

    /// Why six is the ceiling: each seventh colour the designers tried (listed in the palette file with
    /// the reason) pulls some pair under a floor. The floors alone do not forbid *every* seventh sRGB
    /// colour (near-black or sky blue would pass), but those collide with the panel metal or the
    /// background, and a seventh head pattern would be one more shape to learn.
    #[test]
    fn a_seventh_colour_breaks_the_floor() {
        let p = Palette::shipped();
        assert!(!p.rejected_sevenths.is_empty());
        for seventh in &p.rejected_sevenths {
            let report = audit_palette(&p.with_extra(&seventh.name, seventh.bright));
            assert_eq!(report.colours, 7);
            assert!(!report.passed(), "{} should break a floor", seventh.name);
            assert!(
                report.failures.iter().all(|f| f.b == 6),
                "{}: only pairs with the seventh fail",
                seventh.name
            );
        }
    }

    /// The near-colour failure case: two reds a designer might think are different.
    #[test]
    fn two_near_colours_are_caught() {
        let p = Palette::shipped().with_extra("crimson", [0xE8, 0x2C, 0x2A]);
        let report = audit_palette(&p);
        assert!(!report.passed());
        let f = &report.failures[0];
        assert_eq!((f.a, f.b), (0, 6), "red and crimson");
        assert!(report
            .failures
            .iter()
            .any(|f| f.shade == Shade::Bright && f.vision == Vision::Normal));
    }
}
