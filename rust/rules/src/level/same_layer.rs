//! Plates of one layer never overlap, in any pose: no pose of a part (at rest or hanging from any of its
//! screws) shares a cell with any pose of another part of the same layer.
//!
//! Why: the rules only let a plate cover what lies on a *lower* layer, so two plates of one layer drawn
//! over each other would show one covering the other's screws while the rules say neither does. Keeping
//! them apart in every pose means the drawing needs no rule of its own for a layer: whatever a plate is
//! drawn over is on a layer below, and covered by the rules too.
//!
//! A *shipping* rule, like [`super::one_piece`]: hand-made proof boards and test fixtures may keep any
//! poses; the generator refuses a candidate that breaks it, and curation, `screwsmith validate` and the
//! Daily Bench's serve check refuse a level that does.

use super::data::{Cell, LevelData, PartData};
use super::error::{LevelError, Problem};

/// A part's poses with their field names: the rest pose, then each hang pose in screw order.
fn poses(p: &PartData) -> impl Iterator<Item = (String, &Vec<Cell>)> {
    std::iter::once(("rest".to_string(), &p.rest)).chain(
        p.hang
            .iter()
            .map(|(sid, cells)| (format!("hanging from screw {sid}"), cells)),
    )
}

/// The first overlap between two parts' poses: (pose of `a`, pose of `b`, the cell).
fn first_overlap(a: &PartData, b: &PartData) -> Option<(String, String, Cell)> {
    for (pa, ca) in poses(a) {
        for (pb, cb) in poses(b) {
            if let Some(&cell) = ca.iter().find(|c| cb.contains(c)) {
                return Some((pa, pb, cell));
            }
        }
    }
    None
}

/// Every pair of parts of one layer whose poses share a cell, in part order, each an error naming the
/// level, both parts, both poses and the first shared cell (field `parts[i]`, the earlier part).
pub fn same_layer_faults(level: &LevelData) -> Vec<LevelError> {
    let mut out = Vec::new();
    for (i, a) in level.parts.iter().enumerate() {
        for b in level.parts[i + 1..].iter().filter(|b| b.layer == a.layer) {
            if let Some((pose, other_pose, cell)) = first_overlap(a, b) {
                out.push(LevelError::Invalid {
                    level: level.number,
                    field: format!("parts[{i}]"),
                    problem: Problem::SameLayerOverlap {
                        part: a.id,
                        pose,
                        other: b.id,
                        other_pose,
                        cell,
                    },
                });
            }
        }
    }
    out
}

/// Whether no two parts of one layer share a cell in any pose (the generator's filter).
pub fn layers_apart(level: &LevelData) -> bool {
    level.parts.iter().enumerate().all(|(i, a)| {
        level.parts[i + 1..]
            .iter()
            .filter(|b| b.layer == a.layer)
            .all(|b| first_overlap(a, b).is_none())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(id: u16, layer: u8, rest: Vec<Cell>, hang: Vec<(u16, Vec<Cell>)>) -> PartData {
        PartData {
            id,
            layer,
            rest,
            hang: hang.into_iter().collect(),
        }
    }

    fn level(parts: Vec<PartData>) -> LevelData {
        LevelData {
            number: 3,
            seed: 1,
            machine: 0,
            band: 1,
            width: 6,
            height: 6,
            rail_slots: 5,
            crate_slots: 2,
            wrench_charges: 0,
            colors: vec![0],
            parts,
            screws: Vec::new(),
            crate_queue: None,
            measure: None,
            help: None,
        }
    }

    #[test]
    fn a_hanging_plate_over_a_resting_plate_of_its_layer_is_refused() {
        // Part 1 hangs from screw 1 down over part 2's rest cell [0, 2].
        let l = level(vec![
            part(1, 0, vec![[0, 0], [1, 0]], vec![(1, vec![[0, 0], [0, 1], [0, 2]])]),
            part(2, 0, vec![[0, 2], [1, 2]], vec![]),
        ]);
        assert!(!layers_apart(&l));
        let faults = same_layer_faults(&l);
        assert_eq!(faults.len(), 1);
        assert_eq!(
            faults[0].problem(),
            Some(&Problem::SameLayerOverlap {
                part: 1,
                pose: "hanging from screw 1".into(),
                other: 2,
                other_pose: "rest".into(),
                cell: [0, 2],
            })
        );
    }

    #[test]
    fn two_hanging_plates_of_a_layer_may_not_meet_either() {
        let l = level(vec![
            part(1, 0, vec![[0, 0], [1, 0]], vec![(1, vec![[1, 0], [1, 1]])]),
            part(2, 0, vec![[3, 0], [2, 1]], vec![(4, vec![[2, 1], [1, 1]])]),
        ]);
        assert_eq!(same_layer_faults(&l).len(), 1);
    }

    #[test]
    fn plates_of_different_layers_may_overlap() {
        let l = level(vec![
            part(1, 0, vec![[0, 0], [1, 0]], vec![(1, vec![[0, 0], [0, 1]])]),
            part(2, 1, vec![[0, 1], [1, 1]], vec![]),
        ]);
        assert!(layers_apart(&l));
        assert!(same_layer_faults(&l).is_empty());
    }
}
