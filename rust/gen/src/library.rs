//! The baked level set as the game sees it: numbering beyond the baked 200 and the invisible-help copies.
//!
//! Why a type of its own: the game, the terminal player and the validator all ask "what is level n?", and
//! the answer for n > 200 (replay, never generate on the phone) must be the same everywhere.

use std::sync::{Arc, OnceLock};

use thiserror::Error;

use crate::help::help_copy;
use screwsmith_rules::level::{
    level_at, outline, LevelData, LevelError, LevelFile, OutlineEntry, FORMAT,
};

/// First baked level that endless play cycles through (docs/design.md §4: 16 machines × 4 levels × 2 rounds = 128).
pub const CYCLE_START: u32 = 73;
/// Length of the endless cycle.
pub const CYCLE_LEN: u32 = 128;
/// Number of baked levels: the shipped set the baker writes and the validator checks, and the count the
/// cycle rule assumes. Defined here only; the game reads it from `LevelLibrary.count()` (the file it
/// loaded) and `tests/limits_once.rs` fails if the number is defined a second time.
pub const BAKED: u32 = 200;

/// Why a level could not be served.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LibraryError {
    #[error("level numbers start at 1")]
    Zero,
    #[error("level {0} is not in the baked set (it holds {1} level{s})", s = if *.1 == 1 { "" } else { "s" })]
    Missing(u32, usize),
    #[error(transparent)]
    Level(#[from] LevelError),
}

/// The baked level number that plays as level `n` (n ≥ 1): itself up to 200, then
/// `73 + (n - 201) % 128`.
pub fn baked_number_for(n: u32) -> Result<u32, LibraryError> {
    match n {
        0 => Err(LibraryError::Zero),
        1..=BAKED => Ok(n),
        _ => Ok(CYCLE_START + (n - BAKED - 1) % CYCLE_LEN),
    }
}

/// The content key of a board: FNV-1a 64 over the level's JSON with what does not change the board
/// left out (its number, its measure, its help copy), as 16 hex digits. The save keys a level's loss
/// count to it, so a loss count never follows a level number onto a different board after a rebake.
pub fn board_key(level: &LevelData) -> String {
    let mut board = level.clone();
    board.number = 0;
    board.measure = None;
    board.help = None;
    let text = serde_json::to_string(&board).expect("level data serialises");
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// A loaded level set, read one level at a time: loading outlines the file (its shape, each level's
/// place and number), and a level is parsed and validated the first time it is asked for, then kept.
/// Why: the game needs only the count at start, and building all 200 levels cost the start most of its
/// time and memory. A damaged level is an error of that level only. Levels are never mutated: help
/// copies are new values. Clones share the levels read so far.
#[derive(Clone)]
pub struct Library {
    shelf: Arc<Shelf>,
}

/// The file's text and its levels, each read at most once.
struct Shelf {
    text: String,
    entries: Vec<Entry>,
}

struct Entry {
    outline: OutlineEntry,
    level: OnceLock<Result<LevelData, LevelError>>,
}

impl Library {
    /// Outlines a level file: the file's shape and format are checked now, each level when it is first
    /// asked for ([`Library::level`]).
    pub fn from_json(text: &str) -> Result<Self, LibraryError> {
        Self::from_text(text.to_string())
    }

    /// [`Library::from_json`] keeping the text it is given (no copy).
    pub fn from_text(text: String) -> Result<Self, LibraryError> {
        let entries = outline(&text)?
            .into_iter()
            .map(|outline| Entry {
                outline,
                level: OnceLock::new(),
            })
            .collect();
        Ok(Library {
            shelf: Arc::new(Shelf { text, entries }),
        })
    }

    /// Wraps an already validated file.
    pub fn new(file: LevelFile) -> Self {
        let entries = file
            .levels
            .into_iter()
            .map(|level| Entry {
                outline: OutlineEntry {
                    span: 0..0,
                    number: Some(level.number),
                },
                level: OnceLock::from(Ok(level)),
            })
            .collect();
        Library {
            shelf: Arc::new(Shelf {
                text: String::new(),
                entries,
            }),
        }
    }

    /// Number of baked levels.
    pub fn count(&self) -> usize {
        self.shelf.entries.len()
    }

    /// The level at place `index` of the file (from 0), read now if it was not yet.
    fn entry(&self, index: usize) -> Result<&LevelData, LibraryError> {
        let entry = &self.shelf.entries[index];
        entry
            .level
            .get_or_init(|| level_at(&self.shelf.text, &entry.outline, index))
            .as_ref()
            .map_err(|e| LibraryError::Level(e.clone()))
    }

    /// Every level in file order, each read as it is reached: what a whole-set pass (the validator's
    /// check of this reading, a derived table) walks.
    pub fn levels(&self) -> impl Iterator<Item = Result<&LevelData, LibraryError>> + '_ {
        (0..self.count()).map(|i| self.entry(i))
    }

    /// The numbers the file's levels carry, in file order (a level whose number cannot be read is
    /// left out).
    pub fn numbers(&self) -> impl Iterator<Item = u32> + '_ {
        self.shelf.entries.iter().filter_map(|e| e.outline.number)
    }

    /// The level played as number `n` (cycling beyond 200): the first level numbered so, read now if
    /// it was not yet. When none is, a level whose number could not be read may be the one asked for:
    /// the first such level's own error is given then, not "missing".
    pub fn level(&self, n: u32) -> Result<&LevelData, LibraryError> {
        let baked = baked_number_for(n)?;
        let entries = &self.shelf.entries;
        if let Some(i) = entries.iter().position(|e| e.outline.number == Some(baked)) {
            return self.entry(i);
        }
        for i in (0..entries.len()).filter(|&i| entries[i].outline.number.is_none()) {
            let level = self.entry(i)?;
            if level.number == baked {
                return Ok(level);
            }
        }
        Err(LibraryError::Missing(baked, self.count()))
    }

    /// The invisible-help copy of level `n` (docs/design.md §2): a new value; the library is untouched.
    pub fn help_level(&self, n: u32) -> Result<LevelData, LibraryError> {
        Ok(help_copy(self.level(n)?))
    }

    /// One level as the JSON a `GameSim` loads.
    pub fn level_json(&self, n: u32) -> Result<String, LibraryError> {
        Ok(serde_json::to_string(self.level(n)?).expect("level data serialises"))
    }

    /// The board key ([`board_key`]) of the level played as number `n`.
    pub fn board_key(&self, n: u32) -> Result<String, LibraryError> {
        Ok(board_key(self.level(n)?))
    }

    /// How many levels have been read so far (loading reads none; opening a level reads it once).
    pub fn levels_read(&self) -> usize {
        self.shelf
            .entries
            .iter()
            .filter(|e| e.level.get().is_some())
            .count()
    }

    /// The numbers of the levels of `file` (the same set read whole, as the validator reads it) that
    /// this reading does not give back as they are there: read differently, unreadable, or found under
    /// their number at another place (a second level of one number is). Empty when the game's
    /// reading and the full parse agree (the counts are the caller's to compare).
    pub fn disagreements(&self, file: &LevelFile) -> Vec<u32> {
        file.levels
            .iter()
            .enumerate()
            .filter(|&(i, level)| {
                let at_place = i < self.count() && self.entry(i).ok() == Some(level);
                let by_number = self.level(level.number).ok() == Some(level);
                !(at_place && by_number)
            })
            .map(|(_, level)| level.number)
            .collect()
    }

    /// The whole file, every level read: the first damaged level is the error.
    pub fn file(&self) -> Result<LevelFile, LibraryError> {
        Ok(LevelFile {
            format: FORMAT,
            levels: self
                .levels()
                .map(|l| l.cloned())
                .collect::<Result<_, _>>()?,
        })
    }
}

/// Two libraries are equal when they hold the same levels in the same order (each read to compare).
impl PartialEq for Library {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.shelf, &other.shelf)
            || (self.count() == other.count()
                && self.levels().zip(other.levels()).all(|(a, b)| a == b))
    }
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Library")
            .field("levels", &self.count())
            .field("read", &self.levels_read())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_missing_level_message_counts_in_words() {
        assert_eq!(
            LibraryError::Missing(133, 1).to_string(),
            "level 133 is not in the baked set (it holds 1 level)"
        );
        assert_eq!(
            LibraryError::Missing(9, 8).to_string(),
            "level 9 is not in the baked set (it holds 8 levels)"
        );
    }

    #[test]
    fn the_board_key_follows_the_board_not_the_number_or_the_measure() {
        let text = include_str!("../../rules/tests/levels/mid.json");
        let mid: LevelData = serde_json::from_str(text).unwrap();
        let key = board_key(&mid);
        assert_eq!(key.len(), 16);
        let mut renumbered = mid.clone();
        renumbered.number = 99;
        renumbered.measure = None;
        assert_eq!(board_key(&renumbered), key);
        let mut moved = mid.clone();
        moved.screws[0].color = moved.screws[1].color; // 0 → 1
        assert_ne!(board_key(&moved), key);
        let mut reseeded = mid;
        reseeded.seed ^= 1; // the seed shuffles the crate queue: another board
        assert_ne!(board_key(&reseeded), key);
    }

    #[test]
    fn numbering_beyond_200_cycles_through_73_to_200() {
        assert_eq!(baked_number_for(0), Err(LibraryError::Zero));
        assert_eq!(baked_number_for(1), Ok(1));
        assert_eq!(baked_number_for(200), Ok(200));
        assert_eq!(baked_number_for(201), Ok(73));
        assert_eq!(baked_number_for(328), Ok(200));
        assert_eq!(baked_number_for(329), Ok(73));
        assert_eq!(baked_number_for(u32::MAX), Ok(73 + (u32::MAX - 201) % 128));
        for n in 201..2000 {
            let b = baked_number_for(n).unwrap();
            assert!((73..=200).contains(&b), "{n} -> {b}");
        }
    }
}
