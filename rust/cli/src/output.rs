//! Everything the CLI writes: lines on stdout ([`say!`], which turns a closed pipe into a quiet end
//! instead of a panic) and files, written all or nothing ([`Batch`]): every file is first written in
//! full beside its target, and only when all of them are written are they renamed into place, so a full
//! disk or an interrupted run never leaves a half-written level set, picture or report, nor a `.tmp` file.
//!
//! Test hook: `SCREWSMITH_FAIL_WRITE=K` makes the K-th file write of the run (0-based) stop half way
//! with "No space left on device", so tests can prove a failed write leaves the previous outputs as they were.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use crate::error::CliError;

/// `println!` that returns a [`CliError`] (`StdoutClosed` when the reader went away) through `?`.
macro_rules! say {
    () => {
        $crate::output::line(format_args!(""))?
    };
    ($($arg:tt)*) => {
        $crate::output::line(format_args!($($arg)*))?
    };
}

/// Writes one line on stdout.
pub fn line(args: std::fmt::Arguments) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_fmt(args)
        .and_then(|_| out.write_all(b"\n"))
        .map_err(stdout_error)
}

/// "1 level", "2 levels": a count with its noun.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A move in words: "tap 21", "wrench 7".
pub fn move_name(mv: screwsmith_rules::Move) -> String {
    match mv {
        screwsmith_rules::Move::Tap(id) => format!("tap {id}"),
        screwsmith_rules::Move::Wrench(id) => format!("wrench {id}"),
    }
}

/// A failed write to stdout: a closed pipe is the reader's choice, anything else a real fault.
pub fn stdout_error(e: std::io::Error) -> CliError {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        CliError::StdoutClosed
    } else {
        CliError::Stdout(e)
    }
}

/// File writes made so far by this run (for the test hook).
static WRITES: AtomicU32 = AtomicU32::new(0);

/// Writes `bytes` to a new file, honouring the `SCREWSMITH_FAIL_WRITE` test hook.
fn write_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let k = WRITES.fetch_add(1, Ordering::Relaxed);
    let fail = std::env::var("SCREWSMITH_FAIL_WRITE")
        .ok()
        .and_then(|v| v.parse::<u32>().ok());
    if fail == Some(k) {
        std::fs::write(path, &bytes[..bytes.len() / 2])?;
        return Err(std::io::Error::from_raw_os_error(28)); // ENOSPC: the disk filled up half way
    }
    std::fs::write(path, bytes)
}

/// A hidden sibling of `path` with a suffix: `dir/.name.suffix`.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{suffix}"))
}

/// Output files written together, all or nothing.
#[derive(Default)]
pub struct Batch {
    files: Vec<(PathBuf, Vec<u8>)>,
    /// Folders replaced as a whole: files in them that this batch does not write disappear.
    dirs: Vec<PathBuf>,
}

/// One rename of the swap, remembered so a failure half way can undo the renames before it.
struct Swapped {
    target: PathBuf,
    backup: Option<PathBuf>,
}

impl Batch {
    pub fn new() -> Self {
        Batch::default()
    }

    /// Adds a file.
    pub fn file(&mut self, path: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) {
        self.files.push((path.into(), bytes.into()));
    }

    /// Replaces `dir` as a whole with the files this batch writes into it (e.g. the report's thumbnails,
    /// so thumbnails of another set do not stay behind).
    pub fn replace_dir(&mut self, dir: impl Into<PathBuf>) {
        self.dirs.push(dir.into());
    }

    /// The replaced folder a path lies in, if any.
    fn dir_of(&self, path: &Path) -> Option<&PathBuf> {
        self.dirs.iter().find(|d| path.starts_with(d))
    }

    /// Writes every file beside its target (files of a replaced folder into a staging folder beside
    /// it), then renames them all into place. On any failure nothing is left changed or behind.
    pub fn commit(self) -> Result<(), CliError> {
        let mut staged: Vec<PathBuf> = Vec::new();
        let result = self.stage(&mut staged).and_then(|()| self.swap());
        if result.is_err() {
            for p in &staged {
                let _ = std::fs::remove_file(p);
            }
        }
        for d in &self.dirs {
            let _ = std::fs::remove_dir_all(sibling(d, "new"));
            let _ = std::fs::remove_dir_all(sibling(d, "old"));
        }
        result
    }

    /// Where a file is written before the swap.
    fn staging_path(&self, path: &Path) -> PathBuf {
        match self.dir_of(path) {
            Some(d) => sibling(d, "new").join(path.strip_prefix(d).expect("inside the folder")),
            None => sibling(path, "tmp"),
        }
    }

    fn stage(&self, staged: &mut Vec<PathBuf>) -> Result<(), CliError> {
        for d in &self.dirs {
            let new = sibling(d, "new");
            let _ = std::fs::remove_dir_all(&new);
            std::fs::create_dir_all(&new).map_err(|source| write_error(d, source))?;
        }
        for (path, bytes) in &self.files {
            if path.file_name().is_none() {
                return Err(CliError::arg(format!(
                    "{} is not a file path",
                    path.display()
                )));
            }
            // Renaming over a device, folder or pipe would replace it (`--out /dev/null` as root).
            if std::fs::symlink_metadata(path).is_ok_and(|m| !m.is_file()) {
                return Err(CliError::arg(format!(
                    "{} exists and is not a regular file; name a file to write",
                    path.display()
                )));
            }
            let tmp = self.staging_path(path);
            if let Some(dir) = tmp.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|source| write_error(path, source))?;
            }
            staged.push(tmp.clone());
            write_file(&tmp, bytes).map_err(|source| write_error(path, source))?;
        }
        Ok(())
    }

    /// Renames the staged files and folders into place; undoes the renames done so far on a failure.
    fn swap(&self) -> Result<(), CliError> {
        let mut done: Vec<Swapped> = Vec::new();
        let mut result = Ok(());
        let loose = self
            .files
            .iter()
            .map(|(p, _)| p)
            .filter(|p| self.dir_of(p).is_none());
        let moves: Vec<(PathBuf, PathBuf)> = loose
            .map(|p| (self.staging_path(p), p.clone()))
            .chain(self.dirs.iter().map(|d| (sibling(d, "new"), d.clone())))
            .collect();
        for (from, target) in moves {
            match swap_one(&from, &target) {
                Ok(s) => done.push(s),
                Err(source) => {
                    result = Err(write_error(&target, source));
                    break;
                }
            }
        }
        for s in done.iter().rev() {
            match (&result, &s.backup) {
                (Ok(()), Some(b)) if b.is_dir() => {
                    let _ = std::fs::remove_dir_all(b);
                }
                (Ok(()), Some(b)) => {
                    let _ = std::fs::remove_file(b);
                }
                (Ok(()), None) => {}
                (Err(_), backup) => {
                    if s.target.is_dir() {
                        let _ = std::fs::remove_dir_all(&s.target);
                    } else {
                        let _ = std::fs::remove_file(&s.target);
                    }
                    if let Some(b) = backup {
                        let _ = std::fs::rename(b, &s.target);
                    }
                }
            }
        }
        result
    }
}

/// Moves the old target aside (if any) and the staged one into place.
fn swap_one(from: &Path, target: &Path) -> std::io::Result<Swapped> {
    let backup = if target.exists() {
        let b = sibling(target, "old");
        if b.is_dir() {
            std::fs::remove_dir_all(&b)?;
        }
        std::fs::rename(target, &b)?;
        Some(b)
    } else {
        None
    };
    match std::fs::rename(from, target) {
        Ok(()) => Ok(Swapped {
            target: target.to_path_buf(),
            backup,
        }),
        Err(e) => {
            if let Some(b) = &backup {
                let _ = std::fs::rename(b, target);
            }
            Err(e)
        }
    }
}

fn write_error(path: &Path, source: std::io::Error) -> CliError {
    CliError::Write {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes one file atomically, creating its folder when needed (the bundle goes into
/// `godot_project/levels/`).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let mut batch = Batch::new();
    batch.file(path, bytes);
    batch.commit()
}

/// Reads a file that may be missing (`None`), e.g. the bundled copy.
pub fn read_optional(path: &Path) -> Result<Option<Vec<u8>>, CliError> {
    match std::fs::read(path) {
        Ok(b) => Ok(Some(b)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(CliError::Read {
            path: path.to_path_buf(),
            source,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("screwsmith-batch-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_replaced_folder_keeps_only_the_new_files() {
        let d = scratch("dir");
        std::fs::create_dir_all(d.join("thumbs")).unwrap();
        std::fs::write(d.join("thumbs/stale.svg"), "old").unwrap();
        std::fs::write(d.join("r.md"), "old").unwrap();
        let mut b = Batch::new();
        b.replace_dir(d.join("thumbs"));
        b.file(d.join("thumbs/new.svg"), "new");
        b.file(d.join("r.md"), "new");
        b.commit().unwrap();
        let names: Vec<_> = std::fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names.len(), 2, "no staging or backup left: {names:?}");
        assert!(!d.join("thumbs/stale.svg").exists());
        assert_eq!(std::fs::read(d.join("thumbs/new.svg")).unwrap(), b"new");
        assert_eq!(std::fs::read(d.join("r.md")).unwrap(), b"new");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_failed_rename_undoes_the_renames_before_it() {
        let d = scratch("undo");
        std::fs::write(d.join("a.txt"), "old a").unwrap();
        std::fs::write(d.join("b.txt"), "old b").unwrap();
        let mut batch = Batch::new();
        batch.file(d.join("a.txt"), "new a");
        batch.file(d.join("b.txt"), "new b");
        // Only `a` is staged: the rename of `b` fails after `a` was swapped into place.
        std::fs::write(batch.staging_path(&d.join("a.txt")), "new a").unwrap();
        let err = batch.swap().unwrap_err();
        assert!(err.chain().starts_with("cannot write"), "{}", err.chain());
        assert_eq!(std::fs::read(d.join("a.txt")).unwrap(), b"old a");
        assert_eq!(std::fs::read(d.join("b.txt")).unwrap(), b"old b");
        let mut names: Vec<_> = std::fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["a.txt", "b.txt"], "no backup or staged file left");
        let _ = std::fs::remove_dir_all(&d);
    }
}
