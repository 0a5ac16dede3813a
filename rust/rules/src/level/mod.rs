//! The level file (`levels/levels.json`, SPEC §8): its shape ([`data`]), its typed errors ([`error`]) and the
//! structural checks every loaded level passes before any rule runs ([`validate`]).
//!
//! Loading untrusted JSON never panics: serde rejects the wrong shape (an unknown field too, named with its
//! level: a typo must not silently change a level), [`validate`] rejects the wrong content, and both come
//! back as a [`LevelError`] naming the level and the field. A leading UTF-8 byte-order mark is skipped.

pub mod data;
pub mod error;
pub mod one_piece;
pub mod validate;

use serde::Deserialize;
use serde_json::Value;

pub use data::{Cell, HelpData, LevelData, LevelFile, Measure, PartData, ScrewData, ScrewKind, SolveStatus};
pub use error::{LevelError, Problem};

/// The only level-file format this build reads and writes.
pub const FORMAT: u32 = 1;

/// A level file before its levels are read one by one (so a level's error can name the level).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    format: u32,
    levels: Vec<Value>,
}

/// The JSON value of a text, a byte-order mark skipped.
fn json(text: &str) -> Result<Value, LevelError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    serde_json::from_str(text).map_err(LevelError::from_json)
}

/// Whether a JSON value is a level file (`{"format", "levels"}`) rather than one level object.
fn is_file(value: &Value) -> bool {
    value.get("levels").is_some() || value.get("format").is_some()
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

fn file_of(value: Value) -> Result<LevelFile, LevelError> {
    if !is_file(&value) && value.get("number").is_some() {
        return Err(LevelError::NotAFile);
    }
    let raw = RawFile::deserialize(value).map_err(LevelError::from_json)?;
    if raw.format != FORMAT {
        return Err(LevelError::Format {
            found: raw.format,
            expected: FORMAT,
        });
    }
    let levels = raw
        .levels
        .into_iter()
        .enumerate()
        .map(|(i, v)| level_of(v, Some(i)))
        .collect::<Result<_, _>>()?;
    Ok(LevelFile {
        format: raw.format,
        levels,
    })
}

/// Parses a whole level file and validates every level in it. One bare level object is refused
/// ([`LevelError::NotAFile`]): the game's loader reads files only.
pub fn parse_file(text: &str) -> Result<LevelFile, LevelError> {
    file_of(json(text)?)
}

/// Parses one level object (as the CLI's `--file one_level.json` and the Godot `GameSim.load_json` take it).
/// A whole level file with exactly one level is accepted too.
pub fn parse_level(text: &str) -> Result<LevelData, LevelError> {
    let value = json(text)?;
    if is_file(&value) {
        let mut file = file_of(value)?;
        if file.levels.len() != 1 {
            return Err(LevelError::NotOneLevel(file.levels.len()));
        }
        return Ok(file.levels.remove(0));
    }
    level_of(value, None)
}

/// Parses a level file, or one level object as a file of that one level (hand-made levels), deciding by
/// the shape first so the error is the one that matters (a level's own fault, not "unknown field
/// `number`").
pub fn parse_file_or_level(text: &str) -> Result<LevelFile, LevelError> {
    let value = json(text)?;
    if is_file(&value) {
        return file_of(value);
    }
    Ok(LevelFile {
        format: FORMAT,
        levels: vec![level_of(value, None)?],
    })
}

/// Serialises a level file the way the baker writes it: pretty JSON, trailing newline, stable order.
pub fn to_json(file: &LevelFile) -> String {
    let mut s = serde_json::to_string_pretty(file).expect("level data always serialises");
    s.push('\n');
    s
}
