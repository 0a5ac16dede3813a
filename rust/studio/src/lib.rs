//! `screwsmith-studio`: the designer's tools, never linked into the game. The bake pipeline (docs/design.md §9): **generate → curate → validate → bundle**, as library
//! code the CLI's `bake`, `validate`, `bundle` and `report` commands call (each step usable alone).
//!
//! - [`generate`]: GenerateTuned with the real solver: 12 shapes × 16 seeds, measured, ranked.
//! - [`curate`]: the ranked winners must pass full verification and any extra checks (the readability
//!   audit plugs in here) before one is kept.
//! - [`validate`]: never trusts the file: recomputes every stored value with the same core code and
//!   compares within the tolerances stated next to the rounding; replays every solution; checks the curve.
//! - [`placement`], [`placed`]: designer levels placed at level numbers (`levels/custom/placements.json`),
//!   measured, curated and checked against the curve like generated ones.
//! - [`help`]: the invisible-help copy measured, chosen and stored by the bake, recomputed by `validate`.
//! - [`figures`]: the curve figures (per band, per 50-level slice, the targets of docs/design.md §4.6).
//! - [`report`]: the human-readable `levels/REPORT.md`.
//! - [`format`]: the stored JSON layout (cells and moves on one line each).
//! - [`scene`]: the picture of one level state as the camera sees it, for `screwsmith render`.
//! - [`bundle`]: where the Godot project's copy lives and how the two are compared.

pub mod bundle;
pub mod curate;
pub mod figures;
pub mod format;
pub mod generate;
pub mod help;
pub mod placed;
pub mod placement;
pub mod report;
pub mod scene;
pub mod validate;

pub use curate::{Check, CheckError, CurateError, Curator};
pub use generate::{bake_level, BakeError, BakedLevel};
pub use validate::Finding;
