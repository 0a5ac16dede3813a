//! `LevelLibrary` (RefCounted): the baked level set. Reads `res://levels/levels.json` through Godot's
//! `FileAccess` (so it works inside an exported .pck on a phone); lookup and validation are
//! `screwsmith_core::view::LevelSet`'s.

use godot::classes::FileAccess;
use godot::prelude::*;
use screwsmith_core::view::library::loaded;
use screwsmith_core::view::{LevelSet, ViewError};

use crate::convert;
use crate::last_error::LastError;

/// Where the game ships its baked levels.
pub const DEFAULT_PATH: &str = "res://levels/levels.json";

/// The baked level set. Call `load_default()` once, then hand `level_json(n)` to `GameSim.load_json`.
/// A refused call returns "" / -1 / an empty Dictionary and leaves the reason in `last_error()`.
#[derive(GodotClass)]
#[class(init, base = RefCounted)]
pub struct LevelLibrary {
    base: Base<RefCounted>,
    set: Option<LevelSet>,
    error: LastError,
}

#[godot_api]
impl LevelLibrary {
    /// Reads and validates `res://levels/levels.json`.
    #[func]
    fn load_default(&mut self) -> bool {
        let text = FileAccess::get_file_as_string(DEFAULT_PATH);
        let result = if text.is_empty() {
            Err(ViewError::Read {
                path: DEFAULT_PATH.into(),
                reason: format!("{:?}", FileAccess::get_open_error()),
            })
        } else {
            Ok(text.to_string())
        };
        match self.error.check("LevelLibrary.load_default", result) {
            Some(text) => self.load_text(&text),
            None => false,
        }
    }

    /// Parses and validates a whole level file given as text.
    #[func]
    fn load_json(&mut self, text: GString) -> bool {
        self.load_text(&text.to_string())
    }

    /// Number of baked levels (0 before loading).
    #[func]
    fn count(&self) -> i64 {
        self.set.as_ref().map_or(0, |s| s.count() as i64)
    }

    /// Level `n` (1-based) as JSON text for `GameSim.load_json`; "" when refused.
    #[func]
    fn level_json(&mut self, n: i64) -> GString {
        let result = loaded(&self.set).and_then(|s| s.level_json(n));
        let json = self.error.check("LevelLibrary.level_json", result);
        GString::from(json.unwrap_or_default().as_str())
    }

    /// The invisible-help copy of level `n` (after 3 losses); "" when refused.
    #[func]
    fn help_level_json(&mut self, n: i64) -> GString {
        let result = loaded(&self.set).and_then(|s| s.help_level_json(n));
        let json = self.error.check("LevelLibrary.help_level_json", result);
        GString::from(json.unwrap_or_default().as_str())
    }

    /// Difficulty band of level `n`; -1 when refused.
    #[func]
    fn band(&mut self, n: i64) -> i64 {
        let result = loaded(&self.set).and_then(|s| s.level(n).map(|l| l.band as i64));
        self.error.check("LevelLibrary.band", result).unwrap_or(-1)
    }

    /// `{number, band, machine, taps, difficulty, human_fail_rate}` for the level map; `{}` when refused.
    #[func]
    fn level_info(&mut self, n: i64) -> VarDictionary {
        let result = loaded(&self.set).and_then(|s| s.info(n));
        self.error
            .check("LevelLibrary.level_info", result)
            .map(|i| convert::level_info(&i))
            .unwrap_or_default()
    }

    /// Why the last call was refused; "" after a call that succeeded.
    #[func]
    fn last_error(&self) -> GString {
        self.error.get()
    }
}

impl LevelLibrary {
    fn load_text(&mut self, text: &str) -> bool {
        let result = LevelSet::parse(text);
        match self.error.check("LevelLibrary.load_json", result) {
            Some(set) => {
                self.set = Some(set);
                true
            }
            None => false,
        }
    }
}
