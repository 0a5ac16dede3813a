//! `screwsmith solve`: runs the LevelSolver on one level and prints its report. Exit 0 whatever the
//! verdict (an unsolvable level is a finding, not a failure of the command); 2 on bad input.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use screwsmith_gen::endless::{self, EndlessError};
use screwsmith_rules::CompiledLevel;
use screwsmith_solver::{solve_shared, BuriedReason, SolveOptions, SolveReport};

use crate::error::CliError;
use crate::input::{chosen_level, level_title, levels_path, served_level};
use crate::output::count;

#[derive(Args)]
pub struct SolveArgs {
    /// Level number inside --file (default file: levels/levels.json).
    #[arg(long)]
    level: Option<u32>,
    /// A level file; without --level it must hold exactly one level.
    #[arg(long)]
    file: Option<PathBuf>,
    /// Solve the level's help copy (what the 4th try after three losses serves) instead of the level;
    /// its figures are the ones `levels.json` stores under `help.measure`.
    #[arg(long)]
    help_copy: bool,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Also run the full verification: min rail, unique solution, replay, blunder rate.
    #[arg(long)]
    verify: bool,
    /// DFS node limit per rail size.
    #[arg(long, default_value_t = SolveOptions::default().node_limit)]
    node_limit: u64,
    /// Time budget of a fresh level's generation (levels past 200), in ms: past it the game serves the
    /// cycle level instead, and so does this command.
    #[arg(long, default_value_t = endless::TIME_BUDGET.as_millis() as u64)]
    budget_ms: u64,
}

/// A level past the baked set as the game serves it, and whether it is fresh.
fn endless_level(
    args: &SolveArgs,
    n: u32,
) -> Result<(Arc<CompiledLevel>, Result<Duration, EndlessError>), CliError> {
    let path = levels_path(args.file.clone())?;
    let served = served_level(&path, n, Duration::from_millis(args.budget_ms))?;
    let what = format!("level {n} of {}", path.display());
    let level = CompiledLevel::new(served.level)
        .map(Arc::new)
        .map_err(|source| CliError::Start { what, source })?;
    Ok((level, served.fresh))
}

pub fn run(args: SolveArgs) -> Result<ExitCode, CliError> {
    let (level, fresh) = match args.level {
        Some(n) if n >= endless::FIRST && !args.help_copy => {
            let (level, fresh) = endless_level(&args, n)?;
            (level, Some(fresh))
        }
        _ => (
            chosen_level(args.level, args.file.clone(), args.help_copy)?,
            None,
        ),
    };
    let opts = SolveOptions {
        node_limit: args.node_limit,
        verify: args.verify,
        ..Default::default()
    };
    let started = Instant::now();
    let report = solve_shared(&level, &opts);
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let mut value = report.to_json();
        value["level"] = level.data().number.into();
        if let Some(asked) = args.level.filter(|&n| n != level.data().number) {
            value["plays_as"] = asked.into();
        }
        value["seconds"] = seconds.into();
        // The board it served, as the level file holds it: a fresh endless board exists nowhere else.
        value["board"] = serde_json::to_value(level.data()).expect("level data always serialises");
        match &fresh {
            Some(Ok(took)) => {
                value["fresh"] = true.into();
                value["generation_seconds"] = took.as_secs_f64().into();
            }
            Some(Err(why)) => {
                value["fresh"] = false.into();
                value["fell_back"] = why.to_string().into();
            }
            None => {}
        }
        say!("{}", serde_json::to_string_pretty(&value).expect("json"));
    } else {
        let title = level_title(args.level, level.data().number);
        match &fresh {
            Some(Ok(took)) => say!(
                "fresh board, generated and proven in {:.0} ms",
                took.as_secs_f64() * 1e3
            ),
            Some(Err(why)) => say!("no fresh board ({why}): the cycle level serves"),
            None => {}
        }
        print_text(&title, &report, seconds, args.verify)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn known<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "not known".to_string(), |v| v.to_string())
}

/// Why a screw can never be removed, in words.
fn buried_reason(reason: BuriedReason) -> String {
    match reason {
        BuriedReason::UnderFrame { part } => {
            format!("under part {part}, a frame with no screws that never moves")
        }
        BuriedReason::UnderStuckPart { part } => {
            format!("under part {part}, which its own buried screws hold in place")
        }
        BuriedReason::KeyNeverLeaves { key } => {
            format!("locked, and its key screw {key} can never leave the board")
        }
        BuriedReason::UnderLockedPart { part } => {
            format!("under part {part}, whose screws wait on locks that never open")
        }
        BuriedReason::NotEnoughWrenchCharges { bolts, charges } => format!(
            "the level has {} for {}",
            count(charges as usize, "wrench charge", "wrench charges"),
            count(bolts as usize, "bolt", "bolts")
        ),
        BuriedReason::BombGoesOffWhenLoosened { moves } => format!(
            "a rusty screw whose bomb allows {}: loosening it sets the bomb off",
            count(moves as usize, "move", "moves")
        ),
    }
}

fn print_text(title: &str, r: &SolveReport, seconds: f64, verified: bool) -> Result<(), CliError> {
    say!("{title}: {}", r.status.name());
    for b in &r.buried {
        say!("  buried screw {}: {}", b.screw, buried_reason(b.reason));
    }
    let wins = r.trials.iter().filter(|t| t.won).count();
    say!(
        "  human: {wins}/{} won, fail rate {:.4}, average peak rail {:.4}",
        r.trials.len(),
        r.human_fail_rate,
        r.average_peak_rail
    );
    if let Some(rate) = r.competent_win_rate {
        say!("  competent player win rate {rate:.4}");
    }
    say!(
        "  taps {}, difficulty {}, DFS nodes {}",
        r.taps,
        r.difficulty,
        r.nodes
    );
    if verified {
        say!(
            "  min rail {}, unique {}, blunder rate {}, solution replays {}",
            known(r.min_rail_slots_required),
            known(r.unique_solution),
            known(r.blunder_rate.map(|b| format!("{b:.4}"))),
            known(r.solution_replays)
        );
    } else {
        say!("  min rail, unique solution, blunder rate, solution replays: not computed (add --verify)");
    }
    if let Some(s) = &r.solution {
        let moves: Vec<String> = s
            .iter()
            .map(|m| match m {
                screwsmith_rules::Move::Tap(id) => format!("{id}"),
                screwsmith_rules::Move::Wrench(id) => format!("w{id}"),
            })
            .collect();
        say!("  solution ({} moves): {}", s.len(), moves.join(" "));
    }
    if r.cancelled {
        say!("  cancelled");
    }
    say!("  solved in {:.3} ms", seconds * 1e3);
    Ok(())
}
