//! Locks and countdown bombs as the editor edits them: a screw's key (the screw that must leave the
//! board before it can be turned) and its bomb count, and the marks the canvas draws for them.
//!
//! An edit never makes a lock or bomb fault: a key that is no screw of the level, the screw itself, or
//! one whose own chain of keys leads back to the screw, a count outside `1..=MAX_BOMB_MOVES` and a bomb
//! past `MAX_BOMBS` are refused with an [`EditError`] naming the screw. (A level opened with such
//! faults keeps them until they are fixed; the verdict names each, as the loader words it.) Deleting
//! a key screw opens the locks it held ([`open_orphaned`], reported as [`OpenedLock`]s): a lock whose
//! key has left the level would be a fault the designer never made. A pasted part's screws get new
//! ids, and the locks among them follow ([`crate::Edit::NewPart`]).

use std::collections::BTreeSet;
use std::fmt;

use serde::Serialize;

use screwsmith_rules::level::validate::{MAX_BOMBS, MAX_BOMB_MOVES};
use screwsmith_rules::level::LevelData;

use super::edit::EditError;

/// A lock the last edit opened because its key screw was deleted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OpenedLock {
    /// The screw that was locked.
    pub screw: u16,
    /// The deleted screw that held its key.
    pub key: u16,
}

impl fmt::Display for OpenedLock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "screw {}'s lock was cleared: its key, screw {}, was deleted",
            self.screw, self.key
        )
    }
}

/// What the canvas marks on one screw: a padlock (`locked_by`, the screw holding its key), a key
/// (`unlocks`, the screws it holds the keys of, in file order) and a bomb's count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScrewMark {
    pub screw: u16,
    pub locked_by: Option<u16>,
    pub unlocks: Vec<u16>,
    pub bomb: Option<u8>,
}

/// The marks of every screw that is locked, holds a key or carries a bomb, in file order.
pub fn screw_marks(level: &LevelData) -> Vec<ScrewMark> {
    level
        .screws
        .iter()
        .map(|s| ScrewMark {
            screw: s.id,
            locked_by: s.locked_by,
            unlocks: level
                .screws
                .iter()
                .filter(|o| o.locked_by == Some(s.id))
                .map(|o| o.id)
                .collect(),
            bomb: s.bomb,
        })
        .filter(|m| m.locked_by.is_some() || !m.unlocks.is_empty() || m.bomb.is_some())
        .collect()
}

fn index(level: &LevelData, id: u16) -> Option<usize> {
    level.screws.iter().position(|s| s.id == id)
}

/// Locks `screw` with the key `key` holds, or opens it (`None`).
pub(crate) fn set_lock(
    level: &mut LevelData,
    screw: u16,
    key: Option<u16>,
) -> Result<(), EditError> {
    let i = index(level, screw).ok_or(EditError::NoScrew(screw))?;
    if let Some(key) = key {
        if key == screw {
            return Err(EditError::SelfKey { screw });
        }
        if index(level, key).is_none() {
            return Err(EditError::UnknownKey { screw, key });
        }
        if let Some(cycle) = cycle_through(level, screw, key) {
            return Err(EditError::LockCycle { screw, key, cycle });
        }
    }
    level.screws[i].locked_by = key;
    Ok(())
}

/// The lock cycle `screw` locked by `key` would close (`[screw, key, ...]`, each locked by the next),
/// when following keys from `key` comes back to `screw`. At most one step per screw, so it ends even
/// on a level opened with a cycle elsewhere.
fn cycle_through(level: &LevelData, screw: u16, key: u16) -> Option<Vec<u16>> {
    let mut cycle = vec![screw, key];
    let mut at = key;
    for _ in 0..level.screws.len() {
        let next = level.screws[index(level, at)?].locked_by?;
        if next == screw {
            return Some(cycle);
        }
        cycle.push(next);
        at = next;
    }
    None
}

/// Gives `screw` a bomb of `moves`, or takes its bomb off (`None`).
pub(crate) fn set_bomb(
    level: &mut LevelData,
    screw: u16,
    moves: Option<u8>,
) -> Result<(), EditError> {
    let i = index(level, screw).ok_or(EditError::NoScrew(screw))?;
    if let Some(moves) = moves {
        if !(1..=MAX_BOMB_MOVES).contains(&moves) {
            return Err(EditError::BombMoves {
                screw,
                moves,
                max: MAX_BOMB_MOVES,
            });
        }
        let others = level
            .screws
            .iter()
            .filter(|s| s.id != screw && s.bomb.is_some())
            .count();
        if others >= MAX_BOMBS {
            return Err(EditError::TooManyBombs {
                screw,
                max: MAX_BOMBS,
            });
        }
    }
    level.screws[i].bomb = moves;
    Ok(())
}

/// Opens every lock of `after` whose key is a screw `before` had and `after` has not (an edit deleted
/// it); returns them in file order. A key that was unknown already stays (the verdict names it).
pub(crate) fn open_orphaned(before: &LevelData, after: &mut LevelData) -> Vec<OpenedLock> {
    let kept: BTreeSet<u16> = after.screws.iter().map(|s| s.id).collect();
    let gone: BTreeSet<u16> = before
        .screws
        .iter()
        .map(|s| s.id)
        .filter(|id| !kept.contains(id))
        .collect();
    let mut opened = Vec::new();
    for s in &mut after.screws {
        if let Some(key) = s.locked_by.filter(|k| gone.contains(k)) {
            s.locked_by = None;
            opened.push(OpenedLock { screw: s.id, key });
        }
    }
    opened
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::tests::three_screws;
    use crate::{Edit, EditedLevel};
    use screwsmith_rules::level::validate::validate;

    /// `three_screws` and three more of colour 3 on a second part: six screws, ids 1..=6.
    fn six_screws() -> EditedLevel {
        let mut e = three_screws();
        e.edit(&Edit::NewPart {
            layer: 0,
            cells: vec![[0, 2], [1, 2], [2, 2]],
            screws: (0..3)
                .map(|x| crate::NewScrew {
                    cell: [x, 2],
                    color: 3,
                    ..Default::default()
                })
                .collect(),
        })
        .unwrap();
        e
    }

    fn lock(screw: u16, key: Option<u16>) -> Edit {
        Edit::SetLock { screw, key }
    }

    fn bomb(screw: u16, moves: Option<u8>) -> Edit {
        Edit::SetBomb { screw, moves }
    }

    #[test]
    fn a_lock_and_a_bomb_are_set_undone_and_cleared() {
        let mut e = six_screws();
        let plain = e.level().clone();
        e.edit(&lock(2, Some(5))).unwrap();
        e.edit(&bomb(4, Some(12))).unwrap();
        assert_eq!(e.level().screws[1].locked_by, Some(5));
        assert_eq!(e.level().screws[3].bomb, Some(12));
        assert_eq!(validate(e.level()), Ok(()));
        let marks = screw_marks(e.level());
        let want = [
            (2, Some(5), vec![], None),
            (4, None, vec![], Some(12)),
            (5, None, vec![2], None),
        ];
        let got: Vec<_> = marks
            .iter()
            .map(|m| (m.screw, m.locked_by, m.unlocks.clone(), m.bomb))
            .collect();
        assert_eq!(got, want);
        e.undo().unwrap();
        e.undo().unwrap();
        assert_eq!(e.level(), &plain);
        e.redo().unwrap();
        e.edit(&lock(2, None)).unwrap();
        assert_eq!(
            e.level(),
            &plain,
            "a cleared lock leaves the level as it was"
        );
        assert!(screw_marks(e.level()).is_empty());
    }

    #[test]
    fn bad_locks_are_typed_errors_and_change_nothing() {
        let mut e = six_screws();
        e.edit(&lock(1, Some(2))).unwrap();
        e.edit(&lock(2, Some(3))).unwrap();
        let before = e.clone();
        assert_eq!(e.edit(&lock(9, Some(1))), Err(EditError::NoScrew(9)));
        assert_eq!(
            e.edit(&lock(1, Some(9))),
            Err(EditError::UnknownKey { screw: 1, key: 9 })
        );
        assert_eq!(
            e.edit(&lock(4, Some(4))),
            Err(EditError::SelfKey { screw: 4 })
        );
        let cycle = e.edit(&lock(3, Some(1))).unwrap_err();
        assert_eq!(
            cycle,
            EditError::LockCycle {
                screw: 3,
                key: 1,
                cycle: vec![3, 1, 2]
            }
        );
        assert!(
            cycle
                .to_string()
                .contains("3 locked by 1 locked by 2 locked by 3"),
            "{cycle}"
        );
        assert_eq!(e, before);
        // Moving the lock of a chain's head onto a fresh key is no cycle.
        e.edit(&lock(1, Some(6))).unwrap();
        assert_eq!(validate(e.level()), Ok(()));
    }

    #[test]
    fn bad_bombs_are_typed_errors_and_a_fifth_is_refused() {
        let mut e = six_screws();
        let max = MAX_BOMB_MOVES;
        assert_eq!(
            e.edit(&bomb(1, Some(0))),
            Err(EditError::BombMoves {
                screw: 1,
                moves: 0,
                max
            })
        );
        assert_eq!(
            e.edit(&bomb(1, Some(max + 1))),
            Err(EditError::BombMoves {
                screw: 1,
                moves: 100,
                max: 99
            })
        );
        assert_eq!(e.edit(&bomb(7, Some(5))), Err(EditError::NoScrew(7)));
        assert!(matches!(
            Edit::from_json(r#"{"op":"set_bomb","screw":1,"moves":300}"#),
            Err(EditError::Json(_))
        ));
        for id in 1..=MAX_BOMBS as u16 {
            e.edit(&bomb(id, Some(max))).unwrap();
        }
        let before = e.clone();
        assert_eq!(
            e.edit(&bomb(5, Some(1))),
            Err(EditError::TooManyBombs { screw: 5, max: 4 })
        );
        assert_eq!(e, before);
        // A bomb already counted may change its count, and one taken off frees a place.
        e.edit(&bomb(4, Some(1))).unwrap();
        e.edit(&bomb(4, None)).unwrap();
        e.edit(&bomb(5, Some(3))).unwrap();
        assert_eq!(validate(e.level()), Ok(()));
    }

    #[test]
    fn deleting_a_key_screw_clears_its_locks_and_says_so() {
        let mut e = six_screws();
        e.edit(&lock(1, Some(5))).unwrap();
        e.edit(&lock(2, Some(5))).unwrap();
        e.edit(&lock(3, Some(4))).unwrap();
        let locked = e.level().clone();
        e.edit(&Edit::DeleteScrew { screw: 5 }).unwrap();
        let opened = e.opened_locks().to_vec();
        assert_eq!(
            opened,
            vec![
                OpenedLock { screw: 1, key: 5 },
                OpenedLock { screw: 2, key: 5 }
            ]
        );
        assert_eq!(
            opened[0].to_string(),
            "screw 1's lock was cleared: its key, screw 5, was deleted"
        );
        assert_eq!(
            e.level().screws[2].locked_by,
            Some(4),
            "another key's lock stays"
        );
        e.undo().unwrap();
        assert_eq!(e.level(), &locked, "undo brings the key and its locks back");
        assert!(e.opened_locks().is_empty());
        // A part deleted with its screws (4, 5, 6) opens every lock they held.
        e.edit(&Edit::DeletePart { part: 2 }).unwrap();
        let keys: Vec<u16> = e.opened_locks().iter().map(|o| o.screw).collect();
        assert_eq!(keys, vec![1, 2, 3]);
        assert!(e.level().screws.iter().all(|s| s.locked_by.is_none()));
        // An edit that deletes nothing opens nothing.
        e.edit(&Edit::SetRail { slots: 4 }).unwrap();
        assert!(e.opened_locks().is_empty());
    }

    #[test]
    fn a_pasted_part_keeps_its_locks_on_the_new_ids() {
        let mut e = six_screws();
        e.edit(&lock(4, Some(5))).unwrap();
        e.edit(&lock(5, Some(1))).unwrap();
        e.edit(&bomb(6, Some(7))).unwrap();
        // Part 2 copied as the canvas copies it, pasted one row down: screws 7, 8, 9.
        let screws = (0..3u16)
            .map(|x| {
                let s = &e.level().screws[3 + x as usize];
                crate::NewScrew {
                    cell: [x as u8, 3],
                    color: 3,
                    copied: Some(s.id),
                    locked_by: s.locked_by,
                    bomb: s.bomb,
                    ..Default::default()
                }
            })
            .collect();
        e.edit(&Edit::NewPart {
            layer: 1,
            cells: vec![[0, 3], [1, 3], [2, 3]],
            screws,
        })
        .unwrap();
        let row = |e: &EditedLevel, id: u16| e.level().screws.iter().find(|s| s.id == id).cloned();
        assert_eq!(
            row(&e, 7).unwrap().locked_by,
            Some(8),
            "a key pasted with it: its new id"
        );
        assert_eq!(
            row(&e, 8).unwrap().locked_by,
            Some(1),
            "a key left behind: the same screw"
        );
        assert_eq!(row(&e, 9).unwrap().bomb, Some(7));
        assert_eq!(
            row(&e, 4).unwrap().locked_by,
            Some(5),
            "the copied screws keep theirs"
        );
        // A key that has left the level since the copy is dropped, not a fault.
        let orphan = Edit::NewPart {
            layer: 2,
            cells: vec![[3, 3]],
            screws: vec![crate::NewScrew {
                cell: [3, 3],
                color: 3,
                copied: Some(40),
                locked_by: Some(41),
                ..Default::default()
            }],
        };
        e.edit(&orphan).unwrap();
        assert_eq!(row(&e, 10).unwrap().locked_by, None);
    }

    #[test]
    fn a_paste_past_the_bomb_limit_is_refused() {
        let mut e = six_screws();
        for id in 1..=MAX_BOMBS as u16 {
            e.edit(&bomb(id, Some(9))).unwrap();
        }
        let before = e.clone();
        let paste = Edit::NewPart {
            layer: 1,
            cells: vec![[3, 3]],
            screws: vec![crate::NewScrew {
                cell: [3, 3],
                color: 3,
                bomb: Some(9),
                ..Default::default()
            }],
        };
        assert_eq!(
            e.edit(&paste),
            Err(EditError::TooManyBombs { screw: 7, max: 4 })
        );
        assert_eq!(e, before);
    }

    #[test]
    fn lock_and_bomb_edits_read_from_json() {
        let set = Edit::from_json(r#"{"op":"set_lock","screw":3,"key":5}"#).unwrap();
        assert_eq!(set, lock(3, Some(5)));
        let clear = Edit::from_json(r#"{"op":"set_lock","screw":3,"key":null}"#).unwrap();
        assert_eq!(clear, lock(3, None));
        assert_eq!(
            Edit::from_json(r#"{"op":"set_lock","screw":3}"#),
            Ok(lock(3, None))
        );
        let b = Edit::from_json(r#"{"op":"set_bomb","screw":2,"moves":15}"#).unwrap();
        assert_eq!(b, bomb(2, Some(15)));
        assert!(matches!(
            Edit::from_json(r#"{"op":"set_lock","key":5}"#),
            Err(EditError::Json(_))
        ));
        assert!(matches!(
            Edit::from_json(r#"{"op":"set_lock","screw":-1,"key":5}"#),
            Err(EditError::Json(_))
        ));
    }
}
