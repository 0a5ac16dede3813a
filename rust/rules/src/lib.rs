//! `screwsmith-rules`: the one implementation of Screwsmith's rules — the level file, its validation, the
//! game simulation with exact undo, and the audit that proves undo exact.
//!
//! The bottom layer of the workspace: it depends on serde, serde_json and thiserror only (checked by
//! `tests/crate_layers.rs`), so the game (through `screwsmith-play` and the GDExtension), the solver, the
//! generator and the designer tools all play by the same code, and "the solver says it's solvable but the
//! app disagrees" cannot happen.
//!
//! Where to start: [`level`] (the file format and its validation), [`sim::GameSim`] (the rules and exact
//! undo), `audit::undo` (the audit that proves undo exact and can be made to fail).
//!
//! The audit and its bug switches (`GameSim::set_legacy_crate_undo`, the corrupted snapshot) compile only
//! with the `undo-audit` feature, which the CLI and this crate's tests turn on and the GDExtension never
//! does (checked by `tests/gdext_features.rs`): the game's library has no legacy undo path.

#[cfg(feature = "undo-audit")]
pub mod audit;
pub mod cells;
pub mod level;
pub mod moves;
pub mod rng;
pub mod sim;

pub use level::{LevelData, LevelError, LevelFile};
pub use rng::Rng;
pub use sim::{CompiledLevel, GameSim, Move, MoveError, Status};
