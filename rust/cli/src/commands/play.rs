//! `screwsmith play --level N [--file F]`: play a baked level in the terminal.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use screwsmith_core::library::Library;
use screwsmith_core::GameSim;

use crate::error::CliError;
use crate::input::{levels_path, read_level_file};
use crate::play::app::{App, Verdict};
use crate::play::terminal;

#[derive(Args)]
pub struct PlayArgs {
    /// Level number (beyond 200 cycles through the baked set like the game).
    #[arg(long)]
    level: u32,
    /// Level file (default: levels/levels.json).
    #[arg(long)]
    file: Option<PathBuf>,
}

pub fn run(args: PlayArgs) -> Result<ExitCode, CliError> {
    let path = levels_path(args.file);
    let library = Library::new(read_level_file(&path)?);
    let level = library
        .level(args.level)
        .map_err(|e| CliError::Usage(e.to_string()))?
        .clone();
    let measure = level.measure.clone();
    let title = format!("Level {}", args.level);
    let sim = GameSim::from_level(level).map_err(|source| CliError::Level { path, source })?;
    let app = App::new(sim, title, Verdict { measure }, None);
    let app = terminal::run(app).map_err(CliError::Terminal)?;
    println!(
        "{} — {} after {} moves",
        app.title,
        app.sim.status().name(),
        app.sim.moves()
    );
    Ok(ExitCode::SUCCESS)
}
