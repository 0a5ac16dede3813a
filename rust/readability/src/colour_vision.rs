//! Colour difference as three kinds of players see it: CIE76 ΔE in CIELAB for normal vision, and after a
//! protanopia / deuteranopia simulation.
//!
//! The simulation is Viénot, Brettel & Mollon (1999) in its single-matrix form on *linear* sRGB (the
//! Smith–Pokorny cone fundamentals over the Judd–Vos-corrected observer). Applying it to gamma-encoded
//! values instead is the classic mistake: the simulated colours look plausible and the collisions are
//! understated, so the audit would pass for the wrong reason. Protan and deutan are the red–green
//! deficiencies (about 8 % of men); tritan is rare and not audited.

use palette::color_difference::DeltaE;
use palette::{FromColor, Lab, LinSrgb, Srgb};
use serde::Serialize;

/// How a player sees colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Vision {
    Normal,
    Protan,
    Deutan,
}

impl Vision {
    /// Every vision the palette is audited for.
    pub const ALL: [Vision; 3] = [Vision::Normal, Vision::Protan, Vision::Deutan];

    /// Lower-case name for messages and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Vision::Normal => "normal",
            Vision::Protan => "protan",
            Vision::Deutan => "deutan",
        }
    }

    /// The linear-RGB → linear-RGB simulation matrix (rows are output channels).
    pub fn matrix(self) -> [[f64; 3]; 3] {
        match self {
            Vision::Normal => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            // Viénot 1999, protanopia: R and G collapse onto one projection; blue nearly unchanged.
            Vision::Protan => [
                [0.11238, 0.88762, 0.0],
                [0.11238, 0.88762, 0.0],
                [0.00401, -0.00401, 1.0],
            ],
            // Viénot 1999, deuteranopia.
            Vision::Deutan => [
                [0.29275, 0.70725, 0.0],
                [0.29275, 0.70725, 0.0],
                [-0.02234, 0.02234, 1.0],
            ],
        }
    }
}

/// An 8-bit sRGB colour.
pub type Rgb8 = [u8; 3];

/// The CIELAB (D65) coordinates of `rgb` as seen with `vision`.
pub fn lab(rgb: Rgb8, vision: Vision) -> Lab<palette::white_point::D65, f64> {
    let lin: LinSrgb<f64> = Srgb::new(rgb[0], rgb[1], rgb[2])
        .into_format::<f64>()
        .into_linear();
    let m = vision.matrix();
    let v = [lin.red, lin.green, lin.blue];
    let ch = |row: usize| (m[row][0] * v[0] + m[row][1] * v[1] + m[row][2] * v[2]).clamp(0.0, 1.0);
    Lab::from_color(LinSrgb::new(ch(0), ch(1), ch(2)))
}

/// CIE76 ΔE (Euclidean distance in CIELAB) between two colours as seen with `vision`.
pub fn delta_e(a: Rgb8, b: Rgb8, vision: Vision) -> f64 {
    lab(a, vision).delta_e(lab(b, vision))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Judd–Vos constants of the Viénot matrices, pinned: a change here changes every verdict.
    #[test]
    fn vienot_constants_are_pinned() {
        assert_eq!(Vision::Protan.matrix()[0][..2], [0.11238, 0.88762]);
        assert_eq!(Vision::Deutan.matrix()[0][..2], [0.29275, 0.70725]);
        assert_eq!(Vision::Protan.matrix()[2], [0.00401, -0.00401, 1.0]);
        assert_eq!(Vision::Deutan.matrix()[2], [-0.02234, 0.02234, 1.0]);
    }

    #[test]
    fn simulations_keep_white_and_collapse_red_green() {
        for v in Vision::ALL {
            for row in v.matrix() {
                assert!(
                    (row.iter().sum::<f64>() - 1.0).abs() < 1e-9,
                    "{v:?} keeps white"
                );
            }
            assert!(delta_e([255, 255, 255], [255, 255, 255], v) < 1e-9);
        }
        // A dichromat's first two output channels are one: the simulation is a projection.
        for v in [Vision::Protan, Vision::Deutan] {
            let m = v.matrix();
            assert_eq!(m[0], m[1]);
        }
    }

    #[test]
    fn cie76_matches_known_values() {
        // sRGB white is L* = 100, a* = b* = 0 under D65.
        let w = lab([255, 255, 255], Vision::Normal);
        assert!((w.l - 100.0).abs() < 0.01 && w.a.abs() < 0.01 && w.b.abs() < 0.01);
        // Pure sRGB red: L* 53.24, a* 80.09, b* 67.20 (the textbook values).
        let r = lab([255, 0, 0], Vision::Normal);
        assert!((r.l - 53.24).abs() < 0.05, "{r:?}");
        assert!(
            (r.a - 80.09).abs() < 0.1 && (r.b - 67.20).abs() < 0.1,
            "{r:?}"
        );
        assert!((delta_e([0, 0, 0], [255, 255, 255], Vision::Normal) - 100.0).abs() < 0.01);
    }

    #[test]
    fn red_and_green_are_far_apart_normally_and_close_for_dichromats() {
        let (red, green) = ([200, 60, 40], [90, 140, 40]);
        let normal = delta_e(red, green, Vision::Normal);
        assert!(normal > 40.0, "{normal}");
        for v in [Vision::Protan, Vision::Deutan] {
            let d = delta_e(red, green, v);
            assert!(d < normal / 2.0, "{v:?}: {d} vs normal {normal}");
        }
    }
}
