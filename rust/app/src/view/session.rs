//! [`Session`]: the state behind one Godot `GameSim` object — an optional game plus the calls GDScript
//! makes on it, with GDScript's argument types (64-bit ints, JSON text) checked here so that every refusal
//! is a tested [`ViewError`] and the adapter only converts types.

use screwsmith_rules::level::parse_level;
use screwsmith_rules::sim::{GameSim, Move, Status};

use crate::save::SCREWDRIVER_USES;

use super::board::{PartView, ScrewView};
use super::error::{narrow, ViewError};
use super::events::{move_events, undo_events, Event};
use super::rows::RowLog;

/// One front-end game: nothing until a level loads.
#[derive(Debug, Clone, Default)]
pub struct Session {
    game: Option<GameSim>,
    /// Screwdriver uses taken this attempt (the player's undo is limited; [`Session::undo`] is not).
    screwdriver_used: u32,
    /// The rows each change touched, so the view fetches only those (kept across loads: its
    /// revisions keep counting up, so a view's revision from the last level means "redraw all").
    rows: Option<RowLog>,
}

impl Session {
    /// Loads one level (or a file holding exactly one). On error the previous game stays as it was.
    pub fn load_json(&mut self, text: &str) -> Result<(), ViewError> {
        let game = GameSim::from_level(parse_level(text)?)?;
        let after = self.revision();
        self.rows = Some(RowLog::new(&game, after));
        self.game = Some(game);
        self.screwdriver_used = 0;
        Ok(())
    }

    /// The board's revision: it moves whenever a screw or part row changes (0 before any level).
    pub fn revision(&self) -> u64 {
        self.rows.as_ref().map_or(0, RowLog::revision)
    }

    /// Screw rows that changed after `revision` (a value [`Session::revision`] gave; 0 for all).
    pub fn screws_since(&self, revision: i64) -> Result<Vec<ScrewView>, ViewError> {
        let revision = narrow("revision", revision, 0, i64::MAX)? as u64;
        Ok(self.rows()?.screws_since(revision))
    }

    /// Part rows that changed after `revision` (a value [`Session::revision`] gave; 0 for all).
    pub fn parts_since(&self, revision: i64) -> Result<Vec<PartView>, ViewError> {
        let revision = narrow("revision", revision, 0, i64::MAX)? as u64;
        Ok(self.rows()?.parts_since(revision))
    }

    fn rows(&self) -> Result<&RowLog, ViewError> {
        self.rows.as_ref().ok_or(ViewError::NoLevel)
    }

    /// Stamps the rows a successful change touched; passes its result through.
    fn logged<T>(&mut self, result: Result<T, ViewError>) -> Result<T, ViewError> {
        if result.is_ok() {
            if let (Some(rows), Some(game)) = (self.rows.as_mut(), self.game.as_ref()) {
                rows.update(game);
            }
        }
        result
    }

    /// The game, or [`ViewError::NoLevel`].
    pub fn game(&self) -> Result<&GameSim, ViewError> {
        self.game.as_ref().ok_or(ViewError::NoLevel)
    }

    fn game_mut(&mut self) -> Result<&mut GameSim, ViewError> {
        self.game.as_mut().ok_or(ViewError::NoLevel)
    }

    /// A finger tap on a screw id; the events to emit, in order.
    pub fn tap(&mut self, screw_id: i64) -> Result<Vec<Event>, ViewError> {
        self.play(Move::Tap(narrow("screw id", screw_id, 0, u16::MAX)?))
    }

    /// A wrench tap on a screw id; the events to emit, in order.
    pub fn wrench_tap(&mut self, screw_id: i64) -> Result<Vec<Event>, ViewError> {
        self.play(Move::Wrench(narrow("screw id", screw_id, 0, u16::MAX)?))
    }

    fn play(&mut self, mv: Move) -> Result<Vec<Event>, ViewError> {
        let result = self.game_mut().and_then(|game| {
            let before = game.poses().to_vec();
            let rec = *game.apply(mv)?;
            Ok(move_events(game, &rec, &before))
        });
        self.logged(result)
    }

    /// Takes back the last move; the events to emit, in order.
    pub fn undo(&mut self) -> Result<Vec<Event>, ViewError> {
        let result = self.game_mut().and_then(|game| {
            let before = game.poses().to_vec();
            let rec = game.undo()?;
            Ok(undo_events(game, &rec, &before))
        });
        self.logged(result)
    }

    /// The player's screwdriver: an undo that only works while playing (a won or lost game stays
    /// finished — its result is already saved) and at most [`SCREWDRIVER_USES`] times per attempt. The
    /// board asks here instead of counting, so the limit is one rule in one place.
    pub fn screwdriver(&mut self) -> Result<Vec<Event>, ViewError> {
        let used = self.screwdriver_used;
        let status = self.game()?.status();
        if status != Status::Playing {
            return Err(ViewError::Finished(status.name()));
        }
        if used >= SCREWDRIVER_USES {
            return Err(ViewError::ScrewdriverSpent {
                used,
                uses: SCREWDRIVER_USES,
            });
        }
        let events = self.undo()?;
        self.screwdriver_used += 1;
        Ok(events)
    }

    /// Screwdriver uses left this attempt (what the tool button shows).
    pub fn screwdriver_left(&self) -> u32 {
        SCREWDRIVER_USES.saturating_sub(self.screwdriver_used)
    }

    /// Screwdriver uses taken this attempt (what the stars are earned by).
    pub fn screwdriver_used(&self) -> u32 {
        self.screwdriver_used
    }

    /// Whether the screwdriver would work now: playing, a move to take back, a use left.
    pub fn screwdriver_ready(&self) -> bool {
        self.game().is_ok_and(|g| {
            g.status() == Status::Playing && g.moves() > 0 && self.screwdriver_left() > 0
        })
    }

    /// Undoes every move and gives the screwdriver back (a new attempt); the view redraws from the
    /// queries (`state_changed` only).
    pub fn restart(&mut self) -> Result<Vec<Event>, ViewError> {
        self.game_mut()?.restart();
        self.screwdriver_used = 0;
        self.logged(Ok(vec![Event::StateChanged]))
    }
}
