//! `screwsmith validate`: never trusts the file. Recomputes every stored value of every level with the
//! same core code (in parallel), replays every solution, checks numbering, bands and the bundled copy;
//! `--strict` also enforces the SPEC §4 curve targets. One line per problem, naming level and field.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use screwsmith_solver::SolveOptions;
use screwsmith_studio::bundle::{bundle_matches, BUNDLE_PATH, LEVELS_PATH};
use screwsmith_studio::figures::figures;
use screwsmith_studio::validate::{check_curve, check_level, check_numbering};
use screwsmith_studio::{Finding, SHIPPED_LEVELS};

use super::bake::pool;
use crate::error::CliError;
use crate::input::read_level_file;
use crate::output::read_optional;

#[derive(Args)]
pub struct ValidateArgs {
    /// The level set (default levels/levels.json).
    file: Option<PathBuf>,
    /// Also enforce the SPEC §4 curve targets (fail rates, slices, rails, ladder).
    #[arg(long)]
    pub strict: bool,
    /// Levels the set must hold.
    #[arg(long, default_value_t = SHIPPED_LEVELS)]
    count: u32,
    /// The bundled copy that must be identical.
    #[arg(long, default_value = BUNDLE_PATH)]
    bundle: PathBuf,
    /// Do not compare with the bundled copy.
    #[arg(long)]
    pub no_bundle: bool,
    /// Worker threads (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
}

impl ValidateArgs {
    /// Default checks of one file (what `bake` runs after a full bake).
    pub fn for_file(file: PathBuf, jobs: Option<usize>) -> Self {
        ValidateArgs {
            file: Some(file),
            strict: false,
            count: SHIPPED_LEVELS,
            bundle: PathBuf::from(BUNDLE_PATH),
            no_bundle: false,
            jobs,
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

/// Runs every check and prints one line per problem; `true` when there were none.
pub fn validate_checks(args: &ValidateArgs) -> Result<bool, CliError> {
    let path = args
        .file
        .clone()
        .unwrap_or_else(|| PathBuf::from(LEVELS_PATH));
    let started = Instant::now();
    let bytes = std::fs::read(&path).map_err(|source| CliError::Read {
        path: path.clone(),
        source,
    })?;
    let file = read_level_file(&path)?;
    let mut findings = check_numbering(&file, args.count);
    let opts = SolveOptions::verifying();
    let per_level: Vec<Vec<Finding>> = pool(args.jobs)?.install(|| {
        file.levels
            .par_iter()
            .map(|l| check_level(l, &opts))
            .collect()
    });
    findings.extend(per_level.into_iter().flatten());
    if !args.no_bundle {
        if let Err(why) = bundle_matches(&bytes, read_optional(&args.bundle)?.as_deref()) {
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
    }
    for f in &findings {
        println!("{f}");
    }
    println!(
        "validate{}: {} levels recomputed (solve + verify) and {} solutions replayed in {:.1?}; {} proven; {} problems",
        if args.strict { " --strict" } else { "" },
        file.levels.len(),
        file.levels.iter().filter(|l| l.measure.is_some()).count(),
        started.elapsed(),
        fig.proven,
        findings.len()
    );
    if !args.strict {
        let missed: Vec<_> = fig
            .targets
            .iter()
            .filter(|t| !t.met)
            .map(|t| t.name)
            .collect();
        if !missed.is_empty() {
            println!(
                "curve targets not met (enforced with --strict): {}",
                missed.join("; ")
            );
        }
    }
    Ok(findings.is_empty())
}
