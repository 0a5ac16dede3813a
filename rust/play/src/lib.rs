//! `screwsmith-play`: the player's side of a board, still without an engine — the [`view`] layer that the
//! Godot adapter (`screwsmith-gdext`) maps 1:1 to engine types (the session behind one `GameSim`, the
//! solve and hint jobs, the Daily Bench), the save file, the touch input gate and onboarding. The
//! readability camera the board scene uses comes from `screwsmith-readability`, so the audit checks
//! exactly what the game shows.
//!
//! It sits above rules, solver, readability and generator, and below the level editor
//! (`screwsmith-editor`) and the GDExtension; the designer tools (`screwsmith-studio`) are not linked into
//! the phone's library (checked by `tests/crate_layers.rs`).
//!
//! Where to start: [`view::Session`] (the state behind one Godot `GameSim`), [`save`] (progress and the
//! rules the menus read), [`input_gate`] (taps from raw pointer events).

pub mod input_gate;
pub mod onboarding;
pub mod save;
pub mod view;
