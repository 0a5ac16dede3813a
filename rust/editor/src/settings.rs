//! The level-wide settings a designer sets in the properties panel (number, band wanted, machine,
//! rail places, crate places, wrench charges, seed, board size), each checked against the range the
//! game can play before it is applied: a value out of range is an [`EditError::Setting`] in the
//! designer's words ("rail places are 1 to 7, not 9"), never a level that fails validation later. A
//! new number brings along the band and machine the shipped set gives it (what `screwsmith validate`
//! holds a file to); setting either apart from it is allowed and warned of ([`crate::shipping`]).

use screwsmith_gen::curve::MAX_BAND;
use screwsmith_gen::machines::MACHINE_COUNT;
use screwsmith_rules::cells::{MAX_HEIGHT, MAX_WIDTH};
use screwsmith_rules::level::validate::{MAX_CRATE_SLOTS, MAX_RAIL_SLOTS};
use screwsmith_rules::level::LevelData;

use super::edit::{Edit, EditError};
use super::shipping::band_and_machine;

/// The most wrench charges a level may give (the HUD shows the count as one digit).
pub const MAX_WRENCH: u8 = 9;
/// The highest level number a designer file may take (the shipped set's numbers and far beyond).
pub const MAX_NUMBER: u32 = 9_999;

/// Applies `edit` when it is a setting (true), after checking its value; false for any other edit.
pub fn apply_setting(level: &mut LevelData, edit: &Edit) -> Result<bool, EditError> {
    match *edit {
        Edit::SetRail { slots } => {
            level.rail_slots = within("rail places are", slots, 1, MAX_RAIL_SLOTS)?;
        }
        Edit::SetCrateSlots { slots } => {
            level.crate_slots = within("crate places are", slots, 1, MAX_CRATE_SLOTS)?;
        }
        Edit::SetWrench { charges } => {
            level.wrench_charges = within("wrench charges are", charges, 0, MAX_WRENCH)?;
        }
        Edit::SetBand { band } => level.band = within("the band wanted is", band, 1, MAX_BAND)?,
        Edit::SetMachine { machine } => {
            level.machine = within("the machine is", machine, 0, MACHINE_COUNT as u8 - 1)?;
        }
        Edit::SetNumber { number } => {
            level.number = within("the level number is", number, 1, MAX_NUMBER)?;
            (level.band, level.machine) = band_and_machine(level.number);
        }
        Edit::SetSeed { seed } => level.seed = seed,
        Edit::SetSize { width, height } => {
            level.width = within("the board's width is", width, 1, MAX_WIDTH)?;
            level.height = within("the board's height is", height, 1, MAX_HEIGHT)?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// `value` when it lies in `lo..=hi`, else the refusal that names the setting and its range.
fn within<T: Into<u32> + Copy>(what: &'static str, value: T, lo: T, hi: T) -> Result<T, EditError> {
    let (v, l, h) = (value.into(), lo.into(), hi.into());
    if (l..=h).contains(&v) {
        Ok(value)
    } else {
        Err(EditError::Setting {
            what,
            value: v,
            lo: l,
            hi: h,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EditedLevel;

    #[test]
    fn every_setting_applies_within_its_range_and_undoes() {
        let mut e = EditedLevel::blank(5, 6);
        let before = e.level().clone();
        for edit in [
            Edit::SetNumber { number: 40 },
            Edit::SetBand { band: 3 },
            Edit::SetMachine { machine: 2 },
            Edit::SetRail { slots: 4 },
            Edit::SetCrateSlots { slots: 3 },
            Edit::SetWrench { charges: 1 },
            Edit::SetSeed { seed: 77 },
        ] {
            e.edit(&edit).unwrap();
        }
        let l = e.level();
        assert_eq!(
            (l.number, l.band, l.machine, l.rail_slots, l.crate_slots),
            (40, 3, 2, 4, 3)
        );
        assert_eq!((l.wrench_charges, l.seed), (1, 77));
        for _ in 0..7 {
            e.undo().unwrap();
        }
        assert_eq!(e.level(), &before);
    }

    #[test]
    fn a_setting_out_of_range_is_refused_in_designer_words() {
        let mut e = EditedLevel::blank(5, 6);
        let before = e.level().clone();
        let cases = [
            (Edit::SetRail { slots: 9 }, "rail places are 1 to 7, not 9"),
            (Edit::SetRail { slots: 0 }, "rail places are 1 to 7, not 0"),
            (
                Edit::SetCrateSlots { slots: 5 },
                "crate places are 1 to 4, not 5",
            ),
            (
                Edit::SetWrench { charges: 10 },
                "wrench charges are 0 to 9, not 10",
            ),
            (
                Edit::SetBand { band: 0 },
                "the band wanted is 1 to 8, not 0",
            ),
            (
                Edit::SetMachine { machine: 16 },
                "the machine is 0 to 15, not 16",
            ),
            (
                Edit::SetNumber { number: 0 },
                "the level number is 1 to 9999, not 0",
            ),
            (
                Edit::SetSize {
                    width: 5,
                    height: 11,
                },
                "the board's height is 1 to 10, not 11",
            ),
        ];
        for (edit, words) in cases {
            let err = e.edit(&edit).unwrap_err();
            assert_eq!(err.to_string(), words, "{edit:?}");
            assert_eq!(e.level(), &before, "a refused setting changes nothing");
        }
    }
}
