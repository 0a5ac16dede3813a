//! The CLI's typed errors. Each keeps the error it came from as its `source()`, so `main` prints the
//! whole chain on one line ("cannot write x.svg: No space left on device (os error 28)") and nothing is
//! flattened to a string on the way up. Every one exits 2 (bad input or an I/O failure), except
//! [`CliError::StdoutClosed`]: the reader of our output went away (`| head -1`), which is not a fault.

use std::path::PathBuf;

use screwsmith_gen::daily::bench::DailyError;
use screwsmith_gen::daily::date::DateError;
use screwsmith_gen::library::LibraryError;
use screwsmith_rules::LevelError;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum CliError {
    #[error("cannot read {path}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} is larger than {limit_mib} MiB, too large for a level file")]
    TooLarge { path: PathBuf, limit_mib: u64 },
    #[error("{path} is not UTF-8 text")]
    NotText { path: PathBuf },
    #[error("{0}")]
    Usage(String),
    #[error("play needs an interactive terminal (stdin and stdout must be a terminal, not a pipe or a file)")]
    NoTerminal,
    #[error("terminal")]
    Terminal(#[source] std::io::Error),
    #[error("{path}")]
    Level {
        path: PathBuf,
        #[source]
        source: LevelError,
    },
    #[error("{path}")]
    Library {
        path: PathBuf,
        #[source]
        source: LibraryError,
    },
    #[error("{what} cannot start")]
    Start {
        what: String,
        #[source]
        source: LevelError,
    },
    #[error("{what} does not replay")]
    Replay {
        what: String,
        #[source]
        source: screwsmith_rules::MoveError,
    },
    #[error("--date")]
    Date(#[source] DateError),
    #[error("--moves")]
    Hint(#[source] screwsmith_solver::hint::HintError),
    #[error("daily bench")]
    Daily(#[source] DailyError),
    #[error(
        "no Screwsmith checkout (a folder with the workspace Cargo.toml) contains {cwd}: run inside the repository or pass --file"
    )]
    NoCheckout { cwd: PathBuf },
    #[error("cannot write {path}")]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(transparent)]
    Placement(#[from] screwsmith_studio::placement::PlacementError),
    #[error("pixel audit")]
    Pixels(#[from] screwsmith_readability::pixel_audit::PixelError),
    #[error("standard output is closed")]
    StdoutClosed,
    #[error("cannot write to standard output")]
    Stdout(#[source] std::io::Error),
}

impl CliError {
    /// A bad argument value, with the reason.
    pub fn arg(msg: impl Into<String>) -> Self {
        CliError::Usage(msg.into())
    }

    /// The error and every error under it, joined on one line. A source whose text the outer message
    /// already ends with (a `transparent` wrapper) is not repeated.
    pub fn chain(&self) -> String {
        let mut line = self.to_string();
        let mut next = std::error::Error::source(self);
        while let Some(e) = next {
            let text = e.to_string();
            if !line.ends_with(&text) {
                line.push_str(": ");
                line.push_str(&text);
            }
            next = e.source();
        }
        line.replace('\n', " ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chain_names_the_file_and_the_io_cause_once() {
        let e = CliError::Write {
            path: "x.svg".into(),
            source: std::io::Error::from(std::io::ErrorKind::StorageFull),
        };
        assert_eq!(e.chain(), "cannot write x.svg: no storage space");
        let e = CliError::Daily(DailyError::Date(DateError::OutOfRange(7)));
        assert_eq!(e.chain(), "daily bench: bench number 7 is out of range");
    }
}
