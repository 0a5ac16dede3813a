//! The SolveReport, its stored form ([`Measure`]) and the rounding rule shared by the baker, which stores
//! measurements, and the validator, which recomputes and compares them.

use serde_json::{json, Value};

use screwsmith_rules::level::{Measure, SolveStatus};
use screwsmith_rules::sim::Move;

use super::buried::BuriedScrew;
use super::trial::TrialResult;

/// Floats are stored with this many decimals (`0.0417`, not `0.041666…`).
pub const STORED_DECIMALS: i32 = 4;
/// A recomputed float matches a stored one when they differ by at most half a unit of the last stored
/// decimal (what rounding can account for), plus a hair for binary representation. Kept next to
/// [`STORED_DECIMALS`] so the two cannot drift apart.
pub const STORED_TOLERANCE: f64 = 0.5e-4 + 1e-9;

/// Rounds a float the way the level file stores it.
pub fn round_stored(x: f64) -> f64 {
    let scale = 10f64.powi(STORED_DECIMALS);
    (x * scale).round() / scale
}

/// Whether a recomputed value agrees with a stored one within [`STORED_TOLERANCE`].
pub fn stored_matches(stored: f64, recomputed: f64) -> bool {
    (stored - recomputed).abs() <= STORED_TOLERANCE
}

/// Keys `SolveReport::to_json` always has (the ones `screwsmith solve --json` promises).
pub const JSON_KEYS: [&str; 11] = [
    "status",
    "human_fail_rate",
    "average_peak_rail",
    "min_rail_slots_required",
    "unique_solution",
    "taps",
    "difficulty",
    "blunder_rate",
    "competent_win_rate",
    "nodes",
    "solution",
];

/// Everything the solver measured about one level.
#[derive(Debug, Clone, PartialEq)]
pub struct SolveReport {
    pub status: SolveStatus,
    /// Human trials lost / trials (1.0 for a `Broken` level: no trial can win).
    pub human_fail_rate: f64,
    /// Mean over human trials of the highest rail occupancy reached.
    pub average_peak_rail: f64,
    /// The human trials, in seed order.
    pub trials: Vec<TrialResult>,
    /// The first winning human trial's moves, else the DFS's win; replays to a win.
    pub solution: Option<Vec<Move>>,
    /// DFS nodes (moves played) over every search run for this report.
    pub nodes: u64,
    /// Stage 4: smallest rail that admits a win (`None`: not verified, or not known within the budget).
    pub min_rail_slots_required: Option<u8>,
    /// Stage 4: exactly one winning move sequence (`None`: not verified, or not known within the budget).
    pub unique_solution: Option<bool>,
    /// Taps a full clear takes (rusty screws count twice).
    pub taps: u32,
    /// docs/design.md §3 DifficultyScore, 1..=10.
    pub difficulty: u8,
    /// Per-depth blunder rate (verification only; `None` when not measured).
    pub blunder_rate: Option<f64>,
    /// The competent player's wins / trials over the same seeds (`None`: deferred by
    /// `SolveOptions::competent` and not measured since).
    pub competent_win_rate: Option<f64>,
    /// Stage 4: smallest rail on which the competent player wins ≥ half its trials (`None`: not
    /// verified, or no rail up to 7 is enough).
    pub competent_min_rail: Option<u8>,
    /// Stage 1: screws that can never be removed (non-empty means `Broken`).
    pub buried: Vec<BuriedScrew>,
    /// Stage 4: the stored solution replays to a win (`None`: not verified).
    pub solution_replays: Option<bool>,
    /// The caller cancelled: whatever was not finished is reported as not known.
    pub cancelled: bool,
}

impl SolveReport {
    /// docs/design.md §3's raw score (unclamped, unrounded; `None` when not proven): what "nearest to the
    /// target" choices rank by.
    pub fn raw_score(&self) -> Option<f64> {
        super::difficulty::raw_score(
            self.status,
            self.human_fail_rate,
            self.average_peak_rail,
            self.taps,
            self.unique_solution,
        )
    }

    /// The shippable part, floats rounded as stored.
    pub fn to_measure(&self) -> Measure {
        Measure {
            status: self.status,
            human_fail_rate: round_stored(self.human_fail_rate),
            average_peak_rail: round_stored(self.average_peak_rail),
            min_rail_slots: self.min_rail_slots_required,
            unique: self.unique_solution,
            taps: self.taps,
            difficulty: self.difficulty,
            blunder_rate: self.blunder_rate.map(round_stored),
            competent_win_rate: self.competent_win_rate.map(round_stored),
            competent_min_rail: self.competent_min_rail,
            solution: self.solution.clone().unwrap_or_default(),
        }
    }

    /// The report as `screwsmith solve --json` prints it (floats rounded as stored).
    pub fn to_json(&self) -> Value {
        json!({
            "status": self.status,
            "human_fail_rate": round_stored(self.human_fail_rate),
            "average_peak_rail": round_stored(self.average_peak_rail),
            "min_rail_slots_required": self.min_rail_slots_required,
            "unique_solution": self.unique_solution,
            "taps": self.taps,
            "difficulty": self.difficulty,
            "blunder_rate": self.blunder_rate.map(round_stored),
            "competent_win_rate": self.competent_win_rate.map(round_stored),
            "competent_min_rail": self.competent_min_rail,
            "nodes": self.nodes,
            "solution": self.solution,
            "solution_replays": self.solution_replays,
            "trials": self.trials,
            "buried": self.buried,
            "cancelled": self.cancelled,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_rounding_and_tolerance_agree() {
        let x = 1.0 / 24.0;
        let stored = round_stored(x);
        assert_eq!(stored, 0.0417);
        assert!(stored_matches(stored, x));
        assert!(!stored_matches(stored, x + 1e-4));
        assert!(stored_matches(round_stored(2.0 / 3.0), 2.0 / 3.0));
    }
}
