//! The validator's check of the game's one-level-at-a-time reading: clean on a set read from its own
//! text, and it names the level when the full parse it is given differs from what the text holds.

use screwsmith_rules::level::{parse_file, to_json, LevelFile};
use screwsmith_studio::validate::check_lazy_reading;

fn first_levels(n: usize) -> LevelFile {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let mut file = parse_file(&std::fs::read_to_string(path).unwrap()).unwrap();
    file.levels.truncate(n);
    file
}

#[test]
fn a_set_and_its_own_text_agree() {
    let file = first_levels(5);
    assert_eq!(check_lazy_reading(&to_json(&file), &file), vec![]);
}

#[test]
fn a_level_read_differently_is_named() {
    let file = first_levels(5);
    let text = to_json(&file);
    let mut other = file.clone();
    other.levels[2].seed ^= 1;
    let found = check_lazy_reading(&text, &other);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].level, Some(3));
    let mut longer = file;
    longer.levels.push(longer.levels[0].clone());
    assert!(check_lazy_reading(&text, &longer)
        .iter()
        .any(|f| f.level.is_none() && f.message.contains("counts 5 levels, the full parse 6")));
    assert_eq!(
        check_lazy_reading("{}", &longer).len(),
        1,
        "not a level file"
    );
}
