//! GameSim: the rules of docs/design.md §2 over compact state, with exact undo.
//!
//! - [`bombs`]: countdown bomb counters and why a game was lost.
//! - [`compiled`]: a validated level turned into bitmasks (done once per level).
//! - [`crates`]: the crate queue and the active crate slots.
//! - [`rail`]: the holding rail.
//! - [`moves`]: moves and why one is rejected.
//! - [`pose`]: rest, hang, fallen or frame: how a part hangs given the screws left in it.
//! - [`record`]: what a move did, kept for undo and for the view's animations.
//! - [`game`]: [`GameSim`] itself: tap, wrench tap, undo, queries.
//! - [`cover`]: the plate a covered screw is seen through.
//! - [`snapshot`]: a full copy of the observable state, for the undo audit.

pub mod bombs;
pub mod compiled;
pub mod cover;
pub mod crates;
pub mod game;
pub mod moves;
pub mod pose;
pub mod rail;
pub mod record;
pub mod snapshot;

pub use bombs::{BombClocks, Loss};
pub use compiled::CompiledLevel;
pub use crates::{crate_queue, CrateSlot};
pub use game::{GameSim, Status};
pub use moves::{Move, MoveError};
pub use pose::Pose;
pub use record::{Dest, MoveRecord};
pub use snapshot::Snapshot;
