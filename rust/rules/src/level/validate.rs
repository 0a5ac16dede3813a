//! Structural validation of one level: everything that can be wrong with a level before a single rule
//! runs. The compiled form ([`crate::sim::CompiledLevel`]) relies on every check here (bit positions fit
//! in a `u128`, indices fit in a `u8`), so nothing later needs to re-check or can panic on bad input.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

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

/// A fault's field, written out only when there is a fault: the generator compiles every candidate it
/// makes, and a valid level should cost no string per part and per screw.
#[derive(Debug, Clone, Copy)]
enum Field {
    /// `name`.
    Plain(&'static str),
    /// `list[i]`, or `list[i].name` when `name` is not empty.
    Item(&'static str, usize, &'static str),
    /// `parts[i].hang.<screw>`.
    Hang(usize, u16),
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Field::Plain(name) => f.write_str(name),
            Field::Item(list, i, "") => write!(f, "{list}[{i}]"),
            Field::Item(list, i, name) => write!(f, "{list}[{i}].{name}"),
            Field::Hang(i, screw) => write!(f, "parts[{i}].hang.{screw}"),
        }
    }
}

impl From<Field> for String {
    fn from(f: Field) -> String {
        f.to_string()
    }
}

/// Cells seen so far: a bit per cell a board can have, and an ordered set for an invalid level's stray
/// cells, so a valid level's checks allocate nothing.
#[derive(Default)]
struct CellSet {
    board: u128,
    stray: BTreeSet<Cell>,
}

impl CellSet {
    /// Adds `c`; whether it was new.
    fn insert(&mut self, c: Cell) -> bool {
        match board_index(c) {
            Some(i) => {
                let new = self.board & (1 << i) == 0;
                self.board |= 1 << i;
                new
            }
            None => self.stray.insert(c),
        }
    }
}

/// The part on each cell of each layer, as [`CellSet`] keeps cells.
struct Owners {
    board: [[Option<u16>; BOARD_CELLS]; MAX_LAYERS as usize],
    stray: BTreeMap<(u8, Cell), u16>,
}

impl Owners {
    fn new() -> Self {
        Owners {
            board: [[None; BOARD_CELLS]; MAX_LAYERS as usize],
            stray: BTreeMap::new(),
        }
    }

    fn slot(&mut self, layer: u8, c: Cell) -> Option<&mut Option<u16>> {
        let i = board_index(c)?;
        self.board.get_mut(layer as usize).map(|l| &mut l[i])
    }

    /// Puts `part` on `(layer, c)`; the part that was there.
    fn insert(&mut self, layer: u8, c: Cell, part: u16) -> Option<u16> {
        match self.slot(layer, c) {
            Some(slot) => slot.replace(part),
            None => self.stray.insert((layer, c), part),
        }
    }
}

/// Cells of the largest board.
const BOARD_CELLS: usize = MAX_WIDTH as usize * MAX_HEIGHT as usize;

/// A cell's index on the largest board (`None` outside it).
fn board_index([x, y]: Cell) -> Option<usize> {
    (x < MAX_WIDTH && y < MAX_HEIGHT).then_some(y as usize * MAX_WIDTH as usize + x as usize)
}

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

    fn range(&mut self, field: Field, value: usize, min: usize, max: usize) -> Result<(), Stop> {
        if value < min {
            self.push(field, Problem::TooSmall { value, min })?;
        } else if value > max {
            self.push(field, Problem::TooLarge { value, limit: max })?;
        }
        Ok(())
    }

    fn cell(&mut self, field: Field, c: Cell) -> Result<(), Stop> {
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

    fn cells(&mut self, field: Field, cells: &[Cell]) -> Result<(), Stop> {
        let mut seen = CellSet::default();
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
            Field::Plain("rail_slots"),
            rail_slots as usize,
            1,
            MAX_RAIL_SLOTS as usize,
        )
    }))
}

/// Checks only the locks of a level whose every other check passed: the first lock fault, as
/// [`validate`] would return it (a change of `locked_by` alone can break nothing else).
pub(crate) fn check_locks(level: &LevelData) -> Result<(), LevelError> {
    first(Faults::run(level, false, locks))
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

/// Locks: each key is another screw of the level, and no chain of keys closes on itself.
fn locks(f: &mut Faults) -> Result<(), Stop> {
    for (field, problem) in super::locks::lock_faults(f.level) {
        f.push(field, problem)?;
    }
    Ok(())
}

fn check(f: &mut Faults) -> Result<(), Stop> {
    let level = f.level;
    let (width, height) = (level.width as usize, level.height as usize);
    f.range(Field::Plain("width"), width, 1, MAX_WIDTH as usize)?;
    f.range(Field::Plain("height"), height, 1, MAX_HEIGHT as usize)?;
    f.range(
        Field::Plain("rail_slots"),
        level.rail_slots as usize,
        1,
        MAX_RAIL_SLOTS as usize,
    )?;
    f.range(
        Field::Plain("crate_slots"),
        level.crate_slots as usize,
        1,
        MAX_CRATE_SLOTS as usize,
    )?;
    f.range(
        Field::Plain("screws"),
        level.screws.len(),
        MIN_SCREWS,
        MAX_SCREWS,
    )?;
    f.range(Field::Plain("parts"), level.parts.len(), 1, MAX_PARTS)?;
    f.range(Field::Plain("colors"), level.colors.len(), 1, MAX_COLOURS)?;

    let mut colours = BTreeSet::new();
    for (i, &c) in level.colors.iter().enumerate() {
        let field = Field::Item("colors", i, "");
        f.range(field, c as usize, 0, PALETTE_SIZE as usize - 1)?;
        if !colours.insert(c) {
            f.push(field, Problem::DuplicateId(c as u16))?;
        }
    }

    // Parts: ids, layers, rest cells, and no two parts overlapping on one layer (each pair named once).
    let mut part_index: BTreeMap<u16, usize> = BTreeMap::new();
    let mut owner = Owners::new();
    for (i, p) in level.parts.iter().enumerate() {
        if part_index.insert(p.id, i).is_some() {
            f.push(Field::Item("parts", i, "id"), Problem::DuplicateId(p.id))?;
        }
        let field = Field::Item("parts", i, "layer");
        f.range(field, p.layer as usize, 0, MAX_LAYERS as usize - 1)?;
        let field = Field::Item("parts", i, "rest");
        f.range(field, p.rest.len(), 1, usize::MAX)?;
        f.cells(field, &p.rest)?;
        let mut named: Vec<u16> = Vec::new();
        for &c in &p.rest {
            if let Some(other) = owner.insert(p.layer, c, p.id) {
                if !named.contains(&other) {
                    named.push(other);
                    let problem = Problem::Overlap {
                        other,
                        layer: p.layer,
                        x: c[0],
                        y: c[1],
                    };
                    f.push(field, problem)?;
                }
            }
        }
    }

    // Screws: ids, parts, cells inside the rest pose, colours.
    let mut screw_part: BTreeMap<u16, u16> = BTreeMap::new();
    let mut screw_cells: BTreeSet<(u16, Cell)> = BTreeSet::new();
    for (i, s) in level.screws.iter().enumerate() {
        if screw_part.insert(s.id, s.part).is_some() {
            f.push(Field::Item("screws", i, "id"), Problem::DuplicateId(s.id))?;
        }
        let Some(&pi) = part_index.get(&s.part) else {
            f.push(Field::Item("screws", i, "part"), Problem::UnknownId(s.part))?;
            continue;
        };
        let field = Field::Item("screws", i, "cell");
        let before = f.found.len();
        f.cell(field, s.cell)?;
        if f.found.len() == before && !level.parts[pi].rest.contains(&s.cell) {
            let (x, y) = (s.cell[0], s.cell[1]);
            f.push(field, Problem::ScrewOutsidePart { x, y })?;
        }
        if !screw_cells.insert((s.part, s.cell)) {
            let (x, y) = (s.cell[0], s.cell[1]);
            f.push(field, Problem::ScrewsShareCell { x, y })?;
        }
        if !colours.contains(&s.color) {
            let problem = Problem::UnknownColour { color: s.color };
            f.push(Field::Item("screws", i, "color"), problem)?;
        }
        if let Some(moves) = s.bomb {
            let field = Field::Item("screws", i, "bomb");
            f.range(field, moves as usize, 1, MAX_BOMB_MOVES as usize)?;
        }
    }
    let bombs = level.screws.iter().filter(|s| s.bomb.is_some()).count();
    f.range(Field::Plain("bombs"), bombs, 0, MAX_BOMBS)?;

    locks(f)?;

    // Hang poses: for a screw of this part, inside the board, hanging from that screw's cell.
    for (i, p) in level.parts.iter().enumerate() {
        for (&sid, cells) in &p.hang {
            let field = Field::Hang(i, sid);
            if screw_part.get(&sid) != Some(&p.id) {
                f.push(field, Problem::HangForForeignScrew { screw: sid })?;
                continue;
            }
            f.cells(field, cells)?;
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
                    Field::Item("crate_queue", i, ""),
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
