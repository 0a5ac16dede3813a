//! A hanging panel is its rest shape turned rigidly about the screw that still holds it.
//!
//! A panel held by one screw swings about that screw until its centre of mass is as low as it can go,
//! so the pose it hangs in is one of the four quarter turns of the shape it has at rest — never another
//! shape. This module is that geometry, shared by the generator (which makes the poses), the shipping
//! check (which refuses any other pose) and the view (which swings the same plate mesh by the same
//! turn).
//!
//! A turned shape may reach past the board's edge: the panel hangs past it, and the rules count only
//! the cells on the board ([`on_board`]). The pivot never moves, so it is always on the board.
//!
//! Cells are `[x, y]` with y growing downward, so "lowest" is the largest mean y, and a clockwise
//! quarter turn on screen takes an offset `(dx, dy)` to `(-dy, dx)`. Everything here is integer
//! arithmetic: no float decides a pose.

use super::data::Cell;

/// A rigid turn by a multiple of 90°, clockwise as the player sees the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum QuarterTurn {
    /// No turn: the panel already hangs with its centre of mass as low as it can be.
    None,
    /// 90° clockwise.
    Clockwise,
    /// 180°.
    Half,
    /// 90° anticlockwise (270° clockwise).
    Anticlockwise,
}

impl QuarterTurn {
    /// Every turn, in the order ties are broken: the smallest swing first, clockwise before
    /// anticlockwise (a player reads a left-to-right swing first), the half turn last.
    pub const PREFERENCE: [QuarterTurn; 4] = [
        QuarterTurn::None,
        QuarterTurn::Clockwise,
        QuarterTurn::Anticlockwise,
        QuarterTurn::Half,
    ];

    /// Clockwise quarter turns: 0, 1, 2 or 3 (the view turns its mesh by this × 90°).
    pub fn quarters(self) -> u8 {
        match self {
            QuarterTurn::None => 0,
            QuarterTurn::Clockwise => 1,
            QuarterTurn::Half => 2,
            QuarterTurn::Anticlockwise => 3,
        }
    }

    /// The turn of `quarters` clockwise quarter turns (taken modulo 4).
    pub fn from_quarters(quarters: u8) -> QuarterTurn {
        match quarters % 4 {
            0 => QuarterTurn::None,
            1 => QuarterTurn::Clockwise,
            2 => QuarterTurn::Half,
            _ => QuarterTurn::Anticlockwise,
        }
    }

    /// Where an offset `(dx, dy)` from the pivot goes under this turn.
    fn offset(self, dx: i32, dy: i32) -> (i32, i32) {
        match self {
            QuarterTurn::None => (dx, dy),
            QuarterTurn::Clockwise => (-dy, dx),
            QuarterTurn::Half => (-dx, -dy),
            QuarterTurn::Anticlockwise => (dy, -dx),
        }
    }
}

/// A cell that may lie off the board (a turned panel can reach past an edge).
pub type Spot = [i32; 2];

/// `cells` turned rigidly by `turn` about the centre of cell `pivot`, in the input's order.
pub fn turned(cells: &[Cell], pivot: Cell, turn: QuarterTurn) -> Vec<Spot> {
    let (px, py) = (i32::from(pivot[0]), i32::from(pivot[1]));
    cells
        .iter()
        .map(|c| {
            let (dx, dy) = turn.offset(i32::from(c[0]) - px, i32::from(c[1]) - py);
            [px + dx, py + dy]
        })
        .collect()
}

/// The spots that lie on a `width × height` board, in row-major order (the order poses are stored in).
pub fn on_board(spots: &[Spot], width: u8, height: u8) -> Vec<Cell> {
    let mut cells: Vec<Cell> = spots
        .iter()
        .filter(|s| (0..i32::from(width)).contains(&s[0]) && (0..i32::from(height)).contains(&s[1]))
        .map(|s| [s[0] as u8, s[1] as u8])
        .collect();
    cells.sort_by_key(|c| (c[1], c[0]));
    cells.dedup();
    cells
}

/// The turn gravity gives a panel of shape `rest` held only at `pivot`: the one whose centre of mass
/// is lowest; among equally low ones, the one whose centre of mass is nearest the vertical through the
/// pivot (it hangs straight); then [`QuarterTurn::PREFERENCE`]. The whole shape counts, on the board or
/// not: gravity does not know where the board ends.
pub fn hang_turn(rest: &[Cell], pivot: Cell) -> QuarterTurn {
    let n = rest.len() as i64;
    let key = |turn: QuarterTurn| {
        let spots = turned(rest, pivot, turn);
        let sum_y: i64 = spots.iter().map(|s| i64::from(s[1])).sum();
        let sum_x: i64 = spots.iter().map(|s| i64::from(s[0])).sum();
        // Lower is larger y; compare n·mean to stay in integers.
        let off_vertical = (sum_x - n * i64::from(pivot[0])).abs();
        (std::cmp::Reverse(sum_y), off_vertical)
    };
    QuarterTurn::PREFERENCE
        .into_iter()
        .min_by_key(|&turn| key(turn))
        .unwrap_or(QuarterTurn::None)
}

/// The cells (on a `width × height` board, row-major) a panel of shape `rest` covers while it hangs
/// from `pivot`, as gravity turns it.
pub fn hang_cells(rest: &[Cell], pivot: Cell, width: u8, height: u8) -> Vec<Cell> {
    on_board(&turned(rest, pivot, hang_turn(rest, pivot)), width, height)
}

/// Which quarter turn of `rest` about `pivot` the stored `pose` is, seen on a `width × height` board
/// (the pose's order does not matter), or `None` when it is no turn of the rest shape. When several
/// turns leave the same cells on the board, gravity's turn is named if it is one of them, else the
/// first in [`QuarterTurn::PREFERENCE`].
pub fn turn_of(
    rest: &[Cell],
    pivot: Cell,
    pose: &[Cell],
    width: u8,
    height: u8,
) -> Option<QuarterTurn> {
    let mut wanted = pose.to_vec();
    wanted.sort_by_key(|c| (c[1], c[0]));
    wanted.dedup();
    let matches = |turn: QuarterTurn| on_board(&turned(rest, pivot, turn), width, height) == wanted;
    let gravity = hang_turn(rest, pivot);
    if matches(gravity) {
        return Some(gravity);
    }
    QuarterTurn::PREFERENCE.into_iter().find(|&t| matches(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An L: three cells down the left, one to the right at the bottom.
    const L: [Cell; 4] = [[0, 0], [0, 1], [0, 2], [1, 2]];

    #[test]
    fn a_clockwise_quarter_turn_takes_right_to_down() {
        assert_eq!(
            turned(&[[3, 2]], [2, 2], QuarterTurn::Clockwise),
            vec![[2, 3]]
        );
        assert_eq!(
            turned(&[[3, 2]], [2, 2], QuarterTurn::Anticlockwise),
            vec![[2, 1]]
        );
        assert_eq!(turned(&[[3, 2]], [2, 2], QuarterTurn::Half), vec![[1, 2]]);
    }

    #[test]
    fn four_quarter_turns_are_the_identity_and_keep_the_pivot() {
        let start: Vec<Cell> = L.iter().map(|c| [c[0] + 10, c[1] + 10]).collect();
        let mut cells = start.clone();
        for _ in 0..4 {
            let spots = turned(&cells, [10, 10], QuarterTurn::Clockwise);
            assert!(spots.contains(&[10, 10]));
            cells = spots.iter().map(|s| [s[0] as u8, s[1] as u8]).collect();
        }
        assert_eq!(cells, start);
    }

    #[test]
    fn a_panel_held_at_its_top_hangs_as_it_rests() {
        // Held at the L's top cell, the L already hangs down: no turn.
        assert_eq!(hang_turn(&L, [0, 0]), QuarterTurn::None);
    }

    #[test]
    fn a_panel_held_at_its_foot_turns_its_mass_below() {
        // An L held at its foot has all its mass above and to the left. The anticlockwise and the half
        // turn put it equally low and equally far from the vertical; the smaller swing is named.
        let l: Vec<Cell> = L.iter().map(|c| [c[0] + 2, c[1]]).collect();
        assert_eq!(hang_turn(&l, [3, 2]), QuarterTurn::Anticlockwise);
        let cells = hang_cells(&l, [3, 2], 7, 10);
        assert_eq!(cells, vec![[3, 2], [1, 3], [2, 3], [3, 3]]);
    }

    #[test]
    fn a_wide_bar_held_at_its_end_hangs_down_and_keeps_its_cell_count() {
        let bar: Vec<Cell> = (0..4).map(|x| [x, 1]).collect();
        let turn = hang_turn(&bar, [0, 1]);
        assert_eq!(turn, QuarterTurn::Clockwise);
        assert_eq!(
            hang_cells(&bar, [0, 1], 7, 10),
            vec![[0, 1], [0, 2], [0, 3], [0, 4]]
        );
    }

    #[test]
    fn a_balanced_panel_stays_as_it_rests() {
        // A bar held at its middle: every turn leaves its centre of mass on the pivot, so the
        // smallest swing, none, is named.
        let bar: Vec<Cell> = vec![[1, 0], [2, 0], [3, 0]];
        assert_eq!(hang_turn(&bar, [2, 0]), QuarterTurn::None);
    }

    #[test]
    fn gravity_names_the_lowest_of_the_four_turns() {
        // A plus with a tail, held at the end of an arm: whichever turn is named, none is lower.
        let shape: Vec<Cell> = vec![[0, 1], [1, 1], [2, 1], [1, 0], [1, 2], [2, 2]];
        let turn = hang_turn(&shape, [0, 1]);
        let spots = turned(&shape, [0, 1], turn);
        let low = |t| turned(&shape, [0, 1], t).iter().map(|s| s[1]).sum::<i32>();
        assert!(QuarterTurn::PREFERENCE.iter().all(|&t| low(t) <= low(turn)));
        assert!(spots.contains(&[0, 1]));
    }

    #[test]
    fn the_board_clips_a_pose_and_the_turn_is_still_recognised() {
        let bar: Vec<Cell> = (0..4).map(|x| [x, 1]).collect();
        let clipped = hang_cells(&bar, [0, 1], 7, 3);
        assert_eq!(clipped, vec![[0, 1], [0, 2]]);
        assert_eq!(
            turn_of(&bar, [0, 1], &clipped, 7, 3),
            Some(QuarterTurn::Clockwise)
        );
    }

    #[test]
    fn a_pose_of_another_shape_is_no_turn() {
        // The old bounding-box pose of the L: a 2 × 3 rectangle is not the L turned.
        let rect = vec![[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [1, 2]];
        assert_eq!(turn_of(&L, [0, 0], &rect, 7, 10), None);
        assert_eq!(turn_of(&L, [0, 0], &L, 7, 10), Some(QuarterTurn::None));
    }

    #[test]
    fn quarters_round_trip() {
        for turn in QuarterTurn::PREFERENCE {
            assert_eq!(QuarterTurn::from_quarters(turn.quarters()), turn);
        }
    }
}
