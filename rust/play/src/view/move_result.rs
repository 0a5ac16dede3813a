//! [`MoveResult`]: everything one move, undo or restart tells the view, in one value.
//!
//! The adapter returns it from the one call that made the change, as one Dictionary: the ordered
//! events to play, the screw and part rows that changed, the HUD's crates, queue and rail after the
//! change, and the counters the tools show. A view needs no further call to draw or animate a move
//! (each call across the engine boundary costs 13–30 µs in a debug build, and the order of separate
//! signals was a contract of its own).

use screwsmith_rules::sim::{GameSim, Status};

use super::board::{self, CrateView, PartView, ScrewView};
use super::diff::Diff;
use super::events::Event;
use super::refusal::Refusal;

/// What the tool buttons and the counters show after a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tools {
    pub status: Status,
    /// Moves made (a loosening tap counts).
    pub moves: u32,
    pub wrench_charges: u8,
    pub screwdriver_left: u32,
    /// Screwdriver uses taken this attempt (stars are earned by it).
    pub screwdriver_used: u32,
    /// Whether the screwdriver would work now.
    pub screwdriver_ready: bool,
    /// Whether the lose panel offers "Undo last move" (a lost board, its loss not counted, a use left).
    pub rescue_ready: bool,
    /// Free rail places: 1 is the nearly-full rail the HUD warns about.
    pub rail_free: u8,
    /// Hints shown this attempt.
    pub hints_used: u32,
    /// Whether a hint or a rewind helped this attempt (a win then earns at most 2 stars).
    pub helped: bool,
}

/// How loudly the rail warns: one free place is a warning, no free place the strongest one (the next
/// screw that finds no crate loses the level).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RailState {
    Safe,
    OneFree,
    Full,
}

impl RailState {
    /// The name GDScript reads (`rail_state` of a result).
    pub fn name(self) -> &'static str {
        match self {
            RailState::Safe => "safe",
            RailState::OneFree => "one_free",
            RailState::Full => "full",
        }
    }
}

impl Tools {
    /// One free place left while the game is on: the HUD shows the rail as nearly full.
    pub fn rail_nearly_full(&self) -> bool {
        self.rail_state() == RailState::OneFree
    }

    /// The rail's warning. A full rail stays full on the board it lost (it is why it was lost); a won
    /// board's rail is safe.
    pub fn rail_state(&self) -> RailState {
        match (self.status, self.rail_free) {
            (Status::Won, _) => RailState::Safe,
            (_, 0) => RailState::Full,
            (Status::Playing, 1) => RailState::OneFree,
            _ => RailState::Safe,
        }
    }
}

/// One change, as the view plays and draws it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveResult {
    /// What to animate, in order (empty for a restart or a full state).
    pub events: Vec<Event>,
    /// Screw rows that changed, in file order (every screw in a full state).
    pub screws: Vec<ScrewView>,
    /// Part rows that changed, in file order (every part in a full state).
    pub parts: Vec<PartView>,
    /// The active crate slots after the change.
    pub crates: Vec<CrateView>,
    /// Colours of the crates still queued, next first.
    pub queue: Vec<u8>,
    /// Colour per rail place, -1 where free.
    pub rail: Vec<i32>,
    pub tools: Tools,
    /// Why a tap did nothing (no events, no rows then), `None` for a change.
    pub refusal: Option<Refusal>,
}

impl MoveResult {
    /// The result of a change: the rows `diff` names, the HUD rows and the tools as `sim` is now.
    pub fn changed(sim: &GameSim, events: Vec<Event>, diff: &Diff, tools: Tools) -> Self {
        MoveResult {
            events,
            screws: diff.screws.iter().map(|&i| board::screw(sim, i)).collect(),
            parts: diff
                .parts
                .iter()
                .map(|c| board::part(sim, c.part))
                .collect(),
            ..Self::hud(sim, tools)
        }
    }

    /// The whole board as `sim` is now, with no events: what a view draws first.
    pub fn full(sim: &GameSim, tools: Tools) -> Self {
        MoveResult {
            screws: board::screws(sim),
            parts: board::parts(sim),
            ..Self::hud(sim, tools)
        }
    }

    /// A refused tap: nothing moved (no events, no rows), the HUD and tools as they are, and why.
    pub fn refused(sim: &GameSim, refusal: Refusal, tools: Tools) -> Self {
        MoveResult {
            refusal: Some(refusal),
            ..Self::hud(sim, tools)
        }
    }

    fn hud(sim: &GameSim, tools: Tools) -> Self {
        MoveResult {
            refusal: None,
            events: Vec::new(),
            screws: Vec::new(),
            parts: Vec::new(),
            crates: board::crates(sim),
            queue: sim.queue_preview().to_vec(),
            rail: board::rail_colors(sim),
            tools,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tools(status: Status, rail_free: u8) -> Tools {
        Tools {
            status,
            moves: 3,
            wrench_charges: 0,
            screwdriver_left: 3,
            screwdriver_used: 0,
            screwdriver_ready: true,
            rescue_ready: false,
            rail_free,
            hints_used: 0,
            helped: false,
        }
    }

    #[test]
    fn a_full_rail_is_the_loudest_warning_and_one_free_place_the_next() {
        let state = |status, free| tools(status, free).rail_state();
        assert_eq!(state(Status::Playing, 3), RailState::Safe);
        assert_eq!(state(Status::Playing, 2), RailState::Safe);
        assert_eq!(state(Status::Playing, 1), RailState::OneFree);
        assert_eq!(state(Status::Playing, 0), RailState::Full);
        assert_eq!(state(Status::Lost, 0), RailState::Full, "why it was lost");
        assert_eq!(state(Status::Lost, 1), RailState::Safe);
        assert_eq!(state(Status::Won, 0), RailState::Safe);
        assert!(tools(Status::Playing, 1).rail_nearly_full());
        assert!(!tools(Status::Playing, 0).rail_nearly_full());
        let names = [RailState::Safe, RailState::OneFree, RailState::Full].map(RailState::name);
        assert_eq!(names, ["safe", "one_free", "full"]);
    }
}
