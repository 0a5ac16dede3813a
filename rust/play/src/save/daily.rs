//! Daily Bench results: what an attempt scores, which attempt of the day is kept, and the streak.
//!
//! Every win of a board takes the same number of moves (each screw leaves the board once; an undo
//! takes its move back off the count), so the move count alone is the same for everyone who solves
//! the bench. The result is therefore the *actions* the player needed: every tap, including the taps
//! later taken back, every undo, and every hint at [`HINT_COST`] — fewer is better. A clean solve
//! scores exactly the board's moves; each undo adds [`UNDO_COST`] (the tap it took back and itself).
//! A hint costs more than an undo because it gives away a move the player did not find. The numbers
//! are integers: the score decides which attempt is kept, so no float is involved.

use super::data::{DailyRecord, SaveData};
use super::error::SaveError;

pub use screwsmith_gen::daily::score::{score, HINT_COST, UNDO_COST};

/// One finished attempt at a bench, as the board reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DailyAttempt {
    pub won: bool,
    /// Moves on the board at the end (the game's move count).
    pub moves: u32,
    /// Screwdriver (undo) uses.
    pub undos: u32,
    /// Hints asked for.
    pub hints: u32,
}

impl DailyRecord {
    /// The kept attempt's score (see [`score`]).
    pub fn score(&self) -> u32 {
        score(self.moves, self.undos, self.hints)
    }
}

impl DailyAttempt {
    pub fn score(&self) -> u32 {
        score(self.moves, self.undos, self.hints)
    }

    /// Whether this attempt is better than the kept one: a win beats a loss, a lower score beats a
    /// higher one, a tie keeps the earlier. While no attempt has been won, the latest loss is shown.
    fn beats(&self, kept: &DailyRecord) -> bool {
        match (self.won, kept.won) {
            (true, false) | (false, false) => true,
            (false, true) => false,
            (true, true) => self.score() < kept.score(),
        }
    }
}

impl SaveData {
    /// A finished Daily Bench attempt: kept when it is the day's best; every attempt is counted.
    pub fn record_daily(
        &mut self,
        bench: u32,
        date: &str,
        attempt: DailyAttempt,
    ) -> Result<(), SaveError> {
        if bench == 0 {
            return Err(SaveError::Invalid("bench numbers start at 1".into()));
        }
        let attempts = self
            .daily
            .get(&bench)
            .map_or(0, |r| r.attempts)
            .saturating_add(1);
        let replace = self
            .daily
            .get(&bench)
            .is_none_or(|kept| attempt.beats(kept));
        if replace {
            self.daily.insert(
                bench,
                DailyRecord {
                    date: date.to_string(),
                    won: attempt.won,
                    moves: attempt.moves,
                    undos: attempt.undos,
                    hints: attempt.hints,
                    attempts,
                },
            );
        } else if let Some(kept) = self.daily.get_mut(&bench) {
            kept.attempts = attempts;
        }
        Ok(())
    }

    /// Whether bench `n` has been won.
    pub fn daily_won(&self, bench: u32) -> bool {
        self.daily.get(&bench).is_some_and(|r| r.won)
    }

    /// Consecutive bench days won, ending with bench `today` — or with the day before while today's
    /// bench is not won yet (the streak is still alive until today's bench is missed). Bench numbers
    /// are UTC days, so consecutive numbers are consecutive days.
    pub fn daily_streak(&self, today: u32) -> u32 {
        let mut day = if self.daily_won(today) {
            today
        } else {
            today.saturating_sub(1)
        };
        let mut streak = 0;
        // At most one step per won record.
        while day >= 1 && self.daily_won(day) {
            streak += 1;
            day -= 1;
        }
        streak
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won(moves: u32, undos: u32, hints: u32) -> DailyAttempt {
        DailyAttempt {
            won: true,
            moves,
            undos,
            hints,
        }
    }

    fn lost(moves: u32) -> DailyAttempt {
        DailyAttempt {
            won: false,
            moves,
            ..DailyAttempt::default()
        }
    }

    #[test]
    fn the_score_separates_players_who_solved_the_same_board() {
        // Same board, same 23 moves at the win: the clean solve scores lowest.
        assert_eq!(won(23, 0, 0).score(), 23);
        assert_eq!(won(23, 1, 0).score(), 25);
        assert_eq!(won(23, 0, 1).score(), 26);
        assert_eq!(won(23, 3, 2).score(), 35);
        assert_eq!(score(u32::MAX, 5, 5), u32::MAX, "saturates, never wraps");
    }

    #[test]
    fn the_best_attempt_of_the_day_is_kept_and_every_attempt_counted() {
        let mut s = SaveData::default();
        s.record_daily(97, "2026-11-30", lost(12)).unwrap();
        assert!(!s.daily[&97].won);
        s.record_daily(97, "2026-11-30", won(23, 2, 0)).unwrap();
        assert_eq!(s.daily[&97].score(), 27, "a win replaces a loss");
        s.record_daily(97, "2026-11-30", won(23, 0, 1)).unwrap();
        assert_eq!(s.daily[&97].score(), 26, "a better win replaces a win");
        s.record_daily(97, "2026-11-30", won(23, 3, 0)).unwrap();
        s.record_daily(97, "2026-11-30", lost(5)).unwrap();
        s.record_daily(97, "2026-11-30", won(23, 0, 1)).unwrap();
        let kept = &s.daily[&97];
        assert_eq!(
            (kept.won, kept.moves, kept.undos, kept.hints),
            (true, 23, 0, 1)
        );
        assert_eq!(kept.attempts, 6);
        assert!(s.record_daily(0, "", won(1, 0, 0)).is_err());
    }

    #[test]
    fn a_loss_after_a_loss_shows_the_latest() {
        let mut s = SaveData::default();
        s.record_daily(4, "2026-08-29", lost(12)).unwrap();
        s.record_daily(4, "2026-08-29", lost(5)).unwrap();
        assert_eq!((s.daily[&4].moves, s.daily[&4].attempts), (5, 2));
    }

    #[test]
    fn the_streak_counts_consecutive_won_days() {
        let mut s = SaveData::default();
        assert_eq!(s.daily_streak(100), 0);
        s.record_daily(98, "", won(20, 0, 0)).unwrap();
        assert_eq!(
            s.daily_streak(99),
            1,
            "yesterday's win keeps it alive today"
        );
        assert_eq!(s.daily_streak(100), 0, "a missed day ends it");
        s.record_daily(99, "", lost(3)).unwrap();
        assert_eq!(s.daily_streak(99), 1, "a loss today does not end it yet");
        s.record_daily(99, "", won(20, 1, 0)).unwrap();
        assert_eq!(s.daily_streak(99), 2);
        s.record_daily(96, "", won(20, 0, 0)).unwrap();
        assert_eq!(s.daily_streak(99), 2, "97 was missed");
        s.record_daily(97, "", won(20, 0, 0)).unwrap();
        assert_eq!(s.daily_streak(99), 4);
        s.record_daily(1, "", won(20, 0, 0)).unwrap();
        assert_eq!(s.daily_streak(1), 1, "bench 1 ends the count");
        assert_eq!(s.daily_streak(0), 0);
    }

    #[test]
    fn a_record_from_before_the_score_loads_as_a_clean_solve() {
        let old = r#"{"version":1,"daily":{"97":{"date":"2026-11-30","won":true,"moves":23}}}"#;
        let s = SaveData::from_json(old).unwrap();
        assert_eq!((s.daily[&97].score(), s.daily[&97].attempts), (23, 0));
    }
}
