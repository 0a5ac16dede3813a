//! [`Session`]: the state behind one Godot `GameSim` object — an optional game plus the calls GDScript
//! makes on it, with GDScript's argument types (64-bit ints, JSON text) checked here so that every refusal
//! is a tested [`ViewError`] and the adapter only converts types. Every change returns one
//! [`MoveResult`]: its events, the rows it changed, the HUD and the tools.

use screwsmith_rules::level::parse_level;
use screwsmith_rules::sim::{GameSim, Move, Status};

use crate::save::{InProgress, SCREWDRIVER_USES};

use super::assist::Assist;
use super::board;
use super::diff::{Before, Diff};
use super::error::{narrow, ViewError};
use super::events::{move_events, undo_events, Event};
use super::move_result::{MoveResult, Tools};
use super::refusal::Refusal;

/// One front-end game: nothing until a level loads.
#[derive(Debug, Clone, Default)]
pub struct Session {
    game: Option<GameSim>,
    /// Screwdriver uses taken this attempt (the player's undo is limited; [`Session::undo`] is not).
    screwdriver_used: u32,
    /// Hints, rewinds and the pending loss of this attempt.
    assist: Assist,
}

impl Session {
    /// Loads one level (or a file holding exactly one). On error the previous game stays as it was.
    pub fn load_json(&mut self, text: &str) -> Result<(), ViewError> {
        let game = GameSim::from_level(parse_level(text)?)?;
        self.game = Some(game);
        self.screwdriver_used = 0;
        self.assist = Assist::default();
        Ok(())
    }

    /// The whole board now (every row, no events): what a view draws first.
    pub fn state(&self) -> Result<MoveResult, ViewError> {
        Ok(MoveResult::full(self.game()?, self.tools()?))
    }

    /// The game, or [`ViewError::NoLevel`].
    pub fn game(&self) -> Result<&GameSim, ViewError> {
        self.game.as_ref().ok_or(ViewError::NoLevel)
    }

    fn game_mut(&mut self) -> Result<&mut GameSim, ViewError> {
        self.game.as_mut().ok_or(ViewError::NoLevel)
    }

    /// What the tools show now.
    fn tools(&self) -> Result<Tools, ViewError> {
        let game = self.game()?;
        Ok(Tools {
            status: game.status(),
            moves: game.moves(),
            wrench_charges: game.wrench_charges(),
            screwdriver_left: self.screwdriver_left(),
            screwdriver_used: self.screwdriver_used,
            screwdriver_ready: self.screwdriver_ready(),
            rescue_ready: self.rescue_ready(),
            rail_free: game.rail().len() - game.rail_occupancy(),
            hints_used: self.assist.hints_used,
            helped: self.assist.helped(),
        })
    }

    /// A finger tap on a screw id.
    pub fn tap(&mut self, screw_id: i64) -> Result<MoveResult, ViewError> {
        self.play(Move::Tap(narrow("screw id", screw_id, 0, u16::MAX)?))
    }

    /// A wrench tap on a screw id.
    pub fn wrench_tap(&mut self, screw_id: i64) -> Result<MoveResult, ViewError> {
        self.play(Move::Wrench(narrow("screw id", screw_id, 0, u16::MAX)?))
    }

    /// The board's tap (by finger, or with the armed wrench): the move's result, or, when the rules
    /// turn it down for a reason a player can cause (covered, locked, a bolt by finger, the wrench on
    /// a normal screw), a result with that [`Refusal`] and nothing moved. Only faults (an id no
    /// screw has) are errors.
    pub fn tap_or_refusal(&mut self, screw_id: i64, wrench: bool) -> Result<MoveResult, ViewError> {
        let id = narrow("screw id", screw_id, 0, u16::MAX)?;
        let mv = if wrench {
            Move::Wrench(id)
        } else {
            Move::Tap(id)
        };
        match self.play(mv) {
            Err(ViewError::Move(e)) => {
                let game = self.game()?;
                let refusal = Refusal::of(game, &e, id).ok_or(ViewError::Move(e))?;
                Ok(MoveResult::refused(game, refusal, self.tools()?))
            }
            other => other,
        }
    }

    fn play(&mut self, mv: Move) -> Result<MoveResult, ViewError> {
        let game = self.game_mut()?;
        let before = Before::of(game);
        let rec = *game.apply(mv)?;
        let diff = before.diff(game);
        let events = move_events(game, &rec, &diff);
        if game.status() == Status::Lost {
            self.assist.lost();
        }
        self.result(events, &diff)
    }

    fn result(&self, events: Vec<Event>, diff: &Diff) -> Result<MoveResult, ViewError> {
        Ok(MoveResult::changed(
            self.game()?,
            events,
            diff,
            self.tools()?,
        ))
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Result<MoveResult, ViewError> {
        let game = self.game_mut()?;
        let before = Before::of(game);
        let rec = game.undo()?;
        let diff = before.diff(game);
        let events = undo_events(game, &rec, &diff);
        if game.status() != Status::Lost {
            self.assist.taken_back();
        }
        self.result(events, &diff)
    }

    /// The player's screwdriver: an undo that only works while playing (a won or lost game stays
    /// finished — its result is already saved) and at most [`SCREWDRIVER_USES`] times per attempt. The
    /// board asks here instead of counting, so the limit is one rule in one place.
    pub fn screwdriver(&mut self) -> Result<MoveResult, ViewError> {
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
        let mut result = self.undo()?;
        self.screwdriver_used += 1;
        // The tools count this use.
        result.tools = self.tools()?;
        Ok(result)
    }

    /// The lose panel's "Undo last move": the screwdriver on the move that filled the rail, while the
    /// loss is not counted yet and a use is left. The game plays on; the loss is then never counted.
    pub fn rescue(&mut self) -> Result<MoveResult, ViewError> {
        let status = self.game()?.status();
        if status != Status::Lost {
            return Err(ViewError::NotLost(status.name()));
        }
        if !self.assist.open() {
            return Err(ViewError::LossCounted);
        }
        if self.screwdriver_left() == 0 {
            return Err(ViewError::ScrewdriverSpent {
                used: self.screwdriver_used,
                uses: SCREWDRIVER_USES,
            });
        }
        let mut result = self.undo()?;
        self.screwdriver_used += 1;
        result.tools = self.tools()?;
        Ok(result)
    }

    /// Whether the lose panel offers the rescue now.
    pub fn rescue_ready(&self) -> bool {
        self.game().is_ok_and(|g| {
            g.status() == Status::Lost && self.assist.open() && self.screwdriver_left() > 0
        })
    }

    /// `true` exactly once for a lost board whose loss is not counted yet: the caller records the loss
    /// in the save now (the player leaves the board, or the app is closed on it). The board then stays
    /// lost. `false` for a board that is not lost or whose loss was already counted.
    pub fn settle_loss(&mut self) -> bool {
        self.game().is_ok_and(|g| g.status() == Status::Lost) && self.assist.settle()
    }

    /// The player was shown a hint: a win from now on earns at most
    /// [`HELPED_MAX_STARS`](crate::save::HELPED_MAX_STARS). A change with no events and no rows (the
    /// board did not move), its tools counting the hint: cheap on the frame the hint arrives in.
    pub fn note_hint(&mut self) -> Result<MoveResult, ViewError> {
        self.game()?;
        self.assist.hints_used = self.assist.hints_used.saturating_add(1);
        self.result(Vec::new(), &Diff::default())
    }

    /// Takes the board back to the point after its first `to` moves (the hint's last winnable point):
    /// exact undos, no screwdriver use, but the attempt counts as helped. Allowed while playing and on a
    /// lost board whose loss is not counted yet. The rows it changed, no events (the view redraws).
    pub fn rewind(&mut self, to: i64) -> Result<MoveResult, ViewError> {
        let game = self.game()?;
        let played = game.moves();
        if game.status() == Status::Won || to < 0 || to > i64::from(played) {
            return Err(ViewError::Rewind { to, played });
        }
        if !self.assist.open() {
            return Err(ViewError::LossCounted);
        }
        let game = self.game_mut()?;
        let before = Before::of(game);
        while i64::from(game.moves()) > to {
            game.undo()?;
        }
        let diff = before.diff(game);
        self.assist.rewound = true;
        self.assist.taken_back();
        self.result(Vec::new(), &diff)
    }

    /// The moves played so far, oldest first (what a hint is asked about).
    pub fn history(&self) -> Result<Vec<screwsmith_rules::sim::Move>, ViewError> {
        Ok(board::history(self.game()?))
    }

    /// Hints shown and rewinds taken this attempt.
    pub fn assist(&self) -> Assist {
        self.assist
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

    /// The attempt to keep when the app goes to the background (none when finished or untouched).
    pub fn in_progress(&self, level: u32) -> Result<Option<InProgress>, ViewError> {
        let kept = InProgress::of(level, self.game()?, self.screwdriver_used);
        Ok(kept.map(|k| InProgress {
            hints_used: self.assist.hints_used,
            rewound: self.assist.rewound,
            ..k
        }))
    }

    /// The attempt while it is played (any number of moves), as the journal records it; `None` on a
    /// won or lost board or before a level loads.
    pub fn attempt(&self, level: u32) -> Option<InProgress> {
        let game = self.game.as_ref()?;
        let board = screwsmith_gen::library::board_key(game.level().data());
        self.attempt_on(level, board)
    }

    /// [`Session::attempt`] on a board whose key is known (the journal's, every move).
    pub fn attempt_on(&self, level: u32, board: String) -> Option<InProgress> {
        let kept =
            InProgress::playing_on(level, board, self.game.as_ref()?, self.screwdriver_used)?;
        Some(InProgress {
            hints_used: self.assist.hints_used,
            rewound: self.assist.rewound,
            ..kept
        })
    }

    /// Loads `text` and replays the saved attempt on it: the whole board as it was (no events).
    /// A save that does not replay is a [`ViewError::Resume`] and leaves the level at its start.
    pub fn resume(&mut self, text: &str, saved: &InProgress) -> Result<MoveResult, ViewError> {
        self.load_json(text)?;
        saved.replay(self.game_mut()?)?;
        self.screwdriver_used = saved.screwdriver_used.min(SCREWDRIVER_USES);
        self.assist.hints_used = saved.hints_used;
        self.assist.rewound = saved.rewound;
        self.state()
    }

    /// Undoes every move and gives the screwdriver back (a new attempt): the rows it changed, no
    /// events (the view redraws without animating).
    pub fn restart(&mut self) -> Result<MoveResult, ViewError> {
        let game = self.game_mut()?;
        let before = Before::of(game);
        game.restart();
        let diff = before.diff(game);
        self.screwdriver_used = 0;
        self.assist = Assist::default();
        self.result(Vec::new(), &diff)
    }
}
