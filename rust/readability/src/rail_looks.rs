//! How the rail's tray looks in each warning the core decides (`screwsmith_play::view::RailState`):
//! safe, one free place (amber), full (red, the strongest). The HUD draws these colours; the audit here
//! keeps the three rims apart from each other and from the tray for normal, protan and deutan vision,
//! with the palette audit's floors, so "full" never reads as "one free" or as "safe".

use super::colour_vision::{delta_e, Rgb8, Vision};
use super::palette_audit::floor;

/// One warning's look: the tray's fill and its rim, the rim's width in canvas pixels (drawn steady
/// with reduce motion; with motion it pulses from a thinner width up to this one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RailLook {
    pub tray: Rgb8,
    pub rim: Rgb8,
    pub rim_width: u8,
}

/// The three looks, quietest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RailLooks {
    pub safe: RailLook,
    pub one_free: RailLook,
    pub full: RailLook,
}

impl RailLooks {
    /// The looks the game ships: a slate tray, an amber rim at one free place, a red one (on a
    /// reddened tray, and thicker) when full.
    pub const fn shipped() -> RailLooks {
        RailLooks {
            safe: RailLook {
                tray: [0x29, 0x2E, 0x3B],
                rim: [0x4D, 0x54, 0x66],
                rim_width: 3,
            },
            one_free: RailLook {
                tray: [0x4A, 0x40, 0x33],
                rim: [0xFA, 0x9E, 0x29],
                rim_width: 6,
            },
            full: RailLook {
                tray: [0x5A, 0x24, 0x28],
                rim: [0xFF, 0x2E, 0x3C],
                rim_width: 8,
            },
        }
    }

    /// `[safe, one_free, full]` with their names.
    pub fn named(&self) -> [(&'static str, RailLook); 3] {
        [
            ("safe", self.safe),
            ("one_free", self.one_free),
            ("full", self.full),
        ]
    }

    /// What falls short: two rims too close for a vision, a warning rim too close to its tray, or a
    /// louder warning with a thinner rim. Empty when the looks pass.
    pub fn failures(&self) -> Vec<String> {
        let mut out = Vec::new();
        let looks = self.named();
        for vision in Vision::ALL {
            let min = floor(vision);
            for (i, (a, la)) in looks.iter().enumerate() {
                for (b, lb) in &looks[i + 1..] {
                    let d = delta_e(la.rim, lb.rim, vision);
                    if d < min {
                        out.push(format!(
                            "{a} and {b} rims ΔE {d:.1} < {min} ({})",
                            vision.name()
                        ));
                    }
                }
                let d = delta_e(la.rim, la.tray, vision);
                if d < min {
                    out.push(format!(
                        "{a} rim on its tray ΔE {d:.1} < {min} ({})",
                        vision.name()
                    ));
                }
            }
        }
        for pair in looks.windows(2) {
            if pair[1].1.rim_width <= pair[0].1.rim_width {
                out.push(format!("{} rim not wider than {}", pair[1].0, pair[0].0));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_rail_looks_stay_apart_for_every_vision() {
        assert_eq!(RailLooks::shipped().failures(), Vec::<String>::new());
    }

    #[test]
    fn a_full_rail_drawn_like_one_free_place_is_caught() {
        let mut looks = RailLooks::shipped();
        looks.full.rim = looks.one_free.rim;
        let failures = looks.failures();
        assert!(
            failures
                .iter()
                .any(|f| f.starts_with("one_free and full rims")),
            "{failures:?}"
        );
        let mut looks = RailLooks::shipped();
        looks.full.rim_width = looks.one_free.rim_width;
        assert_eq!(looks.failures(), ["full rim not wider than one_free"]);
        let mut looks = RailLooks::shipped();
        looks.one_free.rim = [0x55, 0x5C, 0x70];
        assert!(looks
            .failures()
            .iter()
            .any(|f| f.contains("safe and one_free")));
    }
}
