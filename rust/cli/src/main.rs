//! `screwsmith`: the designer's and release engineer's command line over the engine-free crates (the
//! studio's bake, validate, report and pictures; the rules, solver and generator below it).
//! Exit codes ([`EXIT_CODES`], printed by `--help`): 0 ran and everything held; 1 ran and found problems
//! (an audit or validation failed); 2 bad input or an I/O failure. Every failure is one line on stderr.

#[macro_use]
mod output;
mod commands;
mod draw;
mod error;
mod input;
mod level_list;
mod play;

use std::io::Write;
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
    about = "Screwsmith level tools: bake, validate, bundle, report, solve, hint, audit, render, plot, daily, endless, play",
    after_help = EXIT_CODES
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
    /// The proven next move after a list of taps, or where the win was lost (exit 0 whatever the answer).
    Hint(commands::hint::HintArgs),
    /// The Daily Bench of a date (or a sweep over many dates).
    Daily(commands::daily::DailyArgs),
    /// Generate a run of fresh levels past the baked set: time per level, fallbacks, unproven boards.
    Endless(commands::endless::EndlessArgs),
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

/// The exit codes, as `--help` prints them.
const EXIT_CODES: &str = "Exit codes:
  0  ran, and everything held (also when the reader of stdout stops early, as `| head` does)
  1  ran, and a check failed (an audit, validate, a daily sweep with unproven benches)
  2  bad input or an I/O failure (bad arguments, an unreadable or malformed file, a failed write);
     one line on stderr names the fault, and no previous output is changed";

/// A parse error of the arguments as one line (`--help` and `--version` print as usual).
fn argument_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            fail("a command is missing (see --help)");
        }
        _ => fail(&format!(
            "{} (see --help)",
            one_line(&e.render().to_string())
        )),
    }
    ExitCode::from(2)
}

/// clap's multi-line error as one line: the headline, then what it lists under it (the missing arguments,
/// the possible values) and its tips, so nothing a designer needs is cut off with the usage block.
fn one_line(text: &str) -> String {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let mut out = first.strip_prefix("error: ").unwrap_or(first).to_string();
    out = out.trim_end_matches(':').to_string();
    let mut listed = Vec::new();
    let mut tips = Vec::new();
    for line in lines.take_while(|l| !l.starts_with("Usage:")) {
        let line = line.trim();
        if let Some(tip) = line.strip_prefix("tip: ") {
            tips.push(tip);
        } else if !line.is_empty() && !line.starts_with("For more information") {
            listed.push(line.trim_start_matches('[').trim_end_matches(']'));
        }
    }
    if !listed.is_empty() {
        out = format!("{out}: {}", listed.join(", "));
    }
    for tip in tips {
        out = format!("{out}; {tip}");
    }
    out
}

/// Prints one failure line; a closed stderr is not worth a panic.
fn fail(line: &str) {
    let _ = writeln!(std::io::stderr(), "screwsmith: {line}");
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return argument_error(e),
    };
    let result = match cli.command {
        Command::Audit(cmd) => commands::audit::run(cmd),
        Command::Render(args) => commands::render::run(args),
        Command::Plot(cmd) => commands::plot::run(cmd),
        Command::Solve(args) => commands::solve::run(args),
        Command::Hint(args) => commands::hint::run(args),
        Command::Daily(args) => commands::daily::run(args),
        Command::Endless(args) => commands::endless::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Bake(args) => commands::bake::run(args),
        Command::Validate(args) => commands::validate::run(args),
        Command::Bundle(args) => commands::bundle::run(args),
        Command::Report(args) => commands::report::run(args),
    };
    match result {
        Ok(code) => code,
        Err(error::CliError::StdoutClosed) => ExitCode::SUCCESS,
        Err(e) => {
            fail(&e.chain());
            ExitCode::from(2)
        }
    }
}
