//! The hidden screw's look against everything it must not be taken for. Until a hidden screw is revealed
//! the player sees only its cap and the '?' on it: if the cap came near a screw colour, a '?' would pass
//! for a screw of that colour (a light grey cap for a covered white screw, say) and the player would plan
//! on a guess. So the cap, bright and as a covered one is dimmed, keeps the palette's floors (CIE76 ΔE
//! ≥ [`super::palette_audit::NORMAL_FLOOR`], ≥ [`super::palette_audit::DICHROMAT_FLOOR`] protan / deutan)
//! from every screw colour in both shades and from every plate tint it can lie on, and the '?' stands
//! [`GLYPH_FLOOR`] (WCAG text contrast) on either cap.
//!
//! Bug switch (tests below): the old cool grey cap `#9EA1A8`, which a covered white screw matched.

use serde::Serialize;

use super::colour_vision::Vision;
use super::mark_audit::{contrast, GLYPH_FLOOR};
use super::near_colours::{plate_grounds, too_near, Named};
use super::palette::{HiddenLook, Palette};

/// One pair under its floor.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HiddenFailure {
    /// "cap" or "covered cap" (or "mark on cap", "mark on covered cap").
    pub part: &'static str,
    /// What it came too near: a screw colour ("white dimmed"), a plate tint ("plate 3.1") or the cap.
    pub against: String,
    pub vision: Vision,
    /// ΔE, or the contrast ratio for the mark.
    pub value: f64,
    pub floor: f64,
}

/// Every pair of `look` against `palette` under its floor (empty: the look passes).
pub fn audit_hidden(palette: &Palette, look: &HiddenLook) -> Vec<HiddenFailure> {
    let mut others: Vec<Named> = Vec::new();
    for c in &palette.colours {
        others.push((format!("{} bright", c.name), c.bright));
        others.push((format!("{} dimmed", c.name), c.dimmed));
    }
    others.extend(plate_grounds(palette));
    let mut out = Vec::new();
    for vision in Vision::ALL {
        for (part, cap) in [("cap", look.cap), ("covered cap", look.covered)] {
            out.extend(too_near(cap, &others, vision).map(|near| HiddenFailure {
                part,
                against: near.against.to_string(),
                vision,
                value: near.delta_e,
                floor: near.floor,
            }));
            let value = contrast(look.mark, cap, vision);
            if value < GLYPH_FLOOR {
                out.push(HiddenFailure {
                    part: "mark",
                    against: part.to_string(),
                    vision,
                    value,
                    floor: GLYPH_FLOOR,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::near_colours::shipped_passing;
    use crate::palette::parse_hex;

    #[test]
    fn the_shipped_look_passes_every_floor() {
        let p = shipped_passing(|p| audit_hidden(p, &p.hidden));
        assert_eq!(
            p.hidden.covered,
            p.dim(p.hidden.cap),
            "dimmed by the palette's rule"
        );
    }

    /// The switch: the old cool grey cap, which a covered white screw matched, is caught and named.
    #[test]
    fn the_old_grey_cap_is_caught() {
        let p = Palette::shipped();
        let cap = parse_hex("cap", "#9EA1A8").unwrap();
        let grey = HiddenLook {
            cap,
            covered: p.dim(cap),
            mark: p.hidden.mark,
        };
        let failures = audit_hidden(p, &grey);
        assert!(
            failures.iter().any(|f| f.part == "cap"
                && f.against == "white dimmed"
                && f.vision == Vision::Normal),
            "{failures:#?}"
        );
    }

    /// A '?' in a mid grey cannot be read on the cap.
    #[test]
    fn a_faint_mark_is_caught() {
        let p = Palette::shipped();
        let faint = HiddenLook {
            mark: parse_hex("mark", "#808080").unwrap(),
            ..p.hidden
        };
        let failures = audit_hidden(p, &faint);
        assert!(failures.iter().any(|f| f.part == "mark"), "{failures:#?}");
        assert!(failures.iter().all(|f| f.part == "mark"), "{failures:#?}");
    }
}
