//! Reading level files for commands: one place that turns a path into validated, compiled levels, finds
//! the checkout's default files from any folder inside it, and refuses what is not a level file (too
//! large, not text) with a sentence.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use std::time::Duration;

use screwsmith_gen::endless::{self, Served};
use screwsmith_gen::library::Library;
use screwsmith_rules::level::{parse_file, parse_file_or_level, parse_level, LevelFile};
use screwsmith_rules::{CompiledLevel, LevelData, LevelError};

use crate::error::CliError;

/// The shipped level set, relative to the repository root.
pub const DEFAULT_LEVELS: &str = screwsmith_studio::bundle::LEVELS_PATH;

/// The largest file read as a level file (the shipped set of 200 levels is about 2 MiB).
pub const MAX_FILE_MIB: u64 = 64;

/// The checkout the current folder lies in: the nearest folder upward whose `Cargo.toml` is the workspace's.
pub fn checkout() -> Result<PathBuf, CliError> {
    let cwd = std::env::current_dir().map_err(|source| CliError::Read {
        path: ".".into(),
        source,
    })?;
    cwd.ancestors()
        .find(|dir| {
            std::fs::read_to_string(dir.join("Cargo.toml"))
                .is_ok_and(|t| t.lines().any(|l| l.trim() == "[workspace]"))
        })
        .map(Path::to_path_buf)
        .ok_or(CliError::NoCheckout { cwd })
}

/// A default path of the checkout (`levels/levels.json`, ...), found from any folder inside it; relative
/// as given when run at the root, so messages stay short.
pub fn default_path(relative: &str) -> Result<PathBuf, CliError> {
    let root = checkout()?;
    let here = std::env::current_dir().ok();
    Ok(if here.as_deref() == Some(root.as_path()) {
        PathBuf::from(relative)
    } else {
        root.join(relative)
    })
}

/// `--file` or the checkout's level set.
pub fn levels_path(file: Option<PathBuf>) -> Result<PathBuf, CliError> {
    match file {
        Some(p) => Ok(p),
        None => default_path(DEFAULT_LEVELS),
    }
}

/// Reads a text file of at most [`MAX_FILE_MIB`] MiB.
pub fn read_text(path: &Path) -> Result<String, CliError> {
    let read_err = |source| CliError::Read {
        path: path.to_path_buf(),
        source,
    };
    let limit = MAX_FILE_MIB << 20;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .map_err(read_err)?;
    if bytes.len() as u64 > limit {
        return Err(CliError::TooLarge {
            path: path.to_path_buf(),
            limit_mib: MAX_FILE_MIB,
        });
    }
    String::from_utf8(bytes).map_err(|_| CliError::NotText {
        path: path.to_path_buf(),
    })
}

/// Reads a file and parses it with `parse`, naming the file in either error.
fn read_parsed<T>(
    path: &Path,
    parse: impl FnOnce(&str) -> Result<T, LevelError>,
) -> Result<T, CliError> {
    let text = read_text(path)?;
    parse(&text).map_err(|source| CliError::Level {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads and validates a level file. A file holding one bare level object (a hand-made level) reads as
/// a file of that one level, and a fault of that level is the error.
pub fn read_level_file(path: &Path) -> Result<LevelFile, CliError> {
    read_parsed(path, parse_file_or_level)
}

/// Reads a level file as the game loads it: `{"format", "levels"}` only (what `bundle` and `validate` take).
pub fn read_strict_level_file(path: &Path) -> Result<LevelFile, CliError> {
    read_parsed(path, parse_file)
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

/// The level numbered `n` in a level file, or else the one the game plays as number `n` (beyond 200 a
/// fresh board, or the cycle through the set when generation fails; a hand-made file may hold any
/// number).
pub fn numbered_level(path: &Path, n: u32) -> Result<LevelData, CliError> {
    served_level(path, n, endless::TIME_BUDGET).map(|s| s.level)
}

/// [`numbered_level`] with a fresh level's time budget given, and whether the board is fresh (`fresh`
/// is `Ok` also for a level the file holds).
pub fn served_level(path: &Path, n: u32, budget: Duration) -> Result<Served, CliError> {
    let file = read_level_file(path)?;
    if let Some(level) = file.levels.iter().find(|l| l.number == n) {
        return Ok(Served {
            level: level.clone(),
            fresh: Ok(Duration::ZERO),
        });
    }
    let library = Library::new(file);
    let served = if n >= endless::FIRST {
        endless::serve(n, &library, budget, None)
    } else {
        library.level(n).cloned().map(|level| Served {
            level,
            fresh: Ok(Duration::ZERO),
        })
    };
    served.map_err(|source| CliError::Library {
        path: path.to_path_buf(),
        source,
    })
}

/// How a command names the level it ran on: "level N", and where `--level` asked for a number past the
/// set (the game cycles through it), which stored level that number plays and why.
pub fn level_title(asked: Option<u32>, number: u32) -> String {
    match asked {
        Some(n) if n != number => format!(
            "level {n} (plays stored level {number}: fresh generation fell back to the cycle through the set)"
        ),
        _ => format!("level {number}"),
    }
}

/// The level a command names: `--level N` in `--file` (default: the shipped set; numbered as the game
/// numbers levels), or the single level of `--file`.
/// With `help_copy`, the board the 4th try after three losses serves instead: the level's stored help
/// copy with its stored measure (`screwsmith_gen::help::help_copy`, what the game plays).
pub fn chosen_level(
    level: Option<u32>,
    file: Option<PathBuf>,
    help_copy: bool,
) -> Result<Arc<CompiledLevel>, CliError> {
    let (path, data) = match (level, file) {
        (Some(number), file) => {
            let path = levels_path(file)?;
            let data = numbered_level(&path, number)?;
            (path, data)
        }
        (None, Some(path)) => {
            let data = read_parsed(&path, parse_level).map_err(|e| match e {
                CliError::Level {
                    path,
                    source: LevelError::NotOneLevel(n),
                } => CliError::arg(format!(
                    "{} holds {n} levels: name one with --level N",
                    path.display()
                )),
                e => e,
            })?;
            (path, data)
        }
        (None, None) => {
            return Err(CliError::Usage(
                "name a level: --level N [--file levels.json] or --file one_level.json".into(),
            ))
        }
    };
    let (data, what) = if help_copy {
        let what = format!(
            "the help copy of level {} of {}",
            data.number,
            path.display()
        );
        (screwsmith_gen::help::help_copy(&data), what)
    } else {
        let what = format!("level {} of {}", data.number, path.display());
        (data, what)
    };
    CompiledLevel::new(data)
        .map(Arc::new)
        .map_err(|source| CliError::Start { what, source })
}
