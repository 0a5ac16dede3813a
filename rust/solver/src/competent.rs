//! The competent player (a designer metric of our own: docs/design.md §3.7): it reads the crate queue and guards the
//! rail. Each legal move gets a score from what the player can see (never a hidden colour), the best
//! score wins, ties are broken at random with the trial seed. Its win rate over the same 24 seeds as the
//! human must fall from slice to slice of the level set (docs/design.md §3).
//!
//! Scores, best first, and why:
//! - a known colour an active crate takes (more if it seals the crate): progress at no risk;
//! - loosening a rusty screw: no rail place used;
//! - a known colour going to the rail with at least one place left after it: more if its crate comes
//!   soon in the queue and if the rail already holds that colour (it will flow out together);
//! - a hidden screw while two or more places are free: a gamble the rail can absorb;
//! - anything that would leave the rail full, last.
//!
//! Bombs it reads like a player who sees the number: an uncovered bomb with [`BOMB_URGENT`] moves or
//! fewer left is defused first (fewest moves left first), and while an uncovered bomb is at its last
//! move, every move that does not defuse it loses and scores below everything else.
//!
//! A small bonus goes to screws whose part is about to swing or fall, since that uncovers screws, and
//! to key screws whose locks are still closed, since removing one makes its locked screws playable (the
//! shallow human sees no keys: it only ever picks among the moves legal now).

use std::sync::Arc;

use screwsmith_rules::level::validate::MAX_RAIL_SLOTS;
use screwsmith_rules::level::validate::PALETTE_SIZE;
use screwsmith_rules::level::ScrewKind;
use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::crates::CRATE_SIZE;
use screwsmith_rules::sim::rail::EMPTY;
use screwsmith_rules::sim::{CompiledLevel, GameSim};

use super::trial::{play_trial, trial_seed, IxMove, Strategy};

/// A rail on which the competent player wins at least this share of its trials is "enough rail" for
/// [`min_rail`] (half: the player wins more often than not).
pub const MIN_RAIL_WIN_SHARE: f64 = 0.5;

/// `competent_min_rail`, a designer metric: the smallest rail (1..=7 places) on which the competent
/// player wins at least [`MIN_RAIL_WIN_SHARE`] of its trials, over the level's own trial seeds. Unlike
/// `MinRailSlotsRequired` (perfect play, 1 on most levels) it moves with how much slack a good player
/// needs. `None` when even the widest rail is not enough.
pub fn min_rail(level: &Arc<CompiledLevel>, trials: u32) -> Option<u8> {
    (1..=MAX_RAIL_SLOTS).find(|&r| {
        let Ok(mut sim) = GameSim::with_rail(level.clone(), r) else {
            return false;
        };
        let mut player = Competent::default();
        let wins = (0..trials)
            .filter(|&t| {
                play_trial(
                    &mut sim,
                    &mut player,
                    trial_seed(level.data().seed, t),
                    None,
                )
                .won
            })
            .count();
        wins as f64 >= MIN_RAIL_WIN_SHARE * trials as f64
    })
}

/// Moves left at which an uncovered bomb is defused before anything else.
pub const BOMB_URGENT: u8 = 2;

/// How far ahead in the queue a crate still counts as "soon".
const QUEUE_HORIZON: usize = 8;

/// The competent player.
#[derive(Debug, Default)]
pub struct Competent {
    best: Vec<IxMove>,
}

/// What the player reads off the board once per move, by palette colour (palette indices are < 16).
struct View {
    free: i32,
    /// Queue-proximity bonus per colour (0 when not within the horizon).
    soon: [i32; PALETTE],
    /// Screws of each colour on the rail.
    on_rail: [i32; PALETTE],
    /// Active crate with room, and whether one more screw seals it.
    accepts: [bool; PALETTE],
    seals: [bool; PALETTE],
    /// Uncovered bombs with [`BOMB_URGENT`] moves or fewer left, and those at their last move.
    urgent: u128,
    last_move: u128,
}

const PALETTE: usize = PALETTE_SIZE as usize;

impl View {
    fn of(sim: &GameSim) -> Self {
        let level = sim.level();
        let rail = sim.rail();
        let mut v = View {
            free: (rail.len() - rail.occupancy()) as i32,
            soon: [0; PALETTE],
            on_rail: [0; PALETTE],
            accepts: [false; PALETTE],
            seals: [false; PALETTE],
            urgent: 0,
            last_move: 0,
        };
        for &b in level.bombs() {
            let left = sim.bomb_left(b).unwrap_or(u8::MAX);
            if sim.is_accessible(b) && left <= BOMB_URGENT {
                v.urgent |= 1u128 << b;
                if left <= 1 {
                    v.last_move |= 1u128 << b;
                }
            }
        }
        for (p, &c) in sim
            .queue_preview()
            .iter()
            .take(QUEUE_HORIZON)
            .enumerate()
            .rev()
        {
            v.soon[c as usize] = (QUEUE_HORIZON - p) as i32;
        }
        for &s in rail.slots() {
            if s != EMPTY {
                v.on_rail[level.screws()[s as usize].color as usize] += 1;
            }
        }
        for c in sim.crates().iter().filter(|c| c.has_room()) {
            v.accepts[c.color as usize] = true;
            v.seals[c.color as usize] |= c.fill == CRATE_SIZE - 1;
        }
        v
    }

    fn score(&self, sim: &GameSim, i: u8) -> i32 {
        let bit = 1u128 << i;
        if self.last_move & !bit != 0 {
            return -1;
        }
        if self.urgent & bit != 0 {
            return 300 - sim.bomb_left(i).unwrap_or(0) as i32;
        }
        let level = sim.level();
        let screw = &level.screws()[i as usize];
        let color = screw.color as usize;
        let left_in_part =
            (level.parts()[screw.part as usize].screws & !sim.removed_mask()).count_ones();
        let opens = if screw.locks & sim.locked_mask() != 0 {
            4
        } else {
            0
        };
        let uncover = if left_in_part <= 2 { 3 } else { 0 } + opens;
        if screw.kind == ScrewKind::Rusty && sim.touches(i) == 0 {
            return 50 + uncover;
        }
        if !sim.is_known(i) {
            return if self.free >= 2 { 20 + uncover } else { 1 };
        }
        if self.accepts[color] {
            return 100 + if self.seals[color] { 20 } else { 0 } + uncover;
        }
        if self.free <= 1 {
            return 0;
        }
        30 + self.soon[color] + 5 * self.on_rail[color] + uncover
    }
}

impl Strategy for Competent {
    fn pick(&mut self, sim: &GameSim, legal: &[IxMove], rng: &mut Rng) -> IxMove {
        let view = View::of(sim);
        let mut top = i32::MIN;
        self.best.clear();
        for &(i, w) in legal {
            let s = view.score(sim, i);
            if s > top {
                top = s;
                self.best.clear();
            }
            if s == top {
                self.best.push((i, w));
            }
        }
        self.best[rng.below(self.best.len() as u32) as usize]
    }
}
