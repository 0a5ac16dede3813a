//! The player's save: progress, stars, loss counts (which drive the invisible help), Daily Bench results
//! and settings, as versioned JSON written atomically.
//!
//! - [`data`]: the file's shape, parsing and validation.
//! - [`progress`]: what wins and losses earn (stars, unlocks, help) — the rules the menus read.
//! - [`store`]: atomic writes; corrupt or newer files kept as backups.
//! - [`error`]: the typed [`SaveError`].

pub mod data;
pub mod error;
pub mod progress;
pub mod store;

pub use data::{DailyRecord, LevelRecord, SaveData, Settings, LANGUAGES, SAVE_VERSION};
pub use error::SaveError;
pub use progress::{stars_for, HELP_AFTER_LOSSES, SCREWDRIVER_USES};
pub use store::{LoadOutcome, SaveStore};
