//! `screwsmith hint`: the hint after a list of taps — the proven next move, or "lost" with
//! the number of moves after which a win still existed, or "unknown" when the budget ran out. Exit 0
//! whatever the answer; 2 on bad input, including a move list that is not a game of the level (the
//! message names the first illegal move).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use screwsmith_rules::Move;
use screwsmith_solver::hint::{hint, Hint, HintOptions, Rewind, DEFAULT_HINT_NODES};

use crate::error::CliError;
use crate::input::chosen_level;
use crate::output::move_name;

#[derive(Args)]
pub struct HintArgs {
    /// Level number inside --file (default file: levels/levels.json).
    #[arg(long)]
    level: Option<u32>,
    /// A level file; without --level it must hold exactly one level.
    #[arg(long)]
    file: Option<PathBuf>,
    /// The taps played, comma separated: screw ids, `w` in front for a wrench tap (`3,7,w12,7`).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    moves: String,
    /// Print the answer as one JSON object.
    #[arg(long)]
    json: bool,
    /// Moves the searches may play, over all of them.
    #[arg(long, default_value_t = DEFAULT_HINT_NODES)]
    node_limit: u64,
}

/// Parses `3,7,w12,7` (spaces around the commas allowed; an empty list is the level's start).
pub fn parse_moves(list: &str) -> Result<Vec<Move>, CliError> {
    if list.trim().is_empty() {
        return Ok(Vec::new());
    }
    list.split(',')
        .enumerate()
        .map(|(k, item)| {
            let item = item.trim();
            let (wrench, id) = match item.strip_prefix(['w', 'W']) {
                Some(id) => (true, id),
                None => (false, item),
            };
            let id: u16 = id.parse().map_err(|_| {
                CliError::arg(format!(
                    "--moves: move {} ({item:?}) is not a screw id (a number, `w` in front for a wrench tap)",
                    k + 1
                ))
            })?;
            Ok(if wrench { Move::Wrench(id) } else { Move::Tap(id) })
        })
        .collect()
}

pub fn run(args: HintArgs) -> Result<ExitCode, CliError> {
    let level = chosen_level(args.level, args.file, false)?;
    let moves = parse_moves(&args.moves)?;
    let started = Instant::now();
    let report =
        hint(&level, &moves, &HintOptions::new(args.node_limit, None)).map_err(CliError::Hint)?;
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        say!("{}", json(&report.hint));
        return Ok(ExitCode::SUCCESS);
    }
    let what = format!("level {} after {} moves", level.data().number, moves.len());
    match &report.hint {
        Hint::Move { next, line } => say!(
            "{what}: {} (a win in {} more moves)",
            move_name(*next),
            line.len()
        ),
        Hint::Lost(Rewind::To { moves: k, .. }) => say!(
            "{what}: lost; a win still existed after {k} moves (rewind {})",
            moves.len() - k
        ),
        Hint::Lost(Rewind::Never) => say!("{what}: lost; the level has no win even from its start"),
        Hint::Lost(Rewind::Unknown(_)) => {
            say!("{what}: lost; where the win was lost is not known within the node limit")
        }
        Hint::Unknown(_) => say!("{what}: not known within the node limit"),
    }
    say!(
        "  {} searches, {} nodes, {:.3} ms",
        report.probes,
        report.nodes,
        seconds * 1e3
    );
    Ok(ExitCode::SUCCESS)
}

/// The answer, one JSON object (`tests/hint.rs` checks each exactly):
/// `{"status": "move", "screw": 7, "wrench": false}`, `{"status": "lost", "last_winnable": K}` (`null`:
/// no win even from the start) or `{"status": "unknown"}`. A lost state whose rewind point was not found is "unknown": the point
/// would otherwise be a guess.
pub fn json(hint: &Hint) -> String {
    match hint {
        Hint::Move { next, .. } => format!(
            r#"{{"status": "move", "screw": {}, "wrench": {}}}"#,
            next.screw(),
            next.is_wrench()
        ),
        Hint::Lost(Rewind::To { moves, .. }) => {
            format!(r#"{{"status": "lost", "last_winnable": {moves}}}"#)
        }
        Hint::Lost(Rewind::Never) => r#"{"status": "lost", "last_winnable": null}"#.to_string(),
        Hint::Lost(Rewind::Unknown(_)) | Hint::Unknown(_) => r#"{"status": "unknown"}"#.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lists_parse_taps_and_wrench_taps() {
        assert_eq!(
            parse_moves("3,7, w12 ,7").unwrap(),
            vec![Move::Tap(3), Move::Tap(7), Move::Wrench(12), Move::Tap(7)]
        );
        assert_eq!(parse_moves("").unwrap(), vec![]);
        let e = parse_moves("3,x7").unwrap_err().to_string();
        assert!(e.contains("move 2 (\"x7\")"), "{e}");
        assert!(parse_moves("3,,4").is_err());
        assert!(parse_moves("-1").is_err());
        assert!(parse_moves("70000").is_err());
    }

    #[test]
    fn json_is_the_specified_shape() {
        let next = Move::Wrench(12);
        let h = Hint::Move {
            next,
            line: vec![next],
        };
        assert_eq!(
            json(&h),
            r#"{"status": "move", "screw": 12, "wrench": true}"#
        );
        let lost = Hint::Lost(Rewind::To {
            moves: 4,
            line: vec![],
        });
        assert_eq!(json(&lost), r#"{"status": "lost", "last_winnable": 4}"#);
        let v: serde_json::Value = serde_json::from_str(&json(&Hint::Lost(Rewind::Never))).unwrap();
        assert_eq!(v["last_winnable"], serde_json::Value::Null);
    }
}
