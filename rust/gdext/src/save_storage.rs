//! Whether the game's writes reach storage (`screwsmith_play::save::health`), for the whole process:
//! the save file and the attempt's journal share one disk. Every write of either reports here instead
//! of logging an engine error (a full disk is not a fault of the game), and `SaveData.storage()` tells
//! the screen.

use std::sync::Mutex;

use godot::prelude::*;
use screwsmith_play::save::{SaveError, StorageHealth};

use crate::save_data::SaveData;

static HEALTH: Mutex<StorageHealth> = Mutex::new(StorageHealth::new());

fn with<R>(f: impl FnOnce(&mut StorageHealth) -> R) -> R {
    f(&mut HEALTH.lock().unwrap_or_else(|p| p.into_inner()))
}

/// A write's outcome.
pub(crate) fn report<T>(result: &std::io::Result<T>) {
    with(|h| h.report(result));
}

/// A write of the save file: `Ok`, or its error when it is the storage's (passed back otherwise).
pub(crate) fn report_save(result: Result<(), SaveError>) -> Result<(), SaveError> {
    match result {
        Ok(()) => {
            with(StorageHealth::wrote);
            Ok(())
        }
        Err(SaveError::Io { source, .. } | SaveError::Folder { source, .. }) => {
            with(|h| h.failed(&source));
            Ok(())
        }
        Err(other) => Err(other),
    }
}

#[godot_api(secondary)]
impl SaveData {
    /// Whether progress is reaching storage: `{fault, recovered}` — `fault` is "" when it is, else
    /// "full", "read_only" or "failing" (the message is `SAVE_` + its upper case); `recovered` is true
    /// once after writes succeed again.
    #[func]
    fn storage(&self) -> VarDictionary {
        crate::calls::count();
        with(|h| {
            let fault = h.fault().map_or("", |f| f.id());
            vdict! { "fault" => fault, "recovered" => h.take_recovered() }
        })
    }
}
