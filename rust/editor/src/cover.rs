//! Which screws a plate covers on the board as it stands (every part at rest): a screw is covered when
//! a part on a higher layer has its cell. The canvas draws a covered screw dimmed through the plate over
//! it, as the game draws the screws under a plate, so a designer sees every screw without hiding layers.

use std::collections::BTreeSet;

use screwsmith_rules::level::LevelData;

/// The ids of the covered screws, in file order.
pub fn covered_screws(level: &LevelData) -> Vec<u16> {
    let layer_of = |part: u16| level.parts.iter().find(|p| p.id == part).map(|p| p.layer);
    let mut covered = BTreeSet::new();
    for s in &level.screws {
        let Some(own) = layer_of(s.part) else {
            continue;
        };
        if level
            .parts
            .iter()
            .any(|p| p.layer > own && p.rest.contains(&s.cell))
        {
            covered.insert(s.id);
        }
    }
    level
        .screws
        .iter()
        .map(|s| s.id)
        .filter(|id| covered.contains(id))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Edit;

    #[test]
    fn a_screw_under_a_higher_plate_is_covered_and_one_beside_it_is_not() {
        let mut e = crate::model::tests::three_screws_of(0);
        assert!(covered_screws(e.level()).is_empty());
        e.edit(&Edit::NewPart {
            layer: 1,
            cells: vec![[1, 0], [1, 1]],
            screws: vec![],
        })
        .unwrap();
        assert_eq!(covered_screws(e.level()), vec![2]);
        // The same plate on the screws' own layer covers nothing.
        e.edit(&Edit::SetLayer { part: 2, layer: 0 }).unwrap();
        assert!(covered_screws(e.level()).is_empty());
    }
}
