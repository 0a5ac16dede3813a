//! The bake pipeline end to end on a few cheap levels: byte-identical rebakes, a clean validation, and
//! tampering with any stored number caught by `validate`, naming the level and the field.

use screwsmith_rules::level::{LevelData, LevelFile, SolveStatus, FORMAT};
use screwsmith_solver::SolveOptions;
use screwsmith_studio::format::to_stored_json;
use screwsmith_studio::validate::{check_level, check_numbering, Finding};
use screwsmith_studio::{bake_level, Curator};

/// Level 1 (band 1), 7 (first hidden screw), 17 (first bolt) and 40 (band 6, losses on the rail).
const LEVELS: [u32; 4] = [1, 7, 17, 40];

fn bake(levels: &[u32]) -> LevelFile {
    let curator = Curator::shipping();
    let opts = SolveOptions::default();
    LevelFile {
        format: FORMAT,
        levels: levels
            .iter()
            .map(|&n| bake_level(n, &opts, &curator, || {}).expect("bakes").level)
            .collect(),
    }
}

fn findings(level: &LevelData) -> Vec<Finding> {
    check_level(level, &SolveOptions::verifying())
}

#[test]
fn baking_twice_gives_byte_identical_output() {
    let a = to_stored_json(&bake(&LEVELS));
    let b = to_stored_json(&bake(&LEVELS));
    assert_eq!(a, b);
}

#[test]
fn baked_levels_are_proven_verified_and_validate_clean() {
    let file = bake(&LEVELS);
    for l in &file.levels {
        let m = l.measure.as_ref().expect("measured");
        assert_eq!(m.status, SolveStatus::Proven);
        assert!(m.min_rail_slots.is_some() && m.unique.is_some() && m.blunder_rate.is_some());
        assert!(!m.solution.is_empty());
        assert_eq!(findings(l), vec![], "level {}", l.number);
    }
    // Mechanics arrive where the curve says: a hidden screw in 7, a bolt (and its wrench charge) in 17.
    assert!(file.levels[1].screws.iter().any(|s| s.hidden));
    let bolts = file.levels[2]
        .screws
        .iter()
        .filter(|s| s.kind == screwsmith_rules::level::ScrewKind::Bolt)
        .count();
    assert_eq!(bolts, 1);
    assert!(file.levels[2].wrench_charges >= 1);
}

/// Each tamper changes one stored value; validate must name that level and field.
#[test]
fn tampering_with_a_stored_value_is_caught_naming_level_and_field() {
    let file = bake(&[40]);
    let clean = &file.levels[0];
    assert_eq!(findings(clean), vec![]);
    type Tamper = (&'static str, fn(&mut LevelData));
    let tampers: [Tamper; 11] = [
        ("measure.human_fail_rate", |l| {
            l.measure.as_mut().unwrap().human_fail_rate += 0.0417
        }),
        ("measure.average_peak_rail", |l| {
            l.measure.as_mut().unwrap().average_peak_rail -= 0.25
        }),
        ("measure.difficulty", |l| {
            l.measure.as_mut().unwrap().difficulty -= 1
        }),
        ("measure.taps", |l| l.measure.as_mut().unwrap().taps += 1),
        ("measure.min_rail_slots", |l| {
            let m = l.measure.as_mut().unwrap();
            m.min_rail_slots = m.min_rail_slots.map(|r| r + 1);
        }),
        ("measure.unique", |l| {
            let m = l.measure.as_mut().unwrap();
            m.unique = m.unique.map(|u| !u);
        }),
        ("measure.blunder_rate", |l| {
            let m = l.measure.as_mut().unwrap();
            m.blunder_rate = m.blunder_rate.map(|b| b + 0.001);
        }),
        ("measure.competent_win_rate", |l| {
            let m = l.measure.as_mut().unwrap();
            m.competent_win_rate = m.competent_win_rate.map(|c| c - 0.0417);
        }),
        ("measure.solution", |l| {
            l.measure.as_mut().unwrap().solution.pop();
        }),
        ("measure.status", |l| {
            l.measure.as_mut().unwrap().status = SolveStatus::SearchExhausted
        }),
        ("band", |l| l.band += 1),
    ];
    for (field, tamper) in tampers {
        let mut copy = clean.clone();
        tamper(&mut copy);
        let found = findings(&copy);
        assert!(
            found
                .iter()
                .any(|f| f.level == Some(40) && f.field == field),
            "tampering {field} went unnoticed: {found:?}"
        );
    }
}

#[test]
fn a_rounding_sized_difference_is_within_tolerance() {
    let file = bake(&[7]);
    let mut copy = file.levels[0].clone();
    // Stored floats carry 4 decimals: a change below half the last digit is rounding, not tampering.
    copy.measure.as_mut().unwrap().average_peak_rail += 0.00004;
    assert_eq!(findings(&copy), vec![]);
}

#[test]
fn numbering_and_count_are_checked() {
    let mut file = bake(&[1, 7]);
    assert_eq!(
        check_numbering(&file, 2).len(),
        1,
        "level 7 sits at position 2"
    );
    file.levels[1].number = 2;
    assert!(check_numbering(&file, 2).is_empty());
    let missing = check_numbering(&file, 200);
    assert!(missing
        .iter()
        .any(|f| f.level.is_none() && f.field == "levels"));
}

#[test]
fn validate_runs_the_readability_audit_on_every_level() {
    // `too_small` is a valid, solvable level whose screws are too small to tap on the tablet: the
    // validator must say so even though its measure may be right.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rules/tests/levels/too_small.json"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let level = screwsmith_rules::level::parse_level(&text).unwrap();
    let found = findings(&level);
    assert!(
        found
            .iter()
            .any(|f| f.field == "readability" && f.message.contains("too small to tap")),
        "{found:?}"
    );
    // And a baked level passes it (no readability finding).
    let file = bake(&[1]);
    assert!(findings(&file.levels[0])
        .iter()
        .all(|f| f.field != "readability"));
}
