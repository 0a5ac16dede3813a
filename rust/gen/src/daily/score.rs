//! What a Daily Bench attempt scores: the *actions* the player needed, fewer is better.
//!
//! Every win of a board takes the same number of moves (each screw leaves the board once; an undo
//! takes its move back off the count), so the move count alone is the same for everyone who solves
//! the bench. The score counts every tap, including the taps later taken back, every undo, and every
//! hint at [`HINT_COST`]. A clean solve scores exactly the board's moves; each undo adds
//! [`UNDO_COST`] (the tap it took back and itself). A hint costs more than an undo because it gives
//! away a move the player did not find. Here, not in the game's save code, so the game and the CLI's
//! `play` share one rule. Integers only: the score decides which attempt is kept.

/// What an undo adds to the score: the tap it takes back (no longer on the move count) and the undo.
pub const UNDO_COST: u32 = 2;
/// What a hint adds to the score.
pub const HINT_COST: u32 = 3;

/// The score of an attempt with these counts: fewer is better (saturating: a count near `u32::MAX`
/// never wraps into a good score).
pub fn score(moves: u32, undos: u32, hints: u32) -> u32 {
    moves
        .saturating_add(undos.saturating_mul(UNDO_COST))
        .saturating_add(hints.saturating_mul(HINT_COST))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clean_solve_scores_its_moves_and_help_costs_more() {
        assert_eq!(score(23, 0, 0), 23);
        assert_eq!(score(23, 1, 0), 25);
        assert_eq!(score(23, 0, 1), 26);
        assert_eq!(score(u32::MAX, 1, 1), u32::MAX);
    }
}
