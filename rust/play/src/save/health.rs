//! Whether the save is reaching storage, in the words a player is told.
//!
//! A phone's storage fills up or turns read-only under a running game. The game plays on (nothing a
//! player did is lost from the board), but they must know that progress is not being kept, once,
//! and see it stop being true by itself when a write succeeds again — never as an engine log line
//! they cannot read. Every write of the save and of the attempt's journal reports here.

use std::io;

/// Why writes fail, as a player understands it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StorageFault {
    /// No space left on the device.
    Full,
    /// The storage refuses writes (read-only, or no permission).
    ReadOnly,
    /// Anything else the storage said.
    Failing,
}

impl StorageFault {
    /// The fault an I/O error means.
    pub fn of(error: &io::Error) -> StorageFault {
        match error.kind() {
            io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => StorageFault::Full,
            io::ErrorKind::ReadOnlyFilesystem | io::ErrorKind::PermissionDenied => {
                StorageFault::ReadOnly
            }
            _ => StorageFault::Failing,
        }
    }

    /// The name the game shows it by (its message key is `SAVE_` and this, upper-cased).
    pub fn id(self) -> &'static str {
        match self {
            StorageFault::Full => "full",
            StorageFault::ReadOnly => "read_only",
            StorageFault::Failing => "failing",
        }
    }
}

/// The storage's state as the last writes left it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StorageHealth {
    fault: Option<StorageFault>,
    /// Writes have failed since the game started: a success after that is "saving again".
    recovered: bool,
}

impl StorageHealth {
    /// Nothing failed yet (a `const` so one can live in a `static`).
    pub const fn new() -> StorageHealth {
        StorageHealth {
            fault: None,
            recovered: false,
        }
    }

    /// A write's outcome: an error starts (or continues) a fault, a success ends it.
    pub fn report<T>(&mut self, result: &io::Result<T>) {
        match result {
            Ok(_) => self.wrote(),
            Err(e) => self.failed(e),
        }
    }

    /// A write failed with `error`.
    pub fn failed(&mut self, error: &io::Error) {
        self.fault = Some(StorageFault::of(error));
        self.recovered = false;
    }

    /// A write reached storage.
    pub fn wrote(&mut self) {
        if self.fault.take().is_some() {
            self.recovered = true;
        }
    }

    /// Why progress is not being kept now, if it is not.
    pub fn fault(&self) -> Option<StorageFault> {
        self.fault
    }

    /// Whether writes succeed again after failing ("saving again"); read once, then forgotten.
    pub fn take_recovered(&mut self) -> bool {
        std::mem::take(&mut self.recovered)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(kind: io::ErrorKind) -> io::Error {
        io::Error::new(kind, "test")
    }

    #[test]
    fn errors_are_named_as_a_player_understands_them() {
        assert_eq!(
            StorageFault::of(&error(io::ErrorKind::StorageFull)),
            StorageFault::Full
        );
        assert_eq!(
            StorageFault::of(&io::Error::from_raw_os_error(28)),
            StorageFault::Full,
            "ENOSPC"
        );
        assert_eq!(
            StorageFault::of(&io::Error::from_raw_os_error(30)),
            StorageFault::ReadOnly,
            "EROFS"
        );
        assert_eq!(
            StorageFault::of(&error(io::ErrorKind::Other)),
            StorageFault::Failing
        );
    }

    #[test]
    fn a_fault_lasts_until_a_write_succeeds_and_recovery_is_told_once() {
        let mut health = StorageHealth::default();
        health.report(&Ok(()));
        assert_eq!(health.fault(), None);
        assert!(
            !health.take_recovered(),
            "nothing failed: nothing to recover from"
        );
        health.report::<()>(&Err(io::Error::from_raw_os_error(28)));
        health.report::<()>(&Err(io::Error::from_raw_os_error(28)));
        assert_eq!(health.fault(), Some(StorageFault::Full));
        assert!(!health.take_recovered());
        health.report(&Ok(()));
        assert_eq!(health.fault(), None);
        assert!(health.take_recovered());
        assert!(!health.take_recovered(), "told once");
    }
}
