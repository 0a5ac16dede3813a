//! `SaveData` (RefCounted): the player's save over `screwsmith_play::save`. Versioned JSON in
//! `user://`, written atomically after every change; corrupt or newer-version files are kept as
//! backups by the core's `SaveStore`. Stars, unlocks and the help threshold are the core's rules.

use godot::classes::ProjectSettings;
use godot::prelude::*;
use screwsmith_play::save::journal::{self, DailyInProgress};
use screwsmith_play::save::{
    number_arg, DailyAttempt, SaveData as CoreSave, SaveError, SaveStore, SettingValue,
    LOSSES_BEFORE_HELP, SCREWDRIVER_USES,
};

use crate::last_error::LastError;

/// Call `open("user://save.json")` once; every `record_*` / `set_setting` then writes the file before
/// returning. A refused call returns false / -1 and leaves the reason in `last_error()`.
#[derive(GodotClass)]
#[class(init, base = RefCounted)]
pub struct SaveData {
    base: Base<RefCounted>,
    pub(crate) store: Option<SaveStore>,
    pub(crate) data: CoreSave,
    pub(crate) error: LastError,
    /// The Daily Bench attempt its journal kept (`save_journal.rs`).
    pub(crate) daily_attempt: Option<DailyInProgress>,
}

/// A count from GDScript (negative counts as 0).
fn count_arg(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}

impl SaveData {
    /// Apply a change and write the file. The change stays in memory even if the write fails (the
    /// next successful write keeps it): a refused change is reported as usual, a write the storage
    /// refused goes to the storage's health (`SaveData.storage()`, which the screen shows) and the
    /// change counts as made.
    pub(crate) fn change<T>(
        &mut self,
        what: &str,
        f: impl FnOnce(&mut CoreSave) -> Result<T, SaveError>,
    ) -> Option<T> {
        let result = match &self.store {
            None => Err(SaveError::Invalid("call open() first".into())),
            Some(store) => f(&mut self.data).and_then(|v| {
                crate::save_storage::report_save(store.write(&self.data)).map(|()| v)
            }),
        };
        self.error.check(what, result)
    }

    fn query<T: Default>(&mut self, what: &str, n: i64, f: impl FnOnce(&CoreSave, u32) -> T) -> T {
        let result = number_arg("level", n).map(|n| f(&self.data, n));
        self.error.check(what, result).unwrap_or_default()
    }
}

#[godot_api]
impl SaveData {
    /// Reads the save at `path` (`user://…` allowed). Returns `{outcome: "fresh"|"loaded"|
    /// "recovered_corrupt"|"read_only_newer"|"error", backup, reason}`.
    #[func]
    fn open(&mut self, path: GString) -> VarDictionary {
        crate::calls::count();
        let os_path = ProjectSettings::singleton()
            .globalize_path(&path)
            .to_string();
        let result = SaveStore::open(os_path);
        match self.error.check("SaveData.open", result) {
            Some((store, mut data, outcome)) => {
                // The attempts in progress, kept at every move beside the save.
                self.daily_attempt = journal::recover(&store, &mut data);
                self.store = Some(store);
                self.data = data;
                let backup = outcome.backup().map(|p| p.to_string_lossy().into_owned());
                vdict! {
                    "outcome" => &GString::from(outcome.name()),
                    "backup" => &GString::from(backup.unwrap_or_default().as_str()),
                    "reason" => &GString::from(outcome.reason().as_str()),
                }
            }
            None => vdict! {
                "outcome" => &GString::from("error"),
                "backup" => &GString::new(),
                "reason" => &self.error.get(),
            },
        }
    }

    #[func]
    fn last_error(&self) -> GString {
        crate::calls::count();
        self.error.get()
    }

    /// Best stars on level `n` (0..3).
    #[func]
    fn stars(&mut self, n: i64) -> i64 {
        crate::calls::count();
        self.query("SaveData.stars", n, |d, n| i64::from(d.stars(n)))
    }

    #[func]
    fn is_done(&mut self, n: i64) -> bool {
        crate::calls::count();
        self.query("SaveData.is_done", n, |d, n| d.is_done(n))
    }

    #[func]
    fn is_unlocked(&mut self, n: i64) -> bool {
        crate::calls::count();
        self.query("SaveData.is_unlocked", n, |d, n| d.is_unlocked(n))
    }

    /// Why a win with `undos_used` screwdriver uses (`helped`: a hint or a rewind) earned fewer than 3
    /// stars: `[{why, used}]`, `why` one of "screwdriver", "screwdriver_many", "helped" (its message
    /// is `WIN_MISSING_` + its upper case); `[]` for a 3-star win.
    #[func]
    fn missing_stars(&self, undos_used: i64, helped: bool) -> Array<VarDictionary> {
        crate::calls::count();
        let used = u32::try_from(undos_used.max(0)).unwrap_or(u32::MAX);
        screwsmith_play::save::missing_stars(used, helped)
            .into_iter()
            .map(|m| vdict! { "why" => m.id(), "used" => i64::from(used) })
            .collect()
    }

    /// The open level to win next on the way to level `n` (`n` when it is open).
    #[func]
    fn way_in(&mut self, n: i64) -> i64 {
        crate::calls::count();
        self.query("SaveData.way_in", n, |d, n| i64::from(d.way_in(n)))
    }

    #[func]
    fn losses(&mut self, n: i64) -> i64 {
        crate::calls::count();
        self.query("SaveData.losses", n, |d, n| i64::from(d.losses(n)))
    }

    /// The next try at level `n` gets `LevelLibrary.help_level_json(n)`.
    #[func]
    fn needs_help(&mut self, n: i64) -> bool {
        crate::calls::count();
        self.query("SaveData.needs_help", n, |d, n| d.needs_help(n))
    }

    /// The level the menu's Continue opens (the first not won; past the baked set, the next endless one).
    #[func]
    fn continue_level(&self) -> i64 {
        crate::calls::count();
        i64::from(self.data.continue_level())
    }

    /// True when the save on disk belongs to a newer build: the game plays in memory and writes
    /// nothing (the menu says so every time).
    #[func]
    fn is_read_only(&self) -> bool {
        crate::calls::count();
        self.store.as_ref().is_some_and(SaveStore::is_read_only)
    }

    #[func]
    fn record_opened(&mut self, n: i64) -> bool {
        crate::calls::count();
        self.change("SaveData.record_opened", |d| {
            d.record_opened(number_arg("level", n)?)
        })
        .is_some()
    }

    /// A win; returns the stars earned (-1 on error). Clears the level's loss count. `helped` (a hint
    /// or a rewind was used: `GameSim` result's `helped`) caps the stars at 2.
    #[func]
    fn record_win(&mut self, n: i64, undos_used: i64, helped: bool) -> i64 {
        crate::calls::count();
        let stars = self.change("SaveData.record_win", |d| {
            d.record_win(number_arg("level", n)?, count_arg(undos_used), helped)
        });
        // Only once the win is on disk: a kill before resumes the attempt, never loses the win.
        if stars.is_some() {
            self.end_level_journal();
        }
        stars.map_or(-1, i64::from)
    }

    /// A loss; returns the loss count now (-1 on error).
    #[func]
    fn record_loss(&mut self, n: i64) -> i64 {
        crate::calls::count();
        let losses = self.change("SaveData.record_loss", |d| {
            d.record_loss(number_arg("level", n)?)
        });
        if losses.is_some() {
            self.end_level_journal();
        }
        losses.map_or(-1, i64::from)
    }

    /// A finished Daily Bench attempt (`moves` on the board at the end, screwdriver `undos`, `hints`
    /// asked for): kept when it is the day's best (`screwsmith_play::save::daily`).
    #[func]
    fn record_daily(
        &mut self,
        bench: i64,
        date: GString,
        won: bool,
        moves: i64,
        undos: i64,
        hints: i64,
    ) -> bool {
        crate::calls::count();
        let date = date.to_string();
        let attempt = DailyAttempt {
            won,
            moves: count_arg(moves),
            undos: count_arg(undos),
            hints: count_arg(hints),
        };
        let kept = self
            .change("SaveData.record_daily", |d| {
                d.record_daily(number_arg("bench", bench)?, &date, attempt)
            })
            .is_some();
        if kept {
            self.end_daily_journal();
        }
        kept
    }

    /// `{date, won, moves, undos, hints, attempts, score}` of a bench's best attempt, or `{}`.
    #[func]
    fn daily_result(&self, bench: i64) -> VarDictionary {
        crate::calls::count();
        let record = number_arg("bench", bench)
            .ok()
            .and_then(|b| self.data.daily.get(&b));
        match record {
            Some(r) => vdict! {
                "date" => &GString::from(r.date.as_str()),
                "won" => r.won,
                "moves" => i64::from(r.moves),
                "undos" => i64::from(r.undos),
                "hints" => i64::from(r.hints),
                "attempts" => i64::from(r.attempts),
                "score" => i64::from(r.score()),
            },
            None => VarDictionary::new(),
        }
    }

    /// Consecutive bench days won up to bench `today` (or the day before, while today is not won).
    #[func]
    fn daily_streak(&mut self, today: i64) -> i64 {
        crate::calls::count();
        self.query("SaveData.daily_streak", today, |d, n| {
            i64::from(d.daily_streak(n))
        })
    }

    /// `{language, colorblind_patterns, sound, haptics, reduce_motion}`.
    #[func]
    fn settings(&self) -> VarDictionary {
        crate::calls::count();
        let s = &self.data.settings;
        vdict! {
            "language" => &GString::from(s.language.as_str()),
            "colorblind_patterns" => s.colorblind_patterns,
            "sound" => s.sound,
            "haptics" => s.haptics,
            "reduce_motion" => s.reduce_motion,
        }
    }

    /// Changes one setting (bool settings take a bool, "language" a locale code or "").
    #[func]
    fn set_setting(&mut self, key: GString, value: Variant) -> bool {
        crate::calls::count();
        let value = match value.try_to::<bool>() {
            Ok(on) => SettingValue::Flag(on),
            Err(_) => SettingValue::Text(value.try_to::<GString>().unwrap_or_default().to_string()),
        };
        let key = key.to_string();
        self.change("SaveData.set_setting", |d| d.settings.set(&key, value))
            .is_some()
    }

    /// Screwdriver (undo) uses per attempt in the UI.
    #[func]
    fn screwdriver_uses(&self) -> i64 {
        crate::calls::count();
        i64::from(SCREWDRIVER_USES)
    }

    /// Saved losses after which a level gets the invisible help.
    #[func]
    fn help_after_losses(&self) -> i64 {
        crate::calls::count();
        i64::from(LOSSES_BEFORE_HELP)
    }
}
