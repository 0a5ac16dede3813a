//! `screwsmith validate`: never trusts the file. Recomputes every stored value of every level with the
//! same core code (in parallel), replays every solution, checks numbering, bands and the bundled copy;
//! `--strict` also enforces the curve targets (docs/design.md §4.6) and the help rule. Placed designer levels are
//! checked like every other level, and each against its designer file (a stale one is named), and the
//! game's one-level-at-a-time reading against the full parse. One line per problem, naming level and
//! field.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use screwsmith_gen::library::BAKED;
use screwsmith_rules::level::LevelFile;
use screwsmith_rules::LevelError;
use screwsmith_solver::SolveOptions;
use screwsmith_studio::bundle::{bundle_matches, BundleNames, BUNDLE_PATH};
use screwsmith_studio::figures::figures;
use screwsmith_studio::help::check_help_rule;
use screwsmith_studio::placed::check_placements;
use screwsmith_studio::validate::{check_curve, check_lazy_reading, check_level, check_numbering};
use screwsmith_studio::Finding;

use super::bake::{placements, pool};
use crate::error::CliError;
use crate::input::{default_path, levels_path, read_level_file, read_strict_level_file, read_text};
use crate::output::{count, read_optional};

#[derive(Args)]
pub struct ValidateArgs {
    /// The level set (default: the checkout's levels/levels.json).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Also enforce the curve targets (docs/design.md §4.6) (fail rates, slices, rails, ladder).
    #[arg(long)]
    pub strict: bool,
    /// Levels the set must hold.
    #[arg(long, default_value_t = BAKED)]
    count: u32,
    /// The bundled copy that must be identical (default: the checkout's godot_project/levels/levels.json).
    #[arg(long)]
    bundle: Option<PathBuf>,
    /// Do not compare with the bundled copy.
    #[arg(long)]
    pub no_bundle: bool,
    /// Worker threads (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// Designer levels placed in the set, each compared with its designer file (default: the checkout's
    /// levels/custom/placements.json; none when it does not exist).
    #[arg(long)]
    pub placements: Option<PathBuf>,
}

impl ValidateArgs {
    /// Default checks of one file (what `bake` runs after a full bake).
    pub fn for_file(file: PathBuf, jobs: Option<usize>) -> Self {
        ValidateArgs {
            file: Some(file),
            strict: false,
            count: BAKED,
            bundle: None,
            no_bundle: false,
            jobs,
            placements: None,
        }
    }
}

pub fn run(args: ValidateArgs) -> Result<ExitCode, CliError> {
    Ok(if validate_checks(&args)? {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Reads the set and its bundle, runs every check and prints one line per problem; `true` when there
/// were none.
pub fn validate_checks(args: &ValidateArgs) -> Result<bool, CliError> {
    let path = levels_path(args.file.clone())?;
    let bytes = read_text(&path)?;
    match read_strict_level_file(&path) {
        Ok(file) => check_set(args, &file, &bytes),
        Err(CliError::Level {
            source: LevelError::NotAFile,
            ..
        }) => check_one(args, &read_level_file(&path)?),
        Err(e) => Err(e),
    }
}

/// A designer's one-level file: every check of one level (its shipping rules, every stored value
/// recomputed, its solution replayed, readability). Numbering, the bundled copy and the curve targets
/// are checks of a whole set, so they are not run, and the summary says so.
fn check_one(args: &ValidateArgs, file: &LevelFile) -> Result<bool, CliError> {
    let started = Instant::now();
    let level = &file.levels[0];
    let findings = pool(args.jobs)?.install(|| check_level(level, &SolveOptions::verifying()));
    for f in &findings {
        say!("{f}");
    }
    say!(
        "validate{}: one level (number {}) recomputed (solve + verify){} in {:.1?}; {} (numbering, bundle and curve targets are checks of a whole set: not run on one level)",
        if args.strict { " --strict" } else { "" },
        level.number,
        if level.measure.is_some() {
            " and its solution replayed"
        } else {
            ""
        },
        started.elapsed(),
        count(findings.len(), "problem", "problems")
    );
    Ok(findings.is_empty())
}

/// Every check of a set already read (`text` is its file, compared with the bundle).
pub fn check_set(args: &ValidateArgs, file: &LevelFile, text: &str) -> Result<bool, CliError> {
    let started = Instant::now();
    let placed = placements(args.placements.clone())?;
    let mut findings = check_numbering(file, args.count);
    findings.extend(check_lazy_reading(text, file));
    findings.extend(check_placements(&file.levels, &placed));
    let opts = SolveOptions::verifying();
    let bar = ProgressBar::new(file.levels.len() as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} levels validated, ETA {eta}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    let per_level: Vec<Vec<Finding>> = pool(args.jobs)?.install(|| {
        file.levels
            .par_iter()
            .map(|l| {
                let f = check_level(l, &opts);
                bar.inc(1);
                f
            })
            .collect()
    });
    bar.finish_and_clear();
    findings.extend(per_level.into_iter().flatten());
    if !args.no_bundle {
        let set = levels_path(args.file.clone())?;
        let bundle = match &args.bundle {
            Some(b) => b.clone(),
            None => default_path(BUNDLE_PATH)?,
        };
        let names = BundleNames {
            set: &set.display().to_string(),
            bundle: &bundle.display().to_string(),
        };
        if let Err(why) =
            bundle_matches(text.as_bytes(), read_optional(&bundle)?.as_deref(), &names)
        {
            findings.push(Finding {
                level: None,
                field: "bundle".into(),
                message: why,
            });
        }
    }
    let fig = figures(&file.levels);
    if args.strict {
        findings.extend(check_curve(&fig));
        findings.extend(file.levels.iter().filter_map(check_help_rule));
    }
    for f in &findings {
        say!("{f}");
    }
    say!(
        "validate{}: {} recomputed (solve + verify, and each help copy) and {} replayed in {:.1?}; {} proven; {}",
        if args.strict { " --strict" } else { "" },
        count(file.levels.len(), "level", "levels"),
        count(
            file.levels.iter().filter(|l| l.measure.is_some()).count(),
            "solution",
            "solutions"
        ),
        started.elapsed(),
        fig.proven,
        count(findings.len(), "problem", "problems")
    );
    if !args.strict {
        let missed: Vec<_> = fig
            .targets
            .iter()
            .filter(|t| !t.met)
            .map(|t| t.name)
            .collect();
        if !missed.is_empty() {
            say!(
                "curve targets not met (enforced with --strict): {}",
                missed.join("; ")
            );
        }
    }
    Ok(findings.is_empty())
}
