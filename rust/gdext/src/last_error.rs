//! One convention for refused calls (docs/godot-api.md): the method returns `false` / `null` / an empty
//! value, `last_error()` holds the message, and the message is logged with `godot_error!` so it shows in
//! the editor's debugger even when the script ignores the return value (`keep`: not logged, for a
//! refusal the caller always shows, like the level editor's refused edits).

use godot::prelude::*;
use std::fmt::Display;

/// The last refusal of one object ("" after a call that succeeded).
#[derive(Debug, Default)]
pub struct LastError {
    message: String,
}

impl LastError {
    /// Turns a core result (a `ViewError`, a `SaveError`, any printable error) into the Godot
    /// convention: `Some(value)` and a cleared error, or `None` with the error logged and kept.
    pub fn check<T, E: Display>(&mut self, class: &str, result: Result<T, E>) -> Option<T> {
        let kept = self.keep(result);
        if kept.is_none() {
            godot_error!("{class}: {}", self.message);
        }
        kept
    }

    /// `check` without the log line: for a refusal the caller always shows on screen (a designer's
    /// refused edit in the level editor's status line), which is no engine error.
    pub fn keep<T, E: Display>(&mut self, result: Result<T, E>) -> Option<T> {
        match result {
            Ok(v) => {
                self.message.clear();
                Some(v)
            }
            Err(e) => {
                self.message = e.to_string();
                None
            }
        }
    }

    /// The message for `last_error()`.
    pub fn get(&self) -> GString {
        GString::from(self.message.as_str())
    }
}
