//! [`RowLog`]: which screw and part rows changed after a revision the view last drew.
//!
//! A tap changes one to a few of a board's rows, yet the board used to fetch all of them after
//! every move — twice (redraw and animator). On the largest level that was 42 screw Dictionaries
//! and a dozen part Dictionaries per fetch, built field by field across the engine boundary: the
//! biggest single cost of a tap frame. With the log the view asks only for rows newer than the
//! revision it drew last. Every consumer (board, animator, editor preview) keeps its own revision,
//! so none of them can take another's changes away.

use screwsmith_rules::sim::GameSim;

use super::board::{self, PartView, ScrewView};

/// A row and the revision in which it last changed.
#[derive(Debug, Clone)]
struct Stamped<T> {
    at: u64,
    row: T,
}

/// The board's screw and part rows, each stamped with the revision it last changed in.
#[derive(Debug, Clone)]
pub struct RowLog {
    revision: u64,
    screws: Vec<Stamped<ScrewView>>,
    parts: Vec<Stamped<PartView>>,
}

impl RowLog {
    /// Every row of `sim`, stamped one revision after `after` (the last revision of the level this
    /// one replaces, 0 for none): a view still holding a revision of that level sees every row of
    /// this one, and so does revision 0 ("drawn nothing yet").
    pub fn new(sim: &GameSim, after: u64) -> Self {
        let at = after + 1;
        RowLog {
            revision: at,
            screws: stamped(board::screws(sim), at),
            parts: stamped(board::parts(sim), at),
        }
    }

    /// Re-reads `sim` after a move, undo or restart: rows that differ get the next revision. The
    /// revision only moves when some row changed. Returns whether one did.
    pub fn update(&mut self, sim: &GameSim) -> bool {
        let next = self.revision + 1;
        let screws = restamp(&mut self.screws, board::screws(sim), next);
        let parts = restamp(&mut self.parts, board::parts(sim), next);
        if screws || parts {
            self.revision = next;
        }
        screws || parts
    }

    /// The newest revision: pass it back to the `*_since` calls to get what changes after now.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Screws that changed after `revision`, in file order (every screw for 0, for a revision
    /// from before this level loaded, and for one the log never gave out).
    pub fn screws_since(&self, revision: u64) -> Vec<ScrewView> {
        since(&self.screws, self.clamp(revision))
    }

    /// Parts that changed after `revision`, in file order.
    pub fn parts_since(&self, revision: u64) -> Vec<PartView> {
        since(&self.parts, self.clamp(revision))
    }

    /// A revision newer than the log's own was never given out by it (another game's): whoever
    /// holds it has drawn nothing of this one.
    fn clamp(&self, revision: u64) -> u64 {
        if revision > self.revision {
            0
        } else {
            revision
        }
    }
}

fn restamp<T: PartialEq>(old: &mut Vec<Stamped<T>>, rows: Vec<T>, at: u64) -> bool {
    let mut changed = false;
    if old.len() != rows.len() {
        // The rows are the level's screws or parts in file order: their count never changes within
        // one level. Rebuild outright rather than pair rows up wrongly.
        *old = stamped(rows, at);
        return true;
    }
    for (slot, row) in old.iter_mut().zip(rows) {
        if slot.row != row {
            *slot = Stamped { at, row };
            changed = true;
        }
    }
    changed
}

fn stamped<T>(rows: Vec<T>, at: u64) -> Vec<Stamped<T>> {
    rows.into_iter().map(|row| Stamped { at, row }).collect()
}

fn since<T: Clone>(rows: &[Stamped<T>], revision: u64) -> Vec<T> {
    rows.iter()
        .filter(|s| s.at > revision)
        .map(|s| s.row.clone())
        .collect()
}
