//! Stage 2: the shallow human of SPEC §3. Among accessible legal screws whose colour is known it prefers
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
        let screws = &sim.level().screws();
        let accepted = sim.accepted_colours();
        self.preferred.clear();
        self.preferred.extend(legal.iter().copied().filter(|&(i, _)| {
            sim.is_known(i) && accepted >> screws[i as usize].color & 1 == 1
        }));
        let pool = if self.preferred.is_empty() {
            legal
        } else {
            &self.preferred
        };
        pool[rng.below(pool.len() as u32) as usize]
    }
}
