//! Which introductions the player has seen: each card (and level 1's guide) shows once, and the
//! settings can show them all again. What a level introduces is `onboarding`'s; the save only
//! remembers.

use std::collections::BTreeMap;

use screwsmith_rules::level::LevelData;

use super::data::SaveData;
use super::error::SaveError;
use crate::onboarding::{bench_gate, Intro, Unmet, GUIDED_LEVEL, GUIDE_ID};

impl SaveData {
    /// The cards to show before playing `level` as level `number` (`None`: a Daily Bench), in order.
    pub fn intro_cards(&self, level: &LevelData, number: Option<u32>) -> Vec<Intro> {
        Intro::cards_for(level, number, &self.seen_intros)
    }

    /// What the Daily Bench `bench` carries that this player has not met in the levels (`firsts`: each
    /// card's first level in the baked set): its card is seen, or that level won.
    pub fn daily_unmet(&self, bench: &LevelData, firsts: &BTreeMap<Intro, u32>) -> Option<Unmet> {
        bench_gate::unmet(bench, firsts, |card, level| {
            self.seen_intros.contains(card.id()) || self.is_done(level)
        })
    }

    /// Whether level `n` starts with the guided taps (level 1, until the guide was done once).
    pub fn wants_guide(&self, n: u32) -> bool {
        n == GUIDED_LEVEL && !self.seen_intros.contains(GUIDE_ID)
    }

    /// Marks the card (or the guide) called `id` as seen. An unknown id is a typo in a script, refused.
    pub fn mark_intro_seen(&mut self, id: &str) -> Result<(), SaveError> {
        if id != GUIDE_ID && Intro::from_id(id).is_none() {
            return Err(SaveError::Invalid(format!("no introduction called {id:?}")));
        }
        self.seen_intros.insert(id.to_string());
        Ok(())
    }

    /// "Show introductions again": every card and the guide show again.
    pub fn reset_intros(&mut self) {
        self.seen_intros.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(rail_slots: u8, hidden: bool) -> LevelData {
        let mut text = r#"{"number":1,"seed":1,"machine":0,"band":1,"width":3,"height":1,"rail_slots":5,
            "colors":[0],"parts":[{"id":1,"layer":0,"rest":[[0,0],[1,0],[2,0]]}],
            "screws":[{"id":1,"part":1,"cell":[0,0],"color":0},{"id":2,"part":1,"cell":[1,0],"color":0},
            {"id":3,"part":1,"cell":[2,0],"color":0,"hidden":HIDDEN}]}"#
            .replace("HIDDEN", if hidden { "true" } else { "false" });
        text = text.replace("\"rail_slots\":5", &format!("\"rail_slots\":{rail_slots}"));
        screwsmith_rules::level::parse_level(&text).unwrap()
    }

    #[test]
    fn a_card_shows_until_it_is_marked_and_again_after_a_reset() {
        let mut save = SaveData::default();
        let board = level(4, true);
        assert_eq!(save.intro_cards(&board, Some(9)), vec![Intro::Rail4]);
        save.mark_intro_seen("rail4").unwrap();
        assert_eq!(save.intro_cards(&board, Some(9)), vec![Intro::Hidden]);
        save.mark_intro_seen("hidden").unwrap();
        assert!(save.intro_cards(&board, Some(9)).is_empty());
        assert!(save.intro_cards(&level(5, false), Some(2)).is_empty());
        save.reset_intros();
        assert_eq!(save.intro_cards(&board, Some(9)), vec![Intro::Rail4]);
    }

    #[test]
    fn a_bench_waits_until_its_screws_were_met_and_a_reset_does_not_unmeet_them() {
        let mut save = SaveData::default();
        let bench = level(5, true);
        let firsts: BTreeMap<Intro, u32> = [(Intro::Hidden, 2)].into();
        assert_eq!(
            save.daily_unmet(&bench, &firsts),
            Some(Unmet {
                card: Intro::Hidden,
                level: 2
            })
        );
        save.mark_intro_seen("hidden").unwrap();
        assert_eq!(save.daily_unmet(&bench, &firsts), None, "its card was seen");
        save.reset_intros();
        assert!(save.daily_unmet(&bench, &firsts).is_some());
        save.record_win(1, 0, false).unwrap();
        save.record_win(2, 0, false).unwrap();
        save.reset_intros();
        assert_eq!(save.daily_unmet(&bench, &firsts), None, "its level was won");
    }

    #[test]
    fn the_guide_runs_on_level_1_until_done() {
        let mut save = SaveData::default();
        assert!(save.wants_guide(1));
        assert!(!save.wants_guide(2));
        save.mark_intro_seen(GUIDE_ID).unwrap();
        assert!(!save.wants_guide(1));
        save.reset_intros();
        assert!(save.wants_guide(1));
    }

    #[test]
    fn an_unknown_card_is_refused() {
        let mut save = SaveData::default();
        assert!(matches!(
            save.mark_intro_seen("hiden"),
            Err(SaveError::Invalid(_))
        ));
        assert!(save.seen_intros.is_empty());
    }

    /// Every card's id is one the save takes (the lock's and the bomb's too), and "Show
    /// introductions again" brings each of them back.
    #[test]
    fn every_card_is_marked_and_reset() {
        let mut save = SaveData::default();
        for intro in Intro::ALL {
            save.mark_intro_seen(intro.id()).unwrap();
        }
        assert!(save.seen_intros.contains("lock") && save.seen_intros.contains("bomb"));
        assert_eq!(save.seen_intros.len(), Intro::ALL.len());
        save.reset_intros();
        assert!(save.seen_intros.is_empty());
    }

    /// Saves from before the cards load with nothing seen; the set survives a round trip, and a newer
    /// build's card name is carried, not refused.
    #[test]
    fn old_saves_load_and_the_set_round_trips() {
        let old = r#"{"version":1,"levels":{"3":{"stars":2,"wins":1}},"settings":{"sound":false}}"#;
        let data = SaveData::from_json(old).unwrap();
        assert!(data.seen_intros.is_empty());
        assert!(data.wants_guide(1));
        assert!(
            !data.to_json().contains("seen_intros"),
            "nothing to write yet"
        );
        let mut data = data;
        data.mark_intro_seen("bolt").unwrap();
        data.mark_intro_seen(GUIDE_ID).unwrap();
        let back = SaveData::from_json(&data.to_json()).unwrap();
        assert_eq!(back, data);
        let newer = r#"{"version":1,"seen_intros":["bolt","magnet"]}"#;
        let data = SaveData::from_json(newer).unwrap();
        assert!(data.seen_intros.contains("magnet"));
    }
}
