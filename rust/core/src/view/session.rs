//! [`Session`]: the state behind one Godot `GameSim` object — an optional game plus the calls GDScript
//! makes on it, with GDScript's argument types (64-bit ints, JSON text) checked here so that every refusal
//! is a tested [`ViewError`] and the adapter only converts types.

use crate::level::parse_level;
use crate::sim::{GameSim, Move};

use super::error::{narrow, ViewError};
use super::events::{move_events, undo_events, Event};

/// One front-end game: nothing until a level loads.
#[derive(Debug, Clone, Default)]
pub struct Session {
    game: Option<GameSim>,
}

impl Session {
    /// Loads one level (or a file holding exactly one). On error the previous game stays as it was.
    pub fn load_json(&mut self, text: &str) -> Result<(), ViewError> {
        self.game = Some(GameSim::from_level(parse_level(text)?)?);
        Ok(())
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
        let game = self.game_mut()?;
        let before = game.poses().to_vec();
        let rec = *game.apply(mv)?;
        Ok(move_events(game, &rec, &before))
    }

    /// Takes back the last move; the events to emit, in order.
    pub fn undo(&mut self) -> Result<Vec<Event>, ViewError> {
        let game = self.game_mut()?;
        let before = game.poses().to_vec();
        let rec = game.undo()?;
        Ok(undo_events(game, &rec, &before))
    }

    /// Undoes every move; the view redraws from the queries (`state_changed` only).
    pub fn restart(&mut self) -> Result<Vec<Event>, ViewError> {
        self.game_mut()?.restart();
        Ok(vec![Event::StateChanged])
    }
}
