//! Generating the bench for a date (docs/design.md §5): machine rotates with the bench number; all 12 band-5 seeds
//! are measured and the *proven* board whose raw score is nearest band 5's target is served (ties: lowest
//! seed index; from the first bench with locks and bombs, only a board the competent player wins as often as
//! the shallow human) — every day a band-5 puzzle, never luck; else bands 3, 2, 1 with 6 seeds each, same rule;
//! last resort the unproven board with the lowest human fail rate (never one proven unsolvable), flagged
//! so the game says "not proven". The same date gives the same board on every device because every input is
//! the bench number and xorshift32.
//!
//! Runs on a background thread in the game: it is plain data (`Send`) and checks a cancel flag between
//! candidates and inside the solver.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde::Serialize;
use thiserror::Error;
use time::Date;

use super::date::{bench_number, format_date, DateError};
use crate::curve::target_raw;
use crate::machines::MACHINE_COUNT;
use crate::{mechanics, GenError};
use screwsmith_rules::level::shipping::check_shipping;
use screwsmith_rules::level::{LevelData, SolveStatus};
use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::CompiledLevel;
use screwsmith_solver::competent::earns_its_name;
use screwsmith_solver::{solve_shared, SolveOptions, SolveReport};

/// Keys `DailyBench::to_json` always has (the CLI's `daily --json` and the game's `DailyBench`).
pub const JSON_KEYS: [&str; 8] = [
    "bench",
    "date",
    "machine",
    "band",
    "seed",
    "proven",
    "difficulty",
    "level",
];

/// The fallback ladder: (band, seeds tried), in order.
pub const STEPS: [(u8, u8); 4] = [(5, 12), (3, 6), (2, 6), (1, 6)];

/// Why no bench came out.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DailyError {
    #[error(transparent)]
    Date(#[from] DateError),
    #[error("cancelled")]
    Cancelled,
    #[error("bench {0}: no candidate board could be generated")]
    NoBoard(u32),
}

/// How the bench was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BenchPath {
    /// Index into [`STEPS`]; `STEPS.len()` for the last resort.
    pub step: u8,
    pub band: u8,
    /// Which of the step's seeds won.
    pub seed_index: u8,
}

/// A generated bench.
#[derive(Debug, Clone)]
pub struct DailyBench {
    pub bench: u32,
    pub date: String,
    pub machine: u8,
    pub seed: u32,
    pub proven: bool,
    pub path: BenchPath,
    pub level: LevelData,
    pub report: SolveReport,
    /// Candidates generated and measured.
    pub candidates: u32,
}

impl DailyBench {
    /// The bench for a UTC date, made by the project's level generator ([`crate::candidate`]).
    pub fn for_date(date: Date, cancel: Option<Arc<AtomicBool>>) -> Result<Self, DailyError> {
        let bench = bench_number(date)?;
        generate_with(date, cancel, |machine, band, seed| {
            board(bench, machine, band, seed).ok()
        })
    }

    /// The CLI's and the game's JSON (keys `bench`, `date`, `machine`, `band`, `seed`, `proven`,
    /// `difficulty`, `level`).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "bench": self.bench,
            "date": self.date,
            "machine": self.machine,
            "band": self.path.band,
            "seed": self.seed,
            "seed_index": self.path.seed_index,
            "step": self.path.step,
            "proven": self.proven,
            "difficulty": self.report.difficulty,
            "raw_score": self.report.raw_score(),
            "human_fail_rate": screwsmith_solver::round_stored(self.report.human_fail_rate),
            "candidates": self.candidates,
            "level": self.level,
        })
    }
}

/// The first bench whose boards may carry locks and countdown bombs: the bench of 2027-01-15. Why a
/// bench number and not "from the next build": a bench is the same board on every device, so a
/// player on an old build and one on a new build must get the same board for every day the old
/// build knows; every bench before this one is made exactly as before locks and bombs existed.
pub const LOCKS_AND_BOMBS_FROM: u32 = 143;

/// The board maker of [`DailyBench::for_date`]: the band's mechanics ([`mechanics::for_band`]),
/// without locks and bombs before [`LOCKS_AND_BOMBS_FROM`].
pub fn board(bench: u32, machine: u8, band: u8, seed: u32) -> Result<LevelData, GenError> {
    let mechanics = mechanics::for_band(band);
    let mechanics = if bench < LOCKS_AND_BOMBS_FROM {
        mechanics.without_locks_and_bombs()
    } else {
        mechanics
    };
    crate::tuned::band_candidate(machine, band, seed, mechanics)
}

/// Machine of a bench number: rotates through the 16.
pub fn machine_for_bench(bench: u32) -> u8 {
    ((bench - 1) % MACHINE_COUNT as u32) as u8
}

/// The seed of the `index`-th try at `band` for a bench: xorshift32 over the three numbers, so nearby
/// benches do not get nearby seeds.
pub fn seed_for(bench: u32, band: u8, index: u8) -> u32 {
    let mut rng = Rng::new(bench ^ (band as u32) << 20 ^ (index as u32) << 26 ^ 0xDA11_BE4C);
    rng.next_u32();
    rng.next_u32()
}

/// Band 5's human fail-rate window, the promise of docs/design.md §5 ("a real puzzle, but not the level-36
/// wall"): harder than the warm-up levels' 3 % ceiling (levels 1-35, docs/design.md §4) and never harder than
/// the wall's own window tops out (42 %: docs/design.md §4.6). `daily --sweep` reports the share of benches
/// inside it (measured over 3650 days from 2026-12-01: 94 % below 33 %, so the wall's floor would be
/// too tight a cap for a 12-seed, one-shape search).
pub const BENCH_FAIL_WINDOW: (f64, f64) = (0.03, 0.42);

/// Whether a served bench's human fail rate is inside [`BENCH_FAIL_WINDOW`] (inclusive).
pub fn in_window(human_fail_rate: f64) -> bool {
    (BENCH_FAIL_WINDOW.0..=BENCH_FAIL_WINDOW.1).contains(&human_fail_rate)
}

/// The bench for a date with an injected board maker (the real one is [`DailyBench::for_date`]; tests
/// inject boards whose verdicts they know).
pub fn generate_with(
    date: Date,
    cancel: Option<Arc<AtomicBool>>,
    make: impl Fn(u8, u8, u32) -> Option<LevelData>,
) -> Result<DailyBench, DailyError> {
    let opts = SolveOptions {
        cancel,
        ..SolveOptions::default()
    };
    generate_using(date, &opts, make)
}

/// One measured candidate of a step.
struct Tried {
    index: u8,
    seed: u32,
    level: LevelData,
    report: SolveReport,
}

/// [`generate_with`] with the solver's options given (tests shrink the node budget to make a board
/// "not proven").
///
/// Every seed of a step is measured; the proven boards are served nearest the band's raw target first
/// (ties: lowest seed index), the first one the readability audit accepts wins. Only when no step
/// serves a proven board does the last resort come: among boards *not proven* (the search ran out of
/// budget — never one proven `Unsolvable`, never a `Broken` design error) the lowest human fail rate,
/// earliest first.
pub fn generate_using(
    date: Date,
    opts: &SolveOptions,
    make: impl Fn(u8, u8, u32) -> Option<LevelData>,
) -> Result<DailyBench, DailyError> {
    let bench = bench_number(date)?;
    let machine = machine_for_bench(bench);
    let mut best_unproven: Option<(BenchPath, Tried)> = None;
    let mut candidates = 0u32;
    let served = |path: BenchPath, t: Tried, candidates: u32| DailyBench {
        bench,
        date: format_date(date),
        machine,
        seed: t.seed,
        proven: t.report.status == SolveStatus::Proven,
        path,
        level: t.level,
        report: t.report,
        candidates,
    };
    for (step, &(band, seeds)) in STEPS.iter().enumerate() {
        let mut proven = Vec::new();
        for index in 0..seeds {
            if opts.is_cancelled() {
                return Err(DailyError::Cancelled);
            }
            let seed = seed_for(bench, band, index);
            let Some(mut level) = make(machine, band, seed) else {
                continue;
            };
            level.number = bench;
            let Ok(compiled) = CompiledLevel::new(level.clone()) else {
                continue;
            };
            // A board breaking a shipping rule (a part drawn as two plates, a pose of a shape the
            // part lacks) is never served, not even as a last resort.
            if check_shipping(&level).is_err() {
                continue;
            }
            candidates += 1;
            let report = solve_shared(&Arc::new(compiled), opts);
            if report.cancelled {
                return Err(DailyError::Cancelled);
            }
            let tried = Tried {
                index,
                seed,
                level,
                report,
            };
            match tried.report.status {
                SolveStatus::Proven => proven.push(tried),
                SolveStatus::SearchExhausted => {
                    let lower = best_unproven.as_ref().is_none_or(|(_, b)| {
                        tried.report.human_fail_rate < b.report.human_fail_rate
                    });
                    if lower {
                        let path = BenchPath {
                            step: STEPS.len() as u8,
                            band,
                            seed_index: index,
                        };
                        best_unproven = Some((path, tried));
                    }
                }
                // Proven unsolvable, or a design error: never served, not even as a last resort.
                SolveStatus::Unsolvable | SolveStatus::Broken => {}
            }
        }
        let target = target_raw(band);
        let distance = |t: &Tried| {
            t.report
                .raw_score()
                .map_or(f64::INFINITY, |r| (r - target).abs())
        };
        proven.sort_by(|a, b| {
            distance(a)
                .total_cmp(&distance(b))
                .then(a.index.cmp(&b.index))
        });
        for mut t in proven {
            // The stored measure carries the solution the readability audit replays; a proven board
            // the player's thumb cannot read is not served.
            t.level.measure = Some(t.report.to_measure());
            // From the first bench with locks and bombs, a board the competent player loses more
            // often than the shallow human is not served: its figures would not be trusted.
            let trusted = bench < LOCKS_AND_BOMBS_FROM || earns_its_name(&t.report);
            if trusted && screwsmith_readability::check_level(&t.level).is_ok() {
                let path = BenchPath {
                    step: step as u8,
                    band,
                    seed_index: t.index,
                };
                return Ok(served(path, t, candidates));
            }
        }
    }
    best_unproven
        .map(|(path, t)| served(path, t, candidates))
        .ok_or(DailyError::NoBoard(bench))
}
