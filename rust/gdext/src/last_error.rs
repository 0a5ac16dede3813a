//! One convention for refused calls (docs/godot-api.md): the method returns `false` / `null` / an empty
//! value, `last_error()` holds the message, and the message is logged with `godot_error!` so it shows in
//! the editor's debugger even when the script ignores the return value.

use godot::prelude::*;
use screwsmith_core::view::ViewError;

/// The last refusal of one object ("" after a call that succeeded).
#[derive(Debug, Default)]
pub struct LastError {
    message: String,
}

impl LastError {
    /// Turns a core result into the Godot convention: `Some(value)` and a cleared error, or `None` with
    /// the error logged and kept.
    pub fn check<T>(&mut self, class: &str, result: Result<T, ViewError>) -> Option<T> {
        match result {
            Ok(v) => {
                self.message.clear();
                Some(v)
            }
            Err(e) => {
                self.message = e.to_string();
                godot_error!("{class}: {}", self.message);
                None
            }
        }
    }

    /// The message for `last_error()`.
    pub fn get(&self) -> GString {
        GString::from(self.message.as_str())
    }
}
