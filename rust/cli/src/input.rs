//! Reading level files for commands: one place that turns a path into validated, compiled levels.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use screwsmith_rules::level::{parse_file, parse_level, LevelFile, FORMAT};
use screwsmith_rules::{CompiledLevel, LevelData, LevelError};

use crate::error::CliError;

/// The shipped level set, relative to the repository root.
pub const DEFAULT_LEVELS: &str = "levels/levels.json";

/// Reads a file and parses it with `parse`, naming the file in either error.
fn read_parsed<T>(
    path: &Path,
    parse: impl FnOnce(&str) -> Result<T, LevelError>,
) -> Result<T, CliError> {
    let text = std::fs::read_to_string(path).map_err(|source| CliError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse(&text).map_err(|source| CliError::Level {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads and validates a level file. A file holding one bare level object (a hand-made level) reads as
/// a file of that one level.
pub fn read_level_file(path: &Path) -> Result<LevelFile, CliError> {
    read_parsed(path, |text| {
        parse_file(text).or_else(|file_error| {
            parse_level(text)
                .map(|level| LevelFile {
                    format: FORMAT,
                    levels: vec![level],
                })
                .map_err(|_| file_error)
        })
    })
}

/// Reads, validates and compiles every level of a file.
pub fn compiled_levels(path: &Path) -> Result<Vec<Arc<CompiledLevel>>, CliError> {
    let file = read_level_file(path)?;
    file.levels
        .into_iter()
        .map(|l| {
            CompiledLevel::new(l)
                .map(Arc::new)
                .map_err(|source| CliError::Level {
                    path: path.to_path_buf(),
                    source,
                })
        })
        .collect()
}

/// `--file` or the default level set.
pub fn levels_path(file: Option<PathBuf>) -> PathBuf {
    file.unwrap_or_else(|| PathBuf::from(DEFAULT_LEVELS))
}

/// Reads a file holding one level (a level object, or a level file with exactly one level).
pub fn read_one_level(path: &Path) -> Result<LevelData, CliError> {
    read_parsed(path, parse_level)
}

/// The level a command names: `--level N` in `--file` (default: the shipped set), or the single level
/// of `--file`.
pub fn chosen_level(
    level: Option<u32>,
    file: Option<PathBuf>,
) -> Result<Arc<CompiledLevel>, CliError> {
    let (path, data) = match (level, file) {
        (Some(number), file) => {
            let path = levels_path(file);
            let found = read_level_file(&path)?
                .levels
                .into_iter()
                .find(|l| l.number == number);
            let Some(data) = found else {
                return Err(CliError::NoSuchLevel { path, number });
            };
            (path, data)
        }
        (None, Some(path)) => {
            let data = read_one_level(&path)?;
            (path, data)
        }
        (None, None) => {
            return Err(CliError::Usage(
                "name a level: --level N [--file levels.json] or --file one_level.json".into(),
            ))
        }
    };
    CompiledLevel::new(data)
        .map(Arc::new)
        .map_err(|source| CliError::Level { path, source })
}
