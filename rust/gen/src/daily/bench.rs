//! Generating the bench for a date (SPEC §5): machine rotates with the bench number; band 5 with 12
//! seeds, first *proven* board wins; else bands 3, 2, 1 with 6 seeds each; last resort the easiest
//! unproven board, flagged. The same date gives the same board on every device because every input is
//! the bench number and xorshift32.
//!
//! Runs on a background thread in the game: it is plain data (`Send`) and checks a cancel flag between
//! candidates and inside the solver.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde::Serialize;
use thiserror::Error;
use time::Date;

use super::date::{bench_number, format_date, DateError};
use crate::machines::MACHINE_COUNT;
use screwsmith_rules::level::{LevelData, SolveStatus};
use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::CompiledLevel;
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
        generate_with(date, cancel, |machine, band, seed| {
            crate::candidate(machine, band, seed).ok()
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
            "candidates": self.candidates,
            "level": self.level,
        })
    }
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

/// The bench for a date with an injected board maker (the real one is [`DailyBench::for_date`]; tests
/// inject boards whose verdicts they know).
pub fn generate_with(
    date: Date,
    cancel: Option<Arc<AtomicBool>>,
    make: impl Fn(u8, u8, u32) -> Option<LevelData>,
) -> Result<DailyBench, DailyError> {
    let bench = bench_number(date)?;
    let machine = machine_for_bench(bench);
    let opts = SolveOptions {
        cancel: cancel.clone(),
        ..SolveOptions::default()
    };
    let cancelled = || cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
    let mut best_unproven: Option<DailyBench> = None;
    let mut candidates = 0u32;
    for (step, &(band, seeds)) in STEPS.iter().enumerate() {
        for index in 0..seeds {
            if cancelled() {
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
            candidates += 1;
            let report = solve_shared(&Arc::new(compiled), &opts);
            if report.cancelled {
                return Err(DailyError::Cancelled);
            }
            let found = DailyBench {
                bench,
                date: format_date(date),
                machine,
                seed,
                proven: report.status == SolveStatus::Proven,
                path: BenchPath {
                    step: step as u8,
                    band,
                    seed_index: index,
                },
                level,
                report,
                candidates,
            };
            if found.proven {
                // The stored measure carries the solution the readability audit replays; a proven
                // board the player's thumb cannot read is not served.
                let mut shipped = found;
                shipped.level.measure = Some(shipped.report.to_measure());
                if screwsmith_readability::check_level(&shipped.level).is_ok() {
                    return Ok(shipped);
                }
                continue;
            }
            // Broken boards are design errors: never shipped, not even as a last resort.
            let usable = found.report.status != SolveStatus::Broken;
            let easier = best_unproven
                .as_ref()
                .is_none_or(|b| found.report.difficulty < b.report.difficulty);
            if usable && easier {
                best_unproven = Some(found);
            }
        }
    }
    best_unproven
        .map(|mut b| {
            b.path.step = STEPS.len() as u8;
            b.candidates = candidates;
            b
        })
        .ok_or(DailyError::NoBoard(bench))
}
