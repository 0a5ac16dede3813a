//! The curve of the shipped levels, as the editor's verdict card plots it: every baked level's measured
//! difficulty by its number, the band the curve wants there, and per band the mean human fail rate and
//! competent win rate of the shipped levels of that band. The card places the level being edited on it:
//! a designer sees whether the level would sit where its number asks, and whether its fail rate and
//! competent win rate are near those its band's shipped levels have.
//!
//! Why the band's shipped means and not the calibration's raw scores: the ladder is judged by fail rate
//! and competent win rate (the score is not comparable across rail sizes, `screwsmith_gen::curve`), and
//! the baked set is what a player meets.

use serde::Serialize;

use screwsmith_gen::curve::{target_for, target_score, COMPETENT_FLOOR, MAX_BAND, SPIKE_MAX_FAIL};
use screwsmith_rules::level::{parse_file, LevelData, LevelError};

/// One shipped level on the curve.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CurvePoint {
    pub number: u32,
    /// The band the level was baked in.
    pub band: u8,
    /// The band the curve wants at this number.
    pub target_band: u8,
    /// The stored measure's figures (`None` for a level baked without one).
    pub difficulty: Option<u8>,
    pub human_fail_rate: Option<f64>,
    pub competent_win_rate: Option<f64>,
}

/// What the shipped levels of one band measure, on average.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BandFigures {
    pub band: u8,
    /// Shipped levels of this band that carry a measure.
    pub levels: usize,
    pub mean_difficulty: Option<f64>,
    pub mean_fail: Option<f64>,
    pub mean_competent: Option<f64>,
    /// The band's target as a stored difficulty score would show it.
    pub target_score: u8,
}

/// The curve of a level set and the rule's limits (the no-spikes cap, the competent floor).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Curve {
    pub points: Vec<CurvePoint>,
    /// Bands 1..=`max_band`, in order.
    pub bands: Vec<BandFigures>,
    pub max_band: u8,
    pub spike_max_fail: f64,
    pub competent_floor: f64,
}

impl Curve {
    /// The curve as the editor's `shipped_curve` call returns it.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a curve always serialises")
    }
}

fn mean(xs: &[f64]) -> Option<f64> {
    (!xs.is_empty()).then(|| xs.iter().sum::<f64>() / xs.len() as f64)
}

/// The curve of `levels`, in the order given.
pub fn curve_of(levels: &[LevelData]) -> Curve {
    let points: Vec<CurvePoint> = levels
        .iter()
        .map(|l| CurvePoint {
            number: l.number,
            band: l.band,
            target_band: target_for(l.number),
            difficulty: l.measure.as_ref().map(|m| m.difficulty),
            human_fail_rate: l.measure.as_ref().map(|m| m.human_fail_rate),
            competent_win_rate: l.measure.as_ref().and_then(|m| m.competent_win_rate),
        })
        .collect();
    let bands = (1..=MAX_BAND)
        .map(|band| {
            let of_band: Vec<&CurvePoint> = points
                .iter()
                .filter(|p| p.band == band && p.difficulty.is_some())
                .collect();
            let pick = |f: fn(&CurvePoint) -> Option<f64>| -> Vec<f64> {
                of_band.iter().filter_map(|p| f(p)).collect()
            };
            BandFigures {
                band,
                levels: of_band.len(),
                mean_difficulty: mean(&pick(|p| p.difficulty.map(f64::from))),
                mean_fail: mean(&pick(|p| p.human_fail_rate)),
                mean_competent: mean(&pick(|p| p.competent_win_rate)),
                target_score: target_score(band),
            }
        })
        .collect();
    Curve {
        points,
        bands,
        max_band: MAX_BAND,
        spike_max_fail: SPIKE_MAX_FAIL,
        competent_floor: COMPETENT_FLOOR,
    }
}

/// The curve of a level file's text (the baked `levels/levels.json`); its first fault is the error.
pub fn curve_of_text(text: &str) -> Result<Curve, LevelError> {
    Ok(curve_of(&parse_file(text)?.levels))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHIPPED: &str = include_str!("../../../levels/levels.json");

    #[test]
    fn the_shipped_curve_has_every_level_measured_in_order() {
        let curve = curve_of_text(SHIPPED).unwrap();
        assert_eq!(curve.points.len(), 200);
        for (i, p) in curve.points.iter().enumerate() {
            assert_eq!(p.number, i as u32 + 1);
            assert_eq!(p.target_band, target_for(p.number));
            assert!(p.difficulty.is_some() && p.human_fail_rate.is_some());
        }
        assert_eq!(curve.bands.len(), MAX_BAND as usize);
        let counted: usize = curve.bands.iter().map(|b| b.levels).sum();
        assert_eq!(counted, 200, "every level is in its band's means");
    }

    #[test]
    fn the_shipped_bands_fail_more_from_band_5_up() {
        // The baked ladder's rule (`screwsmith_gen::curve::CALIBRATION`): from band 5 up, each band's
        // mean fail rate is above the one before. The curve must read the figures that show it.
        let curve = curve_of_text(SHIPPED).unwrap();
        let fails: Vec<f64> = curve.bands[4..]
            .iter()
            .map(|b| b.mean_fail.unwrap())
            .collect();
        assert!(fails.windows(2).all(|w| w[0] < w[1]), "{fails:?}");
    }

    #[test]
    fn band_means_are_the_means_of_that_bands_measured_levels() {
        let mut levels = parse_file(SHIPPED).unwrap().levels[..3].to_vec();
        for (l, fail) in levels.iter_mut().zip([0.1, 0.3, 0.9]) {
            l.band = 2;
            l.measure.as_mut().unwrap().human_fail_rate = fail;
        }
        // A level without a measure is on the curve but in no mean.
        levels[2].measure = None;
        let curve = curve_of(&levels);
        let two = &curve.bands[1];
        assert_eq!(two.levels, 2);
        assert!((two.mean_fail.unwrap() - 0.2).abs() < 1e-12, "{two:?}");
        assert_eq!(curve.points[2].difficulty, None);
        assert_eq!(curve.bands[0].mean_fail, None, "band 1 has no level here");
    }

    #[test]
    fn a_file_that_is_not_a_level_file_is_an_error() {
        assert!(curve_of_text("{\"format\": 1}").is_err());
        assert!(curve_of_text("not json").is_err());
    }
}
