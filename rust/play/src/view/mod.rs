//! The front end's view of the core: plain data and checked calls that the Godot adapter
//! (`screwsmith-gdext`) maps 1:1 to engine types. Everything decidable without an engine — argument
//! checks, error texts, the rows behind `screws()`/`parts()`/`crates()`, the animation events of a move,
//! level lookup in the baked set — lives here and is tested here, so the adapter has no logic to get wrong.
//!
//! - [`error`]: [`ViewError`], every refusal the adapter can report.
//! - [`assist`]: [`Assist`], the hints, rewinds and pending loss of one attempt.
//! - [`board`]: rows for screws, parts, crates, rail and moves.
//! - [`daily`]: the date, countdown and share arguments of Godot's `DailyBench`.
//! - [`daily_cache`]: the bench of the day kept on disk, so a visit does not generate it again.
//! - [`endless`]: the work behind Godot's `EndlessLevels` (levels past 200 made fresh on a [`Job`]'s
//!   thread, the cycle level when that fails), the levels served this session and the order they are made.
//! - [`endless_jobs`]: the schedule behind `EndlessLevels`: one worker, the opened level first, the
//!   cycle level when the work fails.
//! - [`endless_cache`]: fresh endless levels kept on disk beside the save, so reopening one is instant.
//! - [`events`]: the ordered events a move or undo plays, each with what the view needs to play it.
//! - [`diff`]: what a change did to the board's rows, worked out once.
//! - [`move_result`]: [`MoveResult`], one change as the view plays and draws it.
//! - [`job`]: [`Job`], background work polled from the main thread (solver, daily bench, endless levels).
//! - [`solve`]: the work behind Godot's `LevelSolver` (parse now, solve on a [`Job`]'s thread).
//! - [`hint`]: the work behind Godot's `HintJob` (check the moves now, find the hint on a [`Job`]'s thread).
//! - [`refusal`]: [`Refusal`], a tap the rules turned down, as the line the board shows.
//! - [`readability`]: camera, world position and audit calls for Godot's `ReadabilityAudit`.
//! - [`session`]: [`Session`], the state behind one Godot `GameSim`.
//! - [`library`]: level numbers and the level-map row for Godot's `LevelLibrary`.

pub mod assist;
pub mod board;
pub mod daily;
pub mod daily_cache;
pub mod diff;
pub mod endless;
pub mod endless_cache;
pub mod endless_jobs;
pub mod error;
pub mod events;
pub mod hint;
pub mod job;
pub mod library;
pub mod move_result;
pub mod readability;
pub mod refusal;
pub mod session;
pub mod solve;

pub use assist::{Assist, Loss};
pub use board::{CrateView, MoveView, PartView, Pose, PoseKind, ScrewView};
pub use error::{narrow, ViewError};
pub use events::{Event, EventKind, Place};
pub use job::{Job, JobContext, JobOutcome, Poll};
pub use library::LevelInfo;
pub use move_result::{MoveResult, RailState, Tools};
pub use refusal::Refusal;
pub use session::Session;
