//! `LevelLibrary` (RefCounted): the baked level set. Reads `res://levels/levels.json` through Godot's
//! `FileAccess` (so it works inside an exported .pck on a phone); lookup and validation are
//! `screwsmith_play::view::LevelSet`'s.

use godot::classes::FileAccess;
use godot::global::Error;
use godot::prelude::*;
use screwsmith_gen::library::Library;
use screwsmith_play::view::library::{self, loaded};
use screwsmith_play::view::ViewError;

use crate::convert;
use crate::last_error::LastError;

/// Where the game ships its baked levels.
pub const DEFAULT_PATH: &str = "res://levels/levels.json";

/// The baked level set. Call `load_default()` once, then hand `level_json(n)` to `GameSim.load_json`.
/// A refused call returns "" / -1 / an empty Dictionary and leaves the reason in `last_error()`.
#[derive(GodotClass)]
#[class(init, tool, base = RefCounted)]
pub struct LevelLibrary {
    base: Base<RefCounted>,
    pub(crate) library: Option<Library>,
    error: LastError,
}

#[godot_api]
impl LevelLibrary {
    /// Reads and validates `res://levels/levels.json`.
    #[func]
    fn load_default(&mut self) -> bool {
        crate::calls::count();
        let text = FileAccess::get_file_as_string(DEFAULT_PATH);
        let result = match FileAccess::get_open_error() {
            Error::OK => Ok(text.to_string()),
            err => Err(ViewError::Read {
                path: DEFAULT_PATH.into(),
                reason: format!("{err:?}"),
            }),
        };
        match self.error.check("LevelLibrary.load_default", result) {
            Some(text) => self.load_text("LevelLibrary.load_default", &text),
            None => false,
        }
    }

    /// Parses and validates a whole level file given as text.
    #[func]
    fn load_json(&mut self, text: GString) -> bool {
        crate::calls::count();
        self.load_text("LevelLibrary.load_json", &text.to_string())
    }

    /// Number of baked levels (0 before loading).
    #[func]
    fn count(&self) -> i64 {
        crate::calls::count();
        self.library.as_ref().map_or(0, |s| s.count() as i64)
    }

    /// Level `n` (1-based; beyond 200 it replays baked level `73 + (n-201) % 128`) as JSON text for
    /// `GameSim.load_json`; "" when refused.
    #[func]
    fn level_json(&mut self, n: i64) -> GString {
        crate::calls::count();
        let result = loaded(&self.library).and_then(|s| library::level_json(s, n));
        let json = self.error.check("LevelLibrary.level_json", result);
        GString::from(json.unwrap_or_default().as_str())
    }

    /// The invisible-help copy of level `n` (after 3 losses); "" when refused.
    #[func]
    fn help_level_json(&mut self, n: i64) -> GString {
        crate::calls::count();
        let result = loaded(&self.library).and_then(|s| library::help_level_json(s, n));
        let json = self.error.check("LevelLibrary.help_level_json", result);
        GString::from(json.unwrap_or_default().as_str())
    }

    /// Difficulty band of level `n`; -1 when refused.
    #[func]
    fn band(&mut self, n: i64) -> i64 {
        crate::calls::count();
        let result = loaded(&self.library)
            .and_then(|s| library::info(s, n))
            .map(|i| i.band as i64);
        self.error.check("LevelLibrary.band", result).unwrap_or(-1)
    }

    /// `{number, baked, band, machine, taps, difficulty, human_fail_rate}` for the level map (`baked` = the
    /// baked level that plays as `n`; the last two null when unmeasured); `{}` when refused.
    #[func]
    fn level_info(&mut self, n: i64) -> VarDictionary {
        crate::calls::count();
        let result = loaded(&self.library).and_then(|s| library::info(s, n));
        self.error
            .check("LevelLibrary.level_info", result)
            .map(|i| convert::level_info(&i))
            .unwrap_or_default()
    }

    /// Why the last call was refused; "" after a call that succeeded.
    #[func]
    fn last_error(&self) -> GString {
        crate::calls::count();
        self.error.get()
    }
}

impl LevelLibrary {
    fn load_text(&mut self, call: &str, text: &str) -> bool {
        let result = library::parse(text);
        match self.error.check(call, result) {
            Some(set) => {
                self.library = Some(set);
                true
            }
            None => false,
        }
    }
}
