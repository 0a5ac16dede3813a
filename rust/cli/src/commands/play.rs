//! `screwsmith play (--level N [--file F] | --daily [--date D])`: play a baked level or the Daily
//! Bench in the terminal.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use screwsmith_rules::GameSim;

use crate::commands::daily::{bench_for, chosen_date};
use crate::error::CliError;
use crate::input::{levels_path, numbered_level};
use crate::play::app::{App, Verdict};
use crate::play::terminal;

#[derive(Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["level", "daily"])))]
pub struct PlayArgs {
    /// Level number (beyond 200 a fresh board, or the cycle through the baked set, like the game).
    #[arg(long)]
    level: Option<u32>,
    /// Level file (default: the checkout's levels/levels.json).
    #[arg(long, requires = "level")]
    file: Option<PathBuf>,
    /// Play the Daily Bench instead.
    #[arg(long)]
    daily: bool,
    /// The bench's UTC date (default: today).
    #[arg(long, requires = "daily")]
    date: Option<String>,
}

pub fn run(args: PlayArgs) -> Result<ExitCode, CliError> {
    let (level, title, bench) = match args.level {
        Some(n) => {
            let level = numbered_level(&levels_path(args.file)?, n)?;
            (level, format!("Level {n}"), None)
        }
        None => {
            let b = bench_for(chosen_date(args.date.as_deref())?)?;
            let title = format!("Bench #{} ({})", b.bench, b.date);
            (b.level, title, Some(b.bench))
        }
    };
    let measure = level.measure.clone();
    let sim = GameSim::from_level(level).map_err(|source| CliError::Start {
        what: title.clone(),
        source,
    })?;
    if !(std::io::stdin().is_terminal() && std::io::stdout().is_terminal()) {
        return Err(CliError::NoTerminal);
    }
    let app = terminal::run(App::new(sim, title, Verdict { measure }, bench))
        .map_err(CliError::Terminal)?;
    say!("{}", app.farewell());
    if let Some(share) = app.share() {
        say!("{}", share.english());
    }
    Ok(ExitCode::SUCCESS)
}
