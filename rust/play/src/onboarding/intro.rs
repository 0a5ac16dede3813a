//! The one-card introductions: a mechanic's card the first time the player meets it, and the wall's.
//!
//! Why "the level carries it and the player has not seen its card" and not "the level is the
//! mechanic's first": a player going through the baked set in order meets each card exactly on the
//! mechanic's first level ([`first_levels`] derives those from the data; tested on the shipped set),
//! and a board that reaches a player by another way (a Daily Bench before level 17, a save from before
//! the cards existed) still explains what it shows instead of leaving a '?' or a bolt unexplained.

use std::collections::{BTreeMap, BTreeSet};

use screwsmith_gen::curve::WALL_LEVEL;
use screwsmith_gen::library::Library;
use screwsmith_rules::level::{LevelData, ScrewKind};

/// One introduction card. The order is the order the cards of one level are shown in: the wall first
/// (it frames the level), then what the board is built of, then its screws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Intro {
    /// The level the difficulty curve calls the wall: harder from here.
    Wall,
    /// A third crate on the belt.
    ThirdCrate,
    /// A rail of 4 places (the usual rail has 5).
    Rail4,
    /// A rail of 3 places.
    Rail3,
    /// A hidden screw: a grey '?' whose colour shows when it comes out.
    Hidden,
    /// A rusty screw: the first tap loosens it, the second takes it out.
    Rusty,
    /// A bolt: only the wrench turns it, one charge per bolt.
    Bolt,
}

impl Intro {
    /// Every card, in the order a level shows them.
    pub const ALL: [Intro; 7] = [
        Intro::Wall,
        Intro::ThirdCrate,
        Intro::Rail4,
        Intro::Rail3,
        Intro::Hidden,
        Intro::Rusty,
        Intro::Bolt,
    ];

    /// The card's name in the save and for the game (it picks the art and the text by it).
    pub fn id(self) -> &'static str {
        match self {
            Intro::Wall => "wall",
            Intro::ThirdCrate => "crate3",
            Intro::Rail4 => "rail4",
            Intro::Rail3 => "rail3",
            Intro::Hidden => "hidden",
            Intro::Rusty => "rusty",
            Intro::Bolt => "bolt",
        }
    }

    /// The card called `id`, if any.
    pub fn from_id(id: &str) -> Option<Intro> {
        Intro::ALL.into_iter().find(|i| i.id() == id)
    }

    /// Whether the board `level`, played as level `number` (`None`: not a numbered level — the Daily
    /// Bench), shows what this card explains. Read from the board itself: its screws, rail and crates.
    pub fn present_in(self, level: &LevelData, number: Option<u32>) -> bool {
        match self {
            Intro::Wall => number == Some(WALL_LEVEL),
            Intro::ThirdCrate => level.crate_slots >= 3,
            Intro::Rail4 => level.rail_slots == 4,
            Intro::Rail3 => level.rail_slots == 3,
            Intro::Hidden => level.screws.iter().any(|s| s.hidden),
            Intro::Rusty => level.screws.iter().any(|s| s.kind == ScrewKind::Rusty),
            Intro::Bolt => level.screws.iter().any(|s| s.kind == ScrewKind::Bolt),
        }
    }

    /// The cards to show before play on `level` (played as `number`), in order: those it carries whose
    /// id is not in `seen`.
    pub fn cards_for(
        level: &LevelData,
        number: Option<u32>,
        seen: &BTreeSet<String>,
    ) -> Vec<Intro> {
        Intro::ALL
            .into_iter()
            .filter(|i| i.present_in(level, number) && !seen.contains(i.id()))
            .collect()
    }
}

/// The first level number of the baked set on which each card's subject appears (a card whose subject
/// never appears is absent): where a player going in order sees each card.
/// A level the set cannot read counts for no card.
pub fn first_levels(library: &Library) -> BTreeMap<Intro, u32> {
    let mut firsts = BTreeMap::new();
    for level in library.levels().flatten() {
        for intro in Intro::ALL {
            if intro.present_in(level, Some(level.number)) {
                firsts.entry(intro).or_insert(level.number);
            }
        }
    }
    firsts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> Library {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
        Library::from_json(&std::fs::read_to_string(path).expect("baked levels")).expect("valid")
    }

    #[test]
    fn ids_round_trip() {
        for intro in Intro::ALL {
            assert_eq!(Intro::from_id(intro.id()), Some(intro));
        }
        assert_eq!(Intro::from_id("guide"), None);
        assert_eq!(Intro::from_id(""), None);
    }

    /// The shipped set's firsts, derived from its data: '?' on 7, rusty on 11, bolts on 17, the wall
    /// with its rail of 3 and third crate on 36, the first rail of 4 later.
    #[test]
    fn the_shipped_firsts_are_derived_from_the_data() {
        let firsts = first_levels(&shipped());
        assert_eq!(firsts[&Intro::Hidden], 7);
        assert_eq!(firsts[&Intro::Rusty], 11);
        assert_eq!(firsts[&Intro::Bolt], 17);
        assert_eq!(firsts[&Intro::Wall], 36);
        assert_eq!(firsts[&Intro::Rail3], 36);
        assert_eq!(firsts[&Intro::ThirdCrate], 36);
        assert!(firsts[&Intro::Rail4] > 36, "{firsts:?}");
        assert_eq!(firsts.len(), Intro::ALL.len());
    }

    /// A player going through levels 1–200 in order, marking each card seen when shown, sees every
    /// card exactly once, on its first level, and levels 1–6 show none.
    #[test]
    fn a_player_in_order_sees_each_card_once_on_its_first_level() {
        let lib = shipped();
        let firsts = first_levels(&lib);
        let mut seen = BTreeSet::new();
        let mut shown: BTreeMap<Intro, Vec<u32>> = BTreeMap::new();
        for n in 1..=lib.count() as u32 + 20 {
            let level = lib.level(n).unwrap();
            for card in Intro::cards_for(level, Some(n), &seen) {
                shown.entry(card).or_default().push(n);
                seen.insert(card.id().to_string());
            }
        }
        for (card, levels) in &shown {
            assert_eq!(levels, &vec![firsts[card]], "{card:?}");
        }
        assert_eq!(shown.len(), Intro::ALL.len());
        assert!(shown.values().all(|l| l[0] >= 7));
    }

    /// Switch that breaks it: with nothing marked seen, every level carrying a mechanic shows its card
    /// again (the test above would see many levels per card).
    #[test]
    fn unseen_cards_come_back_on_every_level_that_carries_them() {
        let lib = shipped();
        let none = BTreeSet::new();
        let level = lib.level(12).unwrap();
        assert_eq!(
            Intro::cards_for(level, Some(12), &none),
            vec![Intro::Hidden, Intro::Rusty]
        );
        let seen: BTreeSet<String> = ["hidden".to_string()].into();
        assert_eq!(Intro::cards_for(level, Some(12), &seen), vec![Intro::Rusty]);
    }

    /// The wall is a level number (the curve's), not a board: the same board as a Daily Bench or
    /// another number is not the wall; level 36 shows the wall card first.
    #[test]
    fn the_wall_is_the_curves_level() {
        let lib = shipped();
        let wall = lib.level(WALL_LEVEL).unwrap();
        let none = BTreeSet::new();
        let cards = Intro::cards_for(wall, Some(WALL_LEVEL), &none);
        assert_eq!(cards[0], Intro::Wall);
        assert!(!Intro::cards_for(wall, None, &none).contains(&Intro::Wall));
        assert!(!Intro::cards_for(wall, Some(37), &none).contains(&Intro::Wall));
    }
}
