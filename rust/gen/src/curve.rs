//! The difficulty curve (SPEC §4): which band each level number targets, and which difficulty score
//! each band aims for.
//!
//! Why a rising floor under the rhythm: a bare repeating rhythm made level 197 ask what level 37 asked,
//! and the competent player's win rate stayed flat across 50-level slices (the game was 50 levels played
//! four times). The floor climbs from 4 at level 37 to 8 at level 200.

/// Highest band.
pub const MAX_BAND: u8 = 8;

/// The 6-level rhythm added to the floor from level 37: two easy levels to bank confidence, two jumps
/// to spend it, and a level back on the floor.
pub const RHYTHM: [i32; 6] = [-1, -1, 0, 2, 2, 0];

/// The level where the wall stands (band 8 right after the gentle first 35).
pub const WALL_LEVEL: u32 = 36;

/// Target band of level `n` (1-based).
pub fn target_for(n: u32) -> u8 {
    match n {
        0..=5 => 1,
        6..=15 => 2,
        16..=25 => 3,
        26..=35 => 4,
        WALL_LEVEL => MAX_BAND,
        _ => {
            let k = n - 37;
            let floor = 4 + (k as u64 * 4 / 163) as i32;
            (floor + RHYTHM[(k % 6) as usize]).clamp(1, MAX_BAND as i32) as u8
        }
    }
}

/// One row of the calibration table: the difficulty score a band aims for and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Calibration {
    pub band: u8,
    pub target_score: u8,
    pub reason: &'static str,
}

/// Target difficulty score per band. The first guess was `band + 1` (a losing trial ends with a full
/// rail, so fail rate and peak rail rise together); each entry was then tuned against the generator's
/// measured candidates and the baked set's figures (SPEC §4 targets), and the reason is kept next to it.
///
/// The score is not comparable across rail sizes: its peak-rail term is capped by the rail
/// (`(rail-1) × 1.6`), so the same score on a narrower rail means a higher fail rate. An entry may
/// therefore drop by one where the rail narrows while the band stays harder (none does today), and the
/// baked ladder is judged by fail rate and the competent player's win rate (see `bake::figures`).
pub const CALIBRATION: [Calibration; MAX_BAND as usize] = [
    Calibration {
        band: 1,
        target_score: 2,
        reason: "first guess b+1 kept: one layer never uses the rail (score 1); 2 lets a band-2 board with a touch of rail win",
    },
    Calibration {
        band: 2,
        target_score: 2,
        reason: "b+1 = 3 pulled in boards that already lose a trial now and then; levels 1-35 must stay <= 3 % fail",
    },
    Calibration {
        band: 3,
        target_score: 3,
        reason: "b (not b+1): 4 needs peak rail ~2.9 without a loss, which 3-layer boards rarely reach without losing",
    },
    Calibration {
        band: 4,
        target_score: 4,
        reason: "b (not b+1): 5 needs peak rail >= 3.2 with no loss at all; 4 keeps levels 26-35 near 0 % fail",
    },
    Calibration {
        band: 5,
        target_score: 8,
        reason: "b+3: on rail 5 the peak term alone reaches 4+; 7 baked at 17 % fail and left levels 101-200 at the 28 % edge, 8 is ~25 %",
    },
    Calibration {
        band: 6,
        target_score: 9,
        reason: "b+3: a loss on rail 5 pushes the peak term toward 6.4, so 9 is ~25-30 % fail",
    },
    Calibration {
        band: 7,
        target_score: 9,
        reason: "rail 4 caps the peak term at 4.8: 9 is ~35-40 % fail",
    },
    Calibration {
        band: 8,
        target_score: 9,
        reason: "8 baked at 32 % fail, easier than band 7: rail-4 neighbours win every tie on peak rail, so the top band needs band 7's 9 (~40 %; the wall, level 36, stays inside 30-45 %)",
    },
];

/// Target difficulty score of a band (bands outside 1..=8 are clamped).
pub fn target_score(band: u8) -> u8 {
    CALIBRATION[(band.clamp(1, MAX_BAND) - 1) as usize].target_score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::band_shape;

    #[test]
    fn gentle_start_then_the_wall() {
        let bands: Vec<u8> = (1..=36).map(target_for).collect();
        assert!(bands[..5].iter().all(|&b| b == 1));
        assert!(bands[5..15].iter().all(|&b| b == 2));
        assert!(bands[15..25].iter().all(|&b| b == 3));
        assert!(bands[25..35].iter().all(|&b| b == 4));
        assert_eq!(bands[35], 8);
    }

    #[test]
    fn floor_plus_rhythm_from_37() {
        // Floor 4 at 37: rhythm -1,-1,0,+2,+2,0.
        let first: Vec<u8> = (37..=42).map(target_for).collect();
        assert_eq!(first, vec![3, 3, 4, 6, 6, 4]);
        // Level 200: k = 163, floor = 8, rhythm index 163 % 6 = 1 → -1.
        assert_eq!(target_for(200), 7);
        // Level 199: k = 162, floor = 4 + 648/163 = 7, index 0 → -1.
        assert_eq!(target_for(199), 6);
        // Level 197: k = 160, floor 7, index 4 → +2 = 9, clamped to 8.
        assert_eq!(target_for(197), 8);
        for n in 1..=400 {
            assert!((1..=MAX_BAND).contains(&target_for(n)), "level {n}");
        }
    }

    #[test]
    fn the_floor_rises_so_slices_are_not_repeats() {
        let mean = |r: std::ops::RangeInclusive<u32>| {
            let n = r.clone().count() as f64;
            r.map(|i| target_for(i) as f64).sum::<f64>() / n
        };
        let slices = [mean(51..=100), mean(101..=150), mean(151..=200)];
        assert!(slices[0] < slices[1] && slices[1] < slices[2], "{slices:?}");
    }

    #[test]
    fn calibration_table_is_a_ladder_with_reasons() {
        for (i, c) in CALIBRATION.iter().enumerate() {
            assert_eq!(c.band as usize, i + 1);
            assert!((1..=10).contains(&c.target_score));
            assert!(!c.reason.is_empty());
            if i > 0 {
                let (lo, hi) = (band_shape(c.band - 1), band_shape(c.band));
                if hi.rail_slots == lo.rail_slots {
                    assert!(
                        c.target_score >= CALIBRATION[i - 1].target_score,
                        "band {}",
                        c.band
                    );
                } else {
                    // A narrower rail caps the peak term 1.6 lower: the score may drop by one.
                    assert!(
                        c.target_score + 1 >= CALIBRATION[i - 1].target_score,
                        "band {}",
                        c.band
                    );
                }
            }
        }
        assert_eq!(target_score(0), target_score(1));
        assert_eq!(target_score(200), target_score(8));
    }
}
