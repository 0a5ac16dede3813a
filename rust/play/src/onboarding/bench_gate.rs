//! A Daily Bench never teaches: it is the same board for every player and scored against them, so
//! it is the wrong place to meet a screw for the first time. A bench that carries something the
//! player has not met in the levels waits, and names the level that introduces it; the card stays
//! with that level, where the curve meets the player gently.
//!
//! "Met" is the card seen or the level that introduces it won: a player who asked to see the
//! introductions again has still met what they won.

use std::collections::BTreeMap;

use screwsmith_rules::level::LevelData;

use super::intro::Intro;

/// A mechanic on the bench the player has not met, and the level that introduces it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unmet {
    pub card: Intro,
    pub level: u32,
}

/// The first thing `bench` carries (in the cards' order) that the player has not met: `met(card,
/// level)` says whether the card whose first level in the baked set is `level` was met. A mechanic
/// no baked level carries has no level to send the player to, and never holds the bench back.
pub fn unmet(
    bench: &LevelData,
    firsts: &BTreeMap<Intro, u32>,
    met: impl Fn(Intro, u32) -> bool,
) -> Option<Unmet> {
    Intro::ALL
        .into_iter()
        .filter(|card| card.present_in(bench, None))
        .filter_map(|card| firsts.get(&card).map(|&level| Unmet { card, level }))
        .find(|u| !met(u.card, u.level))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bench(fields: &str) -> LevelData {
        let text = format!(
            r#"{{"number":1,"seed":1,"machine":0,"band":1,"width":3,"height":1,"rail_slots":5,
            "colors":[0],"parts":[{{"id":1,"layer":0,"rest":[[0,0],[1,0],[2,0]]}}],
            "screws":[{{"id":1,"part":1,"cell":[0,0],"color":0{fields}}},
            {{"id":2,"part":1,"cell":[1,0],"color":0}},{{"id":3,"part":1,"cell":[2,0],"color":0}}]}}"#
        );
        screwsmith_rules::level::parse_level(&text).unwrap()
    }

    fn firsts() -> BTreeMap<Intro, u32> {
        [(Intro::Hidden, 7), (Intro::Bolt, 17)].into()
    }

    #[test]
    fn a_plain_bench_waits_for_nothing() {
        assert_eq!(unmet(&bench(""), &firsts(), |_, _| false), None);
    }

    #[test]
    fn an_unmet_screw_names_the_level_that_introduces_it() {
        let hidden = bench(r#","hidden":true"#);
        assert_eq!(
            unmet(&hidden, &firsts(), |_, _| false),
            Some(Unmet {
                card: Intro::Hidden,
                level: 7
            })
        );
        assert_eq!(
            unmet(&hidden, &firsts(), |card, _| card == Intro::Hidden),
            None
        );
    }

    #[test]
    fn a_mechanic_no_level_carries_never_holds_the_bench() {
        let rusty = bench(r#","kind":"rusty""#);
        assert_eq!(unmet(&rusty, &firsts(), |_, _| false), None);
    }
}
