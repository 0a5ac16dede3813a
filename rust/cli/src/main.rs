//! `screwsmith`: the designer's and release engineer's command line over `screwsmith-core`.
//! Exit codes: 0 ran and everything held; 1 ran and found problems (an audit or validation failed);
//! 2 bad input (unreadable file, malformed level, bad arguments).

mod commands;
mod error;
mod input;
mod play;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use commands::audit::AuditCommand;

#[derive(Parser)]
#[command(
    name = "screwsmith",
    version,
    about = "Screwsmith level tools: audit, solve, bake, validate"
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
    /// Play a level in the terminal (keyboard and mouse).
    Play(commands::play::PlayArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Audit(cmd) => commands::audit::run(cmd),
        Command::Play(args) => commands::play::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("screwsmith: {e}");
            ExitCode::from(2)
        }
    }
}
