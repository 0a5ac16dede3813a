//! docs/design.md §3's DifficultyScore, 1..=10:
//! `1 + HumanFailRate*11 + max(0, AveragePeakRail-1)*1.6 + (0.6 if taps > 45) + (1.5 if unique)`,
//! rounded half up and clamped; a level that is not proven solvable is 10.
//!
//! The inputs are ratios of small integers, so sums like 2.5 are meant to be exact, yet `1.6` and
//! `0.6` are not representable in binary and `0.9375 * 1.6` lands a hair below or above 1.5. The raw
//! score is therefore snapped to a 1e-9 grid before rounding half up, so a score that is 2.5 on paper
//! rounds to 3 on every platform.

use screwsmith_rules::level::SolveStatus;

/// Taps above this add [`LONG_LEVEL_BONUS`].
pub const LONG_LEVEL_TAPS: u32 = 45;
pub const FAIL_WEIGHT: f64 = 11.0;
pub const PEAK_WEIGHT: f64 = 1.6;
pub const LONG_LEVEL_BONUS: f64 = 0.6;
pub const UNIQUE_BONUS: f64 = 1.5;
/// Score of a level not proven solvable (and the clamp's top).
pub const MAX_SCORE: u8 = 10;
pub const MIN_SCORE: u8 = 1;
/// Grid the raw score is snapped to before rounding (far below any real difference between inputs).
const SNAP: f64 = 1e9;

/// docs/design.md §3's *raw score*: the formula before rounding and clamping, for ranking candidates ("nearest to
/// the target"), where the clamp at 10 would make a board that 96 % of players lose look as near to a
/// target of 9 as one that 20 % lose. `None` for a level not proven solvable (it has no score to rank)
/// or non-finite inputs.
pub fn raw_score(
    status: SolveStatus,
    human_fail_rate: f64,
    average_peak_rail: f64,
    taps: u32,
    unique: Option<bool>,
) -> Option<f64> {
    if status != SolveStatus::Proven {
        return None;
    }
    let mut raw =
        1.0 + human_fail_rate * FAIL_WEIGHT + (average_peak_rail - 1.0).max(0.0) * PEAK_WEIGHT;
    if taps > LONG_LEVEL_TAPS {
        raw += LONG_LEVEL_BONUS;
    }
    if unique == Some(true) {
        raw += UNIQUE_BONUS;
    }
    raw.is_finite().then_some(raw)
}

/// The score. `unique` is stage 4's answer; `None` (not verified, or not known) adds nothing.
pub fn difficulty_score(
    status: SolveStatus,
    human_fail_rate: f64,
    average_peak_rail: f64,
    taps: u32,
    unique: Option<bool>,
) -> u8 {
    let Some(raw) = raw_score(status, human_fail_rate, average_peak_rail, taps, unique) else {
        return MAX_SCORE;
    };
    let snapped = (raw * SNAP).round() / SNAP;
    let rounded = (snapped + 0.5).floor();
    rounded.clamp(MIN_SCORE as f64, MAX_SCORE as f64) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use SolveStatus::*;

    #[test]
    fn easiest_level_scores_one() {
        assert_eq!(difficulty_score(Proven, 0.0, 0.0, 10, Some(false)), 1);
        assert_eq!(difficulty_score(Proven, 0.0, 1.0, 10, None), 1);
    }

    #[test]
    fn hand_computed_values() {
        // 1 + 6/24*11 = 3.75 → 4
        assert_eq!(difficulty_score(Proven, 6.0 / 24.0, 1.0, 20, None), 4);
        // 1 + 0 + (3-1)*1.6 = 4.2 → 4; +0.6 for 46 taps = 4.8 → 5
        assert_eq!(difficulty_score(Proven, 0.0, 3.0, 45, None), 4);
        assert_eq!(difficulty_score(Proven, 0.0, 3.0, 46, None), 5);
        // 1 + 2/24*11 + (2.5-1)*1.6 + 1.5 = 1 + 0.91667 + 2.4 + 1.5 = 5.81667 → 6
        assert_eq!(difficulty_score(Proven, 2.0 / 24.0, 2.5, 30, Some(true)), 6);
    }

    #[test]
    fn rounding_edges_round_half_up() {
        // Paper: 1 + 4/24*11 + (55/24-1)*1.6 + 0.6 = 5.5 → 6; naive f64 sums to 5.499999999999999.
        assert_eq!(
            difficulty_score(Proven, 4.0 / 24.0, 55.0 / 24.0, 46, None),
            6
        );
        // Paper: 1 + 8/24*11 + (29/24-1)*1.6 + 1.5 = 6.5 → 7; naive f64 gives 6.499999999999999.
        assert_eq!(
            difficulty_score(Proven, 8.0 / 24.0, 29.0 / 24.0, 10, Some(true)),
            7
        );
        // (1.9375-1)*1.6 = 1.5: 2.5 → 3.
        assert_eq!(difficulty_score(Proven, 0.0, 1.9375, 10, None), 3);
        // 1 + 0.6 + 0.9 ... : (1.5625-1)*1.6 = 0.9, +0.6 = 2.5 → 3
        assert_eq!(difficulty_score(Proven, 0.0, 1.5625, 46, None), 3);
        // Just under the edge stays down: 1 + (1.9-1)*1.6 = 2.44 → 2.
        assert_eq!(difficulty_score(Proven, 0.0, 1.9, 10, None), 2);
        // 1 + 3/22*11 = 2.5 → 3 (1/22 is inexact in binary).
        assert_eq!(difficulty_score(Proven, 3.0 / 22.0, 0.0, 10, None), 3);
    }

    #[test]
    fn clamped_and_unproven_levels() {
        assert_eq!(difficulty_score(Proven, 1.0, 5.0, 80, Some(true)), 10);
        assert_eq!(difficulty_score(Unsolvable, 0.0, 0.0, 3, None), 10);
        assert_eq!(difficulty_score(SearchExhausted, 0.0, 0.0, 3, None), 10);
        assert_eq!(difficulty_score(Broken, 0.0, 0.0, 3, None), 10);
        assert_eq!(difficulty_score(Proven, f64::NAN, 0.0, 3, None), 10);
    }

    #[test]
    fn raw_score_is_unclamped_and_unrounded() {
        // 1 + 23/24*11 + (3-1)*1.6 = 14.741…: clamped to 10, but the raw score keeps the spike visible.
        let raw = raw_score(Proven, 23.0 / 24.0, 3.0, 20, None).unwrap();
        assert!((raw - (1.0 + 23.0 / 24.0 * 11.0 + 3.2)).abs() < 1e-12);
        assert_eq!(difficulty_score(Proven, 23.0 / 24.0, 3.0, 20, None), 10);
        let lower = raw_score(Proven, 5.0 / 24.0, 3.0, 20, None).unwrap();
        assert!(lower < raw && (lower - 9.0).abs() < (raw - 9.0).abs());
        assert_eq!(raw_score(Unsolvable, 0.0, 0.0, 3, None), None);
        assert_eq!(raw_score(Proven, f64::NAN, 0.0, 3, None), None);
    }

    #[test]
    fn peak_below_one_adds_nothing() {
        assert_eq!(difficulty_score(Proven, 0.125, 0.5, 10, None), 2); // 1 + 1.375 = 2.375
    }
}
