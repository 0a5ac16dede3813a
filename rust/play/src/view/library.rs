//! The level library as Godot's `LevelLibrary` calls it: GDScript's 64-bit level numbers checked here,
//! then the endless levels served this session ([`Shelf`]: fresh boards past 200) or [`Library`]
//! (cycling beyond 200, help copies) answers, and the level map's row is built here.

use screwsmith_gen::help::help_copy;
use screwsmith_gen::library::Library;
use screwsmith_rules::level::LevelData;

use super::endless::Shelf;
use super::error::{narrow, ViewError};

/// What the level map shows for one level.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelInfo {
    /// The number asked for (may be > 200).
    pub number: u32,
    /// The baked level that plays as it.
    pub baked: u32,
    pub band: u8,
    pub machine: u8,
    /// Taps a full clear takes (a rusty screw counts twice).
    pub taps: u32,
    /// From the stored measure; `None` for an unmeasured level.
    pub difficulty: Option<u8>,
    pub human_fail_rate: Option<f64>,
    /// A fresh endless level (generated for its number), not a baked one or the cycle.
    pub fresh: bool,
}

/// A GDScript level number (≥ 1).
pub fn level_number(n: i64) -> Result<u32, ViewError> {
    narrow("level number", n, 1, u32::MAX)
}

/// The library, or [`ViewError::NoLibrary`] before one loaded.
pub fn loaded(lib: &Option<Library>) -> Result<&Library, ViewError> {
    lib.as_ref().ok_or(ViewError::NoLibrary)
}

/// Outlines a whole level file (each level is parsed and validated when first asked for).
pub fn parse(text: impl Into<String>) -> Result<Library, ViewError> {
    Ok(Library::from_text(text.into())?)
}

/// A file's bytes as text; not UTF-8 is a read error naming `path`.
pub fn text_of(path: &str, bytes: Vec<u8>) -> Result<String, ViewError> {
    String::from_utf8(bytes).map_err(|e| ViewError::Read {
        path: path.into(),
        reason: format!("not UTF-8 text ({e})"),
    })
}

/// The board played as level `n`: an endless level served this session from `shelf`, else the
/// library's (beyond 200 the cycle level).
pub fn served<'a>(lib: &'a Library, shelf: &'a Shelf, n: i64) -> Result<&'a LevelData, ViewError> {
    let number = level_number(n)?;
    match shelf.get(number) {
        Some(endless) => Ok(&endless.level),
        None => Ok(lib.level(number)?),
    }
}

/// Level `n` as JSON for `GameSim.load_json`.
pub fn level_json(lib: &Library, n: i64) -> Result<String, ViewError> {
    level_json_served(lib, &Shelf::default(), n)
}

/// [`level_json`] with the endless levels of `shelf`.
pub fn level_json_served(lib: &Library, shelf: &Shelf, n: i64) -> Result<String, ViewError> {
    let level = served(lib, shelf, n)?;
    Ok(serde_json::to_string(level).expect("level data serialises"))
}

/// The invisible-help copy of level `n` as JSON.
pub fn help_level_json(lib: &Library, n: i64) -> Result<String, ViewError> {
    help_level_json_served(lib, &Shelf::default(), n)
}

/// [`help_level_json`] with the endless levels of `shelf` (a fresh level's copy is the recolouring
/// `screwsmith_gen::endless::curate` chose, measured and proven to help, like a baked level's).
pub fn help_level_json_served(lib: &Library, shelf: &Shelf, n: i64) -> Result<String, ViewError> {
    let copy = help_copy(served(lib, shelf, n)?);
    Ok(serde_json::to_string(&copy).expect("level data serialises"))
}

/// The level map's row for level `n`.
pub fn info(lib: &Library, n: i64) -> Result<LevelInfo, ViewError> {
    info_served(lib, &Shelf::default(), n)
}

/// [`info`] with the endless levels of `shelf`.
pub fn info_served(lib: &Library, shelf: &Shelf, n: i64) -> Result<LevelInfo, ViewError> {
    let number = level_number(n)?;
    let l = served(lib, shelf, n)?;
    Ok(LevelInfo {
        number,
        baked: l.number,
        band: l.band,
        machine: l.machine,
        taps: l.taps(),
        difficulty: l.measure.as_ref().map(|m| m.difficulty),
        human_fail_rate: l.measure.as_ref().map(|m| m.human_fail_rate),
        fresh: shelf.get(number).is_some_and(|e| e.fresh()),
    })
}
