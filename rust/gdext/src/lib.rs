//! `screwsmith-gdext`: the Godot classes of Screwsmith, a thin adapter over `screwsmith-play` and, behind
//! the `editor` feature, `screwsmith-editor` (never the designer tools in `screwsmith-studio`).
//!
//! Every `#[func]` converts its arguments, calls the core (mostly `screwsmith_play::view`, which holds the
//! argument checks, error texts and the plain rows behind each Dictionary), and converts the result. No rule
//! lives here. The GDScript-facing contract is `docs/godot-api.md`.
//!
//! - [`game_sim`]: `GameSim`, one game of one level; each change returns one result Dictionary.
//! - [`calls`]: the count of calls GDScript makes into the extension (the board benchmark prints it).
//! - [`daily_bench`]: `DailyBench` (Node), the day's bench made on a Rust thread, result by signal.
//! - [`level_library`]: `LevelLibrary`, the baked level set read through `FileAccess` (and the endless
//!   levels served this session).
//! - [`endless_levels`]: `EndlessLevels` (Node), levels past 200 made fresh on a Rust thread ahead of
//!   play, served through `LevelLibrary`; the cycle level when generation fails.
//! - `level_editor`: `LevelEditor` (Node), the level editor's edits and live verdict (a Rust thread);
//!   compiled only with the `editor` feature (the debug library the Godot editor loads);
//!   `level_editor_curve` its `shipped_curve`, the shipped levels' curve the verdict card plots.
//! - [`level_solver`]: `LevelSolver` (Node), solve/verify on a Rust thread, result by signal.
//! - [`hint_job`]: `HintJob` (Node), the player's hint (next proven move, or where the win was lost) on a
//!   Rust thread, result by signal.
//! - [`readability_audit`]: `ReadabilityAudit`, camera, world convention, palette, audit;
//!   [`plate_tints`] its `plate_colour` / `plate_colours`, the core's plate tints; [`rail_looks`] its
//!   `rail_looks`, the rail tray in each warning; `camera_frame` its `phone_frame`, what a
//!   phone frames of a board (with the `editor` feature, for the level editor's overlay).
//! - [`input_gate`]: `InputGate`, the board's touch input gate (the state machine is in the core).
//! - [`save_data`]: `SaveData`, the player's save (atomic, versioned; the rules are in the core);
//!   [`save_boards`] its `use_library`, which keys loss counts to boards; [`save_resume`] the level in
//!   progress kept across the app being closed; [`save_journal`] the attempt kept at every move;
//!   [`save_storage`] whether writes reach storage (a full disk is told on screen, not logged).
//! - [`onboarding`]: the introduction cards and level 1's guide (`SaveData`, `GameSim` methods).
//! - [`convert`]: core rows and JSON → Variants, Dictionaries and packed arrays.
//! - [`last_error`]: the `last_error()` + `godot_error!` convention every class shares.
//! - [`worker`]: a background job polled on the main thread, for the solver and daily-bench classes.
//!
//! Editor use: since Godot 4.3 a class without `tool` is a "runtime class" that the editor replaces with
//! a placeholder. The tool classes are `GameSim`, `LevelLibrary`, `LevelSolver`, `ReadabilityAudit` and
//! `LevelEditor`: the level preview dock (`godot_project/addons/screwsmith_preview`) plays, solves and
//! draws levels inside the editor, and the level editor (`godot_project/addons/screwsmith_editor`) edits
//! them there; the other classes are game-only. (`tests/gdext_modules.rs` checks both lists.)
//!
//! Panics: the release profile keeps `panic = "unwind"` so gdext can catch a panic inside a `#[func]`;
//! none is expected — every refusal is a `ViewError` (or a `SaveError` for `SaveData`).

use godot::prelude::*;

pub mod calls;
#[cfg(feature = "editor")]
pub mod camera_frame;
pub mod convert;
pub mod daily_bench;
pub mod endless_levels;
pub mod game_sim;
pub mod hint_job;
pub mod input_gate;
pub mod last_error;
#[cfg(feature = "editor")]
pub mod level_editor;
#[cfg(feature = "editor")]
pub mod level_editor_curve;
pub mod level_library;
pub mod level_solver;
pub mod onboarding;
pub mod plate_tints;
pub mod rail_looks;
pub mod readability_audit;
pub mod save_boards;
pub mod save_data;
pub mod save_journal;
pub mod save_resume;
pub mod save_storage;
pub mod worker;

/// The library's entry point; Godot finds it through `entry_symbol = "gdext_rust_init"`.
struct Screwsmith;

#[gdextension]
unsafe impl ExtensionLibrary for Screwsmith {}
