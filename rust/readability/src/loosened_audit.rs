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

use super::colour_vision::Vision;
use super::near_colours::{plate_grounds, too_near, Named};
use super::palette::{Palette, RustyLook};

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
    let mut others: Vec<Named> = vec![("rust".into(), look.rust)];
    others.extend(plate_grounds(palette));
    let mut out = Vec::new();
    for vision in Vision::ALL {
        out.extend(
            too_near(look.loosened, &others, vision).map(|near| LoosenedFailure {
                against: near.against.to_string(),
                vision,
                delta_e: near.delta_e,
                floor: near.floor,
            }),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::near_colours::shipped_passing;

    #[test]
    fn the_shipped_collar_passes() {
        shipped_passing(|p| audit_loosened(p, &p.rusty));
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
