//! The outline of a set of board cells: the closed loops around their union, so a panel is drawn as
//! one shape with one edge instead of a grid of cells (two panels that touch each keep their own
//! edge, which is how a designer tells them apart).
//!
//! Loops run clockwise on screen (y down) around filled area and counter-clockwise around holes, so
//! a non-zero winding fill of all loops together fills exactly the cells.

use std::collections::BTreeMap;

use screwsmith_rules::cells::Mask;
use screwsmith_rules::cells::{bits, cell_xy};

/// A grid vertex: the top-left corner of cell `(x, y)`; `x == width` / `y == height` are the right
/// and bottom board edges.
pub type Vertex = (u8, u8);

/// The boundary loops of the cells in `mask` on a board `width` cells wide, straight runs merged
/// (each loop lists only its corners). Deterministic: loops start at their smallest vertex in
/// row-major order.
pub fn outline(mask: Mask, width: u8) -> Vec<Vec<Vertex>> {
    let has = |x: i16, y: i16| {
        x >= 0
            && y >= 0
            && x < width as i16
            && mask >> (y as u32 * width as u32 + x as u32) & 1 == 1
    };
    // Directed boundary edges, keyed by their start vertex (row-major order via (y, x)).
    let mut edges: BTreeMap<(u8, u8), Vec<Vertex>> = BTreeMap::new();
    let mut add = |from: Vertex, to: Vertex| edges.entry((from.1, from.0)).or_default().push(to);
    for i in bits(mask) {
        let (x, y) = cell_xy(width, i);
        let (xi, yi) = (x as i16, y as i16);
        if !has(xi, yi - 1) {
            add((x, y), (x + 1, y));
        }
        if !has(xi + 1, yi) {
            add((x + 1, y), (x + 1, y + 1));
        }
        if !has(xi, yi + 1) {
            add((x + 1, y + 1), (x, y + 1));
        }
        if !has(xi - 1, yi) {
            add((x, y + 1), (x, y));
        }
    }
    let mut loops = Vec::new();
    while let Some((&(sy, sx), _)) = edges.iter().next() {
        let start = (sx, sy);
        let mut ring = vec![start];
        let mut at = start;
        loop {
            let key = (at.1, at.0);
            let Some(outs) = edges.get_mut(&key) else {
                break;
            };
            let next = outs.remove(0);
            if outs.is_empty() {
                edges.remove(&key);
            }
            if next == start {
                break;
            }
            ring.push(next);
            at = next;
        }
        loops.push(corners(ring));
    }
    loops
}

/// `ring` without the vertices in the middle of a straight run.
fn corners(ring: Vec<Vertex>) -> Vec<Vertex> {
    let n = ring.len();
    (0..n)
        .filter(|&i| {
            let (a, b, c) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            let d1 = (b.0 as i16 - a.0 as i16, b.1 as i16 - a.1 as i16);
            let d2 = (c.0 as i16 - b.0 as i16, c.1 as i16 - b.1 as i16);
            d1.0 * d2.1 - d1.1 * d2.0 != 0
        })
        .map(|i| ring[i])
        .collect()
}

/// Whether the segment `a`–`b` (axis-aligned) lies on one of `loops`' edges.
pub fn on_outline(loops: &[Vec<Vertex>], a: Vertex, b: Vertex) -> bool {
    let within = |v: u8, p: u8, q: u8| p.min(q) <= v && v <= p.max(q);
    loops.iter().any(|ring| {
        (0..ring.len()).any(|i| {
            let (p, q) = (ring[i], ring[(i + 1) % ring.len()]);
            within(a.0, p.0, q.0)
                && within(b.0, p.0, q.0)
                && within(a.1, p.1, q.1)
                && within(b.1, p.1, q.1)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(width: u8, cells: &[(u8, u8)]) -> Mask {
        cells.iter().fold(0, |m, &(x, y)| {
            m | 1 << (y as u32 * width as u32 + x as u32)
        })
    }

    #[test]
    fn one_cell_is_a_square() {
        assert_eq!(
            outline(mask(3, &[(1, 1)]), 3),
            vec![vec![(1, 1), (2, 1), (2, 2), (1, 2)]]
        );
    }

    #[test]
    fn an_l_shape_has_six_corners_and_no_inner_edges() {
        let loops = outline(mask(3, &[(0, 0), (0, 1), (1, 1)]), 3);
        assert_eq!(loops.len(), 1);
        assert_eq!(loops[0].len(), 6);
        // The edge between the two cells of the bottom row is inside the shape.
        assert!(!on_outline(&loops, (1, 1), (1, 2)));
        assert!(on_outline(&loops, (0, 0), (0, 2)));
    }

    #[test]
    fn a_ring_has_an_outer_and_an_inner_loop() {
        let all: Vec<(u8, u8)> = (0..3)
            .flat_map(|y| (0..3).map(move |x| (x, y)))
            .filter(|&c| c != (1, 1))
            .collect();
        let loops = outline(mask(3, &all), 3);
        assert_eq!(loops.len(), 2);
        assert!(loops.iter().all(|l| l.len() == 4));
        assert!(on_outline(&loops, (1, 1), (2, 1)));
    }

    #[test]
    fn cells_touching_at_a_corner_give_closed_loops() {
        let loops = outline(mask(2, &[(0, 0), (1, 1)]), 2);
        let corners: usize = loops.iter().map(Vec::len).sum();
        assert_eq!(corners, 8);
    }
}
