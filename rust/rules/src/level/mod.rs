//! The level file (`levels/levels.json`, docs/design.md §8): its shape ([`data`]), its typed errors ([`error`]) and the
//! structural checks every loaded level passes before any rule runs ([`validate`]).
//!
//! Loading untrusted JSON never panics: serde rejects the wrong shape (an unknown field too, named with its
//! level: a typo must not silently change a level), [`validate`] rejects the wrong content, and both come
//! back as a [`LevelError`] naming the level and the field. A leading UTF-8 byte-order mark is skipped.

pub mod data;
pub mod error;
#[cfg(test)]
mod fixture;
pub mod hang_turns;
pub mod locks;
pub mod one_piece;
pub mod outline;
pub mod shipping;
pub mod turn;
pub mod validate;

use serde::Deserialize;
use serde_json::Value;

pub use data::{
    Cell, HelpData, LevelData, LevelFile, Measure, PartData, ScrewData, ScrewKind, SolveStatus,
};
pub use error::{LevelError, Problem};
use outline::Shape;
pub use outline::{level_at, outline, OutlineEntry};

/// The only level-file format this build reads and writes.
pub const FORMAT: u32 = 1;

/// The text without a leading byte-order mark.
fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The JSON value of a text, a byte-order mark skipped.
fn json(text: &str) -> Result<Value, LevelError> {
    serde_json::from_str(strip_bom(text)).map_err(LevelError::from_json)
}

/// Reads one level object; a shape error names the level (its number, or its place in the file).
fn level_of(value: Value, index: Option<usize>) -> Result<LevelData, LevelError> {
    let number = value
        .get("number")
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok());
    let level = LevelData::deserialize(value).map_err(|e| LevelError::LevelShape {
        number,
        index,
        message: e.to_string(),
    })?;
    validate::validate(&level)?;
    Ok(level)
}

/// Parses a whole level file and validates every level in it: its [`outline`], then each level in
/// turn (the game reads one level at a time through the same two steps). One bare level object is
/// refused ([`LevelError::NotAFile`]): the game's loader reads files only.
pub fn parse_file(text: &str) -> Result<LevelFile, LevelError> {
    levels_of(text, &outline(text)?)
}

/// Every level of an outlined file, in order; the first fault is the error.
fn levels_of(text: &str, entries: &[OutlineEntry]) -> Result<LevelFile, LevelError> {
    let levels = entries
        .iter()
        .enumerate()
        .map(|(i, entry)| level_at(text, entry, i))
        .collect::<Result<_, _>>()?;
    Ok(LevelFile {
        format: FORMAT,
        levels,
    })
}

/// Parses one level object (as the CLI's `--file one_level.json` and the Godot `GameSim.load_json` take it).
/// A whole level file with exactly one level is accepted too.
pub fn parse_level(text: &str) -> Result<LevelData, LevelError> {
    match outline::shape(text)? {
        Shape::File(entries) => {
            let mut file = levels_of(text, &entries)?;
            if file.levels.len() != 1 {
                return Err(LevelError::NotOneLevel(file.levels.len()));
            }
            Ok(file.levels.remove(0))
        }
        Shape::Bare(value, _) => level_of(value, None),
    }
}

/// Parses a level file, or one level object as a file of that one level (hand-made levels), deciding by
/// the shape first so the error is the one that matters (a level's own fault, not "unknown field
/// `number`").
pub fn parse_file_or_level(text: &str) -> Result<LevelFile, LevelError> {
    match outline::shape(text)? {
        Shape::File(entries) => levels_of(text, &entries),
        Shape::Bare(value, _) => Ok(LevelFile {
            format: FORMAT,
            levels: vec![level_of(value, None)?],
        }),
    }
}

/// Serialises a level file the way the baker writes it: pretty JSON, trailing newline, stable order.
pub fn to_json(file: &LevelFile) -> String {
    let mut s = serde_json::to_string_pretty(file).expect("level data always serialises");
    s.push('\n');
    s
}
