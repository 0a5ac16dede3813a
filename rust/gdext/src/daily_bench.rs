//! `DailyBench` (Node): today's (or a given date's) bench, generated on a Rust thread (docs/design.md §5) and
//! delivered on the main thread. The work is `screwsmith_play::view::daily`; the threading is the same
//! `Job` the solver uses.

use std::path::PathBuf;

use godot::classes::ProjectSettings;
use godot::prelude::*;
use screwsmith_play::view::daily;

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

    /// Starts today's bench for the moment `now_unix` (Unix seconds; the game passes the clock, a
    /// test a simulated day): read from the cache file at `cache_path` (`user://…` allowed) when it
    /// holds that day's bench, else generated and written there. `finished` then also says
    /// `cached: bool`. `false` for a moment before the first bench or while a bench is being made.
    #[func]
    fn start_at(&mut self, now_unix: i64, cache_path: GString) -> bool {
        crate::calls::count();
        let cache = (!cache_path.is_empty()).then(|| {
            PathBuf::from(
                ProjectSettings::singleton()
                    .globalize_path(&cache_path)
                    .to_string(),
            )
        });
        let started = daily::prepare_at(now_unix, cache)
            .and_then(|work| self.job.start("screwsmith-daily", work));
        self.error.check("DailyBench.start_at", started).is_some()
    }

    /// The countdown to the next bench (UTC midnight) at `now_unix` for a device `utc_offset_minutes`
    /// east of UTC: `{bench, seconds_left, hours, minutes, seconds, local_hour, local_minute}`, or `{}`.
    #[func]
    fn countdown(&mut self, now_unix: i64, utc_offset_minutes: i64) -> VarDictionary {
        crate::calls::count();
        match self.error.check(
            "DailyBench.countdown",
            daily::countdown(now_unix, utc_offset_minutes),
        ) {
            Some(c) => vdict! {
                "bench" => i64::from(c.bench),
                "seconds_left" => i64::from(c.seconds_left),
                "hours" => i64::from(c.hours),
                "minutes" => i64::from(c.minutes),
                "seconds" => i64::from(c.seconds),
                "local_hour" => i64::from(c.local_hour),
                "local_minute" => i64::from(c.local_minute),
            },
            None => VarDictionary::new(),
        }
    }
}
