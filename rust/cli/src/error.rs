//! The CLI's typed errors: all are bad input (exit code 2) with a message naming the file.

use std::path::PathBuf;

use screwsmith_rules::LevelError;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum CliError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}")]
    Usage(String),
    #[error("terminal: {0}")]
    Terminal(std::io::Error),
    #[error("{path}: {source}")]
    Level { path: PathBuf, source: LevelError },
    #[error("{path}: no level number {number}")]
    NoSuchLevel { path: PathBuf, number: u32 },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl CliError {
    /// A bad argument value, with the reason.
    pub fn arg(msg: impl Into<String>) -> Self {
        CliError::Usage(msg.into())
    }
}
