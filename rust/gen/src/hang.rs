//! Hanging poses: where a panel swings when one screw is left holding it.
//!
//! A pinned panel swings until its centre of mass is under the pin, so its long side ends up vertical:
//! the pose is the panel's bounding box turned long side down, hanging from the screw's cell (the pivot
//! sits in the top row, centred), clipped to the board. It always contains the pivot cell — the loader
//! rejects a pose that does not — and it may cover cells the panel never covered at rest, which is what
//! makes a swing a decision rather than a free reveal.

use screwsmith_rules::level::Cell;

/// The hanging pose of a panel whose rest cells have bounding box `w × h`, pinned at `pivot`, on a
/// `width × height` board. Cells are in row-major order.
pub fn hang_pose(w: u8, h: u8, pivot: Cell, width: u8, height: u8) -> Vec<Cell> {
    let (across, down) = (w.min(h).max(1), w.max(h).max(1));
    let x0 = pivot[0].saturating_sub((across - 1) / 2);
    let mut cells = Vec::with_capacity(across as usize * down as usize);
    for y in pivot[1]..pivot[1].saturating_add(down).min(height) {
        for x in x0..x0.saturating_add(across).min(width) {
            cells.push([x, y]);
        }
    }
    cells
}

/// Bounding box `(w, h)` of a set of cells (`(0, 0)` when empty).
pub fn bounding_size(cells: &[Cell]) -> (u8, u8) {
    let (mut x0, mut y0, mut x1, mut y1) = (u8::MAX, u8::MAX, 0u8, 0u8);
    for c in cells {
        x0 = x0.min(c[0]);
        y0 = y0.min(c[1]);
        x1 = x1.max(c[0]);
        y1 = y1.max(c[1]);
    }
    if cells.is_empty() {
        (0, 0)
    } else {
        (x1 - x0 + 1, y1 - y0 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_wide_panel_hangs_long_side_down() {
        // 4 wide, 2 tall, pinned at [3, 1] on a 7 × 10 board: 2 across, 4 down, pivot in the top row.
        let pose = hang_pose(4, 2, [3, 1], 7, 10);
        assert_eq!(pose.len(), 8);
        assert!(pose
            .iter()
            .all(|c| c[1] >= 1 && c[1] <= 4 && (c[0] == 3 || c[0] == 4)));
    }

    #[test]
    fn clipped_at_the_bottom_edge() {
        let pose = hang_pose(3, 3, [1, 9], 7, 10);
        assert_eq!(pose, vec![[0, 9], [1, 9], [2, 9]]);
    }

    proptest! {
        #[test]
        fn always_contains_the_pivot_and_stays_on_the_board(
            w in 1u8..=7, h in 1u8..=10, px in 0u8..7, py in 0u8..10, width in 1u8..=7, height in 1u8..=10
        ) {
            let pivot = [px % width, py % height];
            let pose = hang_pose(w, h, pivot, width, height);
            prop_assert!(pose.contains(&pivot));
            prop_assert!(pose.iter().all(|c| c[0] < width && c[1] < height));
            prop_assert!(pose.iter().all(|c| c[1] >= pivot[1]), "hangs down, never up");
        }
    }
}
