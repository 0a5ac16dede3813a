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
    /// A locked screw: it cannot be turned while the screw holding its key is on the board.
    Lock,
    /// A countdown bomb: its number counts the moves made while nothing covers it; at 0 the level
    /// is lost.
    Bomb,
}

impl Intro {
    /// Every card, in the order a level shows them.
    pub const ALL: [Intro; 9] = [
        Intro::Wall,
        Intro::ThirdCrate,
        Intro::Rail4,
        Intro::Rail3,
        Intro::Hidden,
        Intro::Rusty,
        Intro::Bolt,
        Intro::Lock,
        Intro::Bomb,
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
            Intro::Lock => "lock",
            Intro::Bomb => "bomb",
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
            Intro::Lock => level.screws.iter().any(|s| s.locked_by.is_some()),
            Intro::Bomb => level.screws.iter().any(|s| s.bomb.is_some()),
        }
    }

    /// The card to show before play on `level` (played as `number`): the first of those it carries
    /// whose id is not in `seen`, or none. One new idea at a time: a board that carries several unseen
    /// things introduces the first, and each of the others waits for the next board that carries it
    /// (three cards in a row are read as one wall of text and skipped). A `Vec` of at most one, so the
    /// view iterates it like any list.
    pub fn cards_for(
        level: &LevelData,
        number: Option<u32>,
        seen: &BTreeSet<String>,
    ) -> Vec<Intro> {
        Intro::ALL
            .into_iter()
            .find(|i| i.present_in(level, number) && !seen.contains(i.id()))
            .into_iter()
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
    use screwsmith_gen::mechanics;
    use screwsmith_rules::sim::{GameSim, Status};

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

    /// The shipped set's firsts, derived from its data: '?' on 7, rusty on 11, bolts on 17, a lock on
    /// the generator's `LOCKS_FROM` (23) and a bomb on its `BOMBS_FROM` (29), the wall with its rail of
    /// 3 and third crate on 36, the first rail of 4 later.
    #[test]
    fn the_shipped_firsts_are_derived_from_the_data() {
        let firsts = first_levels(&shipped());
        assert_eq!(firsts[&Intro::Hidden], 7);
        assert_eq!(firsts[&Intro::Rusty], 11);
        assert_eq!(firsts[&Intro::Bolt], 17);
        assert_eq!(firsts[&Intro::Wall], 36);
        assert_eq!(firsts[&Intro::Rail3], 36);
        assert_eq!(firsts[&Intro::ThirdCrate], 36);
        assert_eq!(firsts[&Intro::Lock], mechanics::LOCKS_FROM);
        assert_eq!(firsts[&Intro::Bomb], mechanics::BOMBS_FROM);
        assert!(firsts[&Intro::Rail4] > 36, "{firsts:?}");
        for intro in Intro::ALL {
            assert!(firsts.contains_key(&intro), "{intro:?}: {firsts:?}");
        }
    }

    /// A player going through levels 1–200 in order, marking each card seen when shown, sees every
    /// card exactly once and never two before one board. A card shows on its first level, or later
    /// only because each level from its first one up to where it shows introduced another card;
    /// levels 1–6 show none.
    #[test]
    fn a_player_in_order_sees_one_card_at_a_time_each_once() {
        let lib = shipped();
        let firsts = first_levels(&lib);
        let mut seen = BTreeSet::new();
        let mut shown: BTreeMap<Intro, Vec<u32>> = BTreeMap::new();
        let mut card_on: BTreeMap<u32, Intro> = BTreeMap::new();
        for n in 1..=lib.count() as u32 + 20 {
            let level = lib.level(n).unwrap();
            let cards = Intro::cards_for(level, Some(n), &seen);
            assert!(cards.len() <= 1, "level {n}: {cards:?}");
            for card in cards {
                shown.entry(card).or_default().push(n);
                card_on.insert(n, card);
                seen.insert(card.id().to_string());
            }
        }
        for (card, levels) in &shown {
            assert_eq!(levels.len(), 1, "{card:?} shown on {levels:?}");
            let (first, at) = (firsts[card], levels[0]);
            assert!(
                at >= first,
                "{card:?} on {at}, before its first level {first}"
            );
            for n in first..at {
                let other = card_on.get(&n);
                let carries = Intro::ALL
                    .into_iter()
                    .filter(|i| i.present_in(lib.level(n).unwrap(), Some(n)))
                    .any(|i| i == *card);
                assert!(
                    !carries || other.is_some_and(|o| o < card),
                    "{card:?} waited on level {n}, which showed {other:?}"
                );
            }
        }
        assert_eq!(
            shown.keys().collect::<Vec<_>>(),
            firsts.keys().collect::<Vec<_>>()
        );
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
            vec![Intro::Hidden]
        );
        let seen: BTreeSet<String> = ["hidden".to_string()].into();
        assert_eq!(Intro::cards_for(level, Some(12), &seen), vec![Intro::Rusty]);
    }

    /// The wall is a level number (the curve's), not a board: the same board as a Daily Bench or
    /// another number is not the wall; level 36 shows the wall card, and only it.
    #[test]
    fn the_wall_is_the_curves_level() {
        let lib = shipped();
        let wall = lib.level(WALL_LEVEL).unwrap();
        let none = BTreeSet::new();
        let cards = Intro::cards_for(wall, Some(WALL_LEVEL), &none);
        assert_eq!(cards, vec![Intro::Wall]);
        assert!(!Intro::cards_for(wall, None, &none).contains(&Intro::Wall));
        assert!(!Intro::cards_for(wall, Some(37), &none).contains(&Intro::Wall));
    }

    /// A hand-made board of six screws in two colours, `edit` changing its screws' fields (a lock
    /// is `"locked_by":K`, a bomb `"bomb":N`).
    fn board(edits: &[(usize, &str)]) -> LevelData {
        let mut screws: Vec<String> = (0..6)
            .map(|i| {
                let (x, y) = (i % 3, i / 3);
                format!(
                    r#"{{"id":{},"part":{},"cell":[{x},{y}],"color":{}"#,
                    i + 1,
                    y + 1,
                    y
                )
            })
            .collect();
        for &(i, field) in edits {
            screws[i].push(',');
            screws[i].push_str(field);
        }
        let text = format!(
            r#"{{"number":5,"seed":1,"machine":0,"band":1,"width":3,"height":2,"rail_slots":5,
            "colors":[0,1],"parts":[{{"id":1,"layer":0,"rest":[[0,0],[1,0],[2,0]]}},
            {{"id":2,"layer":0,"rest":[[0,1],[1,1],[2,1]]}}],"screws":[{}}}],"crate_queue":[0,1]}}"#,
            screws.join("},")
        );
        screwsmith_rules::level::parse_level(&text).expect("a valid hand-made board")
    }

    /// The lock's card comes with any locked screw and the bomb's with any bomb, read from the
    /// screws (a key alone is no lock; a plain board shows neither), on numbered levels and Daily
    /// Benches alike, after the other screw cards.
    #[test]
    fn locks_and_bombs_are_read_from_the_screws() {
        let none = BTreeSet::new();
        let plain = board(&[]);
        assert!(Intro::cards_for(&plain, Some(5), &none).is_empty());
        let locked = board(&[(3, r#""locked_by":1"#)]);
        assert!(Intro::Lock.present_in(&locked, Some(5)));
        assert!(!Intro::Bomb.present_in(&locked, Some(5)));
        assert_eq!(Intro::cards_for(&locked, None, &none), vec![Intro::Lock]);
        let bomb = board(&[(0, r#""bomb":4"#)]);
        assert_eq!(Intro::cards_for(&bomb, Some(5), &none), vec![Intro::Bomb]);
        let both = board(&[
            (5, r#""bomb":9"#),
            (4, r#""locked_by":2"#),
            (2, r#""hidden":true"#),
        ]);
        assert_eq!(Intro::cards_for(&both, Some(5), &none), vec![Intro::Hidden]);
        let seen: BTreeSet<String> = ["hidden".to_string(), "lock".to_string()].into();
        assert_eq!(Intro::cards_for(&both, Some(5), &seen), vec![Intro::Bomb]);
    }

    /// A lock alone brings only the lock's card and a bomb alone only the bomb's: neither card is
    /// read from the other's field, nor from a screw's kind.
    #[test]
    fn each_card_follows_its_own_field() {
        for (edit, card) in [
            ((1, r#""locked_by":3"#), Intro::Lock),
            ((4, r#""bomb":1"#), Intro::Bomb),
        ] {
            let level = board(&[edit]);
            let present: Vec<Intro> = Intro::ALL
                .into_iter()
                .filter(|i| i.present_in(&level, Some(5)))
                .collect();
            assert_eq!(present, vec![card], "{edit:?}");
        }
    }

    /// The bomb card's words are the rules' (`sim/bombs.rs`): a move made while nothing covers a
    /// bomb counts it down, a covered bomb waits, and so does the move that uncovers it (it was
    /// covered as the move began) — the picture's 3, 3, 2. The board: bomb 1 (3 moves) on a top
    /// plate over bomb 2 (1 move), bomb 3 (5 moves) beside them.
    #[test]
    fn the_bomb_cards_words_are_the_rules() {
        let level = screwsmith_rules::level::parse_level(
            r#"{"number":5,"seed":1,"machine":0,"band":1,"width":3,"height":1,"rail_slots":5,
            "colors":[0],"parts":[{"id":1,"layer":1,"rest":[[0,0],[1,0]]},
            {"id":2,"layer":0,"rest":[[0,0],[2,0]]}],
            "screws":[{"id":1,"part":1,"cell":[1,0],"color":0,"bomb":3},
            {"id":2,"part":2,"cell":[0,0],"color":0,"bomb":1},
            {"id":3,"part":2,"cell":[2,0],"color":0,"bomb":5}]}"#,
        )
        .unwrap();
        assert!(Intro::Bomb.present_in(&level, Some(5)));
        let mut game = GameSim::from_level(level).unwrap();
        let left = |game: &GameSim, id: u16| {
            game.bomb_left(game.level().screw_index(id).unwrap())
                .unwrap()
        };
        let covered =
            |game: &GameSim, id: u16| !game.is_accessible(game.level().screw_index(id).unwrap());
        assert!(covered(&game, 2) && !covered(&game, 1));
        game.tap(3).unwrap();
        assert_eq!(left(&game, 1), 2, "a move while nothing covers it counts");
        assert_eq!(left(&game, 2), 1, "a covered bomb waits");
        // Taking bomb 1 out lets its plate fall: bomb 2 is uncovered by this move, not counted.
        game.tap(1).unwrap();
        assert!(!covered(&game, 2));
        assert_eq!(left(&game, 2), 1, "the move that uncovers a bomb is free");
        assert_eq!(game.status(), Status::Playing);
        game.tap(2).unwrap();
        assert_eq!(game.status(), Status::Won, "taking a bomb out defuses it");
    }
}
