//! The shipping rules: what a level the game ships (baked, Daily Bench, endless) must be beyond loading.
//! The rules play any board the structural validation accepts; these say which of those a player may
//! be given, because the view draws by them: every part is one piece ([`super::one_piece`]), and every
//! hanging pose is the rest shape turned about its screw ([`super::hang_turns`]).
//!
//! Plates of one layer may overlap once one hangs (a turned plate nearly always reaches a neighbour of
//! its layer, so forbidding it would leave the generator almost nothing). The rules need nothing for
//! it: a plate covers only what lies on a lower layer, so within a layer no plate covers a screw. The
//! view draws by the same rule: per layer, hanging plates under resting ones, and the layer's screws
//! over all of its plates.

use super::data::LevelData;
use super::error::LevelError;
use super::hang_turns::hang_turn_faults;
use super::one_piece::one_piece_faults;

/// Every shipping fault of a level: one-piece shapes first, then hang turns.
pub fn shipping_faults(level: &LevelData) -> Vec<LevelError> {
    let mut out = one_piece_faults(level);
    out.extend(hang_turn_faults(level));
    out
}

/// The first shipping fault of a level, if any (see [`shipping_faults`]).
pub fn check_shipping(level: &LevelData) -> Result<(), LevelError> {
    match shipping_faults(level).into_iter().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
