//! Countdown bombs: the counters of a level's bomb screws, and why a game was lost.
//!
//! The rule: a move counts a bomb down only when the bomb is uncovered (in the board, nothing above
//! it) as the move is made, and a move that removes the bomb defuses it instead. A player is never
//! punished by a clock they cannot see, and uncovering a bomb becomes the decision: the moves before
//! it are free, the moves after it are counted. When a counter reaches 0 while its screw is still in
//! the board, the level is lost.
//!
//! The counters are state the removed/loosened masks do not decide (the same screws removed in
//! another order tick a bomb a different number of times), so they are copied into every move record
//! for an exact undo and are part of the solver's state key.

use crate::cells::Mask;
use crate::level::validate::MAX_BOMBS;

use super::compiled::CompiledLevel;

/// Moves left per bomb, by the bomb's rank in [`CompiledLevel::bombs`]; 0 past the level's bombs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct BombClocks(pub [u8; MAX_BOMBS]);

impl BombClocks {
    /// Every bomb at its authored count.
    pub fn start(level: &CompiledLevel) -> Self {
        let mut left = [0; MAX_BOMBS];
        for (k, &i) in level.bombs.iter().enumerate() {
            left[k] = level.screws[i as usize].bomb.unwrap_or(0);
        }
        BombClocks(left)
    }

    /// Counts down every bomb in `ticking` (a screw mask); returns the screw index of the first bomb
    /// that reached 0, if one did.
    #[inline]
    pub fn tick(&mut self, level: &CompiledLevel, ticking: Mask) -> Option<u8> {
        let mut went_off = None;
        for (k, &i) in level.bombs.iter().enumerate() {
            if ticking >> i & 1 == 1 {
                self.0[k] = self.0[k].saturating_sub(1);
                if self.0[k] == 0 && went_off.is_none() {
                    went_off = Some(i);
                }
            }
        }
        went_off
    }

    /// The first bomb still in the board (not in `removed`) whose counter is 0.
    pub fn gone_off(&self, level: &CompiledLevel, removed: Mask) -> Option<u8> {
        level
            .bombs
            .iter()
            .enumerate()
            .find(|&(k, &i)| self.0[k] == 0 && removed >> i & 1 == 0)
            .map(|(_, &i)| i)
    }
}

/// Why a game was lost: what the lose panel names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Loss {
    /// A removed screw found neither a crate nor a rail place.
    RailFull,
    /// The bomb on this screw (index) counted down to 0.
    Bomb(u8),
    /// No move is legal and screws are left: every uncovered screw is locked, or a bolt with no wrench
    /// charge left. Nothing but an undo can change the board, so the game is over.
    NoLegalMove,
}

impl Loss {
    /// Lower-case name for messages and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Loss::RailFull => "rail_full",
            Loss::Bomb(_) => "bomb",
            Loss::NoLegalMove => "no_legal_move",
        }
    }
}
