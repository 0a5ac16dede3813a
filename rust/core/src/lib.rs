//! `screwsmith-core`: the one implementation of Screwsmith's rules and everything that measures them.
//!
//! The game (through `screwsmith-gdext`), the solver, the baker and the validator all call this crate, so
//! "the solver says it's solvable but the app disagrees" cannot happen. It never depends on `godot`
//! (checked by `tests/no_engine.rs`): everything here runs in `cargo test`, on a build machine and on a
//! background thread of the phone.
//!
//! Where to start: [`level`] (the file format and its validation), [`sim::GameSim`] (the rules and exact
//! undo), [`audit::undo`] (the audit that proves undo exact and can be made to fail).
//! The game's own state machines live here too: [`input_gate`] (touch input) and [`save`] (the save file).

pub mod audit;
pub mod bake;
pub mod cells;
pub mod daily;
pub mod gen;
pub mod help;
pub mod input_gate;
pub mod level;
pub mod library;
pub mod readability;
pub mod rng;
pub mod save;
pub mod sim;
pub mod solver;
pub mod view;

pub use level::{LevelData, LevelError, LevelFile};
pub use rng::Rng;
pub use sim::{CompiledLevel, GameSim, Move, MoveError, Status};
