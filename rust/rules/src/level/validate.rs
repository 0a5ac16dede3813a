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
/// Most countdown bombs in one level: the game keeps their counters in a fixed array (and the solver's
/// state key), and more than a few clocks at once is noise, not pressure.
pub const MAX_BOMBS: usize = 4;
/// The largest count a bomb may start at: two digits, so the number stays legible on a screw head.
pub const MAX_BOMB_MOVES: u8 = 99;
/// Palette indices are below this.
pub const PALETTE_SIZE: u8 = 16;

fn err(level: &LevelData, field: impl Into<String>, problem: Problem) -> LevelError {
    LevelError::Invalid {
        level: level.number,
        field: field.into(),
        problem,
    }
}

/// The check was told to stop at its first fault ([`validate`]).
struct Stop;

/// Where the checks put what they find: [`validate`] stops at the first fault, [`validate_all`] keeps
/// going and collects every one. Both run the same checks in the same order, so the first fault
/// collected is always the one `validate` returns.
struct Faults<'a> {
    level: &'a LevelData,
    all: bool,
    found: Vec<LevelError>,
}

impl Faults<'_> {
    fn push(&mut self, field: impl Into<String>, problem: Problem) -> Result<(), Stop> {
        self.found.push(err(self.level, field, problem));
        if self.all {
            Ok(())
        } else {
            Err(Stop)
        }
    }

    fn range(&mut self, field: &str, value: usize, min: usize, max: usize) -> Result<(), Stop> {
        if value < min {
            self.push(field, Problem::TooSmall { value, min })?;
        } else if value > max {
            self.push(field, Problem::TooLarge { value, limit: max })?;
        }
        Ok(())
    }

    fn cell(&mut self, field: &str, c: Cell) -> Result<(), Stop> {
        let level = self.level;
        if c[0] >= level.width || c[1] >= level.height {
            self.push(
                field,
                Problem::CellOutside {
                    x: c[0],
                    y: c[1],
                    width: level.width,
                    height: level.height,
                },
            )?;
        }
        Ok(())
    }

    fn cells(&mut self, field: &str, cells: &[Cell]) -> Result<(), Stop> {
        let mut seen = BTreeSet::new();
        for &c in cells {
            self.cell(field, c)?;
            if !seen.insert(c) {
                self.push(field, Problem::DuplicateCell { x: c[0], y: c[1] })?;
            }
        }
        Ok(())
    }

    /// Runs the checks in `check` and gives back what they found.
    fn run(
        level: &LevelData,
        all: bool,
        check: impl FnOnce(&mut Faults) -> Result<(), Stop>,
    ) -> Vec<LevelError> {
        let mut faults = Faults {
            level,
            all,
            found: Vec::new(),
        };
        let _stopped = check(&mut faults);
        faults.found
    }
}

fn first(found: Vec<LevelError>) -> Result<(), LevelError> {
    match found.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Checks a rail size for `level`: the file's own `rail_slots`, or another size a game of it is started
/// with ([`crate::sim::GameSim::with_rail`]).
pub fn check_rail_slots(level: &LevelData, rail_slots: u8) -> Result<(), LevelError> {
    first(Faults::run(level, false, |f| {
        f.range(
            "rail_slots",
            rail_slots as usize,
            1,
            MAX_RAIL_SLOTS as usize,
        )
    }))
}

/// Checks one level; the first problem found is returned.
pub fn validate(level: &LevelData) -> Result<(), LevelError> {
    first(Faults::run(level, false, check))
}

/// Every problem [`validate`] can find in one level, in the order it looks for them (its first is the
/// one `validate` returns; empty when the level is valid). A designer fixing a level sees all of them
/// at once; checks that need an earlier one to pass (a screw's cell when its part is unknown) are
/// skipped for that item only.
pub fn validate_all(level: &LevelData) -> Vec<LevelError> {
    Faults::run(level, true, check)
}

/// Whether a fault is about colour accounting only (the colour list, colour counts, the crate queue,
/// the help copy), not about where parts and screws are: a level with no other fault has a board the
/// static analyses (the buried-screw pass) can read ([`crate::sim::CompiledLevel::geometry`]).
pub fn is_accounting(e: &LevelError) -> bool {
    let LevelError::Invalid { field, problem, .. } = e else {
        return false;
    };
    matches!(
        problem,
        Problem::ColourCount { .. }
            | Problem::UnknownColour { .. }
            | Problem::UnusedColour { .. }
            | Problem::QueueMismatch { .. }
            | Problem::HelpKeepsColour { .. }
    ) || (field == "screws" && matches!(problem, Problem::TooSmall { .. }))
        || field.starts_with("colors")
}

fn check(f: &mut Faults) -> Result<(), Stop> {
    let level = f.level;
    f.range("width", level.width as usize, 1, MAX_WIDTH as usize)?;
    f.range("height", level.height as usize, 1, MAX_HEIGHT as usize)?;
    f.range(
        "rail_slots",
        level.rail_slots as usize,
        1,
        MAX_RAIL_SLOTS as usize,
    )?;
    f.range(
        "crate_slots",
        level.crate_slots as usize,
        1,
        MAX_CRATE_SLOTS as usize,
    )?;
    f.range("screws", level.screws.len(), MIN_SCREWS, MAX_SCREWS)?;
    f.range("parts", level.parts.len(), 1, MAX_PARTS)?;
    f.range("colors", level.colors.len(), 1, MAX_COLOURS)?;

    let mut colours = BTreeSet::new();
    for (i, &c) in level.colors.iter().enumerate() {
        let field = format!("colors[{i}]");
        f.range(&field, c as usize, 0, PALETTE_SIZE as usize - 1)?;
        if !colours.insert(c) {
            f.push(field, Problem::DuplicateId(c as u16))?;
        }
    }

    // Parts: ids, layers, rest cells, and no two parts overlapping on one layer (each pair named once).
    let mut part_index: BTreeMap<u16, usize> = BTreeMap::new();
    let mut owner: BTreeMap<(u8, Cell), u16> = BTreeMap::new();
    for (i, p) in level.parts.iter().enumerate() {
        if part_index.insert(p.id, i).is_some() {
            f.push(format!("parts[{i}].id"), Problem::DuplicateId(p.id))?;
        }
        let field = format!("parts[{i}].layer");
        f.range(&field, p.layer as usize, 0, MAX_LAYERS as usize - 1)?;
        let field = format!("parts[{i}].rest");
        f.range(&field, p.rest.len(), 1, usize::MAX)?;
        f.cells(&field, &p.rest)?;
        let mut named = BTreeSet::new();
        for &c in &p.rest {
            if let Some(&other) = owner.get(&(p.layer, c)) {
                if named.insert(other) {
                    let problem = Problem::Overlap {
                        other,
                        layer: p.layer,
                        x: c[0],
                        y: c[1],
                    };
                    f.push(field.clone(), problem)?;
                }
            }
            owner.insert((p.layer, c), p.id);
        }
    }

    // Screws: ids, parts, cells inside the rest pose, colours.
    let mut screw_part: BTreeMap<u16, u16> = BTreeMap::new();
    let mut screw_cells: BTreeSet<(u16, Cell)> = BTreeSet::new();
    for (i, s) in level.screws.iter().enumerate() {
        if screw_part.insert(s.id, s.part).is_some() {
            f.push(format!("screws[{i}].id"), Problem::DuplicateId(s.id))?;
        }
        let Some(&pi) = part_index.get(&s.part) else {
            f.push(format!("screws[{i}].part"), Problem::UnknownId(s.part))?;
            continue;
        };
        let field = format!("screws[{i}].cell");
        let before = f.found.len();
        f.cell(&field, s.cell)?;
        if f.found.len() == before && !level.parts[pi].rest.contains(&s.cell) {
            let (x, y) = (s.cell[0], s.cell[1]);
            f.push(field.clone(), Problem::ScrewOutsidePart { x, y })?;
        }
        if !screw_cells.insert((s.part, s.cell)) {
            let (x, y) = (s.cell[0], s.cell[1]);
            f.push(field, Problem::ScrewsShareCell { x, y })?;
        }
        if !colours.contains(&s.color) {
            let problem = Problem::UnknownColour { color: s.color };
            f.push(format!("screws[{i}].color"), problem)?;
        }
        if let Some(moves) = s.bomb {
            let field = format!("screws[{i}].bomb");
            f.range(&field, moves as usize, 1, MAX_BOMB_MOVES as usize)?;
        }
    }
    let bombs = level.screws.iter().filter(|s| s.bomb.is_some()).count();
    f.range("bombs", bombs, 0, MAX_BOMBS)?;

    // Locks: each key is another screw of the level, and no chain of keys closes on itself.
    for (field, problem) in super::locks::lock_faults(level) {
        f.push(field, problem)?;
    }

    // Hang poses: for a screw of this part, inside the board, hanging from that screw's cell.
    for (i, p) in level.parts.iter().enumerate() {
        for (&sid, cells) in &p.hang {
            let field = format!("parts[{i}].hang.{sid}");
            if screw_part.get(&sid) != Some(&p.id) {
                f.push(field, Problem::HangForForeignScrew { screw: sid })?;
                continue;
            }
            f.cells(&field, cells)?;
            let pivot = level
                .screws
                .iter()
                .find(|s| s.id == sid)
                .map(|s| s.cell)
                .unwrap_or([0, 0]);
            if !cells.contains(&pivot) {
                f.push(field, Problem::HangMissesPivot { screw: sid })?;
            }
        }
    }

    // Colour counts: every listed colour is used, in multiples of 3 (one crate per three screws).
    let counts = level.colour_counts();
    for &c in &level.colors {
        let n = counts.get(&c).copied().unwrap_or(0);
        if n == 0 {
            f.push("colors", Problem::UnusedColour { color: c })?;
        } else if n % 3 != 0 {
            f.push("screws", Problem::ColourCount { color: c, count: n })?;
        }
    }

    // A stored help copy recolours one listed colour into another.
    if let Some(help) = &level.help {
        for (field, c) in [("help.from", help.from), ("help.to", help.to)] {
            if !colours.contains(&c) {
                f.push(field, Problem::UnknownColour { color: c })?;
            }
        }
        if help.from == help.to {
            f.push("help.to", Problem::HelpKeepsColour { color: help.to })?;
        }
    }

    // An explicit queue holds exactly count/3 crates of each colour.
    if let Some(queue) = &level.crate_queue {
        let mut crates: BTreeMap<u8, usize> = BTreeMap::new();
        for (i, &c) in queue.iter().enumerate() {
            if !colours.contains(&c) {
                f.push(
                    format!("crate_queue[{i}]"),
                    Problem::UnknownColour { color: c },
                )?;
            }
            *crates.entry(c).or_insert(0) += 1;
        }
        for (&c, &n) in &counts {
            let found = crates.get(&c).copied().unwrap_or(0);
            if found != n / 3 {
                let problem = Problem::QueueMismatch {
                    color: c,
                    found,
                    expected: n / 3,
                };
                f.push("crate_queue", problem)?;
            }
        }
    }
    Ok(())
}
