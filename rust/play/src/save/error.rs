//! Typed errors for the save file. The game shows a message and keeps running; nothing here panics.

use std::path::PathBuf;
use thiserror::Error;

/// Why a save file could not be read or written.
#[derive(Debug, Error)]
pub enum SaveError {
    /// The file system refused (permissions, disk full, missing directory).
    #[error("save file {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The folder the save goes in is missing and cannot be made (a file in its place, no permission).
    #[error("cannot create the save folder {path}: {source}")]
    Folder {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// Not JSON, JSON of the wrong shape, or values out of range.
    #[error("save file is corrupt: {0}")]
    Corrupt(String),
    /// Written by a newer build of the game: this build must not read (or overwrite) it.
    #[error("save file version {found} is newer than this build's version {supported}")]
    NewerVersion { found: u32, supported: u32 },
    /// A caller passed a value that cannot be stored (level 0, an unknown setting).
    #[error("invalid save request: {0}")]
    Invalid(String),
}

impl SaveError {
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        SaveError::Io {
            path: path.into(),
            source,
        }
    }
}
