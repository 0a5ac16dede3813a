//! `screwsmith audit undo`, `screwsmith audit readability` (in [`super::audit_readability`]) and
//! `screwsmith audit hints` (in [`super::audit_hints`]), `screwsmith audit pixels` and `screwsmith audit
//! agree` (in [`super::audit_pixels`]).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use screwsmith_rules::audit::undo::{self, UndoAuditConfig};

use super::audit_readability::ReadabilityArgs;
use crate::error::CliError;
use crate::input::{compiled_levels, levels_path};
use crate::output::{count, move_name};

#[derive(Subcommand)]
pub enum AuditCommand {
    /// Random moves on every level; each is applied, undone and compared with a snapshot.
    Undo(UndoArgs),
    /// Hit targets, overlap and HUD clearance on real devices along each solution, and the palette.
    Readability(ReadabilityArgs),
    /// A hint at every state of the shallow-human trials: latency per band; with --check, soundness.
    Hints(super::audit_hints::HintsArgs),
    /// The engine's rendered frames (tests/pixels/render_frames.gd): screw on plate, touching
    /// plates and drawn-as-palette, measured on the pixels.
    Pixels(super::audit_pixels::PixelsArgs),
    /// Two renderers' frames of the same screens agree over the board band.
    Agree(super::audit_pixels::AgreeArgs),
}

#[derive(Args)]
pub struct UndoArgs {
    /// Level file (default: levels/levels.json).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Bug switch: use the legacy crate undo (the audit must then fail).
    #[arg(long)]
    legacy_crate_undo: bool,
    /// Bug switch: undo keeps the bomb counters the move left (the audit must then fail on a level
    /// with a bomb).
    #[arg(long)]
    forgetful_bomb_undo: bool,
    /// Bug switch: snapshots drop crate ids (the audit must then fail).
    #[arg(long)]
    corrupt_snapshot: bool,
    /// Most random moves per level.
    #[arg(long, default_value_t = 60)]
    max_moves: u32,
    /// Seed of the random play.
    #[arg(long)]
    seed: Option<u32>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(cmd: AuditCommand) -> Result<ExitCode, CliError> {
    match cmd {
        AuditCommand::Undo(args) => run_undo(args),
        AuditCommand::Readability(args) => super::audit_readability::run(args),
        AuditCommand::Hints(args) => super::audit_hints::run(args),
        AuditCommand::Pixels(args) => super::audit_pixels::run(args),
        AuditCommand::Agree(args) => super::audit_pixels::run_agree(args),
    }
}

fn run_undo(args: UndoArgs) -> Result<ExitCode, CliError> {
    let path = levels_path(args.file)?;
    let levels = compiled_levels(&path)?;
    let mut cfg = UndoAuditConfig {
        max_moves: args.max_moves,
        legacy_crate_undo: args.legacy_crate_undo,
        forgetful_bomb_undo: args.forgetful_bomb_undo,
        corrupt_snapshot: args.corrupt_snapshot,
        ..Default::default()
    };
    if let Some(seed) = args.seed {
        cfg.seed = seed;
    }
    let started = std::time::Instant::now();
    let report = undo::run(&levels, &cfg);
    let elapsed = started.elapsed();
    if args.json {
        let value = serde_json::json!({
            "levels": report.levels,
            "moves": report.moves,
            "seals": report.seals,
            "cascades": report.cascades,
            "wrench_moves": report.wrench_moves,
            "moves_per_level_min_median": report.moves_min_median(),
            "reached_end": report.reached_end,
            "mismatches": report.mismatches.len(),
            "mismatch_list": report.mismatches,
            "seconds": elapsed.as_secs_f64(),
        });
        say!("{}", serde_json::to_string_pretty(&value).expect("json"));
    } else {
        for m in report.mismatches.iter().take(20) {
            say!(
                "MISMATCH level {} move {} ({}): {}",
                m.level,
                m.move_index,
                move_name(m.mv),
                m.fields.join(", ")
            );
        }
        if report.mismatches.len() > 20 {
            say!("... and {} more", report.mismatches.len() - 20);
        }
        say!(
            "undo audit: {}, {} ({} sealing, {} cascading, {} with the wrench), {} in {:.2?}",
            count(report.levels, "level", "levels"),
            count(report.moves as usize, "move", "moves"),
            report.seals,
            report.cascades,
            report.wrench_moves,
            count(report.mismatches.len(), "mismatch", "mismatches"),
            elapsed
        );
    }
    Ok(if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
