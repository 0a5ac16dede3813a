//! The library reads a level when it is first asked for: every level so read equals the full parse of
//! the shipped set, a damaged level is an error of that level only, and loading reads none.

use screwsmith_gen::library::{Library, LibraryError};
use screwsmith_rules::level::{outline, parse_file, to_json, LevelError, LevelFile};

fn shipped() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    std::fs::read_to_string(path).expect("the shipped levels")
}

/// `text` with `edit` applied to the text of its level numbered `n` only.
fn damaged(text: &str, n: u32, edit: impl Fn(&str) -> String) -> String {
    let entry = outline(text)
        .unwrap()
        .into_iter()
        .find(|e| e.number == Some(n))
        .expect("level in the file");
    let level = &text[entry.span.clone()];
    let changed = edit(level);
    assert_ne!(changed, level, "the edit changed level {n}");
    format!(
        "{}{changed}{}",
        &text[..entry.span.start],
        &text[entry.span.end..]
    )
}

/// Every level but `n` reads as the full parse of the undamaged file has it.
fn others_intact(lib: &Library, eager: &LevelFile, n: u32) {
    for level in eager.levels.iter().filter(|l| l.number != n) {
        assert_eq!(
            lib.level(level.number).as_ref(),
            Ok(&level),
            "level {}",
            level.number
        );
    }
}

#[test]
fn every_shipped_level_read_lazily_equals_the_full_parse() {
    let text = shipped();
    let eager = parse_file(&text).unwrap();
    let lib = Library::from_json(&text).unwrap();
    assert_eq!(lib.count(), 200);
    assert_eq!(lib.levels_read(), 0, "loading reads no level");
    for level in &eager.levels {
        assert_eq!(lib.level(level.number), Ok(level), "level {}", level.number);
    }
    assert_eq!(
        lib.levels().collect::<Vec<_>>(),
        eager.levels.iter().map(Ok).collect::<Vec<_>>()
    );
    assert_eq!(lib.disagreements(&eager), Vec::<u32>::new());
    assert_eq!(lib.file().unwrap(), eager);
    assert_eq!(
        lib.level_json(201).unwrap(),
        serde_json::to_string(&eager.levels[72]).unwrap()
    );
}

/// The comparison the validator runs can fail: a reading of a text that differs in one level's seed
/// disagrees with the full parse there, and only there.
#[test]
fn a_reading_of_another_text_disagrees_at_that_level_only() {
    let text = shipped();
    let eager = parse_file(&text).unwrap();
    let reseeded = damaged(&text, 57, |l| {
        let seed = eager.levels[56].seed;
        l.replacen(
            &format!("\"seed\": {seed}"),
            &format!("\"seed\": {}", seed ^ 1),
            1,
        )
    });
    let lib = Library::from_json(&reseeded).unwrap();
    assert_eq!(lib.disagreements(&eager), vec![57]);
}

#[test]
fn opening_a_level_reads_that_level_once() {
    let lib = Library::from_json(&shipped()).unwrap();
    lib.level(5).unwrap();
    lib.level(5).unwrap();
    assert_eq!(lib.levels_read(), 1);
    let shared = lib.clone();
    assert_eq!(lib.level(205).unwrap().number, 77, "205 plays baked 77");
    assert_eq!(shared.levels_read(), 2, "clones share what was read");
}

#[test]
fn a_damaged_level_is_an_error_of_that_level_only() {
    let text = shipped();
    let eager = parse_file(&text).unwrap();
    // Its content: a board one cell wide leaves its parts' cells outside.
    let narrow = damaged(&text, 57, |l| {
        let width = eager.levels[56].width;
        l.replacen(&format!("\"width\": {width}"), "\"width\": 1", 1)
    });
    // Its shape: a field the format does not have.
    let typo = damaged(&text, 57, |l| l.replacen('{', "{\"crate_que\": [0], ", 1));
    // Its number: the level cannot say which it is; asked for by that number, its own error answers.
    let nameless = damaged(&text, 57, |l| {
        l.replacen("\"number\": 57", "\"number\": \"57\"", 1)
    });
    for (name, text) in [("content", narrow), ("shape", typo), ("number", nameless)] {
        let lib = Library::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(lib.count(), 200, "{name}");
        let err = lib.level(57).unwrap_err();
        match (&err, name) {
            (LibraryError::Level(LevelError::Invalid { level: 57, .. }), "content") => {}
            (
                LibraryError::Level(LevelError::LevelShape {
                    number: Some(57), ..
                }),
                "shape",
            ) => {}
            (
                LibraryError::Level(LevelError::LevelShape {
                    number: None,
                    index: Some(56),
                    ..
                }),
                "number",
            ) => {}
            _ => panic!("{name}: {err:?}"),
        }
        assert_eq!(lib.level_json(57).unwrap_err(), err, "{name}");
        others_intact(&lib, &eager, 57);
        // The validator's full reading refuses the file with the same error.
        assert_eq!(
            parse_file(&text).unwrap_err(),
            match err {
                LibraryError::Level(e) => e,
                _ => unreachable!(),
            }
        );
    }
}

#[test]
fn a_file_that_is_not_json_or_not_a_level_file_is_refused_whole() {
    let text = shipped();
    let broken = damaged(&text, 57, |l| l.replacen(']', "", 1));
    assert!(matches!(
        Library::from_json(&broken),
        Err(LibraryError::Level(LevelError::Json(_)))
    ));
    let newer = text.replacen("\"format\": 1", "\"format\": 2", 1);
    assert!(matches!(
        Library::from_json(&newer),
        Err(LibraryError::Level(LevelError::Format { found: 2, .. }))
    ));
}

/// Found by number, not by place; a byte-order mark does not move any level's text.
#[test]
fn levels_are_found_by_number_wherever_they_stand() {
    let mut file = parse_file(&shipped()).unwrap();
    file.levels.truncate(6);
    file.levels.swap(0, 4);
    let text = format!("\u{feff}{}", to_json(&file));
    let lib = Library::from_json(&text).unwrap();
    for level in &file.levels {
        assert_eq!(lib.level(level.number), Ok(level));
    }
    assert_eq!(lib.levels().next().unwrap().unwrap().number, 5);
    assert_eq!(lib.disagreements(&file), Vec::<u32>::new());
}
