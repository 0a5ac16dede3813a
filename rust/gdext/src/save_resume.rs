//! The level in progress across the app being closed: `SaveData.keep_in_progress` when
//! the app goes to the background, `GameSim.resume` on the next start, `SaveData.forget_in_progress`
//! when the player leaves or restarts. The rules are `screwsmith_play::save::resume`; here only types
//! are converted.

use godot::prelude::*;
use screwsmith_play::save::{number_arg, SaveError};

use crate::game_sim::GameSim;
use crate::save_data::SaveData;

#[godot_api(secondary)]
impl SaveData {
    /// Keeps the attempt `sim` is in as level `n` and writes the file (an attempt that is finished or
    /// has no move forgets the kept one). False on error (`last_error()`).
    #[func]
    fn keep_in_progress(&mut self, n: i64, sim: Gd<GameSim>) -> bool {
        crate::calls::count();
        let attempt = number_arg("level", n).and_then(|n| {
            sim.bind()
                .session()
                .in_progress(n)
                .map_err(|e| SaveError::Invalid(e.to_string()))
        });
        self.change("SaveData.keep_in_progress", |d| {
            d.in_progress = attempt?;
            Ok(())
        })
        .is_some()
    }

    /// Forgets the kept attempt (the player left the level or restarted it) and writes the file.
    #[func]
    fn forget_in_progress(&mut self) -> bool {
        crate::calls::count();
        let forgot = self
            .change("SaveData.forget_in_progress", |d| {
                d.in_progress = None;
                Ok(())
            })
            .is_some();
        self.end_level_journal();
        forgot
    }

    /// The level of the kept attempt, or 0.
    #[func]
    fn in_progress_level(&self) -> i64 {
        crate::calls::count();
        self.data
            .in_progress
            .as_ref()
            .map_or(0, |a| i64::from(a.level))
    }
}

#[godot_api(secondary)]
impl GameSim {
    /// Loads `level_json` and replays the attempt `save` kept on it (the level's or the Daily
    /// Bench's, whichever is on this board): the whole board as it was (like `state()`). `{}` when there is none or it does not replay (`last_error()` says why; the level
    /// is then loaded at its start).
    #[func]
    fn resume(&mut self, level_json: GString, save: Gd<SaveData>) -> VarDictionary {
        crate::calls::count();
        // The level's attempt, else the Daily Bench's: the one on this board replays.
        let save = save.bind();
        let kept = [
            save.data.in_progress.clone(),
            save.daily_attempt.as_ref().map(|d| d.attempt.clone()),
        ];
        let mut kept = kept.into_iter().flatten().peekable();
        let text = level_json.to_string();
        while let Some(saved) = kept.next() {
            let resumed = self.resume_result(&text, &saved, kept.peek().is_none());
            if !resumed.is_empty() {
                return resumed;
            }
        }
        VarDictionary::new()
    }
}
