//! `EndlessLevels` (Node): levels past the baked set made fresh on a Rust thread, one at a time, and
//! served through the `LevelLibrary` it is set up with (its `level_json(n)`, `help_level_json(n)` and
//! `level_info(n)` then give the fresh board). The work is `screwsmith_play::view::endless` over plain
//! core data (a clone of the level set and the cache folder) and its schedule is
//! `screwsmith_play::view::endless_jobs` (tested there): no engine object crosses to the thread;
//! results are taken on the main thread in `_process`. A generation that fails, passes its budget or
//! panics serves the baked cycle level, and says so only in `served(n)`.

use std::path::PathBuf;
use std::time::Duration;

use godot::classes::ProjectSettings;
use godot::prelude::*;
use screwsmith_gen::library::board_key;
use screwsmith_play::view::endless;
use screwsmith_play::view::endless_jobs::EndlessJobs;
use screwsmith_play::view::{narrow, ViewError};

use crate::last_error::LastError;
use crate::level_library::LevelLibrary;

/// Makes endless levels ahead of play. Call `setup(library, cache_dir)` once, `request(n)` when level n
/// is opened (then wait for `level_ready(n, …)` unless `is_ready(n)`), `prefetch(n)` for the level after
/// it. Polls in `_process` while a level is being made (or call `poll()`).
#[derive(GodotClass)]
#[class(init, base = Node)]
pub struct EndlessLevels {
    base: Base<Node>,
    library: Option<Gd<LevelLibrary>>,
    jobs: EndlessJobs,
    error: LastError,
}

#[godot_api]
impl INode for EndlessLevels {
    fn process(&mut self, _delta: f64) {
        self.poll();
    }
}

#[godot_api]
impl EndlessLevels {
    /// Level `number` is ready in the library: `fresh` false when the cycle level serves it.
    #[signal]
    fn level_ready(number: i64, fresh: bool);

    /// Serves the endless levels through `library` and keeps them in the folder `cache_dir`
    /// (`user://…` allowed; "" keeps none on disk). `false` before the library has loaded.
    #[func]
    fn setup(&mut self, library: Gd<LevelLibrary>, cache_dir: GString) -> bool {
        crate::calls::count();
        let loaded = library.bind().library.is_some();
        let result = if loaded {
            Ok(())
        } else {
            Err(ViewError::NoLibrary)
        };
        if self.error.check("EndlessLevels.setup", result).is_none() {
            return false;
        }
        self.library = Some(library);
        self.jobs.set_cache((!cache_dir.is_empty()).then(|| {
            PathBuf::from(
                ProjectSettings::singleton()
                    .globalize_path(&cache_dir)
                    .to_string(),
            )
        }));
        true
    }

    /// The time a generation may take before the cycle level serves (default `TIME_BUDGET`, 8000 ms;
    /// the engine tests pass 0 to prove the fallback). `false` outside 0..=600000.
    #[func]
    fn set_budget_ms(&mut self, ms: i64) -> bool {
        crate::calls::count();
        let result = narrow("budget (ms)", ms, 0u32, 600_000u32);
        match self.error.check("EndlessLevels.set_budget_ms", result) {
            Some(ms) => {
                self.jobs.set_budget(Duration::from_millis(u64::from(ms)));
                true
            }
            None => false,
        }
    }

    /// Level `n` (past the baked set) is opened now: it is made before any other, at once (a level
    /// being made ahead is stopped and made again after it). `true` when it is ready or will be
    /// (`level_ready` follows); `false` for a baked number or before `setup`.
    #[func]
    fn request(&mut self, n: i64) -> bool {
        crate::calls::count();
        self.want(n, true, "EndlessLevels.request")
    }

    /// Level `n` will be opened soon (the one after the level in play): made once nothing opened is
    /// waiting. Returns as `request`.
    #[func]
    fn prefetch(&mut self, n: i64) -> bool {
        crate::calls::count();
        self.want(n, false, "EndlessLevels.prefetch")
    }

    /// Whether level `n` is ready in the library (fresh or the cycle level); false for a baked number.
    #[func]
    fn is_ready(&self, n: i64) -> bool {
        crate::calls::count();
        endless::endless_number(n).is_ok_and(|n| self.has_level(n))
    }

    /// How level `n` was served: `{number, source ("generated"|"cached"|"cycle"), fresh, took_ms,
    /// board (the board's content key), fell_back, cache_error}` (the last two "" when none); `{}`
    /// when it is not ready.
    #[func]
    fn served(&self, n: i64) -> VarDictionary {
        crate::calls::count();
        let (Ok(n), Some(library)) = (endless::endless_number(n), &self.library) else {
            return VarDictionary::new();
        };
        let library = library.bind();
        let Some(e) = library.endless.get(n) else {
            return VarDictionary::new();
        };
        vdict! {
            "number" => i64::from(e.number),
            "source" => e.source.name(),
            "fresh" => e.fresh(),
            "took_ms" => i64::try_from(e.took.as_millis()).unwrap_or(i64::MAX),
            "board" => board_key(&e.level).as_str(),
            "fell_back" => e.fell_back.as_deref().unwrap_or(""),
            "cache_error" => e.cache_error.as_deref().unwrap_or(""),
        }
    }

    /// Whether a level is being made.
    #[func]
    fn is_running(&self) -> bool {
        crate::calls::count();
        self.jobs.is_running()
    }

    /// The level being made now; 0 when none.
    #[func]
    fn making(&self) -> i64 {
        crate::calls::count();
        self.jobs.making_number().map_or(0, i64::from)
    }

    /// Stops the level being made and forgets the levels asked for; the stopped level is not kept (it is
    /// made again when asked for) and `level_ready` still arrives for it with `fresh` false.
    #[func]
    fn cancel(&mut self) {
        crate::calls::count();
        self.jobs.cancel();
    }

    /// Takes a finished level into the library, starts the next one asked for, then emits
    /// `level_ready`; never blocks. Called from `_process` while the node is in the tree.
    #[func]
    fn poll(&mut self) {
        crate::calls::count();
        let ready = match &mut self.library {
            Some(library) => self.jobs.finish(&mut library.bind_mut().endless),
            None => None,
        };
        self.start_next();
        if let Some(ready) = ready {
            self.signals()
                .level_ready()
                .emit(i64::from(ready.number), ready.fresh);
        }
    }

    /// Why the last call was refused; "" after a call that succeeded.
    #[func]
    fn last_error(&self) -> GString {
        crate::calls::count();
        self.error.get()
    }
}

impl EndlessLevels {
    fn want(&mut self, n: i64, now: bool, call: &str) -> bool {
        let result = match &self.library {
            Some(library) => {
                let bound = library.bind();
                loaded_set(&bound).and_then(|set| self.jobs.want(set, &bound.endless, n, now))
            }
            None => Err(ViewError::NoLibrary),
        };
        self.set_busy();
        self.error.check(call, result).is_some()
    }

    fn has_level(&self, n: u32) -> bool {
        self.library
            .as_ref()
            .is_some_and(|l| l.bind().endless.get(n).is_some())
    }

    /// Starts the next level asked for, when no job runs.
    fn start_next(&mut self) {
        let Some(library) = &self.library else {
            return;
        };
        let bound = library.bind();
        // A library not loaded (yet) has nothing to make levels from: nothing starts.
        if let Some(set) = bound.library.as_ref() {
            let started = self.jobs.start_next(set, &bound.endless);
            self.error.check("EndlessLevels.start", started);
        }
        drop(bound);
        self.set_busy();
    }

    /// Polled only while a level is being made or a stopped one ends: an idle game's frames cost
    /// nothing here.
    fn set_busy(&mut self) {
        let busy = self.jobs.needs_polling();
        self.base_mut().set_process(busy);
    }
}

fn loaded_set(library: &LevelLibrary) -> Result<&screwsmith_gen::library::Library, ViewError> {
    library.library.as_ref().ok_or(ViewError::NoLibrary)
}
