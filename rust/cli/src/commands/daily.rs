//! `screwsmith daily [--date YYYY-MM-DD] [--json] [--sweep DAYS]`: the Daily Bench of a date, or a sweep
//! over many dates that counts how often each fallback step was needed.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use screwsmith_gen::daily::bench::{DailyBench, STEPS};
use screwsmith_gen::daily::date::{bench_date, format_date, today_utc};
use screwsmith_gen::daily::{bench_number, parse_date};

use crate::error::CliError;

#[derive(Args)]
pub struct DailyArgs {
    /// The UTC date (default: today).
    #[arg(long)]
    date: Option<String>,
    /// Print the bench as JSON (keys bench, date, machine, band, seed, proven, difficulty, level).
    #[arg(long)]
    json: bool,
    /// Generate every bench for this many days from the date on and print fallback statistics.
    #[arg(long, value_name = "DAYS")]
    sweep: Option<u32>,
}

/// The date argument, or today.
pub fn chosen_date(text: Option<&str>) -> Result<time::Date, CliError> {
    match text {
        Some(t) => parse_date(t).map_err(|e| CliError::arg(e.to_string())),
        None => Ok(today_utc()),
    }
}

/// The bench of a date, with a CLI error for the impossible ones.
pub fn bench_for(date: time::Date) -> Result<DailyBench, CliError> {
    DailyBench::for_date(date, None).map_err(|e| CliError::arg(e.to_string()))
}

pub fn run(args: DailyArgs) -> Result<ExitCode, CliError> {
    let date = chosen_date(args.date.as_deref())?;
    if let Some(days) = args.sweep {
        return sweep(date, days);
    }
    let started = Instant::now();
    let b = bench_for(date)?;
    let elapsed = started.elapsed();
    if args.json {
        println!("{}", b.to_json());
    } else {
        println!(
            "Bench #{} ({}): machine {}, band {}, seed {} (step {}, seed #{}), {}, difficulty {}/10, {} screws, {} candidates, {:.1?}",
            b.bench,
            b.date,
            b.machine,
            b.path.band,
            b.seed,
            b.path.step,
            b.path.seed_index,
            if b.proven { "proven" } else { "NOT PROVEN" },
            b.report.difficulty,
            b.level.screws.len(),
            b.candidates,
            elapsed
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// One bench of a sweep: number, (step, seed index, proven) or the error, and the time it took.
type SweepRow = (u32, Result<(u8, u8, bool), String>, Duration);

fn sweep(from: time::Date, days: u32) -> Result<ExitCode, CliError> {
    let first = bench_number(from).map_err(|e| CliError::arg(e.to_string()))?;
    let bar = ProgressBar::new(days as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} benches  {elapsed} (eta {eta})")
            .expect("static template"),
    );
    let started = Instant::now();
    let results: Vec<SweepRow> = (0..days)
        .into_par_iter()
        .map(|k| {
            let number = first + k;
            let t = Instant::now();
            let r = bench_date(number)
                .map_err(|e| e.to_string())
                .and_then(|d| DailyBench::for_date(d, None).map_err(|e| e.to_string()))
                .map(|b| (b.path.step, b.path.seed_index, b.proven));
            bar.inc(1);
            (number, r, t.elapsed())
        })
        .collect();
    bar.finish_and_clear();
    let mut per_step = vec![0u32; STEPS.len() + 1];
    let (mut unproven, mut errors) = (Vec::new(), Vec::new());
    let mut later_seed = 0u32;
    for (number, r, _) in &results {
        match r {
            Ok((step, seed_index, proven)) => {
                per_step[*step as usize] += 1;
                later_seed += (*step == 0 && *seed_index > 0) as u32;
                if !proven {
                    unproven.push(*number);
                }
            }
            Err(e) => errors.push(format!("bench {number}: {e}")),
        }
    }
    let mut times: Vec<Duration> = results.iter().map(|r| r.2).collect();
    times.sort();
    let slowest = results
        .iter()
        .max_by_key(|r| r.2)
        .expect("at least one day");
    println!(
        "daily sweep: {days} benches from #{first} ({}), {:.1?} wall",
        format_date(from),
        started.elapsed()
    );
    for (i, &(band, seeds)) in STEPS.iter().enumerate() {
        println!(
            "  step {i} (band {band}, {seeds} seeds): {} proven",
            per_step[i]
        );
        if i == 0 {
            println!("    of which not won by the first seed: {later_seed}");
        }
    }
    println!("  last resort (unproven): {}", per_step[STEPS.len()]);
    println!(
        "  needed a fallback: {}",
        days as usize - per_step[0] as usize - errors.len()
    );
    println!(
        "  per bench: median {:.1?}, slowest #{} {:.1?}",
        times[times.len() / 2],
        slowest.0,
        slowest.2
    );
    if !unproven.is_empty() {
        println!("  unproven benches: {unproven:?}");
    }
    for e in &errors {
        println!("  ERROR {e}");
    }
    Ok(if unproven.is_empty() && errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
