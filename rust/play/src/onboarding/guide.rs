//! Level 1's guided taps: first a pointer on a screw whose crate is open (it goes straight in), then on
//! one that must go to the rail. The pointer is chosen from the live game, and the guide lets go once
//! the player has made each kind of move — whichever screws they tapped.
//!
//! Why from the game's history and not a counter the board keeps: the history is what the rules did
//! (an undone move no longer counts, a restart starts the guide over), and the board cannot get it
//! wrong.

use screwsmith_rules::level::ScrewKind;
use screwsmith_rules::sim::{Dest, GameSim, Status};

/// The level that guides its first taps.
pub const GUIDED_LEVEL: u32 = 1;
/// The guide's id in the save's set of seen introductions (done once, replayable with the cards).
pub const GUIDE_ID: &str = "guide";

/// What the guide points at now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GuideStep {
    /// Tap this screw (id): its crate is open, so it goes straight into it.
    Crate(u16),
    /// Tap this screw (id): no open crate takes it, so it waits on the rail.
    Rail(u16),
    /// The player still has a move of this kind to make ("crate" or "rail" step), but no screw on the
    /// board would make it right now (the pointer hides until one does).
    Waiting(&'static str),
    /// The player has made both kinds of move (or the game is over): the guide lets go.
    Done,
}

impl GuideStep {
    /// The step's name for the game: "crate", "rail" or "done".
    pub fn name(self) -> &'static str {
        match self {
            GuideStep::Crate(_) => "crate",
            GuideStep::Rail(_) => "rail",
            GuideStep::Waiting(step) => step,
            GuideStep::Done => "done",
        }
    }

    /// The screw to point at, if any.
    pub fn screw(self) -> Option<u16> {
        match self {
            GuideStep::Crate(id) | GuideStep::Rail(id) => Some(id),
            GuideStep::Waiting(_) | GuideStep::Done => None,
        }
    }
}

/// The guide's step in `game` now: the crate move first, then the rail move; each is done once the
/// history holds a move of its kind.
pub fn step(game: &GameSim) -> GuideStep {
    let history = game.history();
    let made_crate = history.iter().any(|r| matches!(r.dest(), Dest::Crate(_)));
    let made_rail = history.iter().any(|r| matches!(r.dest(), Dest::Rail(_)));
    if (made_crate && made_rail) || game.status() != Status::Playing {
        return GuideStep::Done;
    }
    let into_crate = !made_crate;
    match pointed_screw(game, into_crate) {
        Some(id) if into_crate => GuideStep::Crate(id),
        Some(id) => GuideStep::Rail(id),
        None => GuideStep::Waiting(if into_crate { "crate" } else { "rail" }),
    }
}

/// The first screw (level order) a plain tap would send into an open crate (`into_crate`) or onto the
/// rail: one the player can tap and whose colour they know, not a bolt (the wrench's), a locked screw
/// (its key is still on the board: the tap is refused) nor an unloosened rusty screw (its first tap only
/// loosens it). Onto the rail only while the rail has room (a tap on a
/// full rail loses the level — never the guide's advice).
fn pointed_screw(game: &GameSim, into_crate: bool) -> Option<u16> {
    let level = game.level();
    let rail_room = game.rail_occupancy() < game.rail().len();
    level.screws().iter().enumerate().find_map(|(i, s)| {
        let i = i as u8;
        let tappable = game.is_accessible(i)
            && !game.is_locked(i)
            && game.is_known(i)
            && s.kind != ScrewKind::Bolt
            && (s.kind != ScrewKind::Rusty || game.touches(i) > 0);
        let to_crate = game.crate_accepts(s.color);
        let fits = if into_crate {
            to_crate
        } else {
            !to_crate && rail_room
        };
        (tappable && fits).then_some(s.id)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use screwsmith_gen::library::Library;

    fn level(n: u32) -> GameSim {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
        let lib = Library::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
        GameSim::from_level(lib.level(n).unwrap().clone()).unwrap()
    }

    fn dest_of(game: &GameSim, id: u16) -> Dest {
        let mut probe = game.clone();
        probe.tap(id).unwrap().dest()
    }

    /// Level 1 from its start: the pointer's screw goes into a crate; once it has, the next pointer's
    /// goes onto the rail; once that has, the guide is done.
    #[test]
    fn level_1_points_at_a_crate_move_then_a_rail_move() {
        let mut game = level(GUIDED_LEVEL);
        let GuideStep::Crate(first) = step(&game) else {
            panic!("{:?}", step(&game))
        };
        assert!(matches!(dest_of(&game, first), Dest::Crate(_)));
        game.tap(first).unwrap();
        let GuideStep::Rail(second) = step(&game) else {
            panic!("{:?}", step(&game))
        };
        assert!(matches!(dest_of(&game, second), Dest::Rail(_)));
        game.tap(second).unwrap();
        assert_eq!(step(&game), GuideStep::Done);
    }

    /// The player taps something else: the guide follows the game. A rail move first leaves the crate
    /// step; an undo takes a step back; a restart starts over.
    #[test]
    fn the_guide_follows_what_the_player_really_did() {
        let mut game = level(GUIDED_LEVEL);
        let rail_first = pointed_screw(&game, false).expect("level 1 has a rail move at its start");
        game.tap(rail_first).unwrap();
        let GuideStep::Crate(id) = step(&game) else {
            panic!("{:?}", step(&game))
        };
        assert!(matches!(dest_of(&game, id), Dest::Crate(_)));
        game.tap(id).unwrap();
        assert_eq!(step(&game), GuideStep::Done);
        game.undo().unwrap();
        assert_eq!(step(&game).name(), "crate");
        game.restart();
        assert!(matches!(step(&game), GuideStep::Crate(_)));
    }

    /// Never a screw the player cannot tap or whose colour is unknown: on every level's start, the
    /// pointed screw is accessible, known, and goes where the step says.
    #[test]
    fn the_pointer_is_always_a_legal_tap_that_does_what_it_says() {
        for n in 1..=60 {
            let game = level(n);
            for into_crate in [true, false] {
                if let Some(id) = pointed_screw(&game, into_crate) {
                    let i = game.level().screw_index(id).unwrap();
                    assert!(game.is_accessible(i) && game.is_known(i), "level {n}");
                    let dest = dest_of(&game, id);
                    assert_eq!(
                        matches!(dest, Dest::Crate(_)),
                        into_crate,
                        "level {n}: {dest:?}"
                    );
                    assert!(!matches!(dest, Dest::Lost | Dest::Loosened), "level {n}");
                }
            }
        }
    }

    #[test]
    fn a_finished_game_needs_no_guide() {
        let mut game = level(GUIDED_LEVEL);
        let solution = game.level().data().measure.clone().unwrap().solution;
        for mv in solution {
            game.apply(mv).unwrap();
        }
        assert_eq!(game.status(), Status::Won);
        assert_eq!(step(&game), GuideStep::Done);
        assert_eq!(GuideStep::Done.screw(), None);
    }
}
