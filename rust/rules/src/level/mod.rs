//! The level file (`levels/levels.json`, SPEC §8): its shape ([`data`]), its typed errors ([`error`]) and the
//! structural checks every loaded level passes before any rule runs ([`validate`]).
//!
//! Loading untrusted JSON never panics: serde rejects the wrong shape, [`validate`] rejects the wrong
//! content, and both come back as a [`LevelError`] naming the level and the field.

pub mod data;
pub mod error;
pub mod validate;

pub use data::{Cell, LevelData, LevelFile, Measure, PartData, ScrewData, ScrewKind, SolveStatus};
pub use error::{LevelError, Problem};

/// The only level-file format this build reads and writes.
pub const FORMAT: u32 = 1;

/// Parses a whole level file and validates every level in it.
pub fn parse_file(text: &str) -> Result<LevelFile, LevelError> {
    let file: LevelFile = serde_json::from_str(text).map_err(LevelError::from_json)?;
    if file.format != FORMAT {
        return Err(LevelError::Format {
            found: file.format,
            expected: FORMAT,
        });
    }
    for level in &file.levels {
        validate::validate(level)?;
    }
    Ok(file)
}

/// Parses one level object (as the CLI's `--file one_level.json` and the Godot `GameSim.load_json` take it).
/// A whole level file with exactly one level is accepted too.
pub fn parse_level(text: &str) -> Result<LevelData, LevelError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(LevelError::from_json)?;
    if value.get("levels").is_some() {
        let mut file = parse_file(text)?;
        if file.levels.len() != 1 {
            return Err(LevelError::NotOneLevel(file.levels.len()));
        }
        return Ok(file.levels.remove(0));
    }
    let level: LevelData = serde_json::from_value(value).map_err(LevelError::from_json)?;
    validate::validate(&level)?;
    Ok(level)
}

/// Serialises a level file the way the baker writes it: pretty JSON, trailing newline, stable order.
pub fn to_json(file: &LevelFile) -> String {
    let mut s = serde_json::to_string_pretty(file).expect("level data always serialises");
    s.push('\n');
    s
}
