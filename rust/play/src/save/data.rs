//! The save file's shape: progress, stars, per-level loss counts, daily results and settings.
//!
//! Versioned JSON (`"version": 1`). Maps are `BTreeMap`s so the file is written in the same order every
//! time (diffable, deterministic). Fields added later get `#[serde(default)]` so an older file of the same
//! version still loads; a change that old builds cannot read bumps [`SAVE_VERSION`].

use super::error::SaveError;
use super::settings::Settings;
use screwsmith_gen::library::Library;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

/// The version this build writes and the newest it reads.
pub const SAVE_VERSION: u32 = 1;

/// The most stars a level can earn.
pub const MAX_STARS: u8 = 3;

/// Everything the game remembers between runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveData {
    pub version: u32,
    /// Per level number: what the player achieved there.
    #[serde(default)]
    pub levels: BTreeMap<u32, LevelRecord>,
    /// Per Daily Bench number: the result of that day's board.
    #[serde(default)]
    pub daily: BTreeMap<u32, DailyRecord>,
    #[serde(default)]
    pub settings: Settings,
    /// The level the player last opened (Continue no longer reads it: it offers the first level not won).
    #[serde(default)]
    pub last_level: u32,
    /// The attempt the app was closed in, resumed by Continue (read leniently: a damaged one is
    /// dropped, the rest of the save stays).
    #[serde(
        default,
        deserialize_with = "super::resume::lenient",
        skip_serializing_if = "Option::is_none"
    )]
    pub in_progress: Option<super::resume::InProgress>,
    /// The introductions the player has seen (card ids of `onboarding::Intro` and the level-1 guide):
    /// each shows once; the settings' "Show introductions again" empties it. Kept as names so a newer
    /// build's card in the set is carried along, not an error.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub seen_intros: BTreeSet<String>,
    /// The boards in play, told by the game once its level set is loaded ([`SaveData::use_boards`]);
    /// not saved: a loss count belongs to the board it was counted on, not to the number.
    #[serde(skip)]
    pub boards: BoardKeys,
}

/// Per baked level number, the content key of its board (`screwsmith_gen::library::board_key`): from
/// a loaded level set, each key worked out when it is first asked for (the set reads a level only
/// when it is opened), or given as pairs.
#[derive(Debug, Clone, Default)]
pub struct BoardKeys {
    library: Option<Library>,
    pairs: BTreeMap<u32, String>,
    endless: EndlessKeys,
}

/// The content keys of the endless levels served this session, by number, shared with the shelf that
/// serves them (`view::endless::Shelf` writes them as it keeps levels): a loss on a fresh board past
/// the baked set belongs to that board, not to the cycle level the number would otherwise play.
#[derive(Debug, Clone, Default)]
pub struct EndlessKeys(Arc<Mutex<BTreeMap<u32, String>>>);

impl EndlessKeys {
    /// Replaces every key (the shelf's levels now).
    pub fn set(&self, keys: BTreeMap<u32, String>) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = keys;
    }

    /// The key of endless level `n`, if it was served this session.
    pub fn get(&self, n: u32) -> Option<String> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&n)
            .cloned()
    }
}

impl BoardKeys {
    /// Keys of a loaded level set (it is shared, not copied: no level is read here).
    pub fn of(library: &Library) -> Self {
        BoardKeys {
            library: Some(library.clone()),
            pairs: BTreeMap::new(),
            endless: EndlessKeys::default(),
        }
    }

    /// These keys, with the endless levels of a session (shared: later levels are seen too).
    pub fn with_endless(mut self, endless: EndlessKeys) -> Self {
        self.endless = endless;
        self
    }

    /// Keys given as `(baked number, key)` pairs.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (u32, String)>) -> Self {
        BoardKeys {
            library: None,
            pairs: pairs.into_iter().collect(),
            endless: EndlessKeys::default(),
        }
    }

    /// The key of the board played as level `n` (beyond 200 the endless level served this session,
    /// else the cycle level as the library serves it), if known: none for a level the set does not
    /// hold or cannot read.
    pub fn key(&self, n: u32) -> Option<String> {
        if let Some(key) = self.endless.get(n) {
            return Some(key);
        }
        let baked = screwsmith_gen::library::baked_number_for(n).ok()?;
        match &self.library {
            Some(library) => library.board_key(baked).ok(),
            None => self.pairs.get(&baked).cloned(),
        }
    }

    /// Every key, by baked number (reads every level of a set).
    fn all(&self) -> BTreeMap<u32, String> {
        match &self.library {
            Some(library) => library
                .numbers()
                .filter_map(|n| Some((n, self.key(n)?)))
                .collect(),
            None => self.pairs.clone(),
        }
    }
}

/// Equal when they give the same key for every level.
impl PartialEq for BoardKeys {
    fn eq(&self, other: &Self) -> bool {
        self.all() == other.all()
    }
}

impl Eq for BoardKeys {}

/// One level's record.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LevelRecord {
    /// Best stars earned (0 = never won).
    pub stars: u8,
    /// Losses since the last win; 3 of them turn on the invisible help (docs/design.md §2).
    pub losses: u32,
    /// The content key of the board the losses were counted on (none: counted before boards had keys,
    /// or with no level set told): losses on another board do not count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Wins in total (a replayed level counts again).
    pub wins: u32,
}

/// One Daily Bench result: the best attempt of that bench's day (see [`super::daily`] for what
/// "best" means).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyRecord {
    /// The date played, "YYYY-MM-DD" (UTC), as `DailyBench` reported it.
    pub date: String,
    pub won: bool,
    /// Moves on the board at the end of the best attempt (undo takes a move back off the count).
    pub moves: u32,
    /// Screwdriver (undo) uses in that attempt (an older save has none: 0).
    #[serde(default)]
    pub undos: u32,
    /// Hints asked for in that attempt.
    #[serde(default)]
    pub hints: u32,
    /// Attempts finished on this bench (won or lost), the best one among them.
    #[serde(default)]
    pub attempts: u32,
}

impl Default for SaveData {
    fn default() -> Self {
        SaveData {
            version: SAVE_VERSION,
            levels: BTreeMap::new(),
            daily: BTreeMap::new(),
            settings: Settings::default(),
            last_level: 0,
            in_progress: None,
            seen_intros: BTreeSet::new(),
            boards: BoardKeys::default(),
        }
    }
}

impl SaveData {
    /// Parse a save file's text. A newer version is reported as such (not as corrupt) so the caller can
    /// keep the file for the newer build.
    pub fn from_json(text: &str) -> Result<SaveData, SaveError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| SaveError::Corrupt(e.to_string()))?;
        let version = value
            .get("version")
            .and_then(serde_json::Value::as_u64)
            .ok_or_else(|| SaveError::Corrupt("missing or non-integer \"version\"".into()))?;
        let version = u32::try_from(version)
            .map_err(|_| SaveError::Corrupt(format!("version {version} out of range")))?;
        if version > SAVE_VERSION {
            return Err(SaveError::NewerVersion {
                found: version,
                supported: SAVE_VERSION,
            });
        }
        if version == 0 {
            return Err(SaveError::Corrupt("version 0 was never written".into()));
        }
        let mut data: SaveData =
            serde_json::from_value(value).map_err(|e| SaveError::Corrupt(e.to_string()))?;
        data.settings.forget_unknown_language();
        data.validate()?;
        Ok(SaveData {
            version: SAVE_VERSION,
            ..data
        })
    }

    /// The file's text (pretty, stable key order).
    pub fn to_json(&self) -> String {
        // A struct of strings, integers, booleans and integer-keyed maps always serialises.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Values no build writes: a hand-edited or damaged file.
    fn validate(&self) -> Result<(), SaveError> {
        if self.levels.contains_key(&0) {
            return Err(SaveError::Corrupt("level 0 does not exist".into()));
        }
        if let Some((n, r)) = self.levels.iter().find(|(_, r)| r.stars > MAX_STARS) {
            return Err(SaveError::Corrupt(format!(
                "level {n}: {} stars (at most {MAX_STARS})",
                r.stars
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_json() {
        let mut data = SaveData::default();
        data.levels.insert(
            4,
            LevelRecord {
                stars: 2,
                losses: 1,
                wins: 3,
                board: Some("00ff00ff00ff00ff".into()),
            },
        );
        data.daily.insert(
            97,
            DailyRecord {
                date: "2026-11-30".into(),
                won: true,
                moves: 23,
                undos: 1,
                hints: 0,
                attempts: 2,
            },
        );
        data.settings.language = "ja".into();
        data.last_level = 5;
        assert_eq!(SaveData::from_json(&data.to_json()).unwrap(), data);
    }

    #[test]
    fn missing_fields_take_defaults() {
        let data = SaveData::from_json(r#"{"version":1,"levels":{"3":{"stars":1}}}"#).unwrap();
        assert_eq!(data.levels[&3].stars, 1);
        assert_eq!(data.levels[&3].losses, 0);
        assert!(data.settings.sound);
    }

    #[test]
    fn newer_version_is_not_called_corrupt() {
        let err = SaveData::from_json(r#"{"version":2,"future":[1,2]}"#).unwrap_err();
        assert!(matches!(
            err,
            SaveError::NewerVersion {
                found: 2,
                supported: 1
            }
        ));
    }

    #[test]
    fn an_unknown_language_follows_the_device_and_keeps_the_progress() {
        let text = r#"{"version":1,"levels":{"3":{"stars":2,"wins":1}},"settings":{"language":"pt_BR","sound":false}}"#;
        let data = SaveData::from_json(text).unwrap();
        assert_eq!(data.settings.language, "", "empty = the system language");
        assert!(!data.settings.sound, "the other settings stay");
        assert_eq!(data.levels[&3].stars, 2, "progress stays");
    }

    #[test]
    fn damaged_files_are_corrupt() {
        for text in [
            "",
            "{",
            "[]",
            r#"{"levels":{}}"#,
            r#"{"version":"1"}"#,
            r#"{"version":0}"#,
            r#"{"version":1,"levels":{"0":{}}}"#,
            r#"{"version":1,"levels":{"x":{}}}"#,
            r#"{"version":1,"levels":{"1":{"stars":4}}}"#,
            r#"{"version":1,"settings":{"language":7}}"#,
        ] {
            let err = SaveData::from_json(text).unwrap_err();
            assert!(matches!(err, SaveError::Corrupt(_)), "{text:?} gave {err}");
        }
    }
}
