//! Board shapes: how big a band's board is, and the ladder the bands climb (docs/design.md §4).
//!
//! The ladder's order is fixed: first layers and panels grow (1 → 4 layers), then colours (3 → 6), and
//! only last does the rail narrow (5 → 4, 3 in the top band). Boards stop growing at 12 panels: more
//! panels on a ≤ 7 × 10 machine would crowd screws past what stays readable on a phone, so the top
//! bands get harder by narrowing the rail instead.

use super::curve::MAX_BAND;

/// Screws per panel: the inclusive range a panel's screw count is drawn from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Density {
    pub min: u8,
    pub max: u8,
}

/// The screw densities a band's 12 shapes try (sparse → dense).
pub const DENSITIES: [Density; 4] = [
    Density { min: 2, max: 2 },
    Density { min: 2, max: 3 },
    Density { min: 3, max: 3 },
    Density { min: 3, max: 4 },
];

/// Everything about a board except where things go: the generator turns a shape and a seed into a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// The band whose ladder rung this shape is (its neighbours' shapes keep their own band here).
    pub band: u8,
    /// Layers 1..=4.
    pub layers: u8,
    /// Panels over all layers.
    pub panels: u8,
    /// Distinct screw colours, 3..=6 (six is the readability palette's ceiling).
    pub colours: u8,
    pub rail_slots: u8,
    pub crate_slots: u8,
    pub density: Density,
}

/// `(layers, panels, colours, rail, crate slots)` per band: the ladder. Crate slots open up to 3 when
/// colours reach 6 so that the share of colours with an open crate never rises (2 of 3, 2 of 3, …, 2 of 4,
/// 3 of 6): measured on the generator, 6 colours with 2 open crates lost more than 70 % of shallow
/// trials on every board, far past the top band's target.
const LADDER: [(u8, u8, u8, u8, u8); MAX_BAND as usize] = [
    (1, 3, 3, 5, 2),
    (2, 5, 3, 5, 2),
    (3, 7, 3, 5, 2),
    (4, 9, 3, 5, 2),
    (4, 10, 4, 5, 2),
    (4, 12, 6, 5, 3),
    (4, 12, 6, 4, 3),
    (4, 12, 6, 3, 3),
];

/// The band's own shape (normal density).
pub fn band_shape(band: u8) -> Shape {
    let b = band.clamp(1, MAX_BAND);
    let (layers, panels, colours, rail_slots, crate_slots) = LADDER[(b - 1) as usize];
    Shape {
        band: b,
        layers,
        panels,
        colours,
        rail_slots,
        crate_slots,
        density: DENSITIES[1],
    }
}

/// Number of shapes GenerateTuned tries per level.
pub const SHAPES_PER_LEVEL: usize = 12;

/// The 12 shapes GenerateTuned tries for a band, own shape first: the band's own rung at the four screw
/// densities, then the rung below and the rung above at four densities each. Neighbours are clamped at
/// the ends of the ladder, so band 1 tries its own rung twice at each density (with different seeds).
pub fn shapes_for(band: u8) -> Vec<Shape> {
    let b = band.clamp(1, MAX_BAND);
    let mut out = Vec::with_capacity(SHAPES_PER_LEVEL);
    let own = [1usize, 3, 0, 2]; // normal first: the band's own board is the first candidate
    for rung in [b, b.saturating_sub(1).max(1), (b + 1).min(MAX_BAND)] {
        for &d in &own {
            out.push(Shape {
                density: DENSITIES[d],
                ..band_shape(rung)
            });
        }
    }
    out
}

/// Panels per layer, bottom first: an even split with the remainder on the lowest layers (the base plate
/// is the biggest layer; upper layers are partial covers).
pub fn panels_per_layer(shape: &Shape) -> Vec<u8> {
    let l = shape.layers.max(1);
    let base = shape.panels / l;
    let extra = shape.panels % l;
    (0..l).map(|i| base + u8::from(i < extra)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ladder_order_layers_then_colours_then_rail() {
        for b in 2..=MAX_BAND {
            let (lo, hi) = (band_shape(b - 1), band_shape(b));
            // Never easier on any axis…
            assert!(hi.layers >= lo.layers && hi.panels >= lo.panels, "band {b}");
            assert!(
                hi.colours >= lo.colours && hi.rail_slots <= lo.rail_slots,
                "band {b}"
            );
            // …and harder on at least one.
            assert!(
                hi != Shape {
                    band: hi.band,
                    ..lo
                },
                "band {b} repeats band {}",
                b - 1
            );
            // Colours only grow on 4-layer boards; the rail only narrows once colours are at 6.
            if hi.colours > lo.colours {
                assert_eq!(
                    hi.layers, 4,
                    "colours grew before layers topped out at band {b}"
                );
            }
            if hi.rail_slots < lo.rail_slots {
                assert_eq!(
                    lo.colours, 6,
                    "rail narrowed before colours topped out at band {b}"
                );
            }
        }
        assert_eq!(band_shape(1).layers, 1);
        assert_eq!(band_shape(MAX_BAND).layers, 4);
        assert_eq!(band_shape(1).colours, 3);
        assert_eq!(band_shape(MAX_BAND).colours, 6);
        assert_eq!(band_shape(MAX_BAND).rail_slots, 3);
    }

    #[test]
    fn shapes_stay_inside_the_format_and_palette_limits() {
        for b in 1..=MAX_BAND {
            let shapes = shapes_for(b);
            assert_eq!(shapes.len(), SHAPES_PER_LEVEL);
            assert_eq!(shapes[0], band_shape(b));
            for s in shapes {
                assert!((1..=4).contains(&s.layers));
                assert!((3..=6).contains(&s.colours));
                assert!((3..=5).contains(&s.rail_slots));
                assert!((1..=4).contains(&s.crate_slots));
                assert!(s.panels <= 40 && s.density.max as u32 * s.panels as u32 <= 120);
                assert!(s.band.abs_diff(b) <= 1);
            }
        }
    }

    #[test]
    fn panels_split_with_the_biggest_layer_at_the_bottom() {
        assert_eq!(panels_per_layer(&band_shape(1)), vec![3]);
        assert_eq!(panels_per_layer(&band_shape(4)), vec![3, 2, 2, 2]);
        assert_eq!(panels_per_layer(&band_shape(3)), vec![3, 2, 2]);
        assert_eq!(panels_per_layer(&band_shape(8)), vec![3, 3, 3, 3]);
        for b in 1..=MAX_BAND {
            let s = band_shape(b);
            assert_eq!(
                panels_per_layer(&s).iter().map(|&p| p as u32).sum::<u32>(),
                s.panels as u32
            );
        }
    }
}
