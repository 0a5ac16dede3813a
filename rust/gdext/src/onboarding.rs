//! The first hour's introductions: `SaveData.intro_cards` / `mark_intro_seen` /
//! `reset_intros` / `wants_guide` and `GameSim.guide_step`. What a level introduces and where level 1's
//! pointer goes are `screwsmith_play::onboarding`'s (with the save's `save::intros`); here only types
//! are converted.

use godot::prelude::*;
use screwsmith_play::onboarding::{first_levels, guide};
use screwsmith_play::save::{number_arg, SaveError};

use crate::game_sim::GameSim;
use crate::level_library::LevelLibrary;
use crate::save_data::SaveData;

#[godot_api(secondary)]
impl SaveData {
    /// The introduction cards to show before playing the level loaded in `sim` as level `n` (`n` ≤ 0:
    /// a Daily Bench, never the wall), in order, as ids ("wall", "crate3", "rail4", "rail3", "hidden",
    /// "rusty", "bolt"); the ones already seen are left out. Empty before a level loads.
    #[func]
    fn intro_cards(&self, sim: Gd<GameSim>, n: i64) -> PackedStringArray {
        crate::calls::count();
        let number = u32::try_from(n).ok().filter(|&n| n >= 1);
        let sim = sim.bind();
        let Ok(game) = sim.session().game() else {
            return PackedStringArray::new();
        };
        self.data
            .intro_cards(game.level().data(), number)
            .iter()
            .map(|card| GString::from(card.id()))
            .collect()
    }

    /// What the Daily Bench `level_json` carries that the player has not met in the levels of
    /// `library`: `{card, level}` (the card's id and the level that introduces it), or `{}` when the
    /// bench can be played. A bench that cannot be read is `{}` here: loading it will say why.
    #[func]
    fn daily_unmet(&self, level_json: GString, library: Gd<LevelLibrary>) -> VarDictionary {
        crate::calls::count();
        let Ok(bench) = screwsmith_rules::level::parse_level(&level_json.to_string()) else {
            return VarDictionary::new();
        };
        let bound = library.bind();
        let Some(set) = bound.library.as_ref() else {
            return VarDictionary::new();
        };
        match self.data.daily_unmet(&bench, &first_levels(set)) {
            Some(unmet) => vdict! { "card" => unmet.card.id(), "level" => i64::from(unmet.level) },
            None => VarDictionary::new(),
        }
    }

    /// Whether level `n` starts with the guided taps (level 1 until the guide was done once).
    #[func]
    fn wants_guide(&self, n: i64) -> bool {
        crate::calls::count();
        number_arg("level", n).is_ok_and(|n| self.data.wants_guide(n))
    }

    /// Marks a card (or "guide") as seen and writes the file. False on an unknown id (`last_error()`).
    #[func]
    fn mark_intro_seen(&mut self, id: GString) -> bool {
        crate::calls::count();
        let id = id.to_string();
        self.change("SaveData.mark_intro_seen", |d| d.mark_intro_seen(&id))
            .is_some()
    }

    /// "Show introductions again": every card and level 1's guide show again; writes the file.
    #[func]
    fn reset_intros(&mut self) -> bool {
        crate::calls::count();
        self.change("SaveData.reset_intros", |d| {
            d.reset_intros();
            Ok::<(), SaveError>(())
        })
        .is_some()
    }
}

#[godot_api(secondary)]
impl GameSim {
    /// Level 1's guide now: `{step: "crate"|"rail"|"done", screw}` — the screw to point at (-1: none
    /// right now, or done). "done" once the player has made a crate move and a rail move (or the game
    /// is over). `{}` before a level loads.
    #[func]
    fn guide_step(&self) -> VarDictionary {
        crate::calls::count();
        match self.session().game() {
            Ok(game) => {
                let step = guide::step(game);
                vdict! {
                    "step" => &GString::from(step.name()),
                    "screw" => step.screw().map_or(-1, i64::from),
                }
            }
            Err(_) => VarDictionary::new(),
        }
    }
}
