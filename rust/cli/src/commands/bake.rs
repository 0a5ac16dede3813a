//! `screwsmith bake`: generate + curate every level in parallel (rayon, one level per task), write the
//! set atomically; after a full bake to the default path, bundle it, write the report and validate it
//! (recomputing everything), so one command runs generate → curate → validate → bundle.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use screwsmith_gen::tuned::{TuneStats, MAX_CANDIDATES};
use screwsmith_rules::level::{LevelFile, FORMAT};
use screwsmith_solver::SolveOptions;
use screwsmith_studio::bundle::{BUNDLE_PATH, LEVELS_PATH, REPORT_PATH};
use screwsmith_studio::format::to_stored_json;
use screwsmith_studio::{bake_level, BakedLevel, Curator, SHIPPED_LEVELS};

use super::validate::{validate_checks, ValidateArgs};
use crate::error::CliError;
use crate::output::write_atomic;

#[derive(Args)]
pub struct BakeArgs {
    /// Level numbers to bake: `N` or `A-B` (default 1-200).
    #[arg(long, default_value = "1-200")]
    levels: String,
    /// Worker threads (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Output file.
    #[arg(long, default_value = LEVELS_PATH)]
    out: PathBuf,
    /// Skip the bundle, validate and report steps after a full bake.
    #[arg(long)]
    no_validate: bool,
    /// Validate with `--strict` (the SPEC §4 curve targets too).
    #[arg(long)]
    strict: bool,
}

/// Parses `N` or `A-B` (1-based, inclusive).
pub fn parse_range(text: &str) -> Result<std::ops::RangeInclusive<u32>, CliError> {
    let bad = || {
        CliError::Usage(format!(
            "--levels {text:?}: expected N or A-B with 1 <= A <= B"
        ))
    };
    let (a, b) = match text.split_once('-') {
        Some((a, b)) => (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        ),
        None => {
            let n = text.trim().parse().map_err(|_| bad())?;
            (n, n)
        }
    };
    if a == 0 || a > b {
        return Err(bad());
    }
    Ok(a..=b)
}

/// A rayon pool with `jobs` threads (or rayon's default).
pub fn pool(jobs: Option<usize>) -> Result<rayon::ThreadPool, CliError> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(j) = jobs {
        if j == 0 {
            return Err(CliError::Usage("--jobs must be at least 1".into()));
        }
        b = b.num_threads(j);
    }
    b.build()
        .map_err(|e| CliError::Usage(format!("thread pool: {e}")))
}

fn progress(levels: u64) -> ProgressBar {
    let bar = ProgressBar::new(levels);
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} levels, {msg}, ETA {eta}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar
}

pub fn run(args: BakeArgs) -> Result<ExitCode, CliError> {
    let range = parse_range(&args.levels)?;
    let pool = pool(args.jobs)?;
    let curator = Curator::shipping();
    let measure = SolveOptions::default();
    let started = Instant::now();
    let bar = progress(range.clone().count() as u64);
    let candidates = AtomicU64::new(0);
    let results: Vec<_> = pool.install(|| {
        range
            .clone()
            .into_par_iter()
            .map(|n| {
                let r = bake_level(n, &measure, &curator, || {
                    let c = candidates.fetch_add(1, Ordering::Relaxed) + 1;
                    if c.is_multiple_of(64) {
                        bar.set_message(format!("{c} candidates measured"));
                    }
                });
                bar.inc(1);
                r
            })
            .collect()
    });
    bar.finish_and_clear();
    let wall = started.elapsed();
    let mut baked: Vec<BakedLevel> = Vec::with_capacity(results.len());
    let mut failed = 0;
    for r in results {
        match r {
            Ok(b) => baked.push(b),
            Err(e) => {
                failed += 1;
                println!("FAILED {e}");
            }
        }
    }
    print_summary(&baked, wall, pool.current_num_threads());
    if failed > 0 {
        println!("{failed} levels could not be baked; nothing written");
        return Ok(ExitCode::from(1));
    }
    let file = LevelFile {
        format: FORMAT,
        levels: baked.into_iter().map(|b| b.level).collect(),
    };
    write_atomic(&args.out, to_stored_json(&file).as_bytes())?;
    println!(
        "wrote {} levels to {}",
        file.levels.len(),
        args.out.display()
    );

    let full = range == (1..=SHIPPED_LEVELS) && args.out == Path::new(LEVELS_PATH);
    if !full || args.no_validate {
        return Ok(ExitCode::SUCCESS);
    }
    // validate (recompute everything, replay every solution) → bundle only what validated → report.
    let mut validate = ValidateArgs::for_file(args.out.clone(), args.jobs);
    validate.strict = args.strict;
    validate.no_bundle = true;
    let valid = validate_checks(&validate)?;
    super::report::write_report(&file.levels, &PathBuf::from(REPORT_PATH))?;
    println!("wrote {REPORT_PATH}");
    if !valid {
        println!("validation failed: {BUNDLE_PATH} left as it was");
        return Ok(ExitCode::from(1));
    }
    super::bundle::copy(&args.out, &PathBuf::from(BUNDLE_PATH))?;
    println!("bundled into {BUNDLE_PATH}");
    Ok(ExitCode::SUCCESS)
}

fn print_summary(baked: &[BakedLevel], wall: Duration, threads: usize) {
    let mut stats = TuneStats::default();
    let (mut search, mut curate, mut early) = (Duration::ZERO, Duration::ZERO, 0);
    for b in baked {
        stats.add(&b.stats);
        search += b.search_time;
        curate += b.curate_time;
        early += b.stats.stopped_early as u32;
    }
    println!(
        "bake: {} levels in {:.1?} wall on {threads} threads (search {:.1?} + curate {:.1?} CPU)",
        baked.len(),
        wall,
        search,
        curate
    );
    println!(
        "  generate: {} candidates (at most {} per level), {} unbuildable, {} rejected by structural validation, {} by the buried-screw pass",
        stats.generated,
        MAX_CANDIDATES,
        stats.gen_failed,
        stats.structural,
        stats.buried
    );
    println!(
        "  measure:  {} solved, {} proven; {early} levels stopped early at an exact hit",
        stats.measured, stats.proven
    );
    println!(
        "  curate:   {} kept, {} ranked winners rejected by verification or extra checks",
        baked.len(),
        stats.curate_rejected
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_parse_or_fail_clearly() {
        assert_eq!(parse_range("1-200").unwrap(), 1..=200);
        assert_eq!(parse_range("7").unwrap(), 7..=7);
        for bad in ["0-3", "5-2", "x", "1-", ""] {
            assert!(parse_range(bad).is_err(), "{bad}");
        }
    }
}
