//! The attempt in progress kept at every move (`screwsmith_play::save::journal`): `SaveData.journal_level`
//! / `journal_daily` give the board's `GameSim` a journal, and from then on every change the GameSim
//! makes is appended before the call returns. `SaveData.open` reads the journals back; a finished or
//! left attempt removes its journal. Only types are converted here.

use godot::prelude::*;
use screwsmith_play::save::journal::{self, AttemptOf, Sync};
use screwsmith_play::save::keeper::Keeper;
use screwsmith_play::save::{number_arg, SaveError};

use crate::game_sim::GameSim;
use crate::save_data::SaveData;

#[godot_api(secondary)]
impl SaveData {
    /// Keeps level `n`'s attempt that `sim` plays in the level journal from now on, every move
    /// (starting it over whatever attempt it held). False on error (`last_error()`).
    #[func]
    fn journal_level(&mut self, sim: Gd<GameSim>, n: i64) -> bool {
        crate::calls::count();
        let of = number_arg("level", n).map(AttemptOf::Level);
        self.attach(sim, of, "SaveData.journal_level")
    }

    /// Keeps the Daily Bench attempt `sim` plays (bench `bench` of UTC `date`) in the daily journal.
    #[func]
    fn journal_daily(&mut self, sim: Gd<GameSim>, bench: i64, date: GString) -> bool {
        crate::calls::count();
        let of = number_arg("bench", bench).map(|bench| AttemptOf::Daily {
            bench,
            date: date.to_string(),
        });
        self.attach(sim, of, "SaveData.journal_daily")
    }

    /// Whether a Daily Bench attempt of bench `bench` on `date` was kept (the menu's Play resumes it).
    #[func]
    fn daily_in_progress(&self, bench: i64, date: GString) -> bool {
        crate::calls::count();
        self.daily_attempt
            .as_ref()
            .is_some_and(|d| i64::from(d.bench) == bench && d.date == date.to_string())
    }

    /// Forgets the kept Daily Bench attempt (the player left or restarted it).
    #[func]
    fn forget_daily_in_progress(&mut self) -> bool {
        crate::calls::count();
        self.end_daily_journal();
        true
    }
}

impl SaveData {
    fn attach(
        &mut self,
        mut sim: Gd<GameSim>,
        of: Result<AttemptOf, SaveError>,
        what: &str,
    ) -> bool {
        let Some(store) = self.store.as_ref().filter(|s| !s.is_read_only()) else {
            // No save open, or a newer build's: nothing is written.
            return self.store.is_some();
        };
        let path = match of {
            Ok(AttemptOf::Level(_)) => store.level_journal(),
            Ok(AttemptOf::Daily { .. }) => store.daily_journal(),
            Err(_) => store.level_journal(),
        };
        let result = of.and_then(|of| {
            let level = match &of {
                AttemptOf::Level(n) => *n,
                AttemptOf::Daily { bench, .. } => *bench,
            };
            let Some(now) = sim.bind().session().attempt(level) else {
                return Err(SaveError::Invalid("the game is not being played".into()));
            };
            // A start the storage refuses is told on screen and tried again at the next move.
            let (keeper, started) = Keeper::start(&path, of, &now, Sync::Background);
            crate::save_storage::report(&started);
            Ok((keeper, level))
        });
        match self.error.check(what, result) {
            Some((journal, level)) => {
                sim.bind_mut().keep_journal(journal, level);
                true
            }
            None => false,
        }
    }

    /// Removes the level's journal: its attempt was finished or left.
    pub(crate) fn end_level_journal(&mut self) {
        self.data.in_progress = None;
        self.remove_journal(self.store.as_ref().map(|s| s.level_journal()));
    }

    /// Removes the Daily Bench's journal: its attempt was finished or left.
    pub(crate) fn end_daily_journal(&mut self) {
        self.daily_attempt = None;
        self.remove_journal(self.store.as_ref().map(|s| s.daily_journal()));
    }

    fn remove_journal(&self, path: Option<std::path::PathBuf>) {
        let writable = self.store.as_ref().is_some_and(|s| !s.is_read_only());
        if let Some(path) = path.filter(|_| writable) {
            crate::save_storage::report(&journal::remove(&path));
        }
    }
}
