//! Every part is one piece: each rest shape and each hang shape is 4-connected (cells joined by an edge,
//! never by a corner only). The game draws a part as one plate per pose; a shape whose cells touch only
//! at a corner is drawn as two plates, so a player sees two panels where the rules see one and cannot
//! predict what falls when.
//!
//! Why this is not in [`super::validate::validate`]: the rules themselves are well defined for any cell
//! set, and hand-made proof boards (`rust/solver/benches/boards/`) keep such parts. It is a *shipping*
//! rule: the generator never makes another shape, curation and `screwsmith validate` reject one, and
//! the Daily Bench never serves one.

use std::collections::BTreeSet;

use super::data::{Cell, LevelData};
use super::error::{LevelError, Problem};

/// Splits a cell set into its 4-connected pieces, largest first (ties: the piece whose first cell comes
/// first in the input). Deterministic: no hashing, the input order decides.
pub fn pieces(cells: &[Cell]) -> Vec<Vec<Cell>> {
    let all: BTreeSet<Cell> = cells.iter().copied().collect();
    let mut seen: BTreeSet<Cell> = BTreeSet::new();
    let mut out: Vec<Vec<Cell>> = Vec::new();
    for &start in cells {
        if !seen.insert(start) {
            continue;
        }
        let mut piece = vec![start];
        let mut i = 0;
        while i < piece.len() {
            let [x, y] = piece[i];
            let near = [
                x.checked_sub(1).map(|x| [x, y]),
                x.checked_add(1).map(|x| [x, y]),
                y.checked_sub(1).map(|y| [x, y]),
                y.checked_add(1).map(|y| [x, y]),
            ];
            for n in near.into_iter().flatten() {
                if all.contains(&n) && seen.insert(n) {
                    piece.push(n);
                }
            }
            i += 1;
        }
        // Keep the input order inside a piece (the caller's cell order is the level's).
        piece.sort_by_key(|c| cells.iter().position(|d| d == c));
        out.push(piece);
    }
    out.sort_by_key(|p| std::cmp::Reverse(p.len())); // stable: ties keep first-seen order
    out
}

/// Whether a cell set is one 4-connected piece (an empty set is not a shape and counts as one piece:
/// the structural validation rejects empty rest shapes).
pub fn is_one_piece(cells: &[Cell]) -> bool {
    pieces(cells).len() <= 1
}

/// Checks every rest and hang shape of a level; the first shape in more than one piece is an error naming
/// the level, the part and the pose (`parts[i].rest` or `parts[i].hang.<screw>`).
pub fn check_one_piece(level: &LevelData) -> Result<(), LevelError> {
    match one_piece_faults(level).into_iter().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Every shape of a level in more than one piece, in the order [`check_one_piece`] looks (its first is
/// the one it returns), for an editor that names all of them at once.
pub fn one_piece_faults(level: &LevelData) -> Vec<LevelError> {
    let mut out = Vec::new();
    for (i, p) in level.parts.iter().enumerate() {
        let poses = std::iter::once((format!("parts[{i}].rest"), &p.rest)).chain(
            p.hang
                .iter()
                .map(move |(sid, cells)| (format!("parts[{i}].hang.{sid}"), cells)),
        );
        for (field, cells) in poses {
            let n = pieces(cells).len();
            if n > 1 {
                out.push(LevelError::Invalid {
                    level: level.number,
                    field,
                    problem: Problem::NotOnePiece {
                        part: p.id,
                        pieces: n,
                    },
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edge_joins_and_a_corner_does_not() {
        assert!(is_one_piece(&[[0, 0], [1, 0], [1, 1]]));
        assert!(!is_one_piece(&[[0, 0], [1, 1]]));
        // Level 8's shape before the fix: a square joined to the panel below by a corner only.
        let cells = [
            [2, 0],
            [3, 0],
            [2, 1],
            [3, 1],
            [4, 2],
            [5, 2],
            [4, 3],
            [5, 3],
        ];
        let p = pieces(&cells);
        assert_eq!(p.len(), 2);
        assert_eq!(
            p[0],
            vec![[2, 0], [3, 0], [2, 1], [3, 1]],
            "ties: first seen first"
        );
    }

    #[test]
    fn pieces_come_largest_first_and_cover_every_cell_once() {
        let cells = [[0, 0], [2, 0], [2, 1], [2, 2], [4, 4], [4, 5]];
        let p = pieces(&cells);
        assert_eq!(p.iter().map(Vec::len).collect::<Vec<_>>(), vec![3, 2, 1]);
        let mut all: Vec<Cell> = p.concat();
        all.sort_unstable();
        let mut want = cells.to_vec();
        want.sort_unstable();
        assert_eq!(all, want);
    }
}
