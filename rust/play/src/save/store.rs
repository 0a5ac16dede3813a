//! Reading and writing the save file without ever losing it.
//!
//! - Writes are atomic: the text goes to `<file>.tmp`, is flushed to disk, then renamed over the file.
//!   A crash mid-write leaves the previous save intact (rename replaces in one step).
//! - A corrupt file is renamed to a backup next to it (`<file>.corrupt-N`, N chosen so no earlier backup
//!   is replaced) before this build starts a fresh save, and the caller is told (so the game can say so).
//! - A file written by a newer build is left exactly where and as it is: the store opens read-only
//!   (this build plays on defaults in memory and writes nothing), so the updated game finds the
//!   player's progress again. Moving it aside would hide it from the newer build for good.
//! - Writing is only possible through a [`SaveStore`] returned by [`SaveStore::open`], i.e. after the
//!   file on disk was read and dealt with.

use super::data::SaveData;
use super::error::SaveError;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What [`SaveStore::open`] found on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadOutcome {
    /// No save yet: defaults.
    Fresh,
    /// The save was read.
    Loaded,
    /// The save was unreadable; it was moved to `backup` and play starts fresh.
    RecoveredCorrupt { backup: PathBuf, reason: String },
    /// The save came from a newer build; it stays untouched, play starts on defaults and nothing is
    /// written (the store is read-only).
    ReadOnlyNewer { found: u32 },
}

impl LoadOutcome {
    /// The outcome's name for the GDScript adapter: "fresh", "loaded", "recovered_corrupt",
    /// "read_only_newer".
    pub fn name(&self) -> &'static str {
        match self {
            LoadOutcome::Fresh => "fresh",
            LoadOutcome::Loaded => "loaded",
            LoadOutcome::RecoveredCorrupt { .. } => "recovered_corrupt",
            LoadOutcome::ReadOnlyNewer { .. } => "read_only_newer",
        }
    }

    /// Where the old file was kept, if it was moved aside.
    pub fn backup(&self) -> Option<&Path> {
        match self {
            LoadOutcome::RecoveredCorrupt { backup, .. } => Some(backup),
            LoadOutcome::Fresh | LoadOutcome::Loaded | LoadOutcome::ReadOnlyNewer { .. } => None,
        }
    }

    /// Why the old file was moved aside ("" when it was not).
    pub fn reason(&self) -> String {
        match self {
            LoadOutcome::RecoveredCorrupt { reason, .. } => reason.clone(),
            LoadOutcome::ReadOnlyNewer { found } => {
                format!(
                    "written by save version {found}, this build reads {}: left untouched, nothing is saved",
                    super::SAVE_VERSION
                )
            }
            LoadOutcome::Fresh | LoadOutcome::Loaded => String::new(),
        }
    }
}

/// The save file at one path.
#[derive(Debug)]
pub struct SaveStore {
    path: PathBuf,
    /// Set when the file on disk belongs to a newer build: [`SaveStore::write`] then writes nothing.
    read_only: bool,
}

impl SaveStore {
    /// Read the save at `path`, moving a corrupt file aside and leaving a newer-version file untouched
    /// (read-only store). Errors only when the file system fails (the file cannot be read or the
    /// backup cannot be made).
    pub fn open(path: impl Into<PathBuf>) -> Result<(SaveStore, SaveData, LoadOutcome), SaveError> {
        let mut store = SaveStore {
            path: path.into(),
            read_only: false,
        };
        store.remove_stale_temps();
        let text = match fs::read(&store.path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok((store, SaveData::default(), LoadOutcome::Fresh));
            }
            Err(e) => return Err(SaveError::io(&store.path, e)),
        };
        let parsed = std::str::from_utf8(&text)
            .map_err(|e| SaveError::Corrupt(format!("not UTF-8: {e}")))
            .and_then(SaveData::from_json);
        let outcome = match parsed {
            Ok(data) => return Ok((store, data, LoadOutcome::Loaded)),
            Err(SaveError::NewerVersion { found, .. }) => {
                store.read_only = true;
                LoadOutcome::ReadOnlyNewer { found }
            }
            Err(SaveError::Corrupt(reason)) => LoadOutcome::RecoveredCorrupt {
                backup: store.move_aside("corrupt")?,
                reason,
            },
            Err(other) => return Err(other),
        };
        Ok((store, SaveData::default(), outcome))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The journal of the level in progress (`<file>.level-journal`).
    pub fn level_journal(&self) -> PathBuf {
        self.sibling("level-journal")
    }

    /// The journal of the Daily Bench attempt in progress (`<file>.daily-journal`).
    pub fn daily_journal(&self) -> PathBuf {
        self.sibling("daily-journal")
    }

    /// Removes the temp files a write killed half-way left behind (never read; their names are
    /// fixed, so at most one each can exist, but none should outlive the next start).
    fn remove_stale_temps(&self) {
        for file in [
            self.path.clone(),
            self.level_journal(),
            self.daily_journal(),
        ] {
            let _ = fs::remove_file(sibling(&file, "tmp"));
        }
    }

    /// Whether this store writes nothing (the file on disk is a newer build's).
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// Write `data` atomically (temp file, flush, rename), creating the save's folder first when it
    /// is missing (a save path such as `user://a/b/save.json` is the player's or a test's choice; a
    /// missing folder must not cost every write). A folder that cannot be made is a
    /// [`SaveError::Folder`]. A read-only store writes nothing and succeeds: the game keeps playing in
    /// memory over a newer build's save it must not replace.
    pub fn write(&self, data: &SaveData) -> Result<(), SaveError> {
        if self.read_only {
            return Ok(());
        }
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(|source| SaveError::Folder {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        write_atomic(&self.path, data.to_json().as_bytes())
            .map_err(|e| SaveError::io(&self.path, e))
    }

    /// `<file>.<suffix>`
    fn sibling(&self, suffix: &str) -> PathBuf {
        sibling(&self.path, suffix)
    }

    /// Rename the save to the first free `<file>.<tag>-N`, never replacing an earlier backup.
    fn move_aside(&self, tag: &str) -> Result<PathBuf, SaveError> {
        for n in 1..=9999u32 {
            let backup = self.sibling(&format!("{tag}-{n}"));
            if backup.exists() {
                continue;
            }
            fs::rename(&self.path, &backup).map_err(|e| SaveError::io(&self.path, e))?;
            return Ok(backup);
        }
        Err(SaveError::io(
            &self.path,
            std::io::Error::other("no free backup name (9999 backups exist)"),
        ))
    }
}

/// `<file>.<suffix>`
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".");
    name.push(suffix);
    path.with_file_name(name)
}

/// Writes `bytes` to `path` so that a crash leaves either the old file or the new one: the text goes
/// to `<file>.tmp`, is flushed to disk, then renamed over the file (rename replaces in one step) and
/// the directory is synced.
/// The save, the Daily Bench cache and the editor's designer files are written this way.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = sibling(path, "tmp");
    let result = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, path)?;
        // The rename is an entry in the directory: synced too, or a power cut may undo it.
        sync_dir(path)
    })();
    if result.is_err() {
        // Best effort: a stale temp file is harmless (never read) but untidy.
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Syncs the directory holding `path` (a created, renamed or removed entry reaches storage). Only
/// Unix lets a directory be opened; elsewhere the file system keeps its own order.
pub fn sync_dir(path: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        fs::File::open(dir)?.sync_all()?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A fresh directory per test (no shared state between parallel tests).
    pub(crate) fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("screwsmith-save-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn missing_file_starts_fresh_and_write_then_read_round_trips() {
        let path = scratch("fresh").join("save.json");
        let (store, mut data, outcome) = SaveStore::open(&path).unwrap();
        assert_eq!(outcome, LoadOutcome::Fresh);
        data.record_win(1, 0, false).unwrap();
        store.write(&data).unwrap();
        assert!(!store.sibling("tmp").exists(), "temp file renamed away");
        let (_, again, outcome) = SaveStore::open(&path).unwrap();
        assert_eq!(outcome, LoadOutcome::Loaded);
        assert_eq!(again, data);
    }

    #[test]
    fn a_missing_folder_is_created_on_the_first_write() {
        let dir = scratch("folder");
        let path = dir.join("a").join("b").join("save.json");
        let (store, mut data, outcome) = SaveStore::open(&path).unwrap();
        assert_eq!(outcome, LoadOutcome::Fresh);
        data.record_win(1, 0, false).unwrap();
        store.write(&data).unwrap();
        let (_, again, outcome) = SaveStore::open(&path).unwrap();
        assert_eq!(outcome, LoadOutcome::Loaded);
        assert_eq!(again, data);
    }

    #[test]
    fn a_folder_that_cannot_be_made_is_a_typed_error() {
        // A file where a folder of the path should be: no permission trick, so it fails as root too.
        let dir = scratch("no-folder");
        let path = dir.join("a").join("b").join("save.json");
        let (store, data, _) = SaveStore::open(&path).unwrap();
        fs::write(dir.join("a"), b"a file, not a folder").unwrap();
        let err = store.write(&data).unwrap_err();
        let SaveError::Folder { path: folder, .. } = &err else {
            panic!("expected a folder error, got {err:?}");
        };
        assert_eq!(*folder, dir.join("a").join("b"));
        assert!(
            err.to_string().starts_with("cannot create the save folder"),
            "{err}"
        );
        assert_eq!(fs::read(dir.join("a")).unwrap(), b"a file, not a folder");
    }

    #[test]
    fn corrupt_file_is_kept_as_a_backup_and_never_overwritten() {
        let dir = scratch("corrupt");
        let path = dir.join("save.json");
        fs::write(&path, b"{\"version\":1,\"levels\":{\"1\":{\"stars\":").unwrap();
        let (store, data, outcome) = SaveStore::open(&path).unwrap();
        let LoadOutcome::RecoveredCorrupt { backup, .. } = outcome else {
            panic!("expected a corrupt recovery, got {outcome:?}");
        };
        assert_eq!(backup, dir.join("save.json.corrupt-1"));
        assert_eq!(data, SaveData::default());
        store.write(&data).unwrap();
        assert_eq!(
            fs::read(&backup).unwrap(),
            b"{\"version\":1,\"levels\":{\"1\":{\"stars\":"
        );

        // A second corruption gets its own backup; the first one survives.
        fs::write(&path, b"\xff\xfe not utf-8").unwrap();
        let (_, _, outcome) = SaveStore::open(&path).unwrap();
        assert!(
            matches!(&outcome, LoadOutcome::RecoveredCorrupt { backup, .. } if *backup == dir.join("save.json.corrupt-2")),
            "{outcome:?}"
        );
        assert!(dir.join("save.json.corrupt-1").exists());
    }

    #[test]
    fn newer_version_file_stays_byte_identical_and_the_store_is_read_only() {
        let dir = scratch("newer");
        let path = dir.join("save.json");
        let future = br#"{"version":7,"levels":{"1":{"stars":3,"gems":9}}}"#;
        fs::write(&path, future).unwrap();
        let (store, mut data, outcome) = SaveStore::open(&path).unwrap();
        assert_eq!(outcome, LoadOutcome::ReadOnlyNewer { found: 7 });
        assert!(store.is_read_only());
        assert_eq!(data, SaveData::default());
        data.record_win(1, 0, false).unwrap();
        store.write(&data).unwrap();
        assert_eq!(fs::read(&path).unwrap(), future, "not a byte changed");
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(
            names,
            vec![std::ffi::OsString::from("save.json")],
            "no backup, no temp file"
        );
        // The next start finds it again, still untouched.
        let (_, _, outcome) = SaveStore::open(&path).unwrap();
        assert_eq!(outcome.name(), "read_only_newer");
    }

    #[test]
    fn outcomes_describe_themselves_for_the_adapter() {
        let kept = LoadOutcome::ReadOnlyNewer { found: 2 };
        assert_eq!(kept.name(), "read_only_newer");
        assert_eq!(kept.backup(), None);
        assert!(kept.reason().contains("version 2"));
        let corrupt = LoadOutcome::RecoveredCorrupt {
            backup: PathBuf::from("s.json.corrupt-1"),
            reason: "eof".into(),
        };
        assert_eq!(corrupt.backup(), Some(Path::new("s.json.corrupt-1")));
        assert_eq!(
            (LoadOutcome::Fresh.name(), LoadOutcome::Fresh.reason()),
            ("fresh", String::new())
        );
    }

    #[test]
    fn a_leftover_temp_file_from_a_crash_does_not_matter() {
        let dir = scratch("crash");
        let path = dir.join("save.json");
        let (store, mut data, _) = SaveStore::open(&path).unwrap();
        data.record_loss(4).unwrap();
        store.write(&data).unwrap();
        // A kill between create and rename leaves half a temp file (of the save or of a journal's
        // start); the real files are untouched and the next start removes the leftovers.
        fs::write(dir.join("save.json.tmp"), b"{\"vers").unwrap();
        fs::write(dir.join("save.json.level-journal.tmp"), b"0123").unwrap();
        let (store, loaded, outcome) = SaveStore::open(&path).unwrap();
        assert_eq!((outcome, &loaded), (LoadOutcome::Loaded, &data));
        assert!(!dir.join("save.json.tmp").exists());
        assert!(!store
            .level_journal()
            .with_extension("level-journal.tmp")
            .exists());
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("save.json")]);
    }

    #[test]
    fn unwritable_location_is_a_typed_error() {
        // The folder exists, but a folder stands where the file should go: the rename cannot replace it.
        let dir = scratch("unwritable");
        let path = dir.join("save.json");
        let (store, data, _) = SaveStore::open(&path).unwrap();
        fs::create_dir(&path).unwrap();
        assert!(matches!(store.write(&data), Err(SaveError::Io { .. })));
    }
}
