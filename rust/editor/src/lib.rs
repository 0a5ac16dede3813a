//! `screwsmith-editor`: the level editor's engine-free half — the level being edited and its reversible
//! edits ([`model`], [`edit`]; a screw's lock and bomb in [`locks`]), the level-wide settings and their ranges ([`settings`]), what the shipped set holds a file to ([`shipping`]), the live verdict a designer sees after each edit ([`verdict`], its causes in a designer's words in [`causes`], the screws a plate covers in [`cover`], run on a
//! background job by [`live`]), the shipped levels' curve it is placed on ([`curve`]), the one-level
//! files it saves under `levels/custom/` ([`file`]), and what a phone's camera frames of the board
//! ([`phone_frame`]).
//!
//! Why a crate of its own: the verdict needs the solver, the generator's curve and hang poses and the
//! readability audit, but a player never edits a level. The GDExtension links this crate only behind its
//! `editor` feature (the debug library the Godot editor loads), so the phone's library carries none of it;
//! `screwsmith-studio` is never linked into either. It reuses the player's background [`Job`] and the
//! atomic file write from `screwsmith-play`. The Godot plugin (`addons/screwsmith_editor`) only draws the
//! level and forwards mouse input as [`Edit`]s; every change and every number is decided here.
//!
//! [`Job`]: screwsmith_play::view::Job

pub mod causes;
pub mod cover;
pub mod curve;
pub mod edit;
pub mod file;
pub mod live;
pub mod locks;
pub mod model;
pub mod phone_frame;
pub mod settings;
pub mod shipping;
pub mod verdict;

pub use causes::Cause;
pub use cover::covered_screws;
pub use curve::{curve_of, curve_of_text, Curve};
pub use edit::{same_document, Edit, EditError, NewScrew};
pub use file::{load_level_at, load_level_text, one_level_file, save_custom, FileError};
pub use live::LiveVerdict;
pub use locks::{screw_marks, OpenedLock, ScrewMark};
pub use model::EditedLevel;
pub use phone_frame::{phone_frame, PhoneFrame};
pub use shipping::{shipped_colours, shipping_warnings};
pub use verdict::{verdict, Fault, Verdict};
