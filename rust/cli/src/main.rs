//! `screwsmith`: the designer's and release engineer's command line over the engine-free crates (the
//! studio's bake, validate, report and pictures; the rules, solver and generator below it).
//! Exit codes: 0 ran and everything held; 1 ran and found problems (an audit or validation failed);
//! 2 bad input (unreadable file, malformed level, bad arguments).

mod commands;
mod draw;
mod error;
mod input;
mod output;
mod play;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use commands::audit::AuditCommand;
use commands::plot::PlotCommand;
use commands::render::RenderArgs;
use commands::solve::SolveArgs;

#[derive(Parser)]
#[command(
    name = "screwsmith",
    version,
    about = "Screwsmith level tools: audit, render, plot, solve, bake, validate"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Audits over a level set (exit 1 when one fails).
    #[command(subcommand)]
    Audit(AuditCommand),
    /// Draws a level state as the camera sees it on a device (.svg or .png).
    Render(RenderArgs),
    /// Charts of the level set.
    #[command(subcommand)]
    Plot(PlotCommand),
    /// Proves one level solvable and measures its difficulty (exit 0 whatever the verdict).
    Solve(SolveArgs),
    /// The Daily Bench of a date (or a sweep over many dates).
    Daily(commands::daily::DailyArgs),
    /// Play a level in the terminal (keyboard and mouse).
    Play(commands::play::PlayArgs),
    /// Generate, curate, validate and bundle the level set (GenerateTuned for every level).
    Bake(commands::bake::BakeArgs),
    /// Recompute every stored value of a level set and replay every solution (exit 1 on any problem).
    Validate(commands::validate::ValidateArgs),
    /// Copy the level set into the Godot project.
    Bundle(commands::bundle::BundleArgs),
    /// Write levels/REPORT.md: per level, per band, per 50-level slice, and the curve targets.
    Report(commands::report::ReportArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Audit(cmd) => commands::audit::run(cmd),
        Command::Render(args) => commands::render::run(args),
        Command::Plot(cmd) => commands::plot::run(cmd),
        Command::Solve(args) => commands::solve::run(args),
        Command::Daily(args) => commands::daily::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Bake(args) => commands::bake::run(args),
        Command::Validate(args) => commands::validate::run(args),
        Command::Bundle(args) => commands::bundle::run(args),
        Command::Report(args) => commands::report::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("screwsmith: {e}");
            ExitCode::from(2)
        }
    }
}
