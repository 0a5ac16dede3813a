//! Stage 2: the shallow human of docs/design.md §3. Among accessible legal screws whose colour is known it prefers
//! those an active crate accepts and picks one at random; otherwise it picks at random among all
//! accessible legal moves (hidden screws included). It never looks at the crate queue.

use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::GameSim;

use super::trial::{IxMove, Strategy};

/// The shallow human player.
#[derive(Debug, Default)]
pub struct Human {
    preferred: Vec<IxMove>,
}

impl Strategy for Human {
    fn pick(&mut self, sim: &GameSim, legal: &[IxMove], rng: &mut Rng) -> IxMove {
        // Known screws an active crate takes, as one mask: the test per move is one bit.
        let wanted = sim.revealed_mask() & sim.accepted_screws();
        self.preferred.clear();
        self.preferred
            .extend(legal.iter().copied().filter(|&(i, _)| wanted >> i & 1 == 1));
        let pool = if self.preferred.is_empty() {
            legal
        } else {
            &self.preferred
        };
        pool[rng.below(pool.len() as u32) as usize]
    }
}
