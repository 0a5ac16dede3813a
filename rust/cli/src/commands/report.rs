//! `screwsmith report`: writes the human-readable `levels/REPORT.md` (per-level table, per-band and
//! per-slice summaries, the SPEC §4 targets with the ladder check) and prints the targets.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use screwsmith_core::bake::bundle::{LEVELS_PATH, REPORT_PATH};
use screwsmith_core::bake::figures::figures;
use screwsmith_core::bake::report::render;

use crate::error::CliError;
use crate::input::read_level_file;
use crate::output::write_atomic;

#[derive(Args)]
pub struct ReportArgs {
    /// The level set.
    #[arg(long, default_value = LEVELS_PATH)]
    file: PathBuf,
    /// Where to write the Markdown report.
    #[arg(long, default_value = REPORT_PATH)]
    out: PathBuf,
}

pub fn run(args: ReportArgs) -> Result<ExitCode, CliError> {
    let file = read_level_file(&args.file)?;
    write_atomic(&args.out, render(&file.levels).as_bytes())?;
    let fig = figures(&file.levels);
    for t in &fig.targets {
        println!(
            "[{}] {}: {}",
            if t.met { "met" } else { "MISSED" },
            t.name,
            t.value
        );
    }
    for s in &fig.slices {
        println!(
            "levels {}-{}: mean fail {:.1} %, competent win {:.1} %",
            s.first,
            s.last,
            s.mean_fail * 100.0,
            s.mean_competent * 100.0
        );
    }
    println!("wrote {}", args.out.display());
    Ok(ExitCode::SUCCESS)
}
