//! The attempt in progress, durable at every move: an append-only journal beside the save.
//!
//! A phone may kill the game at any instant without a word (low-memory killer, force-stop, crash), so
//! the attempt cannot wait for a pause notification to be kept. Every change of the attempt (tap,
//! wrench tap, undo, restart, rescue, rewind, a hint shown) appends one record to a small journal file
//! before the call that made it returns; the next start folds the journal back into an [`InProgress`]
//! and resumes it.
//!
//! The file is text, one record a line: `<crc32 of the JSON, 8 hex digits> <JSON>\n`.
//! - Line 1 is the [`Header`]: which attempt (a level or a Daily Bench of one date) on which board.
//! - Every later line is a [`Step`]: how many moves came off the end of the attempt, which came on, and
//!   the attempt's counters after it. Its move count after the step is checked while folding.
//! - Reading stops at the first line that is unterminated, fails its checksum or does not fold (a torn
//!   write from a power cut, half a record from a kill mid-write): what came before it is the attempt.
//!   Nothing in a journal can make the save unreadable; a journal with a bad header is no attempt.
//!
//! Durability: a writer starts a journal with an atomic rewrite (temp file, fsync, rename, fsync of the
//! directory), so an append never follows garbage. An append is always one `write` on the main thread
//! before the call returns: once it returns the kernel holds it, and a killed process loses nothing,
//! not even the move the HUD has just shown. `fdatasync` (against a power cut, which a kill is not)
//! runs on the writer's own thread, woken after each append, since storage latency on a phone can be
//! tens of milliseconds, a frame. An append made while that sync runs may wait for it on file systems
//! that keep a page under writeback stable (f2fs does): at most one sync, and only when moves come
//! faster than the storage syncs — a late frame, where handing the record to the sync thread instead
//! would lose the move to a kill in those milliseconds.

use super::data::SaveData;
use super::resume::InProgress;
use super::store::{sync_dir, write_atomic, SaveStore};
use screwsmith_rules::sim::Move;
use serde::{Deserialize, Serialize};
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};

/// The journal format this build writes and reads.
pub const JOURNAL_VERSION: u32 = 1;

/// Which attempt a journal holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttemptOf {
    /// A level by number (beyond the baked set: the endless number).
    Level(u32),
    /// The Daily Bench `bench` of the UTC date `date` (YYYY-MM-DD).
    Daily { bench: u32, date: String },
}

/// Line 1 of a journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub version: u32,
    pub of: AttemptOf,
    /// `screwsmith_gen::library::board_key` of the board played.
    pub board: String,
}

/// One change of the attempt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// Moves taken off the end (undo, rescue, rewind, restart).
    pub pop: u32,
    /// Moves played after that, first first.
    pub push: Vec<Move>,
    /// Moves on the board after this step (checked while folding).
    pub moves: u32,
    pub screwdriver_used: u32,
    pub hints_used: u32,
    pub rewound: bool,
    pub wrench_charges: u8,
}

/// What a journal on disk holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovered {
    pub header: Header,
    /// The attempt after the last good record (`level` is the level or the bench number).
    pub attempt: InProgress,
    /// Good records read (the header not counted).
    pub steps: usize,
    /// Bytes after the last good record (a torn or damaged tail, ignored).
    pub ignored_bytes: usize,
}

impl Recovered {
    /// The attempt worth resuming: at least one move on the board.
    pub fn resumable(&self) -> Option<&InProgress> {
        (!self.attempt.moves.is_empty()).then_some(&self.attempt)
    }
}

/// `<path>` as a record line: checksum, space, JSON, newline.
fn line<T: Serialize>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("journal records serialise");
    format!("{:08x} {json}\n", crc32fast::hash(json.as_bytes()))
}

/// The JSON of one complete line (without its newline), if its checksum holds.
fn checked(line: &[u8]) -> Option<&str> {
    let text = std::str::from_utf8(line).ok()?;
    let (sum, json) = text.split_once(' ')?;
    let sum = u32::from_str_radix(sum, 16).ok()?;
    (sum == crc32fast::hash(json.as_bytes()) && text.len() == 9 + json.len()).then_some(json)
}

/// Folds journal bytes into the attempt they describe; `None` when there is no intact header.
pub fn fold(bytes: &[u8]) -> Option<Recovered> {
    let mut lines = complete_lines(bytes);
    let (header_line, mut used) = lines.next()?;
    let header: Header = serde_json::from_str(checked(header_line)?).ok()?;
    if header.version != JOURNAL_VERSION {
        return None;
    }
    let level = match &header.of {
        AttemptOf::Level(n) => *n,
        AttemptOf::Daily { bench, .. } => *bench,
    };
    let mut attempt = InProgress {
        level,
        board: header.board.clone(),
        moves: Vec::new(),
        screwdriver_used: 0,
        wrench_charges: 0,
        hints_used: 0,
        rewound: false,
    };
    let mut steps = 0;
    for (text, end) in lines {
        let Some(step) = checked(text).and_then(|j| serde_json::from_str::<Step>(j).ok()) else {
            break;
        };
        if !apply(&mut attempt, &step) {
            break;
        }
        steps += 1;
        used = end;
    }
    Some(Recovered {
        header,
        attempt,
        steps,
        ignored_bytes: bytes.len() - used,
    })
}

/// Applies `step` to `attempt`; false (and `attempt` unchanged) when it does not fit.
fn apply(attempt: &mut InProgress, step: &Step) -> bool {
    let Some(kept) = attempt.moves.len().checked_sub(step.pop as usize) else {
        return false;
    };
    if kept + step.push.len() != step.moves as usize {
        return false;
    }
    attempt.moves.truncate(kept);
    attempt.moves.extend_from_slice(&step.push);
    attempt.screwdriver_used = step.screwdriver_used;
    attempt.hints_used = step.hints_used;
    attempt.rewound = step.rewound;
    attempt.wrench_charges = step.wrench_charges;
    true
}

/// The newline-terminated lines of `bytes` with the offset just past each (an unterminated tail is
/// not a line).
fn complete_lines(bytes: &[u8]) -> impl Iterator<Item = (&[u8], usize)> {
    let mut start = 0;
    std::iter::from_fn(move || {
        let len = bytes[start..].iter().position(|&b| b == b'\n')?;
        let line = &bytes[start..start + len];
        start += len + 1;
        Some((line, start))
    })
}

/// The step from `before` to `now` (`None`: nothing changed).
fn step(before: &InProgress, now: &InProgress) -> Option<Step> {
    let same = before
        .moves
        .iter()
        .zip(&now.moves)
        .take_while(|(a, b)| a == b)
        .count();
    let counters = |a: &InProgress| {
        (
            a.screwdriver_used,
            a.hints_used,
            a.rewound,
            a.wrench_charges,
        )
    };
    if same == before.moves.len() && same == now.moves.len() && counters(before) == counters(now) {
        return None;
    }
    Some(Step {
        pop: u32::try_from(before.moves.len() - same).unwrap_or(u32::MAX),
        push: now.moves[same..].to_vec(),
        moves: u32::try_from(now.moves.len()).unwrap_or(u32::MAX),
        screwdriver_used: now.screwdriver_used,
        hints_used: now.hints_used,
        rewound: now.rewound,
        wrench_charges: now.wrench_charges,
    })
}

/// Reads the journal at `path`: `Ok(None)` when there is none or its header is not intact.
pub fn read(path: &Path) -> std::io::Result<Option<Recovered>> {
    match fs::read(path) {
        Ok(bytes) => Ok(fold(&bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Deletes the journal at `path` (the attempt ended) and syncs its directory; a missing file is fine.
pub fn remove(path: &Path) -> std::io::Result<()> {
    match fs::remove_file(path) {
        Ok(()) => sync_dir(path),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// A Daily Bench attempt a journal kept, resumed only on the same bench (the same UTC day).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyInProgress {
    pub bench: u32,
    pub date: String,
    pub attempt: InProgress,
}

/// Reads the journals beside the save at the start: a level journal's attempt is the level in
/// progress (it is newer than anything the save holds: it follows every move; one at no move
/// means the last level played was left untouched), and the Daily Bench attempt is returned. A
/// journal that cannot be read is no attempt; the save is never touched by one.
pub fn recover(store: &SaveStore, data: &mut SaveData) -> Option<DailyInProgress> {
    if let Ok(Some(level)) = read(&store.level_journal()) {
        if matches!(level.header.of, AttemptOf::Level(_)) {
            data.in_progress = level.resumable().cloned();
        }
    }
    let daily = read(&store.daily_journal()).ok().flatten()?;
    let attempt = daily.resumable()?.clone();
    match daily.header.of {
        AttemptOf::Daily { bench, date } => Some(DailyInProgress {
            bench,
            date,
            attempt,
        }),
        AttemptOf::Level(_) => None,
    }
}

/// When an append reaches storage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sync {
    /// `fdatasync` on the writer's thread after each append (what the game uses).
    Background,
    /// `fdatasync` before [`Journal::record`] returns (measured against, and used by tests).
    Inline,
    /// Background, each sync taking a while: every record but the first is made while one runs.
    #[cfg(test)]
    Slow,
}

/// What the main thread and the sync thread share.
#[derive(Debug, Default)]
struct Shared {
    /// Bytes were written since the last sync began.
    dirty: bool,
    /// The journal is dropped: the thread syncs what was written and ends.
    closed: bool,
    /// The first write or sync error of the thread (it then stops; the next record reports it).
    failed: Option<std::io::Error>,
}

/// How the sync thread brings the file to storage (`File::sync_data`; tests slow it down).
type SyncFn = fn(&File) -> std::io::Result<()>;

#[derive(Debug)]
struct Syncer {
    shared: Arc<(Mutex<Shared>, Condvar)>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// The writer of one attempt's journal.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    of: AttemptOf,
    sync: Sync,
    file: Arc<File>,
    /// The attempt as the file holds it.
    last: InProgress,
    /// `None`: every record syncs inline.
    syncer: Option<Syncer>,
    /// A write failed (a full disk, a read-only folder): the file may end in a torn line, after which
    /// nothing would be read, so the next record writes the whole attempt again instead.
    broken: bool,
}

impl Journal {
    /// Starts the journal of `of` at `path` holding `now` (the header and one step, written atomically
    /// over whatever was there).
    pub fn start(
        path: &Path,
        of: AttemptOf,
        now: &InProgress,
        sync: Sync,
    ) -> std::io::Result<Self> {
        let header = Header {
            version: JOURNAL_VERSION,
            of: of.clone(),
            board: now.board.clone(),
        };
        let empty = InProgress {
            moves: Vec::new(),
            screwdriver_used: 0,
            hints_used: 0,
            rewound: false,
            wrench_charges: 0,
            ..now.clone()
        };
        let mut text = line(&header);
        if let Some(first) = step(&empty, now) {
            text.push_str(&line(&first));
        }
        write_atomic(path, text.as_bytes())?;
        let file = Arc::new(OpenOptions::new().append(true).open(path)?);
        let syncer = match sync {
            Sync::Background => Syncer::spawn(Arc::clone(&file), File::sync_data),
            #[cfg(test)]
            Sync::Slow => Syncer::spawn(Arc::clone(&file), tests::slow_sync),
            Sync::Inline => None,
        };
        Ok(Journal {
            path: path.to_path_buf(),
            of,
            sync,
            file,
            last: now.clone(),
            syncer,
            broken: false,
        })
    }

    /// Appends what changed since the last record (nothing when nothing did). `now` must be the same
    /// attempt (level and board as started). Returns whether a record was written.
    ///
    /// The record is written before this returns (a killed process loses nothing); with
    /// [`Sync::Background`] the sync to storage follows on the writer's thread.
    ///
    /// After a failed write the next record writes the whole attempt again (atomically, as
    /// [`Journal::start`] does), so keeping the attempt resumes by itself once the storage takes
    /// writes again, and nothing after a torn line is ever lost.
    pub fn record(&mut self, now: &InProgress) -> std::io::Result<bool> {
        if self.broken {
            *self = Journal::start(&self.path, self.of.clone(), now, self.sync)?;
            return Ok(true);
        }
        let Some(step) = step(&self.last, now) else {
            return Ok(false);
        };
        let text = line(&step);
        let written = match &self.syncer {
            Some(syncer) => syncer.append(&self.file, text.as_bytes()),
            None => (&*self.file)
                .write_all(text.as_bytes())
                .and_then(|()| self.file.sync_data()),
        };
        if let Err(e) = written {
            self.broken = true;
            return Err(e);
        }
        self.last.clone_from(now);
        Ok(true)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The attempt as the journal holds it.
    pub fn last(&self) -> &InProgress {
        &self.last
    }
}

impl Drop for Journal {
    /// Waits for the sync thread to sync what was written (at most one storage sync).
    fn drop(&mut self) {
        if let Some(mut syncer) = self.syncer.take() {
            syncer
                .shared
                .0
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .closed = true;
            syncer.shared.1.notify_one();
            if let Some(thread) = syncer.thread.take() {
                let _ = thread.join();
            }
        }
    }
}

impl Syncer {
    /// A thread that syncs `file` after appends; `None` when no thread can be made (then every
    /// record syncs inline).
    fn spawn(file: Arc<File>, sync: SyncFn) -> Option<Syncer> {
        let shared = Arc::new((Mutex::new(Shared::default()), Condvar::new()));
        let theirs = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("journal-sync".into())
            .spawn(move || sync_loop(&file, &theirs, sync))
            .ok()?;
        Some(Syncer {
            shared,
            thread: Some(thread),
        })
    }

    /// Writes `bytes` now and wakes the thread to sync them. The lock is not held while writing:
    /// the thread holds it only to read and clear its flags, never across a sync.
    fn append(&self, file: &File, bytes: &[u8]) -> std::io::Result<()> {
        let (lock, wake) = &*self.shared;
        if let Some(e) = lock.lock().unwrap_or_else(|p| p.into_inner()).failed.take() {
            return Err(e);
        }
        let mut out = file;
        out.write_all(bytes)?;
        lock.lock().unwrap_or_else(|p| p.into_inner()).dirty = true;
        wake.notify_one();
        Ok(())
    }
}

fn sync_loop(file: &File, shared: &(Mutex<Shared>, Condvar), sync: SyncFn) {
    let (lock, wake) = shared;
    loop {
        let mut state = lock.lock().unwrap_or_else(|p| p.into_inner());
        while !state.dirty && !state.closed {
            state = wake.wait(state).unwrap_or_else(|p| p.into_inner());
        }
        if !state.dirty {
            return;
        }
        state.dirty = false;
        drop(state);
        if let Err(e) = sync(file) {
            lock.lock().unwrap_or_else(|p| p.into_inner()).failed = Some(e);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::store::tests::scratch;
    use super::*;
    use proptest::prelude::*;

    fn attempt(moves: &[u16], sd: u32) -> InProgress {
        InProgress {
            level: 12,
            board: "00ff00ff00ff00ff".into(),
            moves: moves.iter().map(|&s| Move::Tap(s)).collect(),
            screwdriver_used: sd,
            wrench_charges: 1,
            hints_used: 0,
            rewound: false,
        }
    }

    /// A journal of a short attempt with taps, an undo, a hint and a rewind; the attempts after
    /// each record, first the one `start` wrote.
    fn played(dir: &Path, sync: Sync) -> (PathBuf, Vec<InProgress>) {
        let path = dir.join("save.json.level-journal");
        let mut states = vec![attempt(&[3], 0)];
        states.push(attempt(&[3, 5], 0));
        states.push(attempt(&[3, 5, 7], 0));
        states.push(attempt(&[3, 5], 1)); // screwdriver
        let mut hinted = attempt(&[3, 5], 1);
        hinted.hints_used = 1;
        states.push(hinted.clone());
        let mut rewound = attempt(&[3], 1);
        rewound.hints_used = 1;
        rewound.rewound = true;
        states.push(rewound);
        let mut wrenched = attempt(&[3], 1);
        wrenched.moves.push(Move::Wrench(9));
        wrenched.wrench_charges = 0;
        wrenched.hints_used = 1;
        wrenched.rewound = true;
        states.push(wrenched);
        let mut journal = Journal::start(&path, AttemptOf::Level(12), &states[0], sync).unwrap();
        for s in &states[1..] {
            assert!(journal.record(s).unwrap());
        }
        assert!(
            !journal.record(states.last().unwrap()).unwrap(),
            "no change, no record"
        );
        (path, states)
    }

    #[test]
    fn every_change_folds_back_to_the_attempt() {
        let dir = scratch("journal-fold");
        let (path, states) = played(&dir, Sync::Inline);
        let back = read(&path).unwrap().unwrap();
        assert_eq!(back.header.of, AttemptOf::Level(12));
        assert_eq!(&back.attempt, states.last().unwrap());
        assert_eq!((back.steps, back.ignored_bytes), (states.len(), 0));
        assert_eq!(back.resumable(), Some(states.last().unwrap()));
    }

    #[test]
    fn background_sync_writes_the_same_file() {
        let dir = scratch("journal-background");
        let (path, states) = played(&dir, Sync::Background);
        assert_eq!(
            &read(&path).unwrap().unwrap().attempt,
            states.last().unwrap()
        );
    }

    /// A sync that takes 20 ms: long enough that every record after the first is made while one runs.
    pub(super) fn slow_sync(file: &File) -> std::io::Result<()> {
        std::thread::sleep(std::time::Duration::from_millis(20));
        file.sync_data()
    }

    /// Every record is in the file when `record` returns, even while a sync runs: a kill then
    /// loses nothing, not even the move just shown. Switch that breaks it: handing a record made
    /// during a sync to the sync thread, to append after the sync, leaves it out of the file.
    #[test]
    fn a_record_is_in_the_file_when_record_returns_while_a_sync_runs() {
        let dir = scratch("journal-kill");
        let path = dir.join("save.json.level-journal");
        let mut now = attempt(&[], 0);
        let mut journal = Journal::start(&path, AttemptOf::Level(12), &now, Sync::Slow).unwrap();
        for i in 0..12u16 {
            now.moves.push(Move::Tap(i));
            assert!(journal.record(&now).unwrap());
            let on_disk = read(&path).unwrap().unwrap();
            assert_eq!(on_disk.attempt, now, "after move {}", i + 1);
        }
    }

    /// Records made back to back (most of them while the previous one syncs) reach the file whole
    /// and in order.
    #[test]
    fn records_made_during_a_sync_keep_their_order() {
        let dir = scratch("journal-order");
        let path = dir.join("save.json.level-journal");
        let mut now = attempt(&[], 0);
        let mut journal =
            Journal::start(&path, AttemptOf::Level(12), &now, Sync::Background).unwrap();
        for i in 0..300u16 {
            if i % 5 == 4 {
                now.moves.pop();
                now.screwdriver_used += 1;
            } else {
                now.moves.push(Move::Tap(i));
            }
            assert!(journal.record(&now).unwrap());
        }
        drop(journal);
        let back = read(&path).unwrap().unwrap();
        assert_eq!((back.steps, back.ignored_bytes), (301, 0));
        assert_eq!(back.attempt, now);
    }

    /// A write that fails (here: the file handle refuses writes, as a full disk would) leaves the
    /// journal broken; the next record writes the whole attempt again, and it reads back whole.
    /// Switch that breaks it: appending after the failure instead would leave the failed move's
    /// torn line or gap, and the attempt read back would miss it.
    #[test]
    fn after_a_failed_write_the_next_record_writes_the_whole_attempt() {
        let dir = scratch("journal-failed");
        let path = dir.join("save.json.level-journal");
        let mut now = attempt(&[3], 0);
        let mut journal = Journal::start(&path, AttemptOf::Level(12), &now, Sync::Inline).unwrap();
        journal.file = Arc::new(File::open(&path).unwrap());
        now.moves.push(Move::Tap(5));
        assert!(
            journal.record(&now).is_err(),
            "a read-only handle refuses the append"
        );
        now.moves.push(Move::Tap(7));
        assert!(journal.record(&now).unwrap(), "written whole again");
        now.moves.push(Move::Tap(9));
        assert!(journal.record(&now).unwrap(), "and appended to as before");
        drop(journal);
        let back = read(&path).unwrap().unwrap();
        assert_eq!(back.attempt, now);
        assert_eq!(back.ignored_bytes, 0);
    }

    #[test]
    fn a_restart_starts_the_journal_again_and_leaves_no_temp_file() {
        let dir = scratch("journal-restart");
        let (path, _) = played(&dir, Sync::Inline);
        let fresh = attempt(&[], 0);
        Journal::start(&path, AttemptOf::Level(12), &fresh, Sync::Inline).unwrap();
        let back = read(&path).unwrap().unwrap();
        assert_eq!((&back.attempt, back.resumable()), (&fresh, None));
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(
            names,
            vec![std::ffi::OsString::from("save.json.level-journal")]
        );
        remove(&path).unwrap();
        remove(&path).unwrap();
        assert_eq!(read(&path).unwrap(), None);
    }

    #[test]
    fn a_daily_bench_attempt_keeps_its_date() {
        let dir = scratch("journal-daily");
        let path = dir.join("save.json.daily-journal");
        let of = AttemptOf::Daily {
            bench: 97,
            date: "2026-12-02".into(),
        };
        let mut now = attempt(&[1, 2], 0);
        now.level = 97;
        Journal::start(&path, of.clone(), &now, Sync::Inline).unwrap();
        let back = read(&path).unwrap().unwrap();
        assert_eq!((back.header.of, back.attempt), (of, now));
    }

    #[test]
    fn a_damaged_record_ends_the_attempt_there() {
        let dir = scratch("journal-damaged");
        let (path, states) = played(&dir, Sync::Inline);
        let bytes = fs::read(&path).unwrap();
        // Flip one byte inside the fourth step's JSON: its checksum fails, the three before stand.
        let starts: Vec<usize> = complete_lines(&bytes).map(|(_, end)| end).collect();
        let mut bad = bytes.clone();
        bad[starts[3] + 12] ^= 0x01;
        let back = fold(&bad).unwrap();
        assert_eq!((back.steps, &back.attempt), (3, &states[2]));
        assert_eq!(back.ignored_bytes, bytes.len() - starts[3]);
        // A step that does not fit (more moves popped than played) ends it too.
        let mut misfit = bytes[..starts[1]].to_vec();
        misfit.extend_from_slice(
            line(&Step {
                pop: 9,
                push: vec![],
                moves: 0,
                screwdriver_used: 0,
                hints_used: 0,
                rewound: false,
                wrench_charges: 0,
            })
            .as_bytes(),
        );
        assert_eq!(fold(&misfit).unwrap().attempt, states[0]);
        // No intact header: no attempt at all, never an error.
        assert_eq!(fold(&bytes[1..]), None);
        assert_eq!(fold(b""), None);
    }

    /// A journal cut at any byte folds to the attempt of its last complete record: never an error,
    /// never a state that was not recorded, never fewer records than were whole.
    #[test]
    fn a_journal_cut_at_every_byte_keeps_every_whole_record() {
        let dir = scratch("journal-cut");
        let (path, states) = played(&dir, Sync::Inline);
        let bytes = fs::read(&path).unwrap();
        let ends: Vec<usize> = complete_lines(&bytes).map(|(_, end)| end).collect();
        assert_eq!(
            ends.len(),
            states.len() + 1,
            "a header and a step per state"
        );
        let untouched = attempt(&[], 0);
        let untouched = InProgress {
            wrench_charges: 0,
            ..untouched
        };
        for cut in 0..=bytes.len() {
            let whole = ends.iter().filter(|&&e| e <= cut).count();
            let Some(back) = fold(&bytes[..cut]) else {
                assert_eq!(whole, 0, "cut at {cut}: the header was whole");
                continue;
            };
            let expected = if whole >= 2 {
                &states[whole - 2]
            } else {
                &untouched
            };
            assert_eq!(back.steps, whole - 1, "cut at {cut}");
            assert_eq!(&back.attempt, expected, "cut at {cut}");
            assert_eq!(back.ignored_bytes, cut - ends[whole - 1], "cut at {cut}");
        }
    }

    #[test]
    fn the_journals_beside_the_save_are_its_attempts_in_progress() {
        let dir = scratch("journal-recover");
        let (store, mut data, _) = SaveStore::open(dir.join("save.json")).unwrap();
        data.record_win(3, 0, false).unwrap();
        let paused = attempt(&[3], 0);
        data.in_progress = Some(InProgress { level: 4, ..paused });
        store.write(&data).unwrap();
        assert_eq!(
            recover(&store, &mut data),
            None,
            "no journal: the save's attempt"
        );
        assert_eq!(data.in_progress.as_ref().map(|a| a.level), Some(4));

        let moved = attempt(&[3, 5], 1);
        Journal::start(
            &store.level_journal(),
            AttemptOf::Level(12),
            &moved,
            Sync::Inline,
        )
        .unwrap();
        let mut bench = attempt(&[8], 0);
        bench.level = 97;
        let of = AttemptOf::Daily {
            bench: 97,
            date: "2026-12-02".into(),
        };
        Journal::start(&store.daily_journal(), of, &bench, Sync::Inline).unwrap();
        let daily = recover(&store, &mut data).unwrap();
        assert_eq!(
            (daily.bench, daily.date.as_str(), &daily.attempt),
            (97, "2026-12-02", &bench)
        );
        assert_eq!(
            data.in_progress.as_ref(),
            Some(&moved),
            "the journal is newer"
        );
        assert_eq!(data.stars(3), 3, "the rest of the save untouched");

        // A torn journal (its header cut) resumes nothing and costs nothing else.
        let bytes = fs::read(store.daily_journal()).unwrap();
        fs::write(store.daily_journal(), &bytes[..20]).unwrap();
        assert_eq!(recover(&store, &mut data), None);
        assert_eq!(data.in_progress.as_ref(), Some(&moved));
        // A level left untouched (a journal at no move) is no attempt.
        Journal::start(
            &store.level_journal(),
            AttemptOf::Level(13),
            &attempt(&[], 0),
            Sync::Inline,
        )
        .unwrap();
        recover(&store, &mut data);
        assert_eq!(data.in_progress, None);
    }

    proptest! {
        /// Garbage after a good journal (a power cut's zeroes or stray bytes) is ignored.
        #[test]
        fn garbage_after_the_records_is_ignored(tail in proptest::collection::vec(any::<u8>(), 0..64)) {
            let dir = scratch("journal-garbage");
            let (path, states) = played(&dir, Sync::Inline);
            let mut bytes = fs::read(&path).unwrap();
            let good = bytes.len();
            bytes.extend_from_slice(&tail);
            let back = fold(&bytes).unwrap();
            prop_assert_eq!(&back.attempt, states.last().unwrap());
            prop_assert_eq!(back.ignored_bytes, bytes.len() - good);
        }
    }
}
