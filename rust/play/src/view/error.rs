//! Why a call from the game's front end was refused. Every error the Godot adapter can report comes from
//! here (or wraps a [`LevelError`] / [`MoveError`]), so each message is tested without an engine and
//! GDScript only ever sees one of these texts through `last_error()`.

use thiserror::Error;

use screwsmith_gen::daily::DateError;
use screwsmith_gen::library::LibraryError;
use screwsmith_rules::level::LevelError;
use screwsmith_rules::sim::MoveError;

/// A refused front-end call. The adapter logs it and returns `false` / `null` / an empty value.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ViewError {
    /// A query or move before any level was loaded.
    #[error("no level loaded: call load_json() first")]
    NoLevel,
    /// An integer argument outside the range the call accepts (GDScript ints are 64-bit).
    #[error("{what} {value} is out of range ({min}..={max})")]
    OutOfRange {
        what: &'static str,
        value: i64,
        min: i64,
        max: i64,
    },
    /// A library query before any level file was loaded.
    #[error("no level file loaded: call load_default() or load_json() first")]
    NoLibrary,
    /// A file the adapter was asked to read could not be read.
    #[error("cannot read {path}: {reason}")]
    Read { path: String, reason: String },
    /// A background job is already running; cancel it or wait for its result.
    #[error("a job is already running: cancel() it or wait for its result")]
    Busy,
    /// The background thread could not be started or died without a result.
    #[error("background job failed: {0}")]
    Job(String),
    /// The player's screwdriver is spent for this attempt (docs/design.md §2: a limited number of undos per try).
    #[error("the screwdriver is spent: {used} of {uses} uses taken this attempt")]
    ScrewdriverSpent { used: u32, uses: u32 },
    /// The screwdriver after a win or loss: a finished game stays finished (the result is saved).
    #[error("the game is over ({0}): the screwdriver only works while playing")]
    Finished(&'static str),
    /// The lose panel's rescue on a board that is not lost (`playing` or `won`).
    #[error("the rescue takes back the move that filled the rail; the game is {0}")]
    NotLost(&'static str),
    /// The rescue or a rewind after the loss was counted (the player left the board, or the app was
    /// closed on it): the board stays lost.
    #[error("the loss is already counted: the board stays lost")]
    LossCounted,
    /// A rewind to a point the attempt never passed, or after a win.
    #[error("cannot rewind to {to} moves: {played} moves were played")]
    Rewind { to: i64, played: u32 },
    /// A safe area (viewport pixels) that is empty or reaches outside its viewport.
    #[error(
        "safe area {width}x{height} at ({x}, {y}) is empty or reaches outside the \
         {viewport_w}x{viewport_h} viewport"
    )]
    SafeArea {
        x: i64,
        y: i64,
        width: i64,
        height: i64,
        viewport_w: i64,
        viewport_h: i64,
    },
    #[error(transparent)]
    Level(#[from] LevelError),
    /// A Daily Bench date that names no bench.
    #[error(transparent)]
    Date(#[from] DateError),
    /// The library could not serve a level (not in the baked set, or a bad file).
    #[error(transparent)]
    Library(#[from] LibraryError),
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A saved attempt that does not replay on the level (it resumes nothing).
    #[error(transparent)]
    Resume(#[from] crate::save::ResumeError),
}

/// Narrows a GDScript integer to `T`, naming the argument in the error.
pub fn narrow<T: TryFrom<i64> + Into<i64> + Copy>(
    what: &'static str,
    value: i64,
    min: T,
    max: T,
) -> Result<T, ViewError> {
    T::try_from(value)
        .ok()
        .filter(|v| (min.into()..=max.into()).contains(&(*v).into()))
        .ok_or(ViewError::OutOfRange {
            what,
            value,
            min: min.into(),
            max: max.into(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_accepts_the_range_and_names_the_argument_outside_it() {
        assert_eq!(narrow::<u16>("screw id", 7, 0, u16::MAX), Ok(7));
        let err = narrow::<u16>("screw id", 70_000, 0, u16::MAX).unwrap_err();
        assert_eq!(
            err.to_string(),
            "screw id 70000 is out of range (0..=65535)"
        );
        let err = narrow::<u16>("screw id", -1, 0, u16::MAX).unwrap_err();
        assert!(err.to_string().contains("-1"), "{err}");
        assert!(narrow::<u8>("rail", 9, 1, 7).is_err());
    }

    #[test]
    fn job_refusals_read_well() {
        assert_eq!(
            ViewError::Busy.to_string(),
            "a job is already running: cancel() it or wait for its result"
        );
        let spawn = ViewError::Job("cannot start a thread: out of memory".into());
        assert_eq!(
            spawn.to_string(),
            "background job failed: cannot start a thread: out of memory"
        );
    }
}
