//! `screwsmith-gen`: the level generator (docs/design.md §4): machines, BSP panels, board shapes per band, the difficulty curve and
//! GenerateTuned.
//!
//! - [`machines`]: the 16 named silhouettes; level `n` uses machine `((n-1)/4) % 16`.
//! - [`bsp`]: binary space partition (panels on a layer never overlap).
//! - [`shape`]: the band ladder and the 12 shapes a level tries.
//! - [`curve`]: `TargetFor(n)` and the calibration table (target score per band, with reasons).
//! - [`mechanics`]: when rusty, hidden and bolt screws, locks and bombs arrive.
//! - [`locks`]: where a lock and its key go (ordering pressure, never a key that cannot leave).
//! - [`bombs`]: where a bomb goes and its count, timed from a winning line.
//! - [`candidate`]: one candidate level from (machine, shape, mechanics, seed).
//! - [`daily`]: the Daily Bench (docs/design.md §5), one proven board a day from the date alone.
//! - [`endless`]: fresh proven levels past the baked set, from the level number alone.
//! - [`library`]: the baked set as the game reads it, with [`help`] (the invisible help copy).
//! - [`tuned`]: the 12 × 16 search and its choice rule; the bake (`screwsmith_studio`) measures with the solver.

pub mod bombs;
pub mod bsp;
pub mod candidate;
pub mod curve;
pub mod daily;
pub mod endless;
pub mod help;
pub mod library;
pub mod locks;
pub mod machines;
pub mod mechanics;
pub mod shape;
pub mod tuned;

pub use candidate::{build, CandidateSpec, GenError};
pub use curve::{
    spike_check, target_for, target_raw, target_score, SpikeError, CALIBRATION, MAX_BAND,
};
pub use machines::{machine, machine_for_level, Machine, MACHINES};
pub use mechanics::Mechanics;
pub use shape::{band_shape, shapes_for, Shape};
pub use tuned::{candidate, level_specs, Aim};
