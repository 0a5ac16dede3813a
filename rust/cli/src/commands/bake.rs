//! `screwsmith bake`: generate + curate every level in parallel (rayon, one level per task), write the
//! set atomically; after a full bake of the shipped set, validate it (recomputing everything) and write
//! the set, its report and the bundle together, all or nothing, so one command runs generate → curate →
//! validate → report → bundle. A partial bake never replaces the shipped set.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use screwsmith_gen::library::BAKED;
use screwsmith_gen::tuned::{TuneStats, MAX_CANDIDATES};
use screwsmith_rules::level::{LevelFile, FORMAT};
use screwsmith_solver::SolveOptions;
use screwsmith_studio::bundle::{BUNDLE_PATH, LEVELS_PATH, REPORT_PATH};
use screwsmith_studio::figures::figures;
use screwsmith_studio::format::to_stored_json;
use screwsmith_studio::placed::{place_level, set_targets};
use screwsmith_studio::placement::{read_placements, Placed, PLACEMENTS_PATH};
use screwsmith_studio::{bake_level, BakedLevel, Curator};

use super::validate::{check_set, ValidateArgs};
use crate::error::CliError;
use crate::input::default_path;
use crate::level_list::LevelList;
use crate::output::{count, write_atomic, Batch};

#[derive(Args)]
pub struct BakeArgs {
    /// Level numbers to bake: `N`, `A-B` or a list (`1-35,36`; default: every baked level).
    #[arg(long)]
    levels: Option<String>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Output file (default: the checkout's levels/levels.json; a partial bake must name one).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Skip the bundle, validate and report steps after a full bake.
    #[arg(long)]
    no_validate: bool,
    /// Validate with `--strict` (the curve targets (docs/design.md §4.6) too).
    #[arg(long)]
    strict: bool,
    /// Designer levels to ship at their numbers (default: the checkout's levels/custom/placements.json;
    /// none when it does not exist).
    #[arg(long)]
    placements: Option<PathBuf>,
}

/// The most worker threads `--jobs` may ask for (more would only spend memory on stacks).
const MAX_JOBS: usize = 256;

/// A rayon pool with `jobs` threads (or rayon's default).
pub fn pool(jobs: Option<usize>) -> Result<rayon::ThreadPool, CliError> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(j) = jobs {
        if !(1..=MAX_JOBS).contains(&j) {
            return Err(CliError::Usage(format!(
                "--jobs {j}: give 1 to {MAX_JOBS} worker threads"
            )));
        }
        b = b.num_threads(j);
    }
    b.build().map_err(|e| {
        CliError::Usage(format!(
            "cannot start {} worker threads: {e}",
            jobs.unwrap_or(0)
        ))
    })
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

/// Whether two paths name the same file (both must exist to be the same).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Where the bake goes, and whether it is the full bake of the shipped set (which then validates,
/// reports and bundles). A partial bake never replaces the shipped set.
fn destination(args: &BakeArgs, numbers: &[u32]) -> Result<(PathBuf, bool), CliError> {
    let all = numbers.len() == BAKED as usize;
    let shipped = || default_path(LEVELS_PATH);
    let out = match &args.out {
        Some(p) => p.clone(),
        None if all => shipped()?,
        None => {
            return Err(CliError::arg(format!(
                "--levels {} bakes part of the set: pass --out FILE (a partial bake never replaces {LEVELS_PATH})",
                args.levels.as_deref().unwrap_or_default()
            )))
        }
    };
    let is_shipped = args.out.is_none() || shipped().is_ok_and(|s| same_file(&s, &out));
    if is_shipped && !all {
        return Err(CliError::arg(format!(
            "--out {}: a partial bake never replaces the shipped set; write it elsewhere",
            out.display()
        )));
    }
    Ok((out, is_shipped))
}

/// The designer levels `--placements` (or the checkout's placements file) ships: all of them are read
/// and checked before anything is measured.
pub fn placements(arg: Option<PathBuf>) -> Result<Vec<Placed>, CliError> {
    let path = match arg {
        Some(p) if !p.exists() => {
            return Err(CliError::arg(format!(
                "--placements {}: no such file",
                p.display()
            )))
        }
        Some(p) => p,
        None => match default_path(PLACEMENTS_PATH) {
            Ok(p) => p,
            Err(_) => return Ok(Vec::new()),
        },
    };
    Ok(read_placements(&path, BAKED)?)
}

pub fn run(args: BakeArgs) -> Result<ExitCode, CliError> {
    let numbers = match &args.levels {
        Some(list) => LevelList::parse(list, BAKED, "the set")?.numbers(),
        None => (1..=BAKED).collect(),
    };
    let (out, full) = destination(&args, &numbers)?;
    let placed: Vec<Placed> = placements(args.placements.clone())?
        .into_iter()
        .filter(|p| numbers.contains(&p.number))
        .collect();
    let pool = pool(args.jobs)?;
    let curator = Curator::shipping();
    let measure = SolveOptions::default();
    let started = Instant::now();
    let bar = progress(numbers.len() as u64);
    let candidates = AtomicU64::new(0);
    let results: Vec<_> = pool.install(|| {
        numbers
            .par_iter()
            .map(|&n| {
                let r = match placed.iter().find(|p| p.number == n) {
                    Some(p) => place_level(p, &measure, &curator).map_err(|e| e.to_string()),
                    None => bake_level(n, &measure, &curator, || {
                        let c = candidates.fetch_add(1, Ordering::Relaxed) + 1;
                        if c.is_multiple_of(64) {
                            bar.set_message(format!("{c} candidates measured"));
                        }
                    })
                    .map_err(|e| e.to_string()),
                };
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
                say!("FAILED {e}");
            }
        }
    }
    print_summary(&baked, wall, pool.current_num_threads())?;
    for p in &placed {
        say!(
            "  placed:   level {} from designer file {}",
            p.number,
            p.path.display()
        );
    }
    // A whole set: the curve targets measured over many levels, for each placed level inside them.
    if numbers.len() == BAKED as usize && failed == 0 {
        let levels: Vec<_> = baked.iter().map(|b| b.level.clone()).collect();
        for e in set_targets(&figures(&levels), &placed) {
            failed += 1;
            say!("FAILED {e}");
        }
    }
    if failed > 0 {
        say!(
            "{} could not be baked; nothing written",
            count(failed, "level", "levels")
        );
        return Ok(ExitCode::from(1));
    }
    let file = LevelFile {
        format: FORMAT,
        levels: baked.into_iter().map(|b| b.level).collect(),
    };
    let bytes = to_stored_json(&file);
    let wrote = count(file.levels.len(), "level", "levels");
    if !full || args.no_validate {
        write_atomic(&out, bytes.as_bytes())?;
        say!("wrote {wrote} to {}", out.display());
        return Ok(ExitCode::SUCCESS);
    }
    // validate (recompute everything, replay every solution), then write the set, its report and (only
    // when it validated) the bundle together: all of them or none.
    let mut validate = ValidateArgs::for_file(out.clone(), args.jobs);
    validate.strict = args.strict;
    validate.no_bundle = true;
    validate.placements = args.placements.clone();
    let valid = check_set(&validate, &file, &bytes)?;
    let report = default_path(REPORT_PATH)?;
    let bundle = default_path(BUNDLE_PATH)?;
    let mut batch = Batch::new();
    batch.file(&out, bytes.as_bytes());
    super::report::add_report(&mut batch, &file.levels, &report)?;
    if valid {
        batch.file(&bundle, bytes.as_bytes());
    }
    batch.commit()?;
    say!("wrote {wrote} to {}", out.display());
    say!("wrote {}", report.display());
    if !valid {
        say!("validation failed: {} left as it was", bundle.display());
        return Ok(ExitCode::from(1));
    }
    say!("bundled into {}", bundle.display());
    Ok(ExitCode::SUCCESS)
}

fn print_summary(baked: &[BakedLevel], wall: Duration, threads: usize) -> Result<(), CliError> {
    let mut stats = TuneStats::default();
    let (mut search, mut curate, mut early) = (Duration::ZERO, Duration::ZERO, 0);
    for b in baked {
        stats.add(&b.stats);
        search += b.search_time;
        curate += b.curate_time;
        early += b.stats.stopped_early as u32;
    }
    say!(
        "bake: {} in {:.1?} wall on {threads} threads (search {:.1?} + curate {:.1?} CPU)",
        count(baked.len(), "level", "levels"),
        wall,
        search,
        curate
    );
    say!(
        "  generate: {} candidates (at most {} per level), {} unbuildable, {} rejected by structural validation, {} by the buried-screw pass",
        stats.generated,
        MAX_CANDIDATES,
        stats.gen_failed,
        stats.structural,
        stats.buried
    );
    say!(
        "  measure:  {} solved, {} proven; {early} levels stopped early at an exact hit",
        stats.measured,
        stats.proven
    );
    say!(
        "  curate:   {} kept, {} ranked winners rejected by verification or extra checks",
        baked.len(),
        stats.curate_rejected
    );
    // What each bound of the proof search settled over the search and curation (CPU time, all threads).
    say!("  proof bounds:");
    for line in screwsmith_solver::bounds::totals().to_string().lines() {
        say!("    {line}");
    }
    Ok(())
}
