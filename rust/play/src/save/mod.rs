//! The player's save: progress, stars, loss counts (which drive the invisible help), Daily Bench results
//! and settings, as versioned JSON written atomically.
//!
//! - [`data`]: the file's shape, parsing and validation.
//! - [`daily`]: the Daily Bench score, the day's best attempt and the streak.
//! - [`progress`]: what wins and losses earn (stars, unlocks, help) — the rules the menus read. Stars
//!   belong to a level number; losses to the board they were counted on.
//! - [`resume`]: the level in progress, kept when the app goes to the background.
//! - [`journal`]: the attempt in progress (a level's or a Daily Bench's), appended at every move;
//!   [`keeper`] keeps it even when the storage refuses the write that starts it.
//! - [`intros`]: which introductions (cards, level 1's guide) the player has seen.
//! - [`settings`]: player settings, changed by name with validation.
//! - [`health`]: whether writes reach storage, in the words a player is told (a full disk, a
//!   read-only folder), and when they do again.
//! - [`store`]: atomic writes; corrupt or newer files kept as backups.
//! - [`error`]: the typed [`SaveError`].

pub mod daily;
pub mod data;
pub mod error;
pub mod health;
pub mod intros;
pub mod journal;
pub mod keeper;
pub mod progress;
pub mod resume;
pub mod settings;
pub mod store;

pub use daily::{DailyAttempt, HINT_COST, UNDO_COST};
pub use data::{BoardKeys, DailyRecord, EndlessKeys, LevelRecord, SaveData, SAVE_VERSION};
pub use error::SaveError;
pub use health::{StorageFault, StorageHealth};
pub use progress::{
    missing_stars, number_arg, stars_for, MissingStar, HELPED_MAX_STARS, SCREWDRIVER_USES,
};
pub use resume::{InProgress, ResumeError};
/// The invisible-help threshold is the generator's rule (next to the help copy it triggers).
pub use screwsmith_gen::help::LOSSES_BEFORE_HELP;
pub use settings::{SettingValue, Settings, LANGUAGES};
pub use store::{write_atomic, LoadOutcome, SaveStore};
