//! [`LevelSet`]: the baked level set behind Godot's `LevelLibrary` — parse once, then serve levels by
//! number as JSON text that `GameSim.load_json` takes.

use crate::level::{parse_file, LevelData, LevelFile};

use super::error::ViewError;

/// What the level map shows for one level.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelInfo {
    pub number: u32,
    pub band: u8,
    pub machine: u8,
    /// Taps a full clear takes (a rusty screw counts twice).
    pub taps: u32,
    /// From the stored measure; `None` for an unmeasured level.
    pub difficulty: Option<u8>,
    pub human_fail_rate: Option<f64>,
}

/// A parsed, validated level file.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelSet {
    file: LevelFile,
}

impl LevelSet {
    /// Parses and validates a whole level file (`levels.json`).
    pub fn parse(text: &str) -> Result<Self, ViewError> {
        Ok(LevelSet {
            file: parse_file(text)?,
        })
    }

    /// Number of baked levels.
    pub fn count(&self) -> usize {
        self.file.levels.len()
    }

    /// Level `number` (1-based, file order).
    ///
    /// Levels beyond the baked set (SPEC §4's cycling) are refused until the core's curve module lands;
    /// this is the one place to add it.
    pub fn level(&self, number: i64) -> Result<&LevelData, ViewError> {
        usize::try_from(number)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| self.file.levels.get(i))
            .ok_or(ViewError::NoSuchLevel {
                number,
                count: self.count(),
            })
    }

    /// Level `number` as one level object in JSON, ready for `GameSim.load_json`.
    pub fn level_json(&self, number: i64) -> Result<String, ViewError> {
        let level = self.level(number)?;
        Ok(serde_json::to_string(level).expect("level data always serialises"))
    }

    /// The invisible-help copy of level `number` (SPEC §2): needs the core's help module.
    pub fn help_level_json(&self, number: i64) -> Result<String, ViewError> {
        self.level(number)?;
        Err(ViewError::Unavailable(
            "invisible help (screwsmith_core help module)",
        ))
    }

    /// The level map's row for level `number`.
    pub fn info(&self, number: i64) -> Result<LevelInfo, ViewError> {
        let l = self.level(number)?;
        Ok(LevelInfo {
            number: l.number,
            band: l.band,
            machine: l.machine,
            taps: l.taps(),
            difficulty: l.measure.as_ref().map(|m| m.difficulty),
            human_fail_rate: l.measure.as_ref().map(|m| m.human_fail_rate),
        })
    }
}

/// A library that may not have loaded yet (the state behind one Godot `LevelLibrary`).
pub fn loaded(set: &Option<LevelSet>) -> Result<&LevelSet, ViewError> {
    set.as_ref().ok_or(ViewError::NoLibrary)
}
