//! `LevelLibrary` (RefCounted): the baked level set. Reads `res://levels/levels.json` through Godot's
//! `FileAccess` (so it works inside an exported .pck on a phone); lookup and validation are
//! `screwsmith_gen::library::Library`'s, which reads a level when it is first asked for. Past the baked
//! set it serves the endless levels an `EndlessLevels` node made this session (its shelf,
//! `screwsmith_play::view::endless::Shelf`), else the cycle level.

use godot::classes::FileAccess;
use godot::global::Error;
use godot::prelude::*;
use screwsmith_gen::library::Library;
use screwsmith_play::view::endless::Shelf;
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
    /// The endless levels served this session (put here by `EndlessLevels`, on the main thread).
    pub(crate) endless: Shelf,
    error: LastError,
}

#[godot_api]
impl LevelLibrary {
    /// Reads `res://levels/levels.json` and outlines it (its shape and format checked; each level is
    /// parsed and validated when it is first asked for, and a damaged one refuses that level only).
    #[func]
    fn load_default(&mut self) -> bool {
        crate::calls::count();
        // Bytes, not `get_file_as_string`: a Godot String holds 4 bytes a character, and the text
        // would be copied twice more on its way to Rust.
        let bytes = FileAccess::get_file_as_bytes(DEFAULT_PATH);
        let result = match FileAccess::get_open_error() {
            Error::OK => library::text_of(DEFAULT_PATH, bytes.as_slice().to_vec()),
            err => Err(ViewError::Read {
                path: DEFAULT_PATH.into(),
                reason: format!("{err:?}"),
            }),
        };
        match self.error.check("LevelLibrary.load_default", result) {
            Some(text) => self.load_text("LevelLibrary.load_default", text),
            None => false,
        }
    }

    /// Outlines a whole level file given as text (as `load_default`).
    #[func]
    fn load_json(&mut self, text: GString) -> bool {
        crate::calls::count();
        self.load_text("LevelLibrary.load_json", text.to_string())
    }

    /// Number of baked levels (0 before loading).
    #[func]
    fn count(&self) -> i64 {
        crate::calls::count();
        self.library.as_ref().map_or(0, |s| s.count() as i64)
    }

    /// Level `n` (1-based; beyond 200 the fresh level `EndlessLevels` made, else baked level
    /// `73 + (n-201) % 128`) as JSON text for `GameSim.load_json`; "" when refused.
    #[func]
    fn level_json(&mut self, n: i64) -> GString {
        crate::calls::count();
        let result =
            loaded(&self.library).and_then(|s| library::level_json_served(s, &self.endless, n));
        let json = self.error.check("LevelLibrary.level_json", result);
        GString::from(json.unwrap_or_default().as_str())
    }

    /// The invisible-help copy of level `n` (after 3 losses); "" when refused.
    #[func]
    fn help_level_json(&mut self, n: i64) -> GString {
        crate::calls::count();
        let result = loaded(&self.library)
            .and_then(|s| library::help_level_json_served(s, &self.endless, n));
        let json = self.error.check("LevelLibrary.help_level_json", result);
        GString::from(json.unwrap_or_default().as_str())
    }

    /// Difficulty band of level `n`; -1 when refused.
    #[func]
    fn band(&mut self, n: i64) -> i64 {
        crate::calls::count();
        let result = loaded(&self.library)
            .and_then(|s| library::info_served(s, &self.endless, n))
            .map(|i| i.band as i64);
        self.error.check("LevelLibrary.band", result).unwrap_or(-1)
    }

    /// `{number, baked, band, machine, taps, difficulty, human_fail_rate, fresh}` for the level map
    /// (`baked` = the number of the level that plays as `n`: `n` itself for a fresh endless level;
    /// difficulty and fail rate null when unmeasured); `{}` when refused.
    #[func]
    fn level_info(&mut self, n: i64) -> VarDictionary {
        crate::calls::count();
        let result = loaded(&self.library).and_then(|s| library::info_served(s, &self.endless, n));
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
    fn load_text(&mut self, call: &str, text: String) -> bool {
        let result = library::parse(text);
        match self.error.check(call, result) {
            Some(set) => {
                self.library = Some(set);
                // Cycle levels of the old set would be stale.
                self.endless.clear();
                true
            }
            None => false,
        }
    }
}
