//! `screwsmith daily [--date YYYY-MM-DD] [--json] [--sweep DAYS]`: the Daily Bench of a date, or a sweep
//! over many dates that counts how often each fallback step was needed.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use screwsmith_gen::daily::bench::{in_window, DailyBench, DailyError, BENCH_FAIL_WINDOW, STEPS};
use screwsmith_gen::daily::date::{bench_date, format_date, today_utc};
use screwsmith_gen::daily::{bench_number, parse_date};
use screwsmith_rules::level::shipping::check_shipping;
use screwsmith_rules::level::SolveStatus;

use crate::error::CliError;

#[derive(Args)]
pub struct DailyArgs {
    /// The UTC date (default: today).
    #[arg(long)]
    date: Option<String>,
    /// Print the bench as JSON (keys bench, date, machine, band, seed, proven, difficulty, level); with
    /// `--sweep`, the sweep's figures (in_window, unsolvable_served, histogram, median_ms, …).
    #[arg(long)]
    json: bool,
    /// Generate every bench for this many days (1 to 36525) from the date on and print fallback statistics.
    #[arg(long, value_name = "DAYS", value_parser = clap::value_parser!(u32).range(1..=MAX_SWEEP_DAYS as i64))]
    sweep: Option<u32>,
    /// With `--sweep`: print every bench instead of the figures, one JSON line per date in date order
    /// (each line what `--json` prints for that date), for comparing whole sweeps across builds and
    /// machines.
    #[arg(long, requires = "sweep", conflicts_with = "json")]
    benches: bool,
}

/// What a sweep prints.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SweepOutput {
    Text,
    Json,
    Benches,
}

/// The longest sweep: a hundred years of benches.
const MAX_SWEEP_DAYS: u32 = 36_525;

/// The date argument, or today.
pub fn chosen_date(text: Option<&str>) -> Result<time::Date, CliError> {
    match text {
        Some(t) => parse_date(t).map_err(CliError::Date),
        None => Ok(today_utc()),
    }
}

/// The bench of a date, with a CLI error for the impossible ones.
pub fn bench_for(date: time::Date) -> Result<DailyBench, CliError> {
    DailyBench::for_date(date, None).map_err(CliError::Daily)
}

pub fn run(args: DailyArgs) -> Result<ExitCode, CliError> {
    let date = chosen_date(args.date.as_deref())?;
    if let Some(days) = args.sweep {
        let output = match (args.benches, args.json) {
            (true, _) => SweepOutput::Benches,
            (false, true) => SweepOutput::Json,
            (false, false) => SweepOutput::Text,
        };
        return sweep(date, days, output);
    }
    let started = Instant::now();
    let b = bench_for(date)?;
    let elapsed = started.elapsed();
    if args.json {
        say!("{}", b.to_json());
    } else {
        say!(
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

/// One bench of a sweep: what was served, or the error, and the time it took.
struct SweepRow {
    number: u32,
    served: Result<Served, DailyError>,
    time: Duration,
}

/// The parts of a served bench a sweep counts.
struct Served {
    step: u8,
    seed_index: u8,
    status: SolveStatus,
    difficulty: u8,
    human_fail_rate: f64,
    /// Whether the served board keeps every shipping rule (one-piece parts, hang poses that are turns).
    shippable: bool,
    /// The whole bench as `--json` prints it, kept only for `--benches`.
    json: Option<String>,
}

fn sweep(from: time::Date, days: u32, output: SweepOutput) -> Result<ExitCode, CliError> {
    let first = bench_number(from).map_err(CliError::Date)?;
    if first.checked_add(days).is_none() {
        return Err(CliError::arg(format!(
            "--sweep {days}: the sweep would run past the last bench number"
        )));
    }
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
            let served = bench_date(number)
                .map_err(DailyError::from)
                .and_then(|d| DailyBench::for_date(d, None))
                .map(|b| Served {
                    step: b.path.step,
                    seed_index: b.path.seed_index,
                    status: b.report.status,
                    difficulty: b.report.difficulty,
                    human_fail_rate: b.report.human_fail_rate,
                    shippable: check_shipping(&b.level).is_ok(),
                    json: (output == SweepOutput::Benches).then(|| b.to_json().to_string()),
                });
            bar.inc(1);
            SweepRow {
                number,
                served,
                time: t.elapsed(),
            }
        })
        .collect();
    bar.finish_and_clear();
    let wall = started.elapsed();
    let mut per_step = vec![0u32; STEPS.len() + 1];
    let (mut unproven, mut unsolvable, mut errors) = (Vec::new(), 0u32, Vec::new());
    let (mut later_seed, mut inside, mut above) = (0u32, 0u32, 0u32);
    let mut not_shippable = Vec::new();
    let mut histogram = std::collections::BTreeMap::<u8, u32>::new();
    for row in &results {
        match &row.served {
            Ok(b) => {
                per_step[b.step as usize] += 1;
                later_seed += (b.step == 0 && b.seed_index > 0) as u32;
                inside += in_window(b.human_fail_rate) as u32;
                above += (b.human_fail_rate > BENCH_FAIL_WINDOW.1) as u32;
                *histogram.entry(b.difficulty).or_insert(0) += 1;
                unsolvable += (b.status == SolveStatus::Unsolvable) as u32;
                if !b.shippable {
                    not_shippable.push(row.number);
                }
                if b.status != SolveStatus::Proven {
                    unproven.push(row.number);
                }
            }
            Err(e) => errors.push(format!("bench {}: {e}", row.number)),
        }
    }
    let mut times: Vec<Duration> = results.iter().map(|r| r.time).collect();
    times.sort();
    let (Some(slowest), Some(&median)) = (
        results.iter().max_by_key(|r| r.time),
        times.get(times.len() / 2),
    ) else {
        return Err(CliError::arg("--sweep must be at least one day"));
    };
    let share = inside as f64 / days.max(1) as f64;
    if output == SweepOutput::Benches {
        for row in &results {
            match &row.served {
                Ok(b) => say!("{}", b.json.as_deref().unwrap_or_default()),
                Err(e) => say!(
                    "{}",
                    serde_json::json!({"bench": row.number, "error": e.to_string()})
                ),
            }
        }
    } else if output == SweepOutput::Json {
        say!(
            "{}",
            serde_json::json!({
                "days": days,
                "first": first,
                "from": format_date(from),
                "window": [BENCH_FAIL_WINDOW.0, BENCH_FAIL_WINDOW.1],
                "in_window": share,
                "above_window": above,
                "unsolvable_served": unsolvable,
                "unproven_served": unproven.len(),
                "not_shippable_served": not_shippable.len(),
                "errors": errors.len(),
                "per_step": per_step,
                "histogram": histogram,
                "median_ms": median.as_secs_f64() * 1e3,
                "slowest_ms": slowest.time.as_secs_f64() * 1e3,
                "wall_s": wall.as_secs_f64(),
            })
        );
    } else {
        print_sweep(from, days, first, wall, &per_step, later_seed, errors.len())?;
        say!(
            "  band 5 fail-rate window {:.0}-{:.0} %: {inside}/{days} inside ({:.1} %); scores {histogram:?}",
            BENCH_FAIL_WINDOW.0 * 100.0,
            BENCH_FAIL_WINDOW.1 * 100.0,
            share * 100.0
        );
        say!(
            "  per bench: median {median:.1?}, slowest #{} {:.1?}",
            slowest.number,
            slowest.time
        );
        say!(
            "  breaking a shipping rule (one-piece parts, hang turns): {} benches{}",
            not_shippable.len(),
            if not_shippable.is_empty() {
                String::new()
            } else {
                format!(" {not_shippable:?}")
            }
        );
        if !unproven.is_empty() {
            say!("  unproven benches: {unproven:?} ({unsolvable} proven unsolvable)");
        }
        for e in &errors {
            say!("  ERROR {e}");
        }
    }
    Ok(
        if unproven.is_empty() && errors.is_empty() && not_shippable.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        },
    )
}

/// The sweep's per-step counts as text.
fn print_sweep(
    from: time::Date,
    days: u32,
    first: u32,
    wall: Duration,
    per_step: &[u32],
    later_seed: u32,
    errors: usize,
) -> Result<(), CliError> {
    say!(
        "daily sweep: {days} benches from #{first} ({}), {wall:.1?} wall",
        format_date(from)
    );
    for (i, &(band, seeds)) in STEPS.iter().enumerate() {
        say!(
            "  step {i} (band {band}, {seeds} seeds): {} proven",
            per_step[i]
        );
        if i == 0 {
            say!("    of which not the first seed: {later_seed}");
        }
    }
    say!("  last resort (unproven): {}", per_step[STEPS.len()]);
    say!(
        "  needed a fallback: {}",
        days as usize - per_step[0] as usize - errors
    );
    Ok(())
}
