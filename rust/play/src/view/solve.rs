//! The work behind Godot's `LevelSolver`: the level is parsed and compiled on the calling (main) thread,
//! so a bad level is refused at once with a [`ViewError`]; the solve then runs on the job's thread with
//! the job's cancel flag and progress, and returns `SolveReport::to_json()` (the keys of
//! `screwsmith solve --json`).

use std::sync::Arc;

use screwsmith_rules::level::parse_level;
use screwsmith_rules::sim::CompiledLevel;
use screwsmith_solver::{solve_shared, SolveOptions};

use super::error::ViewError;
use super::job::JobContext;

/// A solve ready to hand to [`super::Job::start`].
pub fn prepare(
    level_json: &str,
    verify: bool,
) -> Result<impl FnOnce(&JobContext) -> serde_json::Value + Send + 'static, ViewError> {
    let level = Arc::new(CompiledLevel::new(parse_level(level_json)?)?);
    Ok(move |ctx: &JobContext| {
        let progress = ctx.clone();
        let opts = SolveOptions {
            verify,
            cancel: Some(ctx.cancel_flag()),
            progress: Some(Arc::new(move |f| progress.set_progress(f))),
            ..SolveOptions::default()
        };
        solve_shared(&level, &opts).to_json()
    })
}
