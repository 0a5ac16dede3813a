//! `screwsmith bundle`: copies the level set into the Godot project, byte for byte (`validate` fails when
//! the two differ). The source must parse as a valid level file; run `validate` for the full proof.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use screwsmith_studio::bundle::{BUNDLE_PATH, LEVELS_PATH};

use crate::error::CliError;
use crate::input::read_level_file;
use crate::output::write_atomic;

#[derive(Args)]
pub struct BundleArgs {
    /// The validated set.
    #[arg(long, default_value = LEVELS_PATH)]
    from: PathBuf,
    /// The Godot project's copy.
    #[arg(long, default_value = BUNDLE_PATH)]
    to: PathBuf,
}

/// Parses `from` (a broken file is never bundled) and writes its exact bytes to `to`.
pub fn copy(from: &Path, to: &Path) -> Result<(), CliError> {
    read_level_file(from)?;
    let bytes = std::fs::read(from).map_err(|source| CliError::Read {
        path: from.to_path_buf(),
        source,
    })?;
    write_atomic(to, &bytes)
}

pub fn run(args: BundleArgs) -> Result<ExitCode, CliError> {
    copy(&args.from, &args.to)?;
    println!("bundled {} into {}", args.from.display(), args.to.display());
    Ok(ExitCode::SUCCESS)
}
