//! What the simulated players share: the trial seeds, one trial's outcome, and the loop that plays a
//! strategy to the end with the game's own rules.

use serde::Serialize;

use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::{GameSim, Loss, Move, Status};

/// docs/design.md §3: trial `t` of a level plays with seed `level.seed + t * 7919 + 13` (wrapping).
pub fn trial_seed(level_seed: u32, trial: u32) -> u32 {
    level_seed
        .wrapping_add(trial.wrapping_mul(7919))
        .wrapping_add(13)
}

/// One simulated game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TrialResult {
    pub seed: u32,
    pub won: bool,
    /// Highest rail occupancy reached (a lost game ends with a full rail).
    pub peak_rail: u8,
    /// Moves played.
    pub moves: u32,
}

/// A legal move by screw index: `(index, wrench)`.
pub type IxMove = (u8, bool);

/// A strategy picks one of the legal moves (never called with none).
pub trait Strategy {
    fn pick(&mut self, sim: &GameSim, legal: &[IxMove], rng: &mut Rng) -> IxMove;
}

/// Plays `sim` from its current state to the end with `strategy` and returns to that state afterwards
/// (a copy taken before the first move, cheaper than undoing every move), so one sim serves all
/// trials. A game with no legal move left is lost by the rules ([`Loss::NoLegalMove`]). When `moves_out`
/// is given and the game is won, it receives the winning moves.
pub fn play_trial(
    sim: &mut GameSim,
    strategy: &mut impl Strategy,
    seed: u32,
    moves_out: Option<&mut Vec<Move>>,
) -> TrialResult {
    let start = sim.history().len();
    let before = sim.clone();
    // A game ends within two moves a screw (a rusty screw's loosen, then its removal).
    sim.reserve_moves(2 * sim.level().screws().len());
    let mut rng = Rng::new(seed);
    let mut legal: Vec<IxMove> = Vec::with_capacity(sim.level().screws().len());
    let mut peak = sim.rail_occupancy();
    while sim.status() == Status::Playing {
        legal.clear();
        sim.for_each_legal(|i, w| legal.push((i, w)));
        if legal.is_empty() {
            break; // unreachable: the rules end a game with no legal move as lost
        }
        let (i, w) = strategy.pick(sim, &legal, &mut rng);
        if sim.play(i, w).is_err() {
            break; // unreachable: the move came from for_each_legal
        }
        peak = peak.max(sim.rail_occupancy());
    }
    if sim.status() == Status::Lost && sim.loss() != Some(Loss::NoLegalMove) {
        peak = sim.rail().len(); // the screw that found no place
    }
    let won = sim.status() == Status::Won;
    let moves = (sim.history().len() - start) as u32;
    if let (true, Some(out)) = (won, moves_out) {
        *out = moves_of(sim, start);
    }
    *sim = before;
    TrialResult {
        seed,
        won,
        peak_rail: peak,
        moves,
    }
}

/// The sim's moves since history position `from`, by screw id.
pub fn moves_of(sim: &GameSim, from: usize) -> Vec<Move> {
    let level = sim.level();
    sim.history()[from..]
        .iter()
        .map(|r| {
            let id = level.screws()[r.screw() as usize].id;
            if r.wrench() {
                Move::Wrench(id)
            } else {
                Move::Tap(id)
            }
        })
        .collect()
}
