//! Which plate lies over a covered screw: the one the player sees it through. The rules decide
//! covered or not ([`GameSim::is_accessible`]); this names the plate, so the view draws a covered
//! screw on that plate's face and the readability audits measure it against that plate's tint.

use super::game::GameSim;

impl GameSim {
    /// The index of the topmost part over screw `i`'s cell while the rules call the screw covered;
    /// `None` for a screw nothing covers or one that has left the board. The topmost is the one on
    /// the highest layer (the one drawn last among parts of that layer, in file order). A screw the
    /// rules call covered that no higher plate covers (a plate of its own layer, should the rules ever
    /// say so) names the other part of its layer over its cell.
    pub fn cover_part(&self, i: u8) -> Option<usize> {
        if self.is_removed(i) || self.is_accessible(i) {
            return None;
        }
        let level = self.level();
        let s = &level.screws()[usize::from(i)];
        let over = |p: &usize| self.poses()[*p] & s.cell != 0;
        let by_layer = level.parts_by_layer();
        let higher = by_layer[usize::from(s.layer) + 1..]
            .iter()
            .rev()
            .find_map(|layer| layer.iter().rev().map(|&p| usize::from(p)).find(over));
        higher.or_else(|| {
            by_layer[usize::from(s.layer)]
                .iter()
                .rev()
                .map(|&p| usize::from(p))
                .filter(|&p| p != usize::from(s.part))
                .find(over)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::level::parse_level;
    use crate::sim::{CompiledLevel, GameSim, Move};
    use std::sync::Arc;

    /// Two plates stacked over a screw on layer 0 (`tests/levels/stacked.json`): the top one is named
    /// until it falls, then the middle one, then none.
    #[test]
    fn the_topmost_plate_over_a_covered_screw_is_named() {
        let text = include_str!("../../tests/levels/stacked.json");
        let level = parse_level(text).unwrap();
        let mut sim = GameSim::new(Arc::new(CompiledLevel::new(level).unwrap()));
        assert_eq!(sim.cover_part(0), Some(2));
        assert_eq!(sim.cover_part(1), Some(2));
        assert_eq!(sim.cover_part(2), None, "nothing over the top screw");
        sim.apply(Move::Tap(3)).unwrap();
        assert_eq!(
            sim.cover_part(0),
            Some(1),
            "the middle plate once the top one fell"
        );
        assert_eq!(sim.cover_part(2), None, "a removed screw");
        sim.apply(Move::Tap(2)).unwrap();
        assert_eq!(sim.cover_part(0), None);
        assert!(sim.is_accessible(0));
    }
}
