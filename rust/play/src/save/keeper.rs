//! The attempt in progress kept at every move, even when the storage refuses the first write.
//!
//! [`Journal`] recovers from a failed append by itself; this covers the write that starts it: a board
//! opened on a full disk still gets its attempt kept as soon as the storage takes writes again, the
//! whole attempt at once, with no step of the game's needed to notice.

use std::path::{Path, PathBuf};

use super::journal::{AttemptOf, Journal, Sync};
use super::resume::InProgress;

/// A journal, or the wish for one that the storage has not let be written yet.
#[derive(Debug)]
pub struct Keeper {
    path: PathBuf,
    of: AttemptOf,
    sync: Sync,
    board: String,
    journal: Option<Journal>,
}

impl Keeper {
    /// Starts keeping attempt `of` (now `now`) at `path`; the result says whether the first write
    /// reached storage. Either way the keeper is there: a failed start is tried again at the next
    /// [`Keeper::record`].
    pub fn start(
        path: &Path,
        of: AttemptOf,
        now: &InProgress,
        sync: Sync,
    ) -> (Keeper, std::io::Result<()>) {
        let started = Journal::start(path, of.clone(), now, sync);
        let (journal, result) = match started {
            Ok(journal) => (Some(journal), Ok(())),
            Err(e) => (None, Err(e)),
        };
        let keeper = Keeper {
            path: path.to_path_buf(),
            of,
            sync,
            board: now.board.clone(),
            journal,
        };
        (keeper, result)
    }

    /// The board key of the attempt kept.
    pub fn board(&self) -> &str {
        &self.board
    }

    /// Where the attempt is kept.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Keeps `now`: appended to the journal, or, while none could be started, the journal started
    /// with it. Whether a record was written.
    pub fn record(&mut self, now: &InProgress) -> std::io::Result<bool> {
        match &mut self.journal {
            Some(journal) => journal.record(now),
            None => {
                self.journal = Some(Journal::start(&self.path, self.of.clone(), now, self.sync)?);
                Ok(true)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::journal::read;
    use super::super::store::tests::scratch;
    use super::*;
    use screwsmith_rules::sim::Move;

    fn attempt(moves: &[u16]) -> InProgress {
        InProgress {
            level: 4,
            board: "00ff00ff00ff00ff".into(),
            moves: moves.iter().map(|&s| Move::Tap(s)).collect(),
            screwdriver_used: 0,
            wrench_charges: 0,
            hints_used: 0,
            rewound: false,
        }
    }

    /// A start refused by the storage (its folder missing stands in for a full disk) is tried again
    /// at the next record, which writes the whole attempt. Switch that breaks it: a keeper that
    /// gave up after the failed start would leave no file at all.
    #[test]
    fn a_refused_start_is_written_whole_when_the_storage_takes_writes_again() {
        let dir = scratch("keeper-refused");
        let missing = dir.join("not-yet");
        let path = missing.join("save.json.level-journal");
        let (mut keeper, started) =
            Keeper::start(&path, AttemptOf::Level(4), &attempt(&[1]), Sync::Inline);
        assert!(started.is_err());
        assert_eq!(keeper.board(), "00ff00ff00ff00ff");
        assert!(keeper.record(&attempt(&[1, 2])).is_err(), "still refused");
        std::fs::create_dir_all(&missing).unwrap();
        assert!(keeper.record(&attempt(&[1, 2, 3])).unwrap());
        assert!(keeper.record(&attempt(&[1, 2, 3, 4])).unwrap());
        assert_eq!(
            read(&path).unwrap().unwrap().attempt,
            attempt(&[1, 2, 3, 4])
        );
    }
}
