//! The marks a screw carries for the lock-and-key and countdown-bomb rules, as the board draws them:
//! a padlock badge on a locked screw, a key badge on a screw that holds a key, a number badge on a
//! bomb. Their geometry is the camera model's (world units, a cell = 1.0, like the head and the
//! collider), so every device sees them at the size the camera gives its screws and the audit
//! ([`super::mark_audit`]) measures exactly what is drawn; their colours and the pairing of a lock
//! with its key are decided here, never in a script.
//!
//! Where a badge sits: lock at the head's upper left, key at its upper right, bomb below it, each
//! centre [`MARK_OFFSET`] from the screw's centre, so `offset + radius` is the collider radius: a
//! badge never reaches over a neighbour's collider (neighbours keep 0.1 of a cell apart), and the
//! head's middle — colour and colour-blind pattern — stays in sight.
//!
//! Pairing: when a level has several keys, the key holders are numbered in file order and each
//! number takes one [`PairTag`] (a badge shape and a tint): a key's badge and the badges of every
//! lock it opens share it. Shapes carry the pairing for any vision; the tints only help, and are
//! audited against each other for normal, protan and deutan vision.

use serde::Serialize;

use screwsmith_rules::sim::CompiledLevel;

use super::camera::{CameraParams, SCREW_RADIUS};
use super::colour_vision::Rgb8;

/// A mark badge's radius (cells): 0.4 of a cell across, about 20 dp on the smallest audited phone
/// with the largest board.
pub const MARK_RADIUS: f64 = 0.2;
/// From the screw's centre to a badge's centre (cells): with [`MARK_RADIUS`] exactly the collider.
pub const MARK_OFFSET: f64 = SCREW_RADIUS - MARK_RADIUS;
/// The badge's dark rim, as a fraction of its radius.
pub const RIM_FRACTION: f64 = 0.16;
/// A bomb's digits are this tall, as a fraction of the badge's diameter (two digits fit across).
pub const DIGIT_FRACTION: f64 = 0.5;
/// A bomb warns (its badge pulses, a sound plays) from this many moves left down to 1.
pub const BOMB_WARN_AT: u8 = 2;

/// Which mark a badge is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    Lock,
    Key,
    Bomb,
}

impl Mark {
    pub const ALL: [Mark; 3] = [Mark::Lock, Mark::Key, Mark::Bomb];

    /// Lower-case name (messages, JSON).
    pub fn name(self) -> &'static str {
        match self {
            Mark::Lock => "lock",
            Mark::Key => "key",
            Mark::Bomb => "bomb",
        }
    }

    /// The unit direction from the screw's centre to the badge's, in world x and z (z grows down the
    /// screen): lock upper left, key upper right, bomb straight below.
    pub fn direction(self) -> (f64, f64) {
        let d = std::f64::consts::FRAC_1_SQRT_2;
        match self {
            Mark::Lock => (-d, -d),
            Mark::Key => (d, -d),
            Mark::Bomb => (0.0, 1.0),
        }
    }
}

/// The badges' sizes in world units (cells), as the camera dictionary hands them to the board.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MarkGeometry {
    pub radius: f64,
    pub offset: f64,
    /// The rim's width.
    pub rim: f64,
    /// A bomb digit's height.
    pub digit: f64,
}

impl MarkGeometry {
    /// The geometry of `params` (its `mark_radius` is the audit's size switch); the offset keeps the
    /// badge inside the collider.
    pub fn of(params: &CameraParams) -> MarkGeometry {
        let radius = params.mark_radius;
        MarkGeometry {
            radius,
            offset: (params.screw_radius - radius).max(0.0),
            rim: radius * RIM_FRACTION,
            digit: 2.0 * radius * DIGIT_FRACTION,
        }
    }

    /// A badge's centre relative to its screw's centre, in world x and z.
    pub fn centre(&self, mark: Mark) -> (f64, f64) {
        let (dx, dz) = mark.direction();
        (dx * self.offset, dz * self.offset)
    }
}

/// A badge outline of the pairing list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BadgeShape {
    Circle,
    Square,
    Diamond,
    Hexagon,
}

impl BadgeShape {
    pub fn name(self) -> &'static str {
        match self {
            BadgeShape::Circle => "circle",
            BadgeShape::Square => "square",
            BadgeShape::Diamond => "diamond",
            BadgeShape::Hexagon => "hexagon",
        }
    }
}

/// One entry of the pairing list: the badge a key and its locks share.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PairTag {
    pub shape: BadgeShape,
    /// The badge's fill.
    pub tint: Rgb8,
    /// The padlock or key drawn on it (dark on a light tint, light on a dark one).
    pub glyph: Rgb8,
}

/// The bomb badge's colours in one of its three looks.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BombLook {
    pub fill: Rgb8,
    pub digit: Rgb8,
    pub rim: Rgb8,
}

/// Every colour of the marks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MarkColours {
    /// The pairing list, key holder `k` (file order) takes entry `k`.
    pub tags: Vec<PairTag>,
    /// The rim round every lock and key badge (it separates the badge from any head colour).
    pub rim: Rgb8,
    /// A bomb with moves to spare.
    pub bomb: BombLook,
    /// A bomb at [`BOMB_WARN_AT`] moves or fewer (its badge pulses).
    pub bomb_warning: BombLook,
    /// The same warning with reduce motion: steady, larger, in the hazard colours.
    pub bomb_warning_still: BombLook,
}

const INK: Rgb8 = [0x17, 0x19, 0x20];
const WHITE: Rgb8 = [0xFF, 0xFF, 0xFF];
const HAZARD: Rgb8 = [0xFF, 0xD4, 0x00];

impl MarkColours {
    /// The shipped marks. The tints are Okabe & Ito's colour-blind-safe set (orange, sky blue, bluish
    /// green, reddish purple), each shape with its own.
    pub fn shipped() -> MarkColours {
        let tag = |shape, tint| PairTag {
            shape,
            tint,
            glyph: INK,
        };
        MarkColours {
            tags: vec![
                tag(BadgeShape::Circle, [0xE6, 0x9F, 0x00]),
                tag(BadgeShape::Square, [0x56, 0xB4, 0xE9]),
                tag(BadgeShape::Diamond, [0x00, 0x9E, 0x73]),
                tag(BadgeShape::Hexagon, [0xCC, 0x79, 0xA7]),
            ],
            rim: INK,
            bomb: BombLook {
                fill: INK,
                digit: WHITE,
                rim: [0xE0, 0x46, 0x3A],
            },
            bomb_warning: BombLook {
                fill: [0xB3, 0x1B, 0x2E],
                digit: WHITE,
                rim: WHITE,
            },
            // Black and yellow, the hazard colours: the dark fill stands out on every head colour
            // (a yellow fill vanished on a yellow screw), the ring and digits on the fill.
            bomb_warning_still: BombLook {
                fill: INK,
                digit: HAZARD,
                rim: HAZARD,
            },
        }
    }

    /// The audit's colour switch: tints that differ only in red and green (a red lock and a green
    /// one), which a protan or deutan player cannot tell apart.
    pub fn red_green() -> MarkColours {
        let mut colours = MarkColours::shipped();
        colours.tags[0].tint = [0xC8, 0x50, 0x28];
        colours.tags[1].tint = [0x6E, 0x8C, 0x28];
        colours
    }

    /// The audit's repeat switch: a list of one entry, so a second key shares the first key's badge.
    pub fn one_tag() -> MarkColours {
        let mut colours = MarkColours::shipped();
        colours.tags.truncate(1);
        colours
    }

    /// The bomb's look with `left` moves on it; `still`: reduce motion is on.
    pub fn bomb_look(&self, left: u8, still: bool) -> BombLook {
        match (bomb_warning(left), still) {
            (false, _) => self.bomb,
            (true, false) => self.bomb_warning,
            (true, true) => self.bomb_warning_still,
        }
    }
}

/// Whether a bomb with `left` moves on it warns.
pub fn bomb_warning(left: u8) -> bool {
    (1..=BOMB_WARN_AT).contains(&left)
}

/// Per screw index: the pairing number of the key it holds (key holders numbered in file order),
/// `None` for a screw that holds no key.
pub fn key_numbers(level: &CompiledLevel) -> Vec<Option<u8>> {
    let mut next = 0u8;
    level
        .screws()
        .iter()
        .map(|s| {
            (s.locks != 0).then(|| {
                next += 1;
                next - 1
            })
        })
        .collect()
}

/// The pairing number of screw `i`'s key and of its lock (the number of the screw holding its key).
pub fn pair_numbers(level: &CompiledLevel, i: u8) -> (Option<u8>, Option<u8>) {
    let keys = key_numbers(level);
    let s = &level.screws()[i as usize];
    (keys[i as usize], s.key.and_then(|k| keys[k as usize]))
}

/// How many keys the level has (screws that hold one).
pub fn key_count(level: &CompiledLevel) -> usize {
    level.screws().iter().filter(|s| s.locks != 0).count()
}

/// The marks screw `i` carries at the start (a lock, a key, a bomb), in [`Mark::ALL`] order.
pub fn marks_of(level: &CompiledLevel, i: u8) -> Vec<Mark> {
    let s = &level.screws()[i as usize];
    [
        (s.key.is_some(), Mark::Lock),
        (s.locks != 0, Mark::Key),
        (s.bomb.is_some(), Mark::Bomb),
    ]
    .into_iter()
    .filter_map(|(has, m)| has.then_some(m))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_badge_stays_inside_its_collider_and_off_the_head_s_middle() {
        let g = MarkGeometry::of(&CameraParams::default());
        assert!((g.offset + g.radius - SCREW_RADIUS).abs() < 1e-12);
        for m in Mark::ALL {
            let (x, z) = g.centre(m);
            let d = (x * x + z * z).sqrt();
            assert!((d - g.offset).abs() < 1e-12, "{m:?}");
            // The head's middle (its pattern) stays clear: the badge starts past 0.05 of a cell.
            assert!(d - g.radius >= 0.049, "{m:?}");
        }
        // Lock and bomb never overlap; lock and key only a little (a screw rarely has both).
        let gap = |a: Mark, b: Mark| {
            let ((ax, az), (bx, bz)) = (g.centre(a), g.centre(b));
            ((ax - bx).powi(2) + (az - bz).powi(2)).sqrt() - 2.0 * g.radius
        };
        assert!(gap(Mark::Lock, Mark::Bomb) > 0.0 && gap(Mark::Key, Mark::Bomb) > 0.0);
        assert!(gap(Mark::Lock, Mark::Key) > -0.06);
    }

    #[test]
    fn bombs_warn_at_two_and_one() {
        let warns: Vec<u8> = (0..=5).filter(|&n| bomb_warning(n)).collect();
        assert_eq!(warns, [1, 2]);
        let c = MarkColours::shipped();
        assert_eq!(c.bomb_look(5, false), c.bomb);
        assert_eq!(c.bomb_look(1, false), c.bomb_warning);
        assert_eq!(c.bomb_look(2, true), c.bomb_warning_still);
    }

    #[test]
    fn every_tag_has_its_own_shape() {
        let tags = MarkColours::shipped().tags;
        for (i, a) in tags.iter().enumerate() {
            for b in &tags[i + 1..] {
                assert_ne!(a.shape, b.shape);
            }
        }
    }
}
