//! "Each limit once" (ARCHITECTURE.md): the number of baked levels is one Rust constant,
//! `screwsmith_gen::library::BAKED`. The baker, the validator and the numbering use it; the game reads the
//! count from `LevelLibrary` (the file it loaded). A second constant with the same value anywhere in the
//! Rust crates, the GDScript or the scripts fails here, whatever it is called.

use screwsmith_checks::limits::{definitions_of, source_files};
use screwsmith_checks::project::{read, repo_root};
use screwsmith_gen::library::BAKED;

#[test]
fn the_baked_level_count_is_defined_once() {
    let root = repo_root();
    let mut found = Vec::new();
    for path in source_files() {
        let rel = path.strip_prefix(&root).unwrap().display().to_string();
        for (line, name) in definitions_of(&read(&path), BAKED.into()) {
            found.push(format!("{rel}:{line} {name}"));
        }
    }
    assert_eq!(
        found,
        vec![format!("rust/gen/src/library.rs:{} BAKED", baked_line())],
        "the baked level count ({BAKED}) must be defined once, as screwsmith_gen::library::BAKED"
    );
}

fn baked_line() -> usize {
    let text = read(&repo_root().join("rust/gen/src/library.rs"));
    1 + text
        .lines()
        .position(|l| l.starts_with("pub const BAKED: u32"))
        .expect("BAKED is defined in rust/gen/src/library.rs")
}

#[test]
fn a_fallback_copy_in_a_script_is_found() {
    // What app.gd held: a GDScript fallback for the level map.
    let gd = "extends Node\nconst SAVE_PATH := \"user://save.json\"\nconst LEVEL_COUNT_FALLBACK := 200\n";
    assert_eq!(
        definitions_of(gd, 200),
        vec![(3, "LEVEL_COUNT_FALLBACK".to_string())]
    );
}

#[test]
fn a_mirror_in_another_crate_is_found() {
    // What the studio held, and the typed and static forms.
    let rs = "/// Levels in the shipped set.\npub const SHIPPED_LEVELS: u32 = 200;\nstatic N: usize = 2_00;\n";
    let names: Vec<String> = definitions_of(rs, 200)
        .into_iter()
        .map(|(_, n)| n)
        .collect();
    assert_eq!(names, ["SHIPPED_LEVELS", "N"]);
    let py = "LEVELS = 200  # the set\nlevels = 200\n";
    assert_eq!(definitions_of(py, 200), vec![(1, "LEVELS".to_string())]);
}

#[test]
fn other_numbers_and_uses_are_not_definitions() {
    let rs = "const CYCLE_LEN: u32 = 128;\nconst T: u32 = 2000;\nlet x = 200;\nconst M: u32 = 200 + 1;\n";
    assert!(definitions_of(rs, 200).is_empty());
}
