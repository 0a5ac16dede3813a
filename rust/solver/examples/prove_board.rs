//! Proves one board file with the shipped search (`bounded`) or the search without the horizon and
//! reach bounds (`reduced`) and prints the verdict and the moves played. Made to be run under
//! callgrind (`scripts/proof_instructions.sh`): instruction counts of [`prove`] alone are repeatable
//! where wall time on a shared machine is not. On standard error: each bound's questions, as
//! "name settled/asked".

use std::process::ExitCode;
use std::sync::Arc;

use screwsmith_rules::level::parse_level;
use screwsmith_rules::{CompiledLevel, GameSim};
use screwsmith_solver::bounds::{BoundStats, NAMES};
use screwsmith_solver::prover::{Limits, ProofSearch, Reductions};

/// The search alone, no budget: what callgrind's `--toggle-collect=prove_board::prove` counts.
#[inline(never)]
fn prove(level: &Arc<CompiledLevel>, reductions: Reductions) -> Option<(bool, u64, BoundStats)> {
    let mut sim = GameSim::new(level.clone());
    let mut search = ProofSearch::with(&sim, reductions, Limits::nodes(u64::MAX, None));
    let wins = search.wins(&mut sim).ok()?;
    Some((wins, search.nodes(), search.stats()))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(which)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: prove_board BOARD.json bounded|reduced");
        return ExitCode::from(2);
    };
    let reductions = match which.as_str() {
        "bounded" => Reductions::default(),
        "reduced" => Reductions::without_bounds(),
        other => {
            eprintln!("prove_board: unknown search {other:?} (bounded or reduced)");
            return ExitCode::from(2);
        }
    };
    let level = std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|text| parse_level(&text).map_err(|e| e.to_string()))
        .and_then(|data| CompiledLevel::new(data).map_err(|e| e.to_string()));
    match level {
        Ok(level) => match prove(&Arc::new(level), reductions) {
            Some((wins, moves, stats)) => {
                println!("{wins} {moves}");
                let rows = NAMES.iter().zip(stats.rows());
                let counts: Vec<String> = rows
                    .map(|(name, h)| format!("{name} {}/{}", h.settled, h.asked))
                    .collect();
                eprintln!("{}", counts.join(", "));
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("prove_board: the search stopped");
                ExitCode::FAILURE
            }
        },
        Err(e) => {
            eprintln!("prove_board: {path}: {e}");
            ExitCode::from(2)
        }
    }
}
