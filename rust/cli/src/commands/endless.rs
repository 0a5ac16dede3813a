//! `screwsmith endless`: generates a run of levels past the baked set as the game would (the same budget)
//! and reports generation time (median, p99), fresh boards, fallbacks to the cycle and unproven boards
//! served (exit 1 when any is: the game must never serve one).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use screwsmith_gen::endless::{self, EndlessError};

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

/// One level of the sweep: whether it came out fresh and proven, and its time.
struct Row {
    outcome: Result<bool, EndlessError>,
    time: Duration,
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
                let outcome = endless::generate(args.from + k, budget, None)
                    .map(|f| endless::servable(&f.report));
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
    let fresh = rows.iter().filter(|r| r.outcome == Ok(true)).count();
    let unproven = rows.iter().filter(|r| r.outcome == Ok(false)).count();
    let over = rows
        .iter()
        .filter(|r| matches!(r.outcome, Err(EndlessError::OverBudget { .. })))
        .count();
    let failed = rows.len() - fresh - unproven - over;
    let last = args.from + args.count.saturating_sub(1);
    say!(
        "levels {}-{last}: {fresh} fresh proven, {unproven} unproven served, fallbacks to the cycle: {over} over the {} ms budget, {failed} with no candidate",
        args.from,
        args.budget_ms
    );
    say!(
        "generation time per level: median {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} thread{}, wall {:.1} s)",
        quantile(&times, 0.5).as_secs_f64() * 1e3,
        quantile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        args.jobs.max(1),
        if args.jobs > 1 { "s" } else { "" },
        wall.as_secs_f64()
    );
    Ok(if unproven == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
