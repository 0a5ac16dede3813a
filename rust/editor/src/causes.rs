//! Why a level cannot be finished, in a designer's words: each screw the solver's static pass finds
//! can never come out, with the cause it found (the plate over it that never moves, the key that never
//! leaves, the bolt with no wrench charge, the bomb that goes off on its loosening tap), and for an
//! unsolvable level with no such screw, what the search tried. Colours are named as the palette names
//! them ("colour 2 (green)"), since a designer picks swatches, not indices, and a fault names a screw
//! or plate by its id, not by its place in the file.

use serde::Serialize;

use screwsmith_readability::palette::Palette;
use screwsmith_rules::level::{LevelData, LevelError};
use screwsmith_solver::{BuriedReason, BuriedScrew};

/// One cause the verdict card lists: its sentence and what it is about (selected when clicked).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cause {
    pub text: String,
    pub screws: Vec<u16>,
    pub parts: Vec<u16>,
}

impl Cause {
    /// A cause about `screws` (none about a plate).
    pub fn about(text: String, screws: Vec<u16>) -> Cause {
        Cause {
            text,
            screws,
            parts: vec![],
        }
    }
}

/// The cause of each buried screw, in screw order.
pub fn buried_causes(buried: &[BuriedScrew]) -> Vec<Cause> {
    buried.iter().map(buried_cause).collect()
}

fn buried_cause(b: &BuriedScrew) -> Cause {
    let s = b.screw;
    let (text, parts) = match b.reason {
        BuriedReason::UnderFrame { part } => (
            format!("screw {s} can never come out: plate {part} covers it and has no screws, so it never moves"),
            vec![part],
        ),
        BuriedReason::UnderStuckPart { part } => (
            format!("screw {s} can never come out: plate {part} covers it in every pose, held by its own stuck screws"),
            vec![part],
        ),
        BuriedReason::KeyNeverLeaves { key } => (
            format!("screw {s}'s lock never opens: its key, screw {key}, can never come out"),
            vec![],
        ),
        BuriedReason::UnderLockedPart { part } => (
            format!("screw {s} can never come out: plate {part} covers it, and its screws wait on locks that never open"),
            vec![part],
        ),
        BuriedReason::NotEnoughWrenchCharges { bolts, charges } => (
            format!(
                "screw {s} is a bolt with no wrench: only the wrench frees a bolt, and the level gives {charges} wrench charge{} for {bolts} bolt{} (Level settings: wrench charges)",
                plural(charges as u32),
                plural(bolts),
            ),
            vec![],
        ),
        BuriedReason::BombGoesOffWhenLoosened { moves } => (
            format!("screw {s}'s bomb can never be defused: the screw is rusty, and its loosening tap uses the bomb's {moves} move"),
            vec![],
        ),
    };
    Cause {
        text,
        screws: vec![s],
        parts,
    }
}

/// Why an unsolvable level with no buried screw is unsolvable: the search tried every order.
pub fn unsolvable_cause(rail_slots: u8) -> Cause {
    Cause::about(
        format!(
            "no order of taps clears the board with {rail_slots} rail place{}: the crates never take the screws in time (try more rail places, or change the crate order)",
            plural(rail_slots as u32)
        ),
        vec![],
    )
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// A validation fault in a designer's words: no "level N:" prefix, an item named by its id ("screw
/// 9", "plate 2") instead of its place in the file ("screws[8]"), colours named.
pub fn fault_words(level: &LevelData, e: &LevelError) -> String {
    let LevelError::Invalid { field, problem, .. } = e else {
        return name_colours(&e.to_string());
    };
    let mut what = field.clone();
    for (list, word) in [("screws[", "screw"), ("parts[", "plate")] {
        if let Some(rest) = what.strip_prefix(list) {
            let (index, tail) = rest.split_once(']').unwrap_or((rest, ""));
            let id = index.parse::<usize>().ok().and_then(|i| match word {
                "screw" => level.screws.get(i).map(|s| s.id),
                _ => level.parts.get(i).map(|p| p.id),
            });
            if let Some(id) = id {
                let tail = tail
                    .strip_prefix('.')
                    .map_or(tail.to_string(), |t| format!("'s {t}"));
                what = format!("{word} {id}{tail}");
            }
        }
    }
    name_colours(&format!("{what}: {problem}"))
}

/// `text` with every "colour N" followed by the palette's name of colour N: "colour 2 (green)".
pub fn name_colours(text: &str) -> String {
    const WORD: &str = "colour ";
    let names = &Palette::shipped().colours;
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(at) = rest.find(WORD) {
        let after = &rest[at + WORD.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        out.push_str(&rest[..at + WORD.len() + digits]);
        if let Some(c) = after[..digits]
            .parse::<usize>()
            .ok()
            .and_then(|i| names.get(i))
        {
            out.push_str(&format!(" ({})", c.name));
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_named_as_the_palette_names_them() {
        assert_eq!(
            name_colours("colour 0 has 2 screws, colour 3 has 1; colour 99 is unknown"),
            "colour 0 (red) has 2 screws, colour 3 (blue) has 1; colour 99 is unknown"
        );
        assert_eq!(name_colours("no colours here"), "no colours here");
    }

    #[test]
    fn a_fault_names_its_screw_by_id_without_the_level_prefix() {
        let mut level = crate::model::tests::three_screws().level().clone();
        level.screws[1].bomb = Some(0);
        let e = screwsmith_rules::level::validate::validate(&level).unwrap_err();
        assert!(e.to_string().starts_with("level 1: screws[1].bomb"), "{e}");
        assert_eq!(
            fault_words(&level, &e),
            "screw 2's bomb: 0 is under the minimum of 1"
        );
    }

    #[test]
    fn a_bolt_without_a_wrench_says_so() {
        let c = buried_cause(&BuriedScrew {
            screw: 9,
            reason: BuriedReason::NotEnoughWrenchCharges {
                bolts: 1,
                charges: 0,
            },
        });
        assert!(
            c.text.starts_with("screw 9 is a bolt with no wrench"),
            "{}",
            c.text
        );
        assert!(
            c.text.contains("0 wrench charges for 1 bolt "),
            "{}",
            c.text
        );
        assert_eq!(c.screws, vec![9]);
    }
}
