//! `LevelSolver` (Node): measures a level on a Rust thread (docs/design.md §3) and reports on the main thread.
//! The work is `screwsmith_play::view::solve`; the threading is `screwsmith_play::view::Job`.

use godot::prelude::*;
use screwsmith_play::view::solve;

use crate::last_error::LastError;
use crate::worker::{self, JsonJob};

/// Solves (or fully verifies) a level without blocking the game. Add it to the tree (it polls in
/// `_process`) or call `poll()` yourself; listen to `progress` and `finished`.
#[derive(GodotClass)]
#[class(init, tool, base = Node)]
pub struct LevelSolver {
    base: Base<Node>,
    job: JsonJob,
    error: LastError,
}

worker::worker_node!(LevelSolver);

#[godot_api]
impl LevelSolver {
    /// Fraction done, 0..1 (display only).
    #[signal]
    fn progress(fraction: f64);
    /// The report, with the keys of `screwsmith solve --json` (`cancelled` is true after `cancel()`),
    /// or `{error}` if the solver failed.
    #[signal]
    fn finished(report: VarDictionary);

    /// Starts solving one level (JSON text); `verify` adds docs/design.md §3.4 (min rail, uniqueness, blunder
    /// rate). `false` when the level is invalid or a solve is already running (see `last_error()`).
    #[func]
    fn start(&mut self, level_json: GString, verify: bool) -> bool {
        crate::calls::count();
        let started = solve::prepare(&level_json.to_string(), verify)
            .and_then(|work| self.job.start("screwsmith-solver", work));
        self.error.check("LevelSolver.start", started).is_some()
    }
}
