//! Structural validation of one level: everything that can be wrong with a level before a single rule
//! runs. The compiled form ([`crate::sim::CompiledLevel`]) relies on every check here (bit positions fit
//! in a `u128`, indices fit in a `u8`), so nothing later needs to re-check or can panic on bad input.

use std::collections::{BTreeMap, BTreeSet};

use super::data::{Cell, LevelData};
use super::error::{LevelError, Problem};
use crate::cells::{MAX_HEIGHT, MAX_WIDTH};

/// Most layers (0..=3, higher is nearer the camera).
pub const MAX_LAYERS: u8 = 4;
/// Most screws in a level (one `u128` screw mask).
pub const MAX_SCREWS: usize = 120;
/// Fewest screws: one colour's three.
pub const MIN_SCREWS: usize = 3;
/// Most parts in a level.
pub const MAX_PARTS: usize = 40;
/// Rail sizes allowed.
pub const MAX_RAIL_SLOTS: u8 = 7;
/// Most crates on screen at once.
pub const MAX_CRATE_SLOTS: u8 = 4;
/// Most distinct colours in one level (six is what the readability palette allows; eight is the
/// format's hard limit so an audit, not the loader, is what rejects a seventh).
pub const MAX_COLOURS: usize = 8;
/// Palette indices are below this.
pub const PALETTE_SIZE: u8 = 16;

fn err(level: &LevelData, field: impl Into<String>, problem: Problem) -> LevelError {
    LevelError::Invalid {
        level: level.number,
        field: field.into(),
        problem,
    }
}

fn range(
    level: &LevelData,
    field: &str,
    value: usize,
    min: usize,
    max: usize,
) -> Result<(), LevelError> {
    if value < min {
        return Err(err(level, field, Problem::TooSmall { value, min }));
    }
    if value > max {
        return Err(err(level, field, Problem::TooLarge { value, limit: max }));
    }
    Ok(())
}

fn check_cell(level: &LevelData, field: &str, c: Cell) -> Result<(), LevelError> {
    if c[0] >= level.width || c[1] >= level.height {
        return Err(err(
            level,
            field,
            Problem::CellOutside {
                x: c[0],
                y: c[1],
                width: level.width,
                height: level.height,
            },
        ));
    }
    Ok(())
}

fn check_cells(level: &LevelData, field: &str, cells: &[Cell]) -> Result<(), LevelError> {
    let mut seen = BTreeSet::new();
    for &c in cells {
        check_cell(level, field, c)?;
        if !seen.insert(c) {
            return Err(err(
                level,
                field,
                Problem::DuplicateCell { x: c[0], y: c[1] },
            ));
        }
    }
    Ok(())
}

/// Checks one level; the first problem found is returned.
pub fn validate(level: &LevelData) -> Result<(), LevelError> {
    range(level, "width", level.width as usize, 1, MAX_WIDTH as usize)?;
    range(
        level,
        "height",
        level.height as usize,
        1,
        MAX_HEIGHT as usize,
    )?;
    range(
        level,
        "rail_slots",
        level.rail_slots as usize,
        1,
        MAX_RAIL_SLOTS as usize,
    )?;
    range(
        level,
        "crate_slots",
        level.crate_slots as usize,
        1,
        MAX_CRATE_SLOTS as usize,
    )?;
    range(level, "screws", level.screws.len(), MIN_SCREWS, MAX_SCREWS)?;
    range(level, "parts", level.parts.len(), 1, MAX_PARTS)?;
    range(level, "colors", level.colors.len(), 1, MAX_COLOURS)?;

    let mut colours = BTreeSet::new();
    for (i, &c) in level.colors.iter().enumerate() {
        let field = format!("colors[{i}]");
        range(level, &field, c as usize, 0, PALETTE_SIZE as usize - 1)?;
        if !colours.insert(c) {
            return Err(err(level, field, Problem::DuplicateId(c as u16)));
        }
    }

    // Parts: ids, layers, rest cells, and no two parts overlapping on one layer.
    let mut part_index: BTreeMap<u16, usize> = BTreeMap::new();
    let mut owner: BTreeMap<(u8, Cell), u16> = BTreeMap::new();
    for (i, p) in level.parts.iter().enumerate() {
        if part_index.insert(p.id, i).is_some() {
            return Err(err(
                level,
                format!("parts[{i}].id"),
                Problem::DuplicateId(p.id),
            ));
        }
        let field = format!("parts[{i}].layer");
        range(level, &field, p.layer as usize, 0, MAX_LAYERS as usize - 1)?;
        let field = format!("parts[{i}].rest");
        range(level, &field, p.rest.len(), 1, usize::MAX)?;
        check_cells(level, &field, &p.rest)?;
        for &c in &p.rest {
            if let Some(&other) = owner.get(&(p.layer, c)) {
                return Err(err(
                    level,
                    field,
                    Problem::Overlap {
                        other,
                        layer: p.layer,
                        x: c[0],
                        y: c[1],
                    },
                ));
            }
            owner.insert((p.layer, c), p.id);
        }
    }

    // Screws: ids, parts, cells inside the rest pose, colours.
    let mut screw_part: BTreeMap<u16, u16> = BTreeMap::new();
    let mut screw_cells: BTreeSet<(u16, Cell)> = BTreeSet::new();
    for (i, s) in level.screws.iter().enumerate() {
        if screw_part.insert(s.id, s.part).is_some() {
            return Err(err(
                level,
                format!("screws[{i}].id"),
                Problem::DuplicateId(s.id),
            ));
        }
        let Some(&pi) = part_index.get(&s.part) else {
            return Err(err(
                level,
                format!("screws[{i}].part"),
                Problem::UnknownId(s.part),
            ));
        };
        let field = format!("screws[{i}].cell");
        check_cell(level, &field, s.cell)?;
        if !level.parts[pi].rest.contains(&s.cell) {
            return Err(err(
                level,
                field,
                Problem::ScrewOutsidePart {
                    x: s.cell[0],
                    y: s.cell[1],
                },
            ));
        }
        if !screw_cells.insert((s.part, s.cell)) {
            return Err(err(
                level,
                field,
                Problem::ScrewsShareCell {
                    x: s.cell[0],
                    y: s.cell[1],
                },
            ));
        }
        if !colours.contains(&s.color) {
            return Err(err(
                level,
                format!("screws[{i}].color"),
                Problem::UnknownColour { color: s.color },
            ));
        }
    }

    // Hang poses: for a screw of this part, inside the board, hanging from that screw's cell.
    for (i, p) in level.parts.iter().enumerate() {
        for (&sid, cells) in &p.hang {
            let field = format!("parts[{i}].hang.{sid}");
            if screw_part.get(&sid) != Some(&p.id) {
                return Err(err(
                    level,
                    field,
                    Problem::HangForForeignScrew { screw: sid },
                ));
            }
            check_cells(level, &field, cells)?;
            let pivot = level
                .screws
                .iter()
                .find(|s| s.id == sid)
                .map(|s| s.cell)
                .unwrap_or([0, 0]);
            if !cells.contains(&pivot) {
                return Err(err(level, field, Problem::HangMissesPivot { screw: sid }));
            }
        }
    }

    // Colour counts: every listed colour is used, in multiples of 3 (one crate per three screws).
    let counts = level.colour_counts();
    for &c in &level.colors {
        let n = counts.get(&c).copied().unwrap_or(0);
        if n == 0 {
            return Err(err(level, "colors", Problem::UnusedColour { color: c }));
        }
        if n % 3 != 0 {
            return Err(err(
                level,
                "screws",
                Problem::ColourCount { color: c, count: n },
            ));
        }
    }

    // A stored help copy recolours one listed colour into another.
    if let Some(help) = &level.help {
        for (field, c) in [("help.from", help.from), ("help.to", help.to)] {
            if !colours.contains(&c) {
                return Err(err(level, field, Problem::UnknownColour { color: c }));
            }
        }
        if help.from == help.to {
            return Err(err(
                level,
                "help.to",
                Problem::HelpKeepsColour { color: help.to },
            ));
        }
    }

    // An explicit queue holds exactly count/3 crates of each colour.
    if let Some(queue) = &level.crate_queue {
        let mut crates: BTreeMap<u8, usize> = BTreeMap::new();
        for (i, &c) in queue.iter().enumerate() {
            if !colours.contains(&c) {
                return Err(err(
                    level,
                    format!("crate_queue[{i}]"),
                    Problem::UnknownColour { color: c },
                ));
            }
            *crates.entry(c).or_insert(0) += 1;
        }
        for (&c, &n) in &counts {
            let found = crates.get(&c).copied().unwrap_or(0);
            if found != n / 3 {
                return Err(err(
                    level,
                    "crate_queue",
                    Problem::QueueMismatch {
                        color: c,
                        found,
                        expected: n / 3,
                    },
                ));
            }
        }
    }
    Ok(())
}
