//! Cell sets as bitmasks.
//!
//! A board is at most 7 × 10 = 70 cells, so one `u128` holds any set of cells; a level has at most 120
//! screws, so one `u128` also holds any set of screws. The solver calls tap/undo millions of times:
//! covering, accessibility and poses are a few AND/OR instructions each.

/// Largest board width.
pub const MAX_WIDTH: u8 = 7;
/// Largest board height.
pub const MAX_HEIGHT: u8 = 10;

/// A set of cells (bit `y * width + x`) or of screws (bit = screw index).
pub type Mask = u128;

/// The bit of cell `(x, y)` on a board `width` wide.
#[inline]
pub fn cell_bit(width: u8, x: u8, y: u8) -> Mask {
    1u128 << (y as u32 * width as u32 + x as u32)
}

/// Cell index → `(x, y)`.
#[inline]
pub fn cell_xy(width: u8, index: u32) -> (u8, u8) {
    ((index % width as u32) as u8, (index / width as u32) as u8)
}

/// Iterates the set bits of a mask, lowest first.
pub fn bits(mut mask: Mask) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let b = mask.trailing_zeros();
            mask &= mask - 1;
            Some(b)
        }
    })
}

/// The `(x, y)` cells of a mask, in index order.
pub fn mask_cells(width: u8, mask: Mask) -> Vec<[u8; 2]> {
    bits(mask)
        .map(|i| {
            let (x, y) = cell_xy(width, i);
            [x, y]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_cells_of_the_largest_board_fit() {
        let last = cell_bit(MAX_WIDTH, MAX_WIDTH - 1, MAX_HEIGHT - 1);
        assert_eq!(last, 1u128 << 69);
        assert_eq!(cell_xy(MAX_WIDTH, 69), (6, 9));
    }

    #[test]
    fn bits_round_trip() {
        let m = cell_bit(5, 0, 0) | cell_bit(5, 4, 2) | cell_bit(5, 1, 9);
        assert_eq!(bits(m).collect::<Vec<_>>(), vec![0, 14, 46]);
        assert_eq!(mask_cells(5, m), vec![[0, 0], [4, 2], [1, 9]]);
    }
}
