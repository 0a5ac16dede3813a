//! Reading level files for commands: one place that turns a path into validated, compiled levels.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use screwsmith_core::level::{parse_file, parse_level, LevelFile, FORMAT};
use screwsmith_core::CompiledLevel;

use crate::error::CliError;

/// The shipped level set, relative to the repository root.
pub const DEFAULT_LEVELS: &str = "levels/levels.json";

/// Reads and validates a level file. A file holding one bare level object (a hand-made level) reads as
/// a file of that one level.
pub fn read_level_file(path: &Path) -> Result<LevelFile, CliError> {
    let text = std::fs::read_to_string(path).map_err(|source| CliError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse_file(&text)
        .or_else(|file_error| {
            parse_level(&text)
                .map(|level| LevelFile {
                    format: FORMAT,
                    levels: vec![level],
                })
                .map_err(|_| file_error)
        })
        .map_err(|source| CliError::Level {
            path: path.to_path_buf(),
            source,
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
