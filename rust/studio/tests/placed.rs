//! A designer level through the bake's gate, as a function on one level: a shipped board
//! placed elsewhere ships measured and validates clean; an unsolvable one, one off its place's band, rail
//! or the wall's window, fails naming the level, the designer file and what it broke. The CLI's
//! `bake --placements` test runs the same gate through the binary.

use std::path::PathBuf;

use screwsmith_rules::level::{parse_file, LevelData};
use screwsmith_solver::SolveOptions;
use screwsmith_studio::figures::{Figures, Scope, Target};
use screwsmith_studio::placed::{check_placements, place_level, set_targets, PlacedError};
use screwsmith_studio::placement::Placed;
use screwsmith_studio::validate::check_level;
use screwsmith_studio::Curator;

fn shipped(n: u32) -> LevelData {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let file = parse_file(&std::fs::read_to_string(path).unwrap()).unwrap();
    file.levels[n as usize - 1].clone()
}

/// `level` as the placement reader hands it over: renumbered, measure and help copy dropped.
fn placed(number: u32, file: &str, level: LevelData) -> Placed {
    Placed {
        number,
        file: file.into(),
        path: PathBuf::from("levels/custom").join(file),
        level: LevelData {
            number,
            measure: None,
            help: None,
            ..level
        },
    }
}

fn place(p: &Placed) -> Result<LevelData, PlacedError> {
    place_level(p, &SolveOptions::default(), &Curator::shipping()).map(|b| b.level)
}

#[test]
fn a_placed_board_ships_measured_and_validates_clean() {
    // Level 3's board at place 2 (both band 1 on machine 0).
    let p = placed(2, "three_at_two.json", shipped(3));
    let level = place(&p).expect("ships");
    assert_eq!(level.number, 2);
    assert!(level.measure.is_some() && level.help.is_some());
    assert_eq!(
        check_level(&level, &SolveOptions::verifying()),
        vec![],
        "validates like any level"
    );
    // The same measure the bake stored for the board at its own number: the number plays no part.
    assert_eq!(level.measure, shipped(3).measure);
    assert_eq!(
        check_placements(std::slice::from_ref(&level), std::slice::from_ref(&p)),
        vec![]
    );

    // A designer file edited after the bake: the placed level is stale, named with the file and field.
    let mut edited = p.clone();
    edited.level.seed += 1;
    let f = check_placements(&[level], &[edited]);
    assert_eq!(f.len(), 1);
    let text = f[0].to_string();
    assert!(
        text.starts_with("level 2: placement: differs from its designer file levels/custom/three_at_two.json in seed"),
        "{text}"
    );
}

#[test]
fn an_unsolvable_placed_level_fails_naming_level_and_file() {
    // The rules' `min_rail` board needs three rail places; with two, no order wins.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rules/tests/levels/min_rail.json"
    );
    let mut level =
        screwsmith_rules::level::parse_level(&std::fs::read_to_string(path).unwrap()).unwrap();
    level.rail_slots = 2;
    let e = place(&placed(2, "stuck.json", level)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "level 2 (designer file stuck.json): unsolvable on its rail of 2: a shipped level must be proven solvable"
    );
}

#[test]
fn a_level_off_its_place_breaks_the_curve_target_by_name() {
    // A band-6 board placed in a band-1 place.
    let e = place(&placed(2, "hard.json", shipped(40))).unwrap_err();
    let text = e.to_string();
    assert!(
        text.starts_with("level 2 (designer file hard.json): curve target band: the file says band 6, level 2 is a band-1 place"),
        "{text}"
    );
    // The right labels but a rail of 3 outside the top band.
    let mut narrow = shipped(3);
    narrow.rail_slots = 3;
    let text = place(&placed(2, "narrow.json", narrow))
        .unwrap_err()
        .to_string();
    assert!(
        text.contains("curve target rail: rail 3 in band 1"),
        "{text}"
    );
    // An easy board at the wall (labelled for it): its fail rate is outside 33-42 %.
    let mut easy = shipped(3);
    (easy.band, easy.machine) = (8, shipped(36).machine);
    let text = place(&placed(36, "easy_wall.json", easy))
        .unwrap_err()
        .to_string();
    assert_eq!(
        text,
        "level 36 (designer file easy_wall.json): curve target level 36 human fail rate 33-42 %: measured 0.0 %"
    );
}

#[test]
fn a_missed_set_target_names_the_placed_levels_inside_it() {
    let target = |scope, met| Target {
        name: "levels 101-200 mean human fail rate 30-40 %",
        value: "27.0 %".into(),
        met,
        scope,
    };
    let figures = |targets| Figures {
        levels: 200,
        proven: 200,
        bands: vec![],
        slices: vec![],
        rails: Default::default(),
        targets,
    };
    let inside = placed(150, "late.json", shipped(3));
    let outside = placed(50, "early.json", shipped(3));
    let both = [inside, outside];
    let missed = set_targets(
        &figures(vec![target(Scope::Levels(101, 200), false)]),
        &both,
    );
    assert_eq!(missed.len(), 1);
    assert_eq!(
        missed[0].to_string(),
        "level 150 (designer file late.json): curve target levels 101-200 mean human fail rate 30-40 %: the set with it measures 27.0 %"
    );
    assert!(set_targets(&figures(vec![target(Scope::Levels(101, 200), true)]), &both).is_empty());
    // A band's target covers the levels labelled with that band.
    let band1 = set_targets(&figures(vec![target(Scope::Band(1), false)]), &both);
    assert_eq!(band1.len(), 2);
}
