//! What `screwsmith validate --file` holds a designer's file to beyond the level format, told before the
//! file is saved: the band and machine the shipped curve gives the level's number, the six colours the
//! game ships, one screw per cell, and hang poses that are their plate's own shape turned about the
//! screw. Each is a warning in the verdict (the level still plays and is
//! measured), in a designer's words, naming the screws it is about.

use screwsmith_gen::candidate::PALETTE;
use screwsmith_gen::curve::target_for;
use screwsmith_gen::machines::machine_for_level;
use screwsmith_rules::level::hang_turns::hang_turn_faults;
use screwsmith_rules::level::{LevelData, LevelError, Problem};

use super::causes::{name_colours, Cause};

/// The colours a level may use (palette indices), as the game ships them.
pub fn shipped_colours() -> &'static [u8] {
    &PALETTE
}

/// The band and machine the shipped set gives level `number` (a new number brings both along).
pub fn band_and_machine(number: u32) -> (u8, u8) {
    (target_for(number), machine_for_level(number))
}

/// Every shipping rule `level` breaks, as warnings.
pub fn shipping_warnings(level: &LevelData) -> Vec<Cause> {
    let n = level.number;
    let (band, machine) = band_and_machine(n);
    let mut out = Vec::new();
    let mut say = |text: String, screws: Vec<u16>| out.push(Cause::about(text, screws));
    if level.band != band {
        say(
            format!("band {} is set, but level {n} is band {band} on the shipped curve: `screwsmith validate` refuses the file (Level settings: band wanted)", level.band),
            vec![],
        );
    }
    if level.machine != machine {
        say(
            format!("machine {} is set, but level {n} uses machine {machine}: `screwsmith validate` refuses the file (Level settings: machine)", level.machine),
            vec![],
        );
    }
    for &c in level.colors.iter().filter(|c| !PALETTE.contains(c)) {
        let screws = level
            .screws
            .iter()
            .filter(|s| s.color == c)
            .map(|s| s.id)
            .collect();
        say(
            name_colours(&format!("colour {c} is not one of the six colours the game ships (pick one of the first six swatches)")),
            screws,
        );
    }
    for fault in hang_turn_faults(level) {
        if let LevelError::Invalid {
            problem: Problem::HangNotATurn { part, screw },
            ..
        } = fault
        {
            say(
                format!("plate {part} hanging from screw {screw} is not its own shape turned about the screw: `screwsmith validate` refuses the file (the hang tool's pose)"),
                vec![screw],
            );
        }
    }
    for (i, a) in level.screws.iter().enumerate() {
        if let Some(b) = level.screws[i + 1..].iter().find(|b| b.cell == a.cell) {
            let [x, y] = a.cell;
            say(
                format!(
                    "screws {} and {} share cell [{x},{y}]: one screw per cell",
                    a.id, b.id
                ),
                vec![a.id, b.id],
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Edit, EditedLevel};

    #[test]
    fn a_new_number_brings_its_band_and_machine_and_warns_of_nothing() {
        let mut e = EditedLevel::blank(5, 6);
        e.edit(&Edit::SetNumber { number: 40 }).unwrap();
        let l = e.level();
        assert_eq!((l.band, l.machine), band_and_machine(40));
        assert!(shipping_warnings(l).is_empty());
    }

    /// A hand-painted hang pose that is no turn of its plate still plays (the verdict measures it) and
    /// is a warning naming its screw; the generator's pose is none.
    #[test]
    fn a_painted_pose_that_is_no_turn_is_a_warning() {
        let mut e = EditedLevel::blank(5, 6);
        e.edit(&Edit::SetNumber { number: 40 }).unwrap();
        e.edit(&Edit::NewPart {
            layer: 0,
            cells: vec![[0, 0], [1, 0], [2, 0]],
            screws: vec![],
        })
        .unwrap();
        for x in [0, 2] {
            e.edit(&Edit::AddScrew {
                part: 1,
                cell: [x, 0],
                color: 0,
                kind: None,
                hidden: None,
            })
            .unwrap();
        }
        e.edit(&Edit::GenerateHangs { part: 1 }).unwrap();
        assert!(
            shipping_warnings(e.level()).is_empty(),
            "the generator's poses are turns"
        );
        e.edit(&Edit::SetHang {
            screw: 1,
            cells: vec![[0, 0], [0, 1], [1, 1]],
        })
        .unwrap();
        let w = shipping_warnings(e.level());
        assert_eq!(
            w.len(),
            1,
            "{:?}",
            w.iter().map(|c| &c.text).collect::<Vec<_>>()
        );
        assert!(
            w[0].text.starts_with("plate 1 hanging from screw 1 is not"),
            "{}",
            w[0].text
        );
        assert_eq!(w[0].screws, vec![1]);
    }

    #[test]
    fn a_band_machine_or_colour_the_set_refuses_is_a_warning() {
        let mut e = EditedLevel::blank(5, 6);
        e.edit(&Edit::SetNumber { number: 7 }).unwrap();
        e.edit(&Edit::SetBand { band: 5 }).unwrap();
        e.edit(&Edit::SetMachine { machine: 9 }).unwrap();
        e.edit(&Edit::NewPart {
            layer: 0,
            cells: vec![[0, 0], [1, 0]],
            screws: vec![],
        })
        .unwrap();
        e.edit(&Edit::AddScrew {
            part: 1,
            cell: [0, 0],
            color: 7,
            kind: None,
            hidden: None,
        })
        .unwrap();
        let w = shipping_warnings(e.level());
        let texts: Vec<&str> = w.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(w.len(), 3, "{texts:?}");
        assert!(
            texts[0].starts_with("band 5 is set, but level 7 is band 2"),
            "{}",
            texts[0]
        );
        assert!(
            texts[1].starts_with("machine 9 is set, but level 7 uses machine 1"),
            "{}",
            texts[1]
        );
        assert!(
            texts[2].starts_with("colour 7 is not one of the six"),
            "{}",
            texts[2]
        );
        assert_eq!(w[2].screws, vec![1]);
    }
}
