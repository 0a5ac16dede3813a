//! Binary space partition of a machine's area into panel rectangles (docs/design.md §4.3): leaves of one tree
//! never overlap, so panels on one layer never overlap by construction, not by retrying.
//!
//! Why split the longer side: choosing the direction at random gives long 1-wide strips that hold no
//! screws. Why a minimum side: every leaf must leave room for two screws (a panel with one screw would
//! start out hanging). Why a depth limit: deeper trees cut the machine into many look-alike scraps.

use screwsmith_rules::rng::Rng;

/// A rectangle of cells: `x..x+w`, `y..y+h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rect {
    pub x: u8,
    pub y: u8,
    pub w: u8,
    pub h: u8,
}

impl Rect {
    /// Cell count.
    pub fn area(&self) -> u32 {
        self.w as u32 * self.h as u32
    }

    /// Whether `(x, y)` lies inside.
    pub fn contains(&self, x: u8, y: u8) -> bool {
        x >= self.x && x < self.x + self.w && y >= self.y && y < self.y + self.h
    }

    /// Whether two rectangles share a cell.
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }
}

/// Splits `root` recursively: at each node the longer side is cut (a coin decides squares) at a random
/// position that leaves both halves at least `min_side` long; a node stops at `max_depth` or when neither
/// side can be cut. Leaves come back in tree order (deterministic for a given RNG state).
pub fn partition(root: Rect, max_depth: u32, min_side: u8, rng: &mut Rng) -> Vec<Rect> {
    let mut leaves = Vec::new();
    split(root, 0, max_depth, min_side.max(1), rng, &mut leaves);
    leaves
}

fn split(r: Rect, depth: u32, max_depth: u32, min: u8, rng: &mut Rng, out: &mut Vec<Rect>) {
    let can_h = r.h >= 2 * min; // cut across the height: top and bottom halves
    let can_v = r.w >= 2 * min; // cut across the width: left and right halves
    if depth >= max_depth || (!can_h && !can_v) {
        out.push(r);
        return;
    }
    let horizontal = match (can_h, can_v) {
        (true, true) if r.h != r.w => r.h > r.w,
        (true, true) => rng.below(2) == 0,
        (h, _) => h,
    };
    let len = if horizontal { r.h } else { r.w };
    // A cut at `at` leaves `at` and `len - at` cells, both ≥ min.
    let at = min + rng.below((len - 2 * min + 1) as u32) as u8;
    let (a, b) = if horizontal {
        (
            Rect { h: at, ..r },
            Rect {
                y: r.y + at,
                h: r.h - at,
                ..r
            },
        )
    } else {
        (
            Rect { w: at, ..r },
            Rect {
                x: r.x + at,
                w: r.w - at,
                ..r
            },
        )
    };
    split(a, depth + 1, max_depth, min, rng, out);
    split(b, depth + 1, max_depth, min, rng, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use screwsmith_rules::rng::Rng;

    proptest! {
        #[test]
        fn leaves_tile_the_root_without_overlap(
            w in 1u8..=7, h in 1u8..=10, depth in 0u32..6, min in 1u8..4, seed in 1u32..u32::MAX
        ) {
            let root = Rect { x: 0, y: 0, w, h };
            let leaves = partition(root, depth, min, &mut Rng::new(seed));
            prop_assert!(leaves.len() <= 1 << depth);
            let total: u32 = leaves.iter().map(Rect::area).sum();
            prop_assert_eq!(total, root.area());
            for (i, a) in leaves.iter().enumerate() {
                for b in &leaves[i + 1..] {
                    prop_assert!(!a.overlaps(b), "{a:?} overlaps {b:?}");
                }
                // A leaf that was cut from a bigger node keeps the minimum side.
                if leaves.len() > 1 {
                    prop_assert!(a.w.min(a.h) >= min.min(w).min(h) || a.w == w || a.h == h);
                }
            }
        }
    }

    #[test]
    fn the_longer_side_is_cut() {
        // 2 wide, 8 tall with depth 1: the only allowed cut is across the height.
        let leaves = partition(
            Rect {
                x: 0,
                y: 0,
                w: 2,
                h: 8,
            },
            1,
            2,
            &mut Rng::new(9),
        );
        assert_eq!(leaves.len(), 2);
        assert!(leaves.iter().all(|r| r.w == 2));
    }

    #[test]
    fn same_seed_same_leaves() {
        let root = Rect {
            x: 0,
            y: 0,
            w: 7,
            h: 10,
        };
        let a = partition(root, 3, 2, &mut Rng::new(77));
        let b = partition(root, 3, 2, &mut Rng::new(77));
        assert_eq!(a, b);
        assert!(a.len() > 1 && a.len() <= 8);
    }
}
