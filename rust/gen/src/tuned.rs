//! GenerateTuned (docs/design.md §4): 12 shapes × 16 seeds per shape, measure each candidate, keep the one nearest
//! the band's target score.
//!
//! The search is written over a measuring function so the choice rule is tested on its own, and the bake
//! plugs in the real solver. The rule (docs/design.md §4):
//!
//! 1. the band's own rail size first: a board on another rail only wins when no board on the band's own
//!    rail does (else the top band never ships rail 3 — a rail-4 neighbour reaches the same score with
//!    a higher peak rail, because the peak-rail term is capped by the rail);
//! 2. nearest the target by the *raw* (unclamped, unrounded) score, so a board 96 % of players lose is
//!    far from a target of 9, not "as near as" a 20 % one;
//! 3. equal distance → higher `AveragePeakRail` (boards on the same rail only, by rule 1);
//! 4. then the earlier candidate.
//!
//! The first own-rail candidate within [`HIT_TOLERANCE`] of the target with peak ≥ 3 stops the search. Seeds are counted per shape, not divided among shapes:
//! adding a shape must never shrink the search of the others.

use std::cmp::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::candidate::{build, CandidateSpec};
use super::curve::{level_target, target_for};
use super::machines::machine_for_level;
use super::mechanics::for_level;
use super::shape::{band_shape, shapes_for, SHAPES_PER_LEVEL};
use screwsmith_rules::level::{LevelData, SolveStatus};
use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::CompiledLevel;
use screwsmith_solver::SolveReport;

/// Seeds tried per shape.
pub const SEEDS_PER_SHAPE: usize = 16;

/// Most candidates per level (12 × 16 = 192).
pub const MAX_CANDIDATES: usize = SHAPES_PER_LEVEL * SEEDS_PER_SHAPE;

/// An exact hit stops the search only when the rail was really used: an easy level is easy because
/// rescue always comes, not because the rail stays empty.
pub const STOP_PEAK_RAIL: f64 = 3.0;

/// A candidate this near the target (raw score) is an exact hit: it would round to the target.
pub const HIT_TOLERANCE: f64 = 0.5;

/// What the search needs from a measurement.
pub trait Scored {
    /// docs/design.md §3's raw score (unclamped, unrounded); `None` when not proven.
    fn raw_score(&self) -> Option<f64>;
    /// Mean over trials of the highest rail occupancy.
    fn average_peak_rail(&self) -> f64;
    /// Whether the level was proven solvable (only proven candidates can win).
    fn proven(&self) -> bool;
}

/// The solver's report is what the bake ranks (the generator and the solver meet here, one layer up
/// from the solver).
impl Scored for SolveReport {
    fn raw_score(&self) -> Option<f64> {
        SolveReport::raw_score(self)
    }
    fn average_peak_rail(&self) -> f64 {
        self.average_peak_rail
    }
    fn proven(&self) -> bool {
        self.status == SolveStatus::Proven
    }
}

/// The seed of candidate `seed_index` of shape `shape_index` of level `n`: distinct per (n, shape, seed)
/// and never 0. Mixed through xorshift32 so neighbouring levels do not get neighbouring seeds.
pub fn candidate_seed(n: u32, shape_index: usize, seed_index: usize) -> u32 {
    let raw = n
        .wrapping_mul(0x9E37_79B1)
        .wrapping_add((shape_index as u32).wrapping_mul(0x85EB_CA77))
        .wrapping_add((seed_index as u32).wrapping_mul(0xC2B2_AE3D));
    let mut rng = Rng::new(raw);
    rng.next_u32();
    rng.next_u32()
}

/// The candidate specs of level `n`, in search order: shape by shape, 16 seeds each.
pub fn level_specs(n: u32) -> Vec<CandidateSpec> {
    let band = target_for(n);
    let machine = machine_for_level(n);
    let mechanics = for_level(n);
    let mut out = Vec::with_capacity(MAX_CANDIDATES);
    for (si, shape) in shapes_for(band).into_iter().enumerate() {
        for k in 0..SEEDS_PER_SHAPE {
            out.push(CandidateSpec {
                number: n,
                machine,
                band,
                shape,
                mechanics,
                seed: candidate_seed(n, si, k),
            });
        }
    }
    out
}

/// Counts of what happened to a level's candidates (the bake's per-stage counts).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TuneStats {
    /// Candidates generated (including rejected ones).
    pub generated: u32,
    /// The generator could not build it (too few screws).
    pub gen_failed: u32,
    /// `CompiledLevel::new` rejected it (a generator bug).
    pub structural: u32,
    /// The buried-screw pass rejected it (a generator bug).
    pub buried: u32,
    /// Measured by the solver.
    pub measured: u32,
    /// Measured and proven solvable.
    pub proven: u32,
    /// Ranked winners that failed curation (verification or an extra check) before one passed.
    pub curate_rejected: u32,
    /// Whether an exact hit stopped the search early.
    pub stopped_early: bool,
}

impl TuneStats {
    /// Adds another level's counts.
    pub fn add(&mut self, o: &TuneStats) {
        self.generated += o.generated;
        self.gen_failed += o.gen_failed;
        self.structural += o.structural;
        self.buried += o.buried;
        self.measured += o.measured;
        self.proven += o.proven;
        self.curate_rejected += o.curate_rejected;
        self.stopped_early |= o.stopped_early;
    }
}

/// A measured candidate.
#[derive(Debug, Clone)]
pub struct Measured<M> {
    pub order: usize,
    pub level: Arc<CompiledLevel>,
    pub score: M,
}

/// What the measuring function says about one compiled candidate.
pub enum Verdict<M> {
    /// The buried-screw pass found a screw that can never be reached.
    Buried,
    Measured(M),
}

/// Where a level's candidates aim: the band's raw target score and its own rail size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aim {
    pub target: f64,
    pub rail: u8,
}

impl Aim {
    /// The aim of level `n`: its band's calibrated target and the band's own rail.
    pub fn for_level(n: u32) -> Self {
        Aim {
            target: level_target(n),
            rail: band_shape(target_for(n)).rail_slots,
        }
    }

    /// Distance of a measurement from the target (unproven: infinitely far).
    pub fn distance<M: Scored>(&self, m: &M) -> f64 {
        m.raw_score()
            .map_or(f64::INFINITY, |r| (r - self.target).abs())
    }
}

/// The ranking (see the module doc): own rail first, nearer the target by raw score, higher peak rail,
/// earlier candidate.
pub fn rank<M: Scored>(aim: &Aim, a: &Measured<M>, b: &Measured<M>) -> Ordering {
    let foreign = |m: &Measured<M>| m.level.data().rail_slots != aim.rail;
    foreign(a)
        .cmp(&foreign(b))
        .then_with(|| aim.distance(&a.score).total_cmp(&aim.distance(&b.score)))
        .then_with(|| {
            b.score
                .average_peak_rail()
                .total_cmp(&a.score.average_peak_rail())
        })
        .then_with(|| a.order.cmp(&b.order))
}

/// Generates and measures the candidates of one level in search order from `specs[first]`, stopping at
/// the first exact own-rail hit with peak rail ≥ 3. Returns every proven candidate, best first, and the
/// counts.
pub fn search<M: Scored>(
    specs: &[CandidateSpec],
    first: usize,
    aim: &Aim,
    mut measure: impl FnMut(&Arc<CompiledLevel>) -> Verdict<M>,
    mut on_candidate: impl FnMut(),
) -> (Vec<Measured<M>>, TuneStats) {
    let mut stats = TuneStats::default();
    let mut proven = Vec::new();
    for (order, spec) in specs.iter().enumerate().skip(first) {
        stats.generated += 1;
        on_candidate();
        let Ok(data) = build(spec) else {
            stats.gen_failed += 1;
            continue;
        };
        let Ok(level) = CompiledLevel::new(data).map(Arc::new) else {
            stats.structural += 1;
            continue;
        };
        let score = match measure(&level) {
            Verdict::Buried => {
                stats.buried += 1;
                continue;
            }
            Verdict::Measured(s) => s,
        };
        stats.measured += 1;
        if !score.proven() {
            continue;
        }
        stats.proven += 1;
        let exact = level.data().rail_slots == aim.rail
            && aim.distance(&score) <= HIT_TOLERANCE
            && score.average_peak_rail() >= STOP_PEAK_RAIL;
        proven.push(Measured {
            order,
            level,
            score,
        });
        if exact {
            stats.stopped_early = true;
            break;
        }
    }
    proven.sort_by(|a, b| rank(aim, a, b));
    (proven, stats)
}

/// Walks the ranked candidates and returns the first that `curate` accepts (it may improve the
/// measurement in place, e.g. full verification), counting the rejected ones.
pub fn curate_first<M>(
    ranked: Vec<Measured<M>>,
    stats: &mut TuneStats,
    mut curate: impl FnMut(&mut Measured<M>) -> bool,
) -> Option<Measured<M>> {
    for mut m in ranked {
        if curate(&mut m) {
            return Some(m);
        }
        stats.curate_rejected += 1;
    }
    None
}

/// What GenerateTuned found for one level, and where the time went.
#[derive(Debug)]
pub struct Tuned<M> {
    pub winner: Option<Measured<M>>,
    pub stats: TuneStats,
    /// Generating and measuring candidates.
    pub search_time: Duration,
    /// Curating the ranked candidates (full verification, extra checks).
    pub curate_time: Duration,
}

/// GenerateTuned: search, then curate the ranked candidates best first. When a search that stopped at an
/// exact hit has no candidate that passes curation, it resumes after the hit, so an early stop never
/// leaves a level without a board the full search would have found.
pub fn tune<M: Scored>(
    specs: &[CandidateSpec],
    aim: &Aim,
    mut measure: impl FnMut(&Arc<CompiledLevel>) -> Verdict<M>,
    mut curate: impl FnMut(&mut Measured<M>) -> bool,
    mut on_candidate: impl FnMut(),
) -> Tuned<M> {
    let mut out = Tuned {
        winner: None,
        stats: TuneStats::default(),
        search_time: Duration::ZERO,
        curate_time: Duration::ZERO,
    };
    let mut first = 0;
    while first < specs.len() {
        let started = Instant::now();
        let (ranked, stats) = search(specs, first, aim, &mut measure, &mut on_candidate);
        out.search_time += started.elapsed();
        first += stats.generated as usize;
        out.stats.add(&stats);
        out.stats.stopped_early = stats.stopped_early;
        let started = Instant::now();
        out.winner = curate_first(ranked, &mut out.stats, &mut curate);
        out.curate_time += started.elapsed();
        if out.winner.is_some() {
            break;
        }
    }
    out
}

/// A board by band alone, from the band's own shape, with the band's mechanics but no lock and no
/// bomb: the Daily Bench's board before [`crate::daily::bench::LOCKS_AND_BOMBS_FROM`] (docs/design.md §5).
pub fn candidate(machine: u8, band: u8, seed: u32) -> Result<LevelData, super::GenError> {
    band_candidate(
        machine,
        band,
        seed,
        super::mechanics::for_band(band).without_locks_and_bombs(),
    )
}

/// A board by band alone with the given mechanics (the Daily Bench chooses them by bench number).
pub fn band_candidate(
    machine: u8,
    band: u8,
    seed: u32,
    mechanics: super::Mechanics,
) -> Result<LevelData, super::GenError> {
    build(&CandidateSpec {
        number: 0,
        machine,
        band,
        shape: super::shape::band_shape(band),
        mechanics,
        seed: seed.max(1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq)]
    struct Fake {
        d: f64,
        peak: f64,
        proven: bool,
    }
    impl Scored for Fake {
        fn raw_score(&self) -> Option<f64> {
            self.proven.then_some(self.d)
        }
        fn average_peak_rail(&self) -> f64 {
            self.peak
        }
        fn proven(&self) -> bool {
            self.proven
        }
    }

    /// A rail-5 aim (levels 10 and 60 try rail-5 shapes only).
    fn aim(target: f64) -> Aim {
        Aim { target, rail: 5 }
    }

    /// A fake measure driven by the candidate's seed, so the test knows each candidate's score.
    fn fake(table: &[Fake]) -> impl FnMut(&Arc<CompiledLevel>) -> Verdict<Fake> + '_ {
        let mut i = 0;
        move |_| {
            let f = table[i % table.len()];
            i += 1;
            Verdict::Measured(f)
        }
    }

    #[test]
    fn nearest_wins_then_higher_peak_then_earlier() {
        let specs = level_specs(60);
        let target = 6.0;
        let table = [
            Fake {
                d: 9.0,
                peak: 4.0,
                proven: true,
            },
            Fake {
                d: 5.0,
                peak: 2.0,
                proven: true,
            },
            Fake {
                d: 7.0,
                peak: 2.5,
                proven: true,
            },
            Fake {
                d: 6.0,
                peak: 2.0,
                proven: false,
            }, // exact but unproven: never wins
            Fake {
                d: 7.0,
                peak: 2.5,
                proven: true,
            }, // ties with #2: the earlier one wins
        ];
        let (ranked, stats) = search(&specs[..5], 0, &aim(target), fake(&table), || {});
        assert_eq!(stats.generated, 5);
        assert_eq!(stats.measured, 5);
        assert_eq!(stats.proven, 4);
        assert!(!stats.stopped_early);
        let orders: Vec<usize> = ranked.iter().map(|m| m.order).collect();
        assert_eq!(orders, vec![2, 4, 1, 0]);
    }

    #[test]
    fn raw_distance_sees_past_the_clamp() {
        // Both would store a clamped 10 and tie at distance 1 from a target of 9; raw, the spike
        // (≈ 15) is far and the 10.2 board is near.
        let specs = level_specs(60);
        let table = [
            Fake {
                d: 15.1,
                peak: 5.0,
                proven: true,
            },
            Fake {
                d: 10.2,
                peak: 2.0,
                proven: true,
            },
        ];
        let (ranked, _) = search(&specs[..2], 0, &aim(9.0), fake(&table), || {});
        assert_eq!(ranked[0].order, 1);
    }

    #[test]
    fn the_bands_own_rail_competes_first() {
        // Level 197 is band 8 (rail 3); shapes 4..8 are band 7's rung (rail 4).
        let n = 197;
        let a = Aim::for_level(n);
        assert_eq!(a.rail, 3);
        let specs = level_specs(n);
        // The first of each rail that builds (a candidate can be given up for its lock or bomb).
        let builds = |s: &&CandidateSpec| build(s).is_ok();
        let own = specs[..4 * SEEDS_PER_SHAPE].iter().find(builds).unwrap();
        let foreign = specs[4 * SEEDS_PER_SHAPE..].iter().find(builds).unwrap();
        assert_eq!(foreign.shape.rail_slots, 4);
        // The rail-4 board is exactly on target, the rail-3 one 2 points off: the rail-3 one still wins.
        let mut table = vec![
            Fake {
                d: a.target + 2.0,
                peak: 2.0,
                proven: true,
            },
            Fake {
                d: a.target,
                peak: 3.5,
                proven: true,
            },
        ];
        let picked = [*own, *foreign];
        let (ranked, stats) = search(&picked, 0, &a, fake(&table), || {});
        assert!(
            !stats.stopped_early,
            "a foreign-rail hit does not stop the search"
        );
        assert_eq!(ranked[0].order, 0);
        assert_eq!(ranked[0].level.data().rail_slots, 3);
        // Without an own-rail board the foreign one ships.
        table.remove(0);
        let (ranked, _) = search(&picked[1..], 0, &a, fake(&table), || {});
        assert_eq!(ranked[0].level.data().rail_slots, 4);
    }

    #[test]
    fn an_exact_hit_stops_only_with_peak_rail_at_least_3() {
        let specs = level_specs(60);
        let table = [
            Fake {
                d: 6.0,
                peak: 2.9,
                proven: true,
            },
            Fake {
                d: 4.0,
                peak: 3.5,
                proven: true,
            },
            Fake {
                d: 6.0,
                peak: 3.0,
                proven: true,
            },
            Fake {
                d: 6.0,
                peak: 5.0,
                proven: true,
            },
        ];
        let (ranked, stats) = search(&specs[..4], 0, &aim(6.0), fake(&table), || {});
        assert!(stats.stopped_early);
        assert_eq!(stats.generated, 3, "stopped at the third candidate");
        assert_eq!(
            ranked[0].order, 2,
            "exact and higher peak beats exact and lower peak"
        );
    }

    #[test]
    fn curation_falls_through_to_the_next_best() {
        let specs = level_specs(10);
        let table = [Fake {
            d: 3.0,
            peak: 2.0,
            proven: true,
        }];
        let (ranked, mut stats) = search(&specs[..3], 0, &aim(3.0), fake(&table), || {});
        let first = ranked[0].order;
        let chosen = curate_first(ranked, &mut stats, |m| m.order != first).unwrap();
        assert_ne!(chosen.order, first);
        assert_eq!(stats.curate_rejected, 1);
    }

    #[test]
    fn an_early_stop_whose_hit_fails_curation_resumes_the_search() {
        let specs = level_specs(60);
        let table = [
            Fake {
                d: 6.0,
                peak: 3.5,
                proven: true,
            }, // exact hit: stops the first search
            Fake {
                d: 4.0,
                peak: 2.0,
                proven: true,
            },
            Fake {
                d: 6.0,
                peak: 3.0,
                proven: true,
            }, // exact hit of the resumed search
        ];
        let tuned = tune(
            &specs[..5],
            &aim(6.0),
            fake(&table),
            |m| m.order != 0,
            || {},
        );
        let w = tuned.winner.expect("the resumed search finds one");
        assert_eq!(w.order, 2);
        assert_eq!(tuned.stats.generated, 3);
        assert_eq!(tuned.stats.curate_rejected, 1);
        let none = tune(&specs[..5], &aim(6.0), fake(&table), |_| false, || {});
        assert!(none.winner.is_none());
        assert_eq!(
            none.stats.generated, 5,
            "every candidate was tried before giving up"
        );
    }

    #[test]
    fn buried_candidates_are_counted_and_skipped() {
        let specs = level_specs(10);
        let (ranked, stats) = search(
            &specs[..4],
            0,
            &aim(3.0),
            |_| Verdict::<Fake>::Buried,
            || {},
        );
        assert!(ranked.is_empty());
        assert_eq!(stats.buried, 4);
    }

    #[test]
    fn level_specs_are_12_shapes_by_16_seeds_with_distinct_seeds() {
        for n in [1, 36, 100, 200] {
            let specs = level_specs(n);
            assert_eq!(specs.len(), MAX_CANDIDATES);
            let seeds: std::collections::BTreeSet<u32> = specs.iter().map(|s| s.seed).collect();
            assert_eq!(seeds.len(), MAX_CANDIDATES, "level {n}");
            assert!(specs
                .iter()
                .all(|s| s.seed != 0 && s.number == n && s.band == target_for(n)));
        }
        assert_eq!(level_specs(77), level_specs(77));
    }

    #[test]
    fn daily_candidates_build_for_every_band_and_machine() {
        for band in 1..=8 {
            for m in 0..16 {
                let level = candidate(m, band, 1234 + m as u32).unwrap();
                CompiledLevel::new(level).unwrap();
            }
        }
    }
}
