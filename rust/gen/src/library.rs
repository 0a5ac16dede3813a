//! The baked level set as the game sees it: numbering beyond the baked 200 and the invisible-help copies.
//!
//! Why a type of its own: the game, the terminal player and the validator all ask "what is level n?", and
//! the answer for n > 200 (replay, never generate on the phone) must be the same everywhere.

use thiserror::Error;

use crate::help::help_copy;
use screwsmith_rules::level::{parse_file, to_json, LevelData, LevelError, LevelFile};

/// First baked level that endless play cycles through (SPEC §4: 16 machines × 4 levels × 2 rounds = 128).
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

/// A loaded level set. Levels are never mutated: help copies are new values.
#[derive(Debug, Clone, PartialEq)]
pub struct Library {
    file: LevelFile,
}

impl Library {
    /// Parses and validates a level file.
    pub fn from_json(text: &str) -> Result<Self, LibraryError> {
        Ok(Library {
            file: parse_file(text)?,
        })
    }

    /// Wraps an already validated file.
    pub fn new(file: LevelFile) -> Self {
        Library { file }
    }

    /// Number of baked levels.
    pub fn count(&self) -> usize {
        self.file.levels.len()
    }

    /// The whole file.
    pub fn file(&self) -> &LevelFile {
        &self.file
    }

    /// The level played as number `n` (cycling beyond 200).
    pub fn level(&self, n: u32) -> Result<&LevelData, LibraryError> {
        let baked = baked_number_for(n)?;
        self.file
            .levels
            .iter()
            .find(|l| l.number == baked)
            .ok_or(LibraryError::Missing(baked, self.count()))
    }

    /// The invisible-help copy of level `n` (SPEC §2): a new value; the library is untouched.
    pub fn help_level(&self, n: u32) -> Result<LevelData, LibraryError> {
        Ok(help_copy(self.level(n)?))
    }

    /// One level as the JSON a `GameSim` loads.
    pub fn level_json(&self, n: u32) -> Result<String, LibraryError> {
        Ok(serde_json::to_string(self.level(n)?).expect("level data serialises"))
    }

    /// The file as the baker writes it.
    pub fn to_json(&self) -> String {
        to_json(&self.file)
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
