//! The work behind Godot's `HintJob`: the level and the moves played are checked on the
//! calling (main) thread, so a bad level or an illegal move list is refused at once with a
//! [`ViewError`]; the hint (`screwsmith_solver::hint`) then runs on a [`Job`](crate::view::Job) thread
//! with the job's cancel flag, over plain core data only.
//!
//! The answer, as the `finished` Dictionary:
//! - `{status: "move", screw, wrench, nodes}`: the proven next move;
//! - `{status: "lost", last_winnable, losing_move: {screw, wrench}, nodes}`: no win from here; a win
//!   still existed after `last_winnable` moves, and `losing_move` (move `last_winnable + 1`) lost it;
//!   `last_winnable` is `null` (and there is no `losing_move`) when the level had no win at all;
//! - `{status: "unknown", cancelled, nodes}`: the budget ran out or the job was cancelled — nothing is
//!   claimed.

use std::sync::Arc;

use screwsmith_rules::level::parse_level;
use screwsmith_rules::sim::{CompiledLevel, GameSim, Move, Status};
use screwsmith_solver::dfs::Stop;
use screwsmith_solver::hint::{hint, replay, Hint, HintError, HintOptions, Rewind};
use serde_json::{json, Value};

use crate::view::{narrow, JobContext, ViewError};

/// The node budget the game gives a hint (the solver's default).
pub use screwsmith_solver::hint::DEFAULT_HINT_NODES;

/// A hint ready to hand to [`crate::view::Job::start`]: `level_json` is one level (what
/// `GameSim.load_json` takes), `moves` the moves played as `(screw id, wrench)`.
pub fn prepare(
    level_json: &str,
    moves: &[(i64, bool)],
    nodes: u64,
) -> Result<impl FnOnce(&JobContext) -> Value + Send + 'static, ViewError> {
    let level = Arc::new(CompiledLevel::new(parse_level(level_json)?)?);
    let moves = moves
        .iter()
        .map(|&(id, wrench)| {
            let id = narrow("screw id", id, 0, u16::MAX)?;
            Ok(if wrench {
                Move::Wrench(id)
            } else {
                Move::Tap(id)
            })
        })
        .collect::<Result<Vec<_>, ViewError>>()?;
    let mut sim = GameSim::new(level.clone());
    replay(&mut sim, &moves).map_err(|e| match e {
        HintError::Illegal { source, .. } => ViewError::Move(source),
        HintError::AlreadyWon { .. } => ViewError::Finished("won"),
    })?;
    if sim.status() == Status::Won {
        return Err(ViewError::Finished("won"));
    }
    Ok(move |ctx: &JobContext| {
        let opts = HintOptions::new(nodes, Some(ctx.cancel_flag()));
        let answer = match hint(&level, &moves, &opts) {
            Ok(report) => answer(&report.hint, &moves, report.nodes),
            // Unreachable: the moves were replayed above.
            Err(e) => json!({ "error": e.to_string() }),
        };
        ctx.set_progress(1.0);
        answer
    })
}

fn move_json(m: Move) -> Value {
    json!({ "screw": m.screw(), "wrench": m.is_wrench() })
}

/// The `finished` Dictionary of a hint after `moves`.
fn answer(hint: &Hint, moves: &[Move], nodes: u64) -> Value {
    match hint {
        Hint::Move { next, .. } => json!({
            "status": "move",
            "screw": next.screw(),
            "wrench": next.is_wrench(),
            "nodes": nodes,
        }),
        Hint::Lost(Rewind::To { moves: k, .. }) => json!({
            "status": "lost",
            "last_winnable": k,
            "losing_move": moves.get(*k).copied().map(move_json),
            "nodes": nodes,
        }),
        Hint::Lost(Rewind::Never) => json!({
            "status": "lost",
            "last_winnable": null,
            "nodes": nodes,
        }),
        Hint::Lost(Rewind::Unknown(stop)) | Hint::Unknown(stop) => json!({
            "status": "unknown",
            "cancelled": *stop == Stop::Cancelled,
            "nodes": nodes,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use screwsmith_rules::sim::MoveError;
    use screwsmith_solver::hint::paths::human_paths;
    use std::sync::atomic::Ordering;

    fn level_json(number: u32) -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
        let text = std::fs::read_to_string(path).unwrap();
        let file: Value = serde_json::from_str(&text).unwrap();
        let level = file["levels"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["number"] == number)
            .unwrap();
        level.to_string()
    }

    fn pairs(moves: &[Move]) -> Vec<(i64, bool)> {
        moves
            .iter()
            .map(|m| (m.screw() as i64, m.is_wrench()))
            .collect()
    }

    fn run(level: &str, moves: &[(i64, bool)]) -> Value {
        let work = prepare(level, moves, 1_000_000).expect("accepted");
        work(&JobContext::default())
    }

    #[test]
    fn a_start_gets_a_legal_move() {
        let text = level_json(20);
        let v = run(&text, &[]);
        assert_eq!(v["status"], "move");
        let level = Arc::new(CompiledLevel::new(parse_level(&text).unwrap()).unwrap());
        let id = v["screw"].as_u64().unwrap() as u16;
        let mv = if v["wrench"] == true {
            Move::Wrench(id)
        } else {
            Move::Tap(id)
        };
        assert!(GameSim::new(level).legal_moves().contains(&mv));
    }

    #[test]
    fn a_lost_trial_names_the_move_that_lost_it() {
        let text = level_json(95);
        let level = Arc::new(CompiledLevel::new(parse_level(&text).unwrap()).unwrap());
        let path = human_paths(&level, 24)
            .into_iter()
            .find(|p| p.end == Status::Lost)
            .unwrap();
        let v = run(&text, &pairs(&path.moves));
        assert_eq!(v["status"], "lost", "{v}");
        let k = v["last_winnable"].as_u64().unwrap() as usize;
        assert_eq!(v["losing_move"], move_json(path.moves[k]));
    }

    #[test]
    fn bad_input_is_refused_on_the_calling_thread() {
        let text = level_json(20);
        let level = Arc::new(CompiledLevel::new(parse_level(&text).unwrap()).unwrap());
        let first = GameSim::new(level).legal_moves()[0];
        let twice = pairs(&[first, first]);
        assert_eq!(
            prepare(&text, &twice, 10).err(),
            Some(ViewError::Move(MoveError::AlreadyRemoved(first.screw())))
        );
        assert!(matches!(
            prepare(&text, &[(-1, false)], 10).err(),
            Some(ViewError::OutOfRange { .. })
        ));
        assert!(matches!(
            prepare("{", &[], 10).err(),
            Some(ViewError::Level(_))
        ));
    }

    #[test]
    fn a_cancelled_or_starved_hint_is_unknown() {
        let text = level_json(20);
        let ctx = JobContext::default();
        ctx.cancel_flag().store(true, Ordering::Relaxed);
        let v = prepare(&text, &[], u64::MAX).unwrap()(&ctx);
        assert_eq!(v["status"], "unknown");
        assert_eq!(v["cancelled"], true);
        let v = prepare(&text, &[], 1).unwrap()(&JobContext::default());
        assert_eq!(v["status"], "unknown");
        assert_eq!(v["cancelled"], false);
    }
}
