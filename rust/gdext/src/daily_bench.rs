//! `DailyBench` (Node): today's (or a given date's) bench, generated on a Rust thread (SPEC §5) and
//! delivered on the main thread. The work is `screwsmith_app::view::daily`; the threading is the same
//! `Job` the solver uses.

use godot::prelude::*;
use screwsmith_app::view::daily;

use crate::last_error::LastError;
use crate::worker::{self, JsonJob};

/// The Daily Bench: the same proven board for everyone on a UTC date. Add it to the tree (it polls in
/// `_process`) or call `poll()` yourself; listen to `finished`.
#[derive(GodotClass)]
#[class(init, base = Node)]
pub struct DailyBench {
    base: Base<Node>,
    job: JsonJob,
    error: LastError,
}

worker::worker_node!(DailyBench);

#[godot_api]
impl DailyBench {
    /// Fraction done, 0..1 (display only).
    #[signal]
    fn progress(fraction: f64);
    /// `{bench, date, machine, band, seed, proven, difficulty, level_json}`, or `{error, cancelled}`.
    #[signal]
    fn finished(result: VarDictionary);

    /// Starts generating the bench of `date` ("YYYY-MM-DD"; "" = today UTC). `false` for a bad date or
    /// while a bench is already being made (see `last_error()`).
    #[func]
    fn start(&mut self, date: GString) -> bool {
        crate::calls::count();
        let started = daily::prepare(&date.to_string())
            .and_then(|work| self.job.start("screwsmith-daily", work));
        self.error.check("DailyBench.start", started).is_some()
    }

    /// The share text parts `{bench, moves}` for a translated template.
    #[func]
    fn share_parts(&mut self, bench: i64, moves: i64) -> VarDictionary {
        crate::calls::count();
        match self
            .error
            .check("DailyBench.share_parts", daily::share(bench, moves))
        {
            Some(p) => vdict! { "bench" => p.bench as i64, "moves" => p.moves as i64 },
            None => VarDictionary::new(),
        }
    }

    /// "Screwsmith Bench #97 — 23 moves" (the English fallback); "" for bad numbers.
    #[func]
    fn share_text(&mut self, bench: i64, moves: i64) -> GString {
        crate::calls::count();
        match self
            .error
            .check("DailyBench.share_text", daily::share(bench, moves))
        {
            Some(p) => GString::from(p.english().as_str()),
            None => GString::new(),
        }
    }
}
