//! The shipping rules: what a level the game ships (baked, Daily Bench, endless) must be beyond loading.
//! The rules play any board the structural validation accepts; these say which of those a player may
//! be given, because the view draws by them: every part is one piece ([`super::one_piece`]), every
//! hanging pose is the rest shape turned about its screw ([`super::hang_turns`]), and plates of one
//! layer never overlap in any pose ([`super::same_layer`]).

use super::data::LevelData;
use super::error::LevelError;
use super::hang_turns::hang_turn_faults;
use super::one_piece::one_piece_faults;
use super::same_layer::same_layer_faults;

/// Every shipping fault of a level: one-piece shapes, then hang turns, then same-layer overlaps.
pub fn shipping_faults(level: &LevelData) -> Vec<LevelError> {
    let mut out = one_piece_faults(level);
    out.extend(hang_turn_faults(level));
    out.extend(same_layer_faults(level));
    out
}

/// The first shipping fault of a level, if any (see [`shipping_faults`]).
pub fn check_shipping(level: &LevelData) -> Result<(), LevelError> {
    match shipping_faults(level).into_iter().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
