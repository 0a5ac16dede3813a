//! What the audits of one look share ([`super::hidden_audit`], [`super::loosened_audit`]): a look is
//! held apart from a list of named colours it could be taken for or lies on, each pair at the palette's
//! ΔE floor for the vision ([`super::palette_audit::floor`]). One loop and one list of plate grounds,
//! so the two audits cannot drift apart in what "too near" means or in which plates they check.

use super::colour_vision::{delta_e, Rgb8, Vision};
use super::palette::Palette;
use super::palette_audit::floor;

/// A colour to keep apart from, under the name a failure reports.
pub type Named = (String, Rgb8);

/// One named colour a look comes too near for one vision.
#[derive(Debug, Clone, PartialEq)]
pub struct TooNear<'a> {
    pub against: &'a str,
    pub delta_e: f64,
    pub floor: f64,
}

/// Every plate tint a screw can stand on ("plate L.S", layer then slot), then the frame.
pub fn plate_grounds(palette: &Palette) -> Vec<Named> {
    let mut grounds = Vec::new();
    for (layer, row) in palette.plates.rest.iter().enumerate() {
        for (slot, &tint) in row.iter().enumerate() {
            grounds.push((format!("plate {layer}.{slot}"), tint));
        }
    }
    grounds.push(("frame".into(), palette.plates.frame));
    grounds
}

/// The colours of `others`, in their order, that `look` comes within the floor of for `vision`.
pub fn too_near(look: Rgb8, others: &[Named], vision: Vision) -> impl Iterator<Item = TooNear<'_>> {
    others.iter().filter_map(move |(name, colour)| {
        let value = delta_e(look, *colour, vision);
        (value < floor(vision)).then(|| TooNear {
            against: name,
            delta_e: value,
            floor: floor(vision),
        })
    })
}

/// The shipped palette, after asserting that `audit` finds nothing wrong with its look (each audit's
/// first test; a failure prints every pair under its floor).
#[cfg(test)]
pub(crate) fn shipped_passing<F: std::fmt::Debug>(
    audit: impl FnOnce(&Palette) -> Vec<F>,
) -> &'static Palette {
    let palette = Palette::shipped();
    let failures = audit(palette);
    assert!(failures.is_empty(), "{failures:#?}");
    palette
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grounds are every tint of every layer and the frame, each named once.
    #[test]
    fn every_plate_tint_and_the_frame_are_grounds() {
        let p = Palette::shipped();
        let grounds = plate_grounds(p);
        let tints: usize = p.plates.rest.iter().map(|row| row.len()).sum();
        assert_eq!(grounds.len(), tints + 1);
        assert_eq!(grounds.last(), Some(&("frame".to_string(), p.plates.frame)));
        assert_eq!(grounds[0], ("plate 0.0".to_string(), p.plates.rest[0][0]));
    }

    /// A colour is too near itself and not near its opposite; the floor reported is the vision's.
    #[test]
    fn too_near_keeps_only_pairs_under_the_floor() {
        let black: Rgb8 = [0, 0, 0];
        let white: Rgb8 = [255, 255, 255];
        let others = vec![("white".to_string(), white), ("black".to_string(), black)];
        for vision in Vision::ALL {
            let near: Vec<_> = too_near(black, &others, vision).collect();
            assert_eq!(
                near,
                vec![TooNear {
                    against: "black",
                    delta_e: 0.0,
                    floor: floor(vision),
                }]
            );
        }
    }
}
