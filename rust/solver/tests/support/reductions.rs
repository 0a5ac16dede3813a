//! Shared by the solver's integration tests: every combination of the proof search's reductions.

use screwsmith_solver::prover::Reductions;

/// Every combination of the reductions.
pub fn all_reductions() -> Vec<Reductions> {
    (0..16u8)
        .map(|m| Reductions {
            horizon: m & 8 != 0,
            dead_states: m & 1 != 0,
            ordering: m & 2 != 0,
            eager_loosen: m & 4 != 0,
            ..Reductions::default()
        })
        .collect()
}
