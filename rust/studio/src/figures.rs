//! The curve figures of a baked set: per band, per 50-level slice, and the targets of docs/design.md §4.6. `report`
//! prints them; `validate --strict` enforces the targets.

use std::collections::BTreeMap;

use screwsmith_gen::curve::{
    spike_check, target_raw, COMPETENT_FLOOR, MAX_BAND, SPIKE_MAX_FAIL, WALL_LEVEL,
};
use screwsmith_gen::library::BAKED;
use screwsmith_rules::level::{LevelData, Measure, SolveStatus};

/// Levels per slice for the competent player's win rate.
pub const SLICE: u32 = 50;
/// Levels 1–35: mean human fail rate at most this (seed: 0.8 %).
pub const EASY_MAX_FAIL: f64 = 0.03;
/// Level 36, the wall: fail rate in this range (docs/design.md §4.6: 33–42 %).
pub const WALL_FAIL: (f64, f64) = (0.33, 0.42);
/// Levels 101–200: mean fail rate in this range (docs/design.md §4.6: 30–40 %).
pub const LATE_FAIL: (f64, f64) = (0.30, 0.40);
/// At least this share of the top band ships with rail 3 (docs/design.md §2/§4: the top band narrows to 3).
pub const TOP_BAND_RAIL3_SHARE: f64 = 0.5;

/// One band's summary.
#[derive(Debug, Clone, PartialEq)]
pub struct BandRow {
    pub band: u8,
    pub levels: usize,
    /// The band's raw target score (the calibration table).
    pub target: f64,
    pub mean_difficulty: f64,
    pub mean_fail: f64,
    pub mean_peak: f64,
    pub mean_competent: f64,
    /// Levels per rail size.
    pub rails: BTreeMap<u8, usize>,
}

/// One 50-level slice's summary.
#[derive(Debug, Clone, PartialEq)]
pub struct SliceRow {
    pub first: u32,
    pub last: u32,
    pub levels: usize,
    pub mean_fail: f64,
    pub mean_competent: f64,
    pub mean_difficulty: f64,
}

/// One docs/design.md §4 target and whether the set meets it.
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    pub name: &'static str,
    pub value: String,
    pub met: bool,
    /// The levels the target is about: a missed target names the designer levels placed in it.
    pub scope: Scope,
}

/// Which levels a curve target is measured over, so a missed target can name the placed designer
/// levels that may have moved it (`super::placed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Levels `first..=last`.
    Levels(u32, u32),
    /// The levels of one band.
    Band(u8),
    /// Every level (a ladder of band means, slices, or a rule held by each level).
    Set,
}

impl Scope {
    /// Whether level `number` of band `band` is one the target is measured over.
    pub fn covers(&self, number: u32, band: u8) -> bool {
        match *self {
            Scope::Levels(first, last) => (first..=last).contains(&number),
            Scope::Band(b) => b == band,
            Scope::Set => true,
        }
    }
}

/// The rail rule of docs/design.md §2/§4, level by level: rail 4 only in the harder bands (>= 5), rail 3 only in
/// the top band.
pub fn rail_fits_band(rail: u8, band: u8) -> bool {
    match rail {
        3 => band == MAX_BAND,
        4 => band >= 5,
        _ => true,
    }
}

/// Whether the wall's human fail rate lies in its window ([`WALL_FAIL`]).
pub fn wall_fail_ok(fail: f64) -> bool {
    (WALL_FAIL.0..=WALL_FAIL.1).contains(&fail)
}

/// Everything `report` prints and `validate --strict` checks.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    pub levels: usize,
    pub proven: usize,
    pub bands: Vec<BandRow>,
    pub slices: Vec<SliceRow>,
    pub rails: BTreeMap<u8, usize>,
    pub targets: Vec<Target>,
}

fn mean(xs: impl Iterator<Item = f64>) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for x in xs {
        sum += x;
        n += 1;
    }
    if n == 0 {
        0.0
    } else {
        sum / n as f64
    }
}

fn measured(levels: &[LevelData]) -> Vec<(&LevelData, &Measure)> {
    levels
        .iter()
        .filter_map(|l| l.measure.as_ref().map(|m| (l, m)))
        .collect()
}

fn competent(m: &Measure) -> f64 {
    m.competent_win_rate.unwrap_or(0.0)
}

fn pct(x: f64) -> String {
    format!("{:.1} %", x * 100.0)
}

/// Computes the figures of a set (levels without a measurement are skipped).
pub fn figures(levels: &[LevelData]) -> Figures {
    let all = measured(levels);
    let bands: Vec<BandRow> = (1..=MAX_BAND)
        .filter_map(|b| {
            let rows: Vec<_> = all.iter().filter(|(l, _)| l.band == b).collect();
            if rows.is_empty() {
                return None;
            }
            let mut rails = BTreeMap::new();
            for (l, _) in &rows {
                *rails.entry(l.rail_slots).or_insert(0) += 1;
            }
            Some(BandRow {
                band: b,
                levels: rows.len(),
                target: target_raw(b),
                mean_difficulty: mean(rows.iter().map(|(_, m)| m.difficulty as f64)),
                mean_fail: mean(rows.iter().map(|(_, m)| m.human_fail_rate)),
                mean_peak: mean(rows.iter().map(|(_, m)| m.average_peak_rail)),
                mean_competent: mean(rows.iter().map(|(_, m)| competent(m))),
                rails,
            })
        })
        .collect();
    let last = all.iter().map(|(l, _)| l.number).max().unwrap_or(0);
    let slices: Vec<SliceRow> = (0..last.div_ceil(SLICE))
        .map(|i| {
            let (first, last) = (i * SLICE + 1, (i + 1) * SLICE);
            let rows: Vec<_> = all
                .iter()
                .filter(|(l, _)| (first..=last).contains(&l.number))
                .collect();
            SliceRow {
                first,
                last,
                levels: rows.len(),
                mean_fail: mean(rows.iter().map(|(_, m)| m.human_fail_rate)),
                mean_competent: mean(rows.iter().map(|(_, m)| competent(m))),
                mean_difficulty: mean(rows.iter().map(|(_, m)| m.difficulty as f64)),
            }
        })
        .collect();
    let mut rails = BTreeMap::new();
    for (l, _) in &all {
        *rails.entry(l.rail_slots).or_insert(0) += 1;
    }
    let fail_in = |r: std::ops::RangeInclusive<u32>| {
        mean(
            all.iter()
                .filter(|(l, _)| r.contains(&l.number))
                .map(|(_, m)| m.human_fail_rate),
        )
    };
    let mut targets = Vec::new();
    let easy = fail_in(1..=35);
    targets.push(Target {
        name: "levels 1-35 mean human fail rate <= 3 %",
        value: pct(easy),
        met: easy <= EASY_MAX_FAIL,
        scope: Scope::Levels(1, 35),
    });
    let wall = fail_in(WALL_LEVEL..=WALL_LEVEL);
    targets.push(Target {
        name: "level 36 human fail rate 33-42 %",
        value: pct(wall),
        met: wall_fail_ok(wall),
        scope: Scope::Levels(WALL_LEVEL, WALL_LEVEL),
    });
    let late = fail_in(101..=BAKED);
    targets.push(Target {
        name: "levels 101-200 mean human fail rate 30-40 %",
        value: pct(late),
        met: (LATE_FAIL.0..=LATE_FAIL.1).contains(&late),
        scope: Scope::Levels(101, BAKED),
    });
    let proven = all
        .iter()
        .filter(|(_, m)| m.status == SolveStatus::Proven)
        .count();
    targets.push(Target {
        name: "every level proven (zero \"probably solvable\")",
        value: format!("{proven}/{}", levels.len()),
        met: proven == levels.len(),
        scope: Scope::Set,
    });
    let falls = slices
        .windows(2)
        .all(|w| w[1].mean_competent < w[0].mean_competent);
    targets.push(Target {
        name: "competent win rate falls from each 50-level slice to the next",
        value: slices
            .iter()
            .map(|s| pct(s.mean_competent))
            .collect::<Vec<_>>()
            .join(" > "),
        met: falls && slices.len() >= 2,
        scope: Scope::Set,
    });
    let rail5 = rails.get(&5).copied().unwrap_or(0);
    let narrow_ok = all
        .iter()
        .all(|(l, _)| rail_fits_band(l.rail_slots, l.band));
    targets.push(Target {
        name: "rail 5 in most levels, 4 only in harder bands (>= 5), 3 only in the top band",
        value: rails
            .iter()
            .map(|(r, n)| format!("rail {r}: {n}"))
            .collect::<Vec<_>>()
            .join(", "),
        met: rail5 * 2 > all.len() && narrow_ok,
        scope: Scope::Set,
    });
    spikes(&all, &mut targets);
    let top: Vec<_> = all.iter().filter(|(l, _)| l.band == MAX_BAND).collect();
    let rail3 = top.iter().filter(|(l, _)| l.rail_slots == 3).count();
    targets.push(Target {
        name: "at least half of the top band ships with rail 3",
        value: format!("{rail3} of {} band-{MAX_BAND} levels", top.len()),
        met: !top.is_empty() && rail3 as f64 >= TOP_BAND_RAIL3_SHARE * top.len() as f64,
        scope: Scope::Band(MAX_BAND),
    });
    targets.push(Target {
        name: "strict ladder: band means of human fail rate rise and of competent win rate fall, no slack (equal only at 0 % / 100 %)",
        value: bands
            .iter()
            .map(|b| {
                format!(
                    "{}: {} / {}",
                    b.band,
                    pct(b.mean_fail),
                    pct(b.mean_competent)
                )
            })
            .collect::<Vec<_>>()
            .join(", "),
        met: ladder_holds(&bands),
        scope: Scope::Set,
    });
    Figures {
        levels: levels.len(),
        proven,
        bands,
        slices,
        rails,
        targets,
    }
}

/// The no-spikes targets (docs/design.md §4): the highest fail rate outside the wall and the lowest competent
/// win rate, each naming its level, checked with the same rule curation applies.
fn spikes(all: &[(&LevelData, &Measure)], targets: &mut Vec<Target>) {
    let worst_fail = all
        .iter()
        .filter(|(l, _)| l.number != WALL_LEVEL)
        .max_by(|a, b| a.1.human_fail_rate.total_cmp(&b.1.human_fail_rate));
    let worst_competent = all
        .iter()
        .min_by(|a, b| competent(a.1).total_cmp(&competent(b.1)));
    let breaking: Vec<String> = all
        .iter()
        .filter(|(l, m)| spike_check(l.number, m.human_fail_rate, competent(m)).is_err())
        .map(|(l, _)| l.number.to_string())
        .collect();
    let at = |w: Option<&&(&LevelData, &Measure)>, f: fn(&Measure) -> f64| {
        w.map(|(l, m)| format!("{} (level {})", pct(f(m)), l.number))
            .unwrap_or_else(|| "—".into())
    };
    targets.push(Target {
        name: "no spikes: no level but 36 fails more than 55 % of human trials",
        value: at(worst_fail.as_ref(), |m| m.human_fail_rate),
        met: worst_fail.is_none_or(|(_, m)| m.human_fail_rate <= SPIKE_MAX_FAIL),
        scope: Scope::Set,
    });
    targets.push(Target {
        name: "competent floor: the competent player wins at least 25 % of every level",
        value: at(worst_competent.as_ref(), competent),
        met: worst_competent.is_none_or(|(_, m)| competent(m) >= COMPETENT_FLOOR),
        scope: Scope::Set,
    });
    if !breaking.is_empty() {
        targets.push(Target {
            name: "levels breaking the no-spikes rule",
            value: breaking.join(", "),
            met: false,
            scope: Scope::Set,
        });
    }
}

/// The strict ladder (docs/design.md §4): from every band to the next, the shallow human's mean fail rate rises
/// and the competent player's mean win rate falls, with no slack. The one equality allowed is at the
/// bound of the measure (0 % fail, 100 % competent win), where the warm-up bands sit by design (levels
/// 1-35 may fail at most 3 %) and nothing can be easier. The score is not compared: its peak-rail term
/// is capped by the rail, so a narrower rail scores lower at the same fail rate.
pub fn ladder_holds(bands: &[BandRow]) -> bool {
    bands.windows(2).all(|w| {
        let (lo, hi) = (&w[0], &w[1]);
        let fail_rises =
            hi.mean_fail > lo.mean_fail || (hi.mean_fail == 0.0 && lo.mean_fail == 0.0);
        let win_falls = hi.mean_competent < lo.mean_competent
            || (hi.mean_competent == 1.0 && lo.mean_competent == 1.0);
        fail_rises && win_falls
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(n: u32, band: u8, fail: f64, competent: f64, rail: u8) -> LevelData {
        LevelData {
            number: n,
            seed: 1,
            machine: 0,
            band,
            width: 3,
            height: 3,
            rail_slots: rail,
            crate_slots: 2,
            wrench_charges: 0,
            colors: vec![0],
            parts: vec![],
            screws: vec![],
            crate_queue: None,
            measure: Some(Measure {
                status: SolveStatus::Proven,
                human_fail_rate: fail,
                average_peak_rail: 3.0,
                min_rail_slots: Some(2),
                unique: Some(false),
                taps: 9,
                difficulty: 1 + (fail * 11.0) as u8 + band,
                blunder_rate: Some(0.1),
                competent_win_rate: Some(competent),
                competent_min_rail: Some(rail),
                solution: vec![],
            }),
            help: None,
        }
    }

    /// A set on the curve: early levels near 0 %, the wall at 37.5 %, later levels by band (rising
    /// fail, falling competent win rate, so the strict ladder holds); `late_shift` moves levels 101-200.
    fn set(late_shift: f64) -> Vec<LevelData> {
        const LATE: [f64; 8] = [0.0, 0.0, 0.01, 0.02, 0.3, 0.33, 0.36, 0.39];
        (1..=200)
            .map(|n| {
                let band = screwsmith_gen::target_for(n);
                let fail = match n {
                    1..=35 => 0.005 * band as f64,
                    36 => 0.375,
                    _ if n > 100 => LATE[band as usize - 1] + late_shift,
                    _ => LATE[band as usize - 1],
                };
                let rail = if band == 8 { 3 } else { 5 };
                let competent = 1.0 - band as f64 * 0.05 - n as f64 / 1000.0;
                level(n, band, fail, competent, rail)
            })
            .collect()
    }

    #[test]
    fn a_set_on_the_curve_meets_every_target() {
        let f = figures(&set(0.0));
        for t in &f.targets {
            assert!(t.met, "{}: {}", t.name, t.value);
        }
        assert_eq!(f.slices.len(), 4);
        assert_eq!(f.bands.len(), 8);
    }

    #[test]
    fn an_easy_late_game_misses_its_target() {
        let f = figures(&set(-0.2));
        let late = f
            .targets
            .iter()
            .find(|t| t.name.starts_with("levels 101-200"))
            .unwrap();
        assert!(!late.met);
    }

    #[test]
    fn a_flat_competent_rate_misses_the_slice_target() {
        let mut levels = set(0.0);
        for l in &mut levels {
            l.measure.as_mut().unwrap().competent_win_rate = Some(0.9);
        }
        let f = figures(&levels);
        assert!(
            !f.targets
                .iter()
                .find(|t| t.name.starts_with("competent"))
                .unwrap()
                .met
        );
    }

    #[test]
    fn an_easier_upper_band_breaks_the_ladder() {
        let mut levels = set(0.0);
        for l in levels.iter_mut().filter(|l| l.band == 8) {
            let m = l.measure.as_mut().unwrap();
            m.human_fail_rate = 0.0;
            m.competent_win_rate = Some(1.0);
        }
        assert!(!ladder_holds(&figures(&levels).bands));
    }

    fn target<'a>(f: &'a Figures, prefix: &str) -> &'a Target {
        f.targets
            .iter()
            .find(|t| t.name.starts_with(prefix))
            .unwrap()
    }

    #[test]
    fn one_spike_above_the_cap_misses_the_target_but_the_wall_may() {
        let mut levels = set(0.0);
        levels[46].measure.as_mut().unwrap().human_fail_rate = 0.5834;
        let f = figures(&levels);
        let t = target(&f, "no spikes");
        assert!(!t.met && t.value.contains("level 47"), "{}", t.value);
        assert!(!target(&f, "levels breaking").met);
        let mut levels = set(0.0);
        levels[35].measure.as_mut().unwrap().human_fail_rate = 0.9;
        assert!(target(&figures(&levels), "no spikes").met);
    }

    #[test]
    fn a_competent_win_rate_under_the_floor_misses_the_target() {
        let mut levels = set(0.0);
        levels[185].measure.as_mut().unwrap().competent_win_rate = Some(0.0833);
        let f = figures(&levels);
        let t = target(&f, "competent floor");
        assert!(!t.met && t.value.contains("level 186"), "{}", t.value);
    }

    #[test]
    fn the_ladder_has_no_slack() {
        // Band 8 a hair (0.1 points) easier than band 7 on either measure breaks it.
        for competent_side in [false, true] {
            let mut levels = set(0.0);
            let bands = figures(&levels).bands;
            let (b7, b8) = (&bands[6], &bands[7]);
            let gap = if competent_side {
                b7.mean_competent - b8.mean_competent + 0.001
            } else {
                b8.mean_fail - b7.mean_fail + 0.001
            };
            for l in levels.iter_mut().filter(|l| l.band == 8) {
                let m = l.measure.as_mut().unwrap();
                if competent_side {
                    *m.competent_win_rate.as_mut().unwrap() += gap;
                } else {
                    m.human_fail_rate -= gap;
                }
            }
            assert!(!ladder_holds(&figures(&levels).bands), "{competent_side}");
        }
    }

    #[test]
    fn equal_bands_hold_only_at_the_bound() {
        let row = |band, fail, competent| BandRow {
            band,
            levels: 5,
            target: 2.0,
            mean_difficulty: 2.0,
            mean_fail: fail,
            mean_peak: 1.5,
            mean_competent: competent,
            rails: BTreeMap::new(),
        };
        assert!(ladder_holds(&[row(1, 0.0, 1.0), row(2, 0.0, 1.0)]));
        assert!(!ladder_holds(&[row(1, 0.1, 0.9), row(2, 0.1, 0.8)]));
        assert!(!ladder_holds(&[row(1, 0.1, 0.9), row(2, 0.2, 0.9)]));
        assert!(ladder_holds(&[row(1, 0.1, 0.9), row(2, 0.2, 0.8)]));
    }

    #[test]
    fn a_top_band_mostly_on_rail_4_misses_the_rail_3_target() {
        let mut levels = set(0.0);
        let top: Vec<usize> = (0..levels.len()).filter(|&i| levels[i].band == 8).collect();
        for &i in &top[..top.len() / 2 + 1] {
            levels[i].rail_slots = 4;
        }
        assert!(!target(&figures(&levels), "at least half").met);
        let mut levels = set(0.0);
        for &i in &top[..top.len() / 2] {
            levels[i].rail_slots = 4;
        }
        assert!(target(&figures(&levels), "at least half").met);
    }

    #[test]
    fn the_seed_windows_are_tight() {
        let mut levels = set(0.0);
        levels[35].measure.as_mut().unwrap().human_fail_rate = 0.4583; // 11/24: inside the old 30-45 %
        assert!(!target(&figures(&levels), "level 36").met);
        assert!(!target(&figures(&set(0.075)), "levels 101-200").met);
    }
}
