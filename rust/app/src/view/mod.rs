//! The front end's view of the core: plain data and checked calls that the Godot adapter
//! (`screwsmith-gdext`) maps 1:1 to engine types. Everything decidable without an engine — argument
//! checks, error texts, the rows behind `screws()`/`parts()`/`crates()`, the animation events of a move,
//! level lookup in the baked set — lives here and is tested here, so the adapter has no logic to get wrong.
//!
//! - [`error`]: [`ViewError`], every refusal the adapter can report.
//! - [`board`]: rows for screws, parts, crates, rail and moves.
//! - [`daily`]: the date and share arguments of Godot's `DailyBench`.
//! - [`events`]: the ordered signals a move or undo emits.
//! - [`job`]: [`Job`], background work polled from the main thread (solver, daily bench).
//! - [`solve`]: the work behind Godot's `LevelSolver` (parse now, solve on a [`Job`]'s thread).
//! - [`readability`]: camera, world position and audit calls for Godot's `ReadabilityAudit`.
//! - [`session`]: [`Session`], the state behind one Godot `GameSim`.
//! - [`rows`]: [`RowLog`], which screw and part rows changed after the revision a view drew last.
//! - [`library`]: level numbers and the level-map row for Godot's `LevelLibrary`.

pub mod board;
pub mod daily;
pub mod error;
pub mod events;
pub mod job;
pub mod library;
pub mod readability;
pub mod rows;
pub mod session;
pub mod solve;

pub use board::{CrateView, MoveView, PartView, Pose, ScrewView};
pub use error::{narrow, ViewError};
pub use events::Event;
pub use job::{Job, JobContext, JobOutcome, Poll};
pub use library::LevelInfo;
pub use rows::RowLog;
pub use session::Session;
