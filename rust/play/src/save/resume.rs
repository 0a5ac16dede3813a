//! A level in progress, kept when the app goes to the background (a phone may end it there) and
//! resumed by the next start's Continue.
//!
//! What is kept is what rebuilds the attempt exactly: the board's content key (a rebake that changed
//! the board resumes nothing), the moves on the board now (undone ones are not among them) and the
//! screwdriver uses taken. Resuming replays the moves through the rules' `GameSim` and checks the
//! result against what was saved (move count, wrench charges, still playing): a save that does not
//! replay resumes nothing, and nothing else in the save is touched.

use screwsmith_rules::sim::{GameSim, Move, Status};
use serde::{Deserialize, Deserializer, Serialize};

/// One attempt in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InProgress {
    /// The level number played (beyond the baked set: the endless number).
    pub level: u32,
    /// `screwsmith_gen::library::board_key` of the board played (the help copy has its own).
    pub board: String,
    /// The moves on the board, first first.
    pub moves: Vec<Move>,
    /// Screwdriver uses taken this attempt (they cost stars).
    pub screwdriver_used: u32,
    /// Wrench charges left when saved: checked after the replay.
    pub wrench_charges: u8,
    /// Hints shown this attempt (they cap the stars; older saves have none).
    #[serde(default)]
    pub hints_used: u32,
    /// Whether the attempt was rewound by a hint.
    #[serde(default)]
    pub rewound: bool,
}

/// Why a saved attempt did not resume.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResumeError {
    #[error("the saved attempt is on another board ({saved}), this level is {now}")]
    OtherBoard { saved: String, now: String },
    #[error("saved move {index} ({mv:?}) does not replay: {reason}")]
    Replay {
        index: usize,
        mv: Move,
        reason: String,
    },
    #[error("the replay ends {what} {now}, the save says {saved}")]
    Differs {
        what: &'static str,
        now: String,
        saved: String,
    },
}

impl InProgress {
    /// The attempt `game` is in, if it is one worth keeping (playing, at least one move).
    pub fn of(level: u32, game: &GameSim, screwdriver_used: u32) -> Option<InProgress> {
        Self::playing(level, game, screwdriver_used).filter(|a| !a.moves.is_empty())
    }

    /// The attempt `game` is in while it is played, even with no move on the board (what the
    /// journal records: a rewind or a restart to the start is a change too).
    pub fn playing(level: u32, game: &GameSim, screwdriver_used: u32) -> Option<InProgress> {
        if game.status() != Status::Playing {
            return None;
        }
        let board = screwsmith_gen::library::board_key(game.level().data());
        Self::playing_on(level, board, game, screwdriver_used)
    }

    /// [`InProgress::playing`] with the board's key already known (it hashes the whole level: once
    /// per attempt, not once per move).
    pub fn playing_on(
        level: u32,
        board: String,
        game: &GameSim,
        screwdriver_used: u32,
    ) -> Option<InProgress> {
        if game.status() != Status::Playing {
            return None;
        }
        Some(InProgress {
            level,
            board,
            moves: crate::view::board::history(game),
            screwdriver_used,
            wrench_charges: game.wrench_charges(),
            hints_used: 0,
            rewound: false,
        })
    }

    /// Replays the saved moves on `game` (the level loaded fresh) and checks the result against the
    /// save. On an error `game` is back at its start.
    pub fn replay(&self, game: &mut GameSim) -> Result<(), ResumeError> {
        let now = screwsmith_gen::library::board_key(game.level().data());
        if now != self.board {
            return Err(ResumeError::OtherBoard {
                saved: self.board.clone(),
                now,
            });
        }
        let result = self.replay_moves(game);
        if result.is_err() {
            game.restart();
        }
        result
    }

    fn replay_moves(&self, game: &mut GameSim) -> Result<(), ResumeError> {
        for (index, &mv) in self.moves.iter().enumerate() {
            game.apply(mv).map_err(|e| ResumeError::Replay {
                index,
                mv,
                reason: e.to_string(),
            })?;
        }
        let checks = [
            (
                "status",
                game.status().name().to_string(),
                Status::Playing.name().to_string(),
            ),
            (
                "wrench charges",
                game.wrench_charges().to_string(),
                self.wrench_charges.to_string(),
            ),
        ];
        for (what, now, saved) in checks {
            if now != saved {
                return Err(ResumeError::Differs { what, now, saved });
            }
        }
        Ok(())
    }
}

/// Reads a saved attempt leniently: one that is damaged or from another shape is dropped (resumes
/// nothing) instead of making the whole save unreadable.
pub(crate) fn lenient<'de, D: Deserializer<'de>>(d: D) -> Result<Option<InProgress>, D::Error> {
    let value = Option::<serde_json::Value>::deserialize(d)?;
    Ok(value.and_then(|v| serde_json::from_value(v).ok()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::save::SaveData;

    fn level(n: u32) -> GameSim {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
        let text = std::fs::read_to_string(path).expect("levels/levels.json");
        let library = screwsmith_gen::library::Library::from_json(&text).expect("baked levels");
        GameSim::from_level(library.level(n).expect("level").clone()).expect("compiles")
    }

    /// Level 17 has bolts: plays its solution's first `n` moves.
    fn played(n: usize) -> (GameSim, Vec<Move>) {
        let mut game = level(17);
        let solution = game
            .level()
            .data()
            .measure
            .clone()
            .expect("stored measure")
            .solution;
        for &mv in solution.iter().take(n) {
            game.apply(mv).unwrap();
        }
        (game, solution)
    }

    #[test]
    fn an_attempt_replays_to_the_same_board_and_tools() {
        let (game, solution) = played(6);
        let saved = InProgress::of(17, &game, 2).expect("in progress");
        assert_eq!(saved.moves, solution[..6].to_vec());
        // Through the save file and back.
        let data = SaveData {
            in_progress: Some(saved.clone()),
            ..SaveData::default()
        };
        let back = SaveData::from_json(&data.to_json()).unwrap();
        assert_eq!(back.in_progress.as_ref(), Some(&saved));
        let mut fresh = level(17);
        back.in_progress.unwrap().replay(&mut fresh).unwrap();
        assert_eq!(fresh.moves(), game.moves());
        assert_eq!(fresh.removed_mask(), game.removed_mask());
        assert_eq!(fresh.rail(), game.rail());
        assert_eq!(fresh.crates(), game.crates());
        assert_eq!(fresh.wrench_charges(), game.wrench_charges());
    }

    #[test]
    fn undone_moves_are_not_kept_and_nothing_to_keep_is_none() {
        let (mut game, solution) = played(3);
        game.undo().unwrap();
        let saved = InProgress::of(17, &game, 1).unwrap();
        assert_eq!(saved.moves, solution[..2].to_vec());
        assert_eq!(InProgress::of(17, &level(17), 0), None, "no move made");
    }

    #[test]
    fn a_save_that_does_not_replay_resumes_nothing() {
        let (game, _) = played(4);
        let saved = InProgress::of(17, &game, 0).unwrap();
        let mut other_board = level(18);
        assert!(matches!(
            saved.replay(&mut other_board),
            Err(ResumeError::OtherBoard { .. })
        ));
        let mut bad_move = saved.clone();
        bad_move.moves.push(bad_move.moves[0]);
        let mut fresh = level(17);
        assert!(matches!(
            bad_move.replay(&mut fresh),
            Err(ResumeError::Replay { index: 4, .. })
        ));
        assert_eq!(fresh.moves(), 0, "back at the start");
        let mut wrong_tools = saved;
        wrong_tools.wrench_charges += 1;
        assert!(matches!(
            wrong_tools.replay(&mut level(17)),
            Err(ResumeError::Differs {
                what: "wrench charges",
                ..
            })
        ));
    }

    #[test]
    fn a_damaged_attempt_in_the_file_drops_only_the_attempt() {
        let text =
            r#"{"version":1,"levels":{"4":{"stars":2,"wins":1}},"in_progress":{"level":"x"}}"#;
        let data = SaveData::from_json(text).unwrap();
        assert_eq!(data.in_progress, None);
        assert_eq!(data.stars(4), 2);
    }
}
