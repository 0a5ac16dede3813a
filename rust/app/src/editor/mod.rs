//! The level editor's engine-free half (issue #28): the level being edited and its reversible edits
//! ([`model`], [`edit`]), the live verdict a designer sees after each edit ([`verdict`]), and the
//! one-level files it saves under `levels/custom/` ([`file`]).
//!
//! Why here: the verdict needs the solver, the generator's curve and hang poses, and the readability
//! audit, and `screwsmith-app` is the floor that may use all of them while staying below the GDExtension
//! (`screwsmith-studio` is never linked into it). The Godot plugin (`addons/screwsmith_editor`) only
//! draws the level and forwards mouse input as [`Edit`]s; every change and every number is decided here.

pub mod edit;
pub mod file;
pub mod live;
pub mod model;
pub mod verdict;

pub use edit::{same_document, Edit, EditError};
pub use file::{load_level_at, load_level_text, one_level_file, save_custom, FileError};
pub use live::LiveVerdict;
pub use model::EditedLevel;
pub use verdict::{verdict, Fault, Verdict};
