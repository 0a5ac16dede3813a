//! The states a shallow player passes through: the move lists of a level's shallow-human trials (the
//! same seeds and choices as [`crate::solve`]'s stage 2). The hint's soundness tests, its benchmark and
//! `screwsmith audit hints` ask for a hint at every point of these lists, because these are the states a
//! real player who needs a hint is in — not the solver's own, mostly winnable, ones.

use std::sync::Arc;

use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::{CompiledLevel, GameSim, Move, Status};

use crate::human::Human;
use crate::trial::{moves_of, trial_seed, IxMove, Strategy};

/// One shallow-human trial, played to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HumanPath {
    /// Trial number (0-based), as in `solve`'s trials.
    pub trial: u32,
    /// Every move played, by screw id.
    pub moves: Vec<Move>,
    /// How the trial ended: `Won` or `Lost` (a game with no legal move left is lost by the rules).
    pub end: Status,
}

/// The level's first `trials` shallow-human trials (`solve` plays [`crate::options::DEFAULT_TRIALS`]).
pub fn human_paths(level: &Arc<CompiledLevel>, trials: u32) -> Vec<HumanPath> {
    let mut sim = GameSim::new(level.clone());
    let mut human = Human::default();
    let mut legal: Vec<IxMove> = Vec::new();
    (0..trials)
        .map(|t| {
            sim.restart();
            let mut rng = Rng::new(trial_seed(level.data().seed, t));
            while sim.status() == Status::Playing {
                legal.clear();
                sim.for_each_legal(|i, w| legal.push((i, w)));
                if legal.is_empty() {
                    break; // unreachable: the rules end a game with no legal move as lost
                }
                let (i, w) = human.pick(&sim, &legal, &mut rng);
                if sim.play(i, w).is_err() {
                    break; // unreachable: the move came from for_each_legal
                }
            }
            HumanPath {
                trial: t,
                moves: moves_of(&sim, 0),
                end: sim.status(),
            }
        })
        .collect()
}

impl HumanPath {
    /// The points of the path a hint can be asked at: after 0, 1, … moves, up to the end unless the end
    /// is a win (a won game has nothing to hint).
    pub fn points(&self) -> std::ops::RangeInclusive<usize> {
        let last = if self.end == Status::Won {
            self.moves.len().saturating_sub(1)
        } else {
            self.moves.len()
        };
        0..=last
    }
}
