//! `screwsmith endless`: generates a run of levels past the baked set as the game would (the same budget)
//! and reports generation time (median, p90, p99), fresh boards, fallbacks to the cycle, unproven boards
//! served and fresh boards whose help copy does not help (exit 1 when any of the last two is: the game
//! must never serve one, and a fresh level keeps every promise of a baked one).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use screwsmith_gen::endless::{self, EndlessError, Fresh};
use screwsmith_gen::help::helps;

use crate::error::CliError;

#[derive(Args)]
pub struct EndlessArgs {
    /// First level number (past the baked set).
    #[arg(long, default_value_t = endless::FIRST)]
    from: u32,
    /// How many levels.
    #[arg(long, default_value_t = 1000)]
    count: u32,
    /// Worker threads (1 gives each level's time on a lone core).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Time budget per level in ms (default: the game's).
    #[arg(long, default_value_t = endless::TIME_BUDGET.as_millis() as u64)]
    budget_ms: u64,
}

/// One level of the sweep: whether it came out fresh and proven (and its help copy helps), and its time.
struct Row {
    outcome: Result<Served, EndlessError>,
    time: Duration,
}

/// What a fresh level kept of the baked levels' promises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Served {
    proven: bool,
    /// It stores a help copy that meets the help rule against its own measure.
    helped: bool,
}

impl Served {
    fn of(fresh: &Fresh) -> Self {
        let helped = match (&fresh.level.measure, &fresh.level.help) {
            (Some(own), Some(help)) => helps(own, &help.measure),
            _ => false,
        };
        Served {
            proven: endless::servable(&fresh.report),
            helped,
        }
    }
}

/// The value at share `q` (0..=1) of sorted durations.
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i]
}

pub fn run(args: EndlessArgs) -> Result<ExitCode, CliError> {
    if args.from < endless::FIRST {
        return Err(CliError::arg(format!(
            "--from {}: fresh levels start at {}",
            args.from,
            endless::FIRST
        )));
    }
    if args.from.checked_add(args.count).is_none() {
        return Err(CliError::arg("--count runs past the last level number"));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.max(1))
        .build()
        .map_err(|e| CliError::arg(format!("--jobs {}: {e}", args.jobs)))?;
    let budget = Duration::from_millis(args.budget_ms);
    let bar = ProgressBar::new(args.count as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} levels  {elapsed} (eta {eta})")
            .expect("static template"),
    );
    let started = Instant::now();
    let rows: Vec<Row> = pool.install(|| {
        (0..args.count)
            .into_par_iter()
            .map(|k| {
                let t = Instant::now();
                let outcome =
                    endless::generate(args.from + k, budget, None).map(|f| Served::of(&f));
                bar.inc(1);
                Row {
                    outcome,
                    time: t.elapsed(),
                }
            })
            .collect()
    });
    bar.finish_and_clear();
    let wall = started.elapsed();
    let mut times: Vec<Duration> = rows.iter().map(|r| r.time).collect();
    times.sort();
    let served: Vec<Served> = rows
        .iter()
        .filter_map(|r| r.outcome.as_ref().ok().copied())
        .collect();
    let fresh = served.iter().filter(|s| s.proven).count();
    let unproven = served.len() - fresh;
    let unhelped = served.iter().filter(|s| !s.helped).count();
    let over = rows
        .iter()
        .filter(|r| matches!(r.outcome, Err(EndlessError::OverBudget { .. })))
        .count();
    let failed = rows.len() - served.len() - over;
    let last = args.from + args.count.saturating_sub(1);
    say!(
        "levels {}-{last}: {fresh} fresh proven, {unproven} unproven served, fallbacks to the cycle: {over} over the {} ms budget, {failed} with no candidate",
        args.from,
        args.budget_ms
    );
    say!(
        "help copies: {} of {} fresh levels store one that helps (fail at least 10 points lower, or 0 %; competent win not lower), {unhelped} do not",
        served.len() - unhelped,
        served.len()
    );
    say!(
        "generation time per level: median {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} thread{}, wall {:.1} s)",
        quantile(&times, 0.5).as_secs_f64() * 1e3,
        quantile(&times, 0.9).as_secs_f64() * 1e3,
        quantile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        args.jobs.max(1),
        if args.jobs > 1 { "s" } else { "" },
        wall.as_secs_f64()
    );
    Ok(if unproven == 0 && unhelped == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
