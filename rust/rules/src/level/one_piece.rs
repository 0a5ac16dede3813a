//! Every part is one piece: each rest shape and each hang shape is 4-connected (cells joined by an edge,
//! never by a corner only). The game draws a part as one plate per pose; a shape whose cells touch only
//! at a corner is drawn as two plates, so a player sees two panels where the rules see one and cannot
//! predict what falls when.
//!
//! A hang pose that is a quarter turn of the rest shape ([`super::turn`]) is judged by the whole turned
//! shape, which is the rest shape moved: the plate is drawn whole, hanging past the board's edge, even
//! where the board clips its cells into pieces. Any other pose is judged by its own cells.
//!
//! Why this is not in [`super::validate::validate`]: the rules themselves are well defined for any cell
//! set, and hand-made proof boards (`rust/solver/benches/boards/`) keep such parts. It is a *shipping*
//! rule: the generator never makes another shape, curation and `screwsmith validate` reject one, and
//! the Daily Bench never serves one.

use super::data::{Cell, LevelData};
use super::error::{LevelError, Problem};
use super::turn::turn_of;

/// Splits a cell set into its 4-connected pieces, largest first (ties: the piece whose first cell comes
/// first in the input). Deterministic: no hashing, the input order decides.
///
/// The generator splits every panel it cuts, so this runs over a grid of the cells' bounding box (a
/// label per cell) instead of ordered sets: each cell is looked at a constant number of times.
pub fn pieces(cells: &[Cell]) -> Vec<Vec<Cell>> {
    let Some(mut grid) = Grid::of(cells) else {
        return Vec::new();
    };
    let mut sizes: Vec<usize> = Vec::new();
    let mut stack: Vec<Cell> = Vec::new();
    for &start in cells {
        if grid.label(start) != Grid::UNLABELLED {
            continue;
        }
        let piece = sizes.len() as u32;
        grid.set(start, piece);
        stack.push(start);
        let mut size = 0;
        while let Some([x, y]) = stack.pop() {
            size += 1;
            let near = [
                x.checked_sub(1).map(|x| [x, y]),
                x.checked_add(1).map(|x| [x, y]),
                y.checked_sub(1).map(|y| [x, y]),
                y.checked_add(1).map(|y| [x, y]),
            ];
            for n in near.into_iter().flatten() {
                if grid.label(n) == Grid::UNLABELLED {
                    grid.set(n, piece);
                    stack.push(n);
                }
            }
        }
        sizes.push(size);
    }
    // Each piece's cells in the input order (the caller's cell order is the level's), once each.
    let mut out: Vec<Vec<Cell>> = sizes.iter().map(|&n| Vec::with_capacity(n)).collect();
    for &c in cells {
        let piece = grid.label(c);
        if piece < Grid::TAKEN {
            out[piece as usize].push(c);
            grid.set(c, Grid::TAKEN);
        }
    }
    out.sort_by_key(|p| std::cmp::Reverse(p.len())); // stable: ties keep first-seen order
    out
}

/// A label per cell of the cells' bounding box: the piece it belongs to, or one of the markers.
struct Grid {
    x0: u8,
    y0: u8,
    width: usize,
    height: usize,
    labels: Vec<u32>,
}

impl Grid {
    /// Not a cell of the set.
    const OUTSIDE: u32 = u32::MAX;
    /// A cell of the set not yet given to a piece.
    const UNLABELLED: u32 = u32::MAX - 1;
    /// A cell already written to its piece's list (a repeated input cell is written once).
    const TAKEN: u32 = u32::MAX - 2;

    fn of(cells: &[Cell]) -> Option<Grid> {
        let x0 = cells.iter().map(|c| c[0]).min()?;
        let y0 = cells.iter().map(|c| c[1]).min()?;
        let x1 = cells.iter().map(|c| c[0]).max()?;
        let y1 = cells.iter().map(|c| c[1]).max()?;
        let (width, height) = ((x1 - x0) as usize + 1, (y1 - y0) as usize + 1);
        let mut grid = Grid {
            x0,
            y0,
            width,
            height,
            labels: vec![Self::OUTSIDE; width * height],
        };
        for &c in cells {
            grid.set(c, Self::UNLABELLED);
        }
        Some(grid)
    }

    fn index(&self, [x, y]: Cell) -> Option<usize> {
        let (dx, dy) = (
            x.checked_sub(self.x0)? as usize,
            y.checked_sub(self.y0)? as usize,
        );
        (dx < self.width && dy < self.height).then_some(dy * self.width + dx)
    }

    fn label(&self, c: Cell) -> u32 {
        self.index(c).map_or(Self::OUTSIDE, |i| self.labels[i])
    }

    /// Only called with cells of the set (inside the box).
    fn set(&mut self, c: Cell, label: u32) {
        if let Some(i) = self.index(c) {
            self.labels[i] = label;
        }
    }
}

/// Whether a cell set is one 4-connected piece (an empty set is not a shape and counts as one piece:
/// the structural validation rejects empty rest shapes).
pub fn is_one_piece(cells: &[Cell]) -> bool {
    pieces(cells).len() <= 1
}

/// Checks every rest and hang shape of a level; the first shape in more than one piece is an error naming
/// the level, the part and the pose (`parts[i].rest` or `parts[i].hang.<screw>`). A hang pose that is a
/// turn of the rest shape about its screw is the rest shape whole, so only the rest shape speaks for it.
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
        let turned_whole = |sid: &u16, cells: &[Cell]| {
            level.screws.iter().find(|s| s.id == *sid).is_some_and(|s| {
                turn_of(&p.rest, s.cell, cells, level.width, level.height).is_some()
            })
        };
        let poses = std::iter::once((format!("parts[{i}].rest"), &p.rest)).chain(
            p.hang
                .iter()
                .filter(move |(sid, cells)| !turned_whole(sid, cells))
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

    /// The definition, over ordered sets: flood from each unseen cell in input order, keep each piece's
    /// cells in input order, largest piece first.
    fn pieces_by_sets(cells: &[Cell]) -> Vec<Vec<Cell>> {
        use std::collections::BTreeSet;
        let all: BTreeSet<Cell> = cells.iter().copied().collect();
        let mut seen = BTreeSet::new();
        let mut out: Vec<Vec<Cell>> = Vec::new();
        for &start in cells {
            if !seen.insert(start) {
                continue;
            }
            let mut piece = vec![start];
            let mut i = 0;
            while i < piece.len() {
                let [x, y] = piece[i];
                for n in [
                    x.checked_sub(1).map(|x| [x, y]),
                    x.checked_add(1).map(|x| [x, y]),
                    y.checked_sub(1).map(|y| [x, y]),
                    y.checked_add(1).map(|y| [x, y]),
                ]
                .into_iter()
                .flatten()
                {
                    if all.contains(&n) && seen.insert(n) {
                        piece.push(n);
                    }
                }
                i += 1;
            }
            piece.sort_by_key(|c| cells.iter().position(|d| d == c));
            out.push(piece);
        }
        out.sort_by_key(|p| std::cmp::Reverse(p.len()));
        out
    }

    #[test]
    fn the_grid_split_is_the_set_split() {
        let mut rng = crate::rng::Rng::new(0x5eed);
        for round in 0..3000 {
            // Small boxes for many touching cells, edge coordinates for the grid's bounds, repeats.
            let span = [3, 6, 12, 255][round % 4];
            let base = if round % 8 == 7 { 255 - span } else { 0 };
            let n = 1 + rng.below(40) as usize;
            let cells: Vec<Cell> = (0..n)
                .map(|_| {
                    let x = base + rng.below(span as u32 + 1) as u8;
                    [x, base + rng.below(span as u32 + 1) as u8]
                })
                .collect();
            assert_eq!(pieces(&cells), pieces_by_sets(&cells), "{cells:?}");
        }
        assert!(pieces(&[]).is_empty());
    }

    /// One part of shape `rest` on a 3 × 3 board, held by one screw at `pivot` with hang pose `hang`.
    fn held(rest: Vec<Cell>, pivot: Cell, hang: Vec<Cell>) -> LevelData {
        crate::level::fixture::one_part(3, 3, rest, &[(1, pivot)], vec![(1, hang)])
    }

    #[test]
    fn a_turned_pose_split_by_the_board_edge_is_judged_whole() {
        // An arch held at its left foot, turned anticlockwise: its crown hangs past the left edge and
        // the board keeps two cells apart. The plate is still one piece, drawn whole.
        let arch = vec![[0, 1], [1, 1], [2, 1], [0, 2], [2, 2]];
        let clipped = vec![[0, 0], [0, 2]];
        assert_eq!(pieces(&clipped).len(), 2);
        assert!(one_piece_faults(&held(arch, [0, 2], clipped.clone())).is_empty());
        // The same two cells as the pose of a bar, which no turn makes: judged by its own cells.
        let bar = vec![[0, 0], [0, 1], [0, 2]];
        let faults = one_piece_faults(&held(bar, [0, 2], clipped));
        assert_eq!(faults.len(), 1);
        assert_eq!(
            faults[0].problem(),
            Some(&Problem::NotOnePiece { part: 1, pieces: 2 })
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
