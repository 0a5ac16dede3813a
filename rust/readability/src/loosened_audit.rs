//! A loosened rusty screw must not look like a stuck one, nor like a normal screw: the first tap on a
//! rusty screw only loosens it, and the player must see that the next tap takes it out. The board shows
//! it by the rust ring flaking off and a bright steel collar of thread round the raised head (a normal
//! screw has no collar, a stuck rusty one the rust ring). Seen from above the collar is all that tells
//! them apart, so it keeps the palette's floors (CIE76 ΔE ≥ [`super::palette_audit::NORMAL_FLOOR`],
//! ≥ [`super::palette_audit::DICHROMAT_FLOOR`] protan / deutan) from the rust ring and from every
//! plate tint it stands on.
//!
//! Bug switch (tests below): a collar in the plate's own metal grey, which melts into the top layer.

use serde::Serialize;

use super::colour_vision::{delta_e, Rgb8, Vision};
use super::palette::{Palette, RustyLook};
use super::palette_audit::floor;

/// The collar too near one colour.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoosenedFailure {
    /// "rust" or a plate tint ("plate 3.0", "frame").
    pub against: String,
    pub vision: Vision,
    pub delta_e: f64,
    pub floor: f64,
}

/// Every colour the loosened collar of `look` comes too near (empty: it passes).
pub fn audit_loosened(palette: &Palette, look: &RustyLook) -> Vec<LoosenedFailure> {
    let mut others: Vec<(String, Rgb8)> = vec![("rust".into(), look.rust)];
    for (layer, row) in palette.plates.rest.iter().enumerate() {
        for (slot, &tint) in row.iter().enumerate() {
            others.push((format!("plate {layer}.{slot}"), tint));
        }
    }
    others.push(("frame".into(), palette.plates.frame));
    let mut out = Vec::new();
    for vision in Vision::ALL {
        for (name, colour) in &others {
            let value = delta_e(look.loosened, *colour, vision);
            if value < floor(vision) {
                out.push(LoosenedFailure {
                    against: name.clone(),
                    vision,
                    delta_e: value,
                    floor: floor(vision),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_collar_passes() {
        let p = Palette::shipped();
        let failures = audit_loosened(p, &p.rusty);
        assert!(failures.is_empty(), "{failures:#?}");
    }

    /// The switch: a collar in the top layer's own metal is caught against that plate.
    #[test]
    fn a_collar_in_the_plate_metal_is_caught() {
        let p = Palette::shipped();
        let top = *p.plates.rest.last().expect("plate rows");
        let grey = RustyLook {
            loosened: top[0],
            ..p.rusty
        };
        let failures = audit_loosened(p, &grey);
        let last = p.plates.rest.len() - 1;
        assert!(
            failures
                .iter()
                .any(|f| f.against == format!("plate {last}.0") && f.vision == Vision::Normal),
            "{failures:#?}"
        );
    }

    /// A collar in the rust colour would read as a screw still stuck.
    #[test]
    fn a_rusty_collar_is_caught() {
        let p = Palette::shipped();
        let rusty = RustyLook {
            loosened: p.rusty.rust,
            ..p.rusty
        };
        assert!(audit_loosened(p, &rusty)
            .iter()
            .any(|f| f.against == "rust"));
    }
}
