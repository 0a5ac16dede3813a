//! `HintJob` (Node): the player's hint computed on a Rust thread, delivered on the main thread. The
//! work is `screwsmith_play::view::hint` (over the level's JSON and the moves played — plain core data; no
//! engine object crosses to the thread); the threading is the same `Job` the solver uses, polled in
//! `_process`, so a hint never costs a frame.

use godot::prelude::*;
use screwsmith_play::view::hint;

use crate::last_error::LastError;
use crate::worker::{self, JsonJob};

/// Asks for the proven next move (or where the win was lost). Add it to the tree (it polls in
/// `_process`) or call `poll()` yourself; listen to `finished`.
#[derive(GodotClass)]
#[class(init, base = Node)]
pub struct HintJob {
    base: Base<Node>,
    job: JsonJob,
    error: LastError,
}

worker::worker_node!(HintJob);

#[godot_api]
impl HintJob {
    /// 1.0 when the answer is ready (a hint has no useful partial progress).
    #[signal]
    fn progress(fraction: f64);
    /// `{status: "move", screw, wrench, nodes}`, `{status: "lost", last_winnable, losing_move, nodes}`
    /// (`last_winnable` null when the level never had a win) or `{status: "unknown", cancelled, nodes}`;
    /// `{error}` if the work failed.
    #[signal]
    fn finished(answer: VarDictionary);

    /// Starts the hint for `level_json` after `moves` (rows `{screw, wrench}`, as `GameSim.legal_moves()`
    /// gives them). `false` for a bad level, an illegal or won move list, or while a hint runs (see
    /// `last_error()`).
    #[func]
    fn start(&mut self, level_json: GString, moves: Array<VarDictionary>) -> bool {
        crate::calls::count();
        let moves: Vec<(i64, bool)> = moves
            .iter_shared()
            .map(|row| {
                let screw = row.get("screw").and_then(|v| v.try_to::<i64>().ok());
                let wrench = row.get("wrench").and_then(|v| v.try_to::<bool>().ok());
                (screw.unwrap_or(-1), wrench.unwrap_or(false))
            })
            .collect();
        let started = hint::prepare(&level_json.to_string(), &moves, hint::DEFAULT_HINT_NODES)
            .and_then(|work| self.job.start("screwsmith-hint", work));
        self.error.check("HintJob.start", started).is_some()
    }
}
