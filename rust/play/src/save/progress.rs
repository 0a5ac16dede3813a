//! What a finished attempt earns and what it unlocks: the rules the menus and the board read, kept here
//! so GDScript has none of its own.

use super::data::{BoardKeys, SaveData, MAX_STARS};
use super::error::SaveError;
use screwsmith_gen::help;

/// Screwdriver (undo) uses per attempt in the game UI; the core's undo itself is unlimited.
pub const SCREWDRIVER_USES: u32 = 3;

/// The most stars a win helped by a hint or a rewind earns.
pub const HELPED_MAX_STARS: u8 = 2;

/// Stars for a win. Every win of a level takes the same number of moves (undo rewinds the move counter),
/// so stars measure how much the screwdriver was needed: none = 3, one or two = 2, more = 1.
pub fn stars_for(undos_used: u32) -> u8 {
    match undos_used {
        0 => MAX_STARS,
        1 | 2 => 2,
        _ => 1,
    }
}

/// What a missing star of a win needed, for the win panel: a player who sees 2 stars should know
/// how to earn the third.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissingStar {
    /// The screwdriver was used `used` times (1 or 2): a win without it earns 3 stars.
    Screwdriver { used: u32 },
    /// The screwdriver was used `used` times (3 or more): 2 stars allow at most 2 uses, 3 none.
    ScrewdriverMany { used: u32 },
    /// A hint or a rewind capped the win at [`HELPED_MAX_STARS`].
    Helped,
}

impl MissingStar {
    /// The name the game shows it by (its message key is `WIN_MISSING_` and this, upper-cased).
    pub fn id(self) -> &'static str {
        match self {
            MissingStar::Screwdriver { .. } => "screwdriver",
            MissingStar::ScrewdriverMany { .. } => "screwdriver_many",
            MissingStar::Helped => "helped",
        }
    }
}

/// Why a win with `undos_used` screwdriver uses, `helped` or not, earned fewer than 3 stars: one
/// entry per cause that cost a star (none for a 3-star win). A hint's cap is named only when it
/// cost a star the screwdriver had not already cost.
pub fn missing_stars(undos_used: u32, helped: bool) -> Vec<MissingStar> {
    let mut why = Vec::new();
    match undos_used {
        0 => {}
        1 | 2 => why.push(MissingStar::Screwdriver { used: undos_used }),
        _ => why.push(MissingStar::ScrewdriverMany { used: undos_used }),
    }
    if helped && stars_for(undos_used) > HELPED_MAX_STARS {
        why.push(MissingStar::Helped);
    }
    why
}

/// A level or bench number from GDScript (64-bit int) as the save stores it (1..=u32::MAX).
pub fn number_arg(what: &str, n: i64) -> Result<u32, SaveError> {
    u32::try_from(n)
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| SaveError::Invalid(format!("{what} {n} is out of range (1..={})", u32::MAX)))
}

fn check_level(n: u32) -> Result<(), SaveError> {
    if n == 0 {
        return Err(SaveError::Invalid("level numbers start at 1".into()));
    }
    Ok(())
}

impl SaveData {
    /// Best stars on level `n` (0 = not won).
    pub fn stars(&self, n: u32) -> u8 {
        self.levels.get(&n).map_or(0, |r| r.stars)
    }

    /// Whether level `n` has been won at least once.
    pub fn is_done(&self, n: u32) -> bool {
        self.levels.get(&n).is_some_and(|r| r.wins > 0)
    }

    /// Level 1 is always open; every other level opens when the one before it is won.
    pub fn is_unlocked(&self, n: u32) -> bool {
        n == 1 || (n > 1 && self.is_done(n - 1))
    }

    /// The level to win next on the way to level `n`: `n` itself when it is open, else the open level
    /// the chain of unlocks starts from (every level between it and `n` opens with the win before it).
    /// The map names it when a locked level is tapped, so the player knows where to go.
    pub fn way_in(&self, n: u32) -> u32 {
        let mut m = n.max(1);
        // At most one step per level below `n` that is not won; level 1 is always open.
        while !self.is_unlocked(m) {
            m -= 1;
        }
        m
    }

    /// Tells the save which boards the level numbers now stand for (the game does it once the level set
    /// is loaded). A loss count recorded on another board no longer counts.
    pub fn use_boards(&mut self, boards: BoardKeys) {
        self.boards = boards;
    }

    /// Losses on level `n` since its last win, on the board level `n` is now (a rebake that changed the
    /// board starts the count again; stars stay with the number).
    pub fn losses(&self, n: u32) -> u32 {
        let board = self.boards.key(n);
        self.levels
            .get(&n)
            .filter(|r| r.board == board)
            .map_or(0, |r| r.losses)
    }

    /// Whether the next attempt at level `n` should load `LevelLibrary.help_level_json(n)`.
    pub fn needs_help(&self, n: u32) -> bool {
        help::needs_help(self.losses(n))
    }

    /// The level "Continue" opens: the level in progress when the app was closed, else the first
    /// level not yet won. Replaying an old level for stars does
    /// not move it back, and past the baked set it goes on into the endless levels (201, 202, …):
    /// levels unlock one by one, so the first level not won is the frontier.
    pub fn continue_level(&self) -> u32 {
        if let Some(attempt) = &self.in_progress {
            return attempt.level;
        }
        // At most one step per level record: every step passes a won level.
        let mut n = 1;
        while n < u32::MAX && self.is_done(n) {
            n += 1;
        }
        n
    }

    /// Remember the level the player opened.
    pub fn record_opened(&mut self, n: u32) -> Result<(), SaveError> {
        check_level(n)?;
        self.last_level = n;
        Ok(())
    }

    /// A won attempt: keeps the best stars, clears the loss count (help turns off again). Returns the
    /// stars of this win: by the screwdriver uses, and at most [`HELPED_MAX_STARS`] when a hint or a
    /// rewind (`helped`) was used.
    pub fn record_win(&mut self, n: u32, undos_used: u32, helped: bool) -> Result<u8, SaveError> {
        check_level(n)?;
        let stars = if helped {
            stars_for(undos_used).min(HELPED_MAX_STARS)
        } else {
            stars_for(undos_used)
        };
        self.in_progress = None;
        let record = self.levels.entry(n).or_default();
        record.stars = record.stars.max(stars);
        record.wins = record.wins.saturating_add(1);
        record.losses = 0;
        record.board = None;
        Ok(stars)
    }

    /// A lost attempt. Returns the loss count now.
    pub fn record_loss(&mut self, n: u32) -> Result<u32, SaveError> {
        check_level(n)?;
        let board = self.boards.key(n);
        self.in_progress = None;
        let record = self.levels.entry(n).or_default();
        if record.board != board {
            record.board = board;
            record.losses = 0;
        }
        record.losses = record.losses.saturating_add(1);
        Ok(record.losses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stars_fall_with_screwdriver_use() {
        assert_eq!(
            (0..5).map(stars_for).collect::<Vec<_>>(),
            vec![3, 2, 2, 1, 1]
        );
    }

    /// Every win below 3 stars names a cause, and a cause is named only when it cost a star: the
    /// causes' stars and the stars earned add up to 3.
    #[test]
    fn every_missing_star_is_explained_once() {
        for used in 0..6u32 {
            for helped in [false, true] {
                let mut save = SaveData::default();
                let stars = u32::from(save.record_win(1, used, helped).unwrap());
                let why = missing_stars(used, helped);
                let cost: u32 = why
                    .iter()
                    .map(|m| match m {
                        MissingStar::Screwdriver { .. } | MissingStar::Helped => 1,
                        MissingStar::ScrewdriverMany { .. } => 2,
                    })
                    .sum();
                assert_eq!(stars + cost, 3, "{used} uses, helped {helped}: {why:?}");
            }
        }
        assert_eq!(missing_stars(0, true), vec![MissingStar::Helped]);
        assert_eq!(
            missing_stars(2, true),
            vec![MissingStar::Screwdriver { used: 2 }],
            "the cap cost nothing more"
        );
    }

    #[test]
    fn levels_unlock_one_by_one() {
        let mut s = SaveData::default();
        assert!(s.is_unlocked(1));
        assert!(!s.is_unlocked(2));
        assert!(!s.is_unlocked(0));
        s.record_win(1, 0, false).unwrap();
        assert!(s.is_unlocked(2));
        assert!(!s.is_unlocked(3));
        assert_eq!(s.continue_level(), 2);
    }

    #[test]
    fn a_locked_level_names_the_open_level_on_the_way_to_it() {
        let mut s = SaveData::default();
        assert_eq!(s.way_in(1), 1);
        assert_eq!(s.way_in(9), 1, "nothing won: everything starts at level 1");
        for n in 1..=3 {
            s.record_win(n, 0, false).unwrap();
        }
        assert_eq!(s.way_in(4), 4, "an open level is its own way in");
        assert_eq!(s.way_in(5), 4);
        assert_eq!(s.way_in(50), 4);
        // A replay of level 2 for stars moves nothing.
        s.record_win(2, 0, false).unwrap();
        assert_eq!(s.way_in(50), 4);
        assert_eq!(s.way_in(0), 1);
    }

    #[test]
    fn three_losses_turn_help_on_and_a_win_turns_it_off() {
        let mut s = SaveData::default();
        for expected in 1..=help::LOSSES_BEFORE_HELP {
            assert!(!s.needs_help(7));
            assert_eq!(s.record_loss(7).unwrap(), expected);
        }
        assert!(s.needs_help(7), "the 4th try gets help");
        assert_eq!(s.record_win(7, 4, false).unwrap(), 1);
        assert!(!s.needs_help(7));
    }

    #[test]
    fn a_helped_win_earns_at_most_two_stars() {
        let mut s = SaveData::default();
        assert_eq!(s.record_win(4, 0, true).unwrap(), HELPED_MAX_STARS);
        assert_eq!(s.stars(4), 2);
        assert_eq!(
            s.record_win(4, 3, true).unwrap(),
            1,
            "fewer stars stay fewer"
        );
        assert_eq!(
            s.record_win(4, 0, false).unwrap(),
            3,
            "an unhelped win as today"
        );
        assert_eq!(s.stars(4), 3);
    }

    #[test]
    fn best_stars_are_kept() {
        let mut s = SaveData::default();
        s.record_win(3, 0, false).unwrap();
        s.record_win(3, 5, false).unwrap();
        assert_eq!(s.stars(3), 3);
    }

    #[test]
    fn numbers_from_scripts_are_range_checked() {
        assert_eq!(number_arg("level", 7).unwrap(), 7);
        for bad in [0, -1, i64::from(u32::MAX) + 1, i64::MIN] {
            assert!(matches!(
                number_arg("level", bad),
                Err(SaveError::Invalid(_))
            ));
        }
    }

    #[test]
    fn level_zero_is_rejected() {
        let mut s = SaveData::default();
        assert!(matches!(
            s.record_win(0, 0, false),
            Err(SaveError::Invalid(_))
        ));
        assert!(matches!(s.record_loss(0), Err(SaveError::Invalid(_))));
        assert!(matches!(s.record_opened(0), Err(SaveError::Invalid(_))));
    }

    #[test]
    fn continue_offers_the_first_level_not_won() {
        let mut s = SaveData::default();
        assert_eq!(s.continue_level(), 1);
        for n in 1..=5 {
            s.record_win(n, 0, false).unwrap();
        }
        s.record_opened(5).unwrap();
        assert_eq!(s.continue_level(), 6, "win 5, continue offers 6");
        s.record_opened(2).unwrap();
        s.record_win(2, 0, false).unwrap();
        assert_eq!(
            s.continue_level(),
            6,
            "replaying 2 for stars does not move it back"
        );
        s.record_loss(6).unwrap();
        assert_eq!(s.continue_level(), 6, "a loss is not a win");
    }

    #[test]
    fn continue_resumes_the_level_in_progress_until_it_is_finished() {
        let mut s = SaveData::default();
        s.record_win(1, 0, false).unwrap();
        s.in_progress = Some(crate::save::InProgress {
            level: 1,
            board: "k".into(),
            moves: Vec::new(),
            screwdriver_used: 0,
            wrench_charges: 0,
            hints_used: 0,
            rewound: false,
        });
        assert_eq!(
            s.continue_level(),
            1,
            "the attempt in progress, even on a won level"
        );
        s.record_loss(1).unwrap();
        assert_eq!((s.continue_level(), &s.in_progress), (2, &None));
    }

    #[test]
    fn continue_goes_on_past_the_baked_set() {
        let mut s = SaveData::default();
        for n in 1..=200 {
            s.record_win(n, 0, false).unwrap();
        }
        assert_eq!(s.continue_level(), 201);
        for n in 201..=203 {
            s.record_win(n, 0, false).unwrap();
        }
        assert_eq!(s.continue_level(), 204);
    }
}
