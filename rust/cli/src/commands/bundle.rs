//! `screwsmith bundle`: copies the level set into the Godot project, byte for byte (`validate` fails when
//! the two differ). The source must parse as a level file the game can load (one bare level object is
//! refused); run `validate` for the full proof.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use screwsmith_studio::bundle::{BUNDLE_PATH, LEVELS_PATH};

use crate::error::CliError;
use crate::input::{default_path, read_strict_level_file, read_text};
use crate::output::write_atomic;

#[derive(Args)]
pub struct BundleArgs {
    /// The validated set (default: the checkout's levels/levels.json).
    #[arg(long)]
    from: Option<PathBuf>,
    /// The Godot project's copy (default: the checkout's godot_project/levels/levels.json).
    #[arg(long)]
    to: Option<PathBuf>,
}

pub fn run(args: BundleArgs) -> Result<ExitCode, CliError> {
    let from = match args.from {
        Some(p) => p,
        None => default_path(LEVELS_PATH)?,
    };
    let to = match args.to {
        Some(p) => p,
        None => default_path(BUNDLE_PATH)?,
    };
    let bytes = read_text(&from)?;
    read_strict_level_file(&from)?;
    write_atomic(&to, bytes.as_bytes())?;
    say!("bundled {} into {}", from.display(), to.display());
    Ok(ExitCode::SUCCESS)
}
