//! "Each limit once" (ARCHITECTURE.md): the number of baked levels is one Rust constant,
//! `screwsmith_gen::library::BAKED`. The baker, the validator and the numbering use it; the game reads the
//! count from `LevelLibrary` (the file it loaded). A second constant with the same value anywhere in the
//! Rust crates, the GDScript or the scripts fails here, whatever it is called, and so does the bare
//! number in Rust or GDScript code outside tests (a spin box's maximum, an axis tick, `"1-200"` as
//! "every level"): each says the named limit instead.

use screwsmith_checks::limits::{code_files, definitions_of, literal_uses_of, source_files};
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

#[test]
fn the_baked_level_count_is_never_a_bare_literal() {
    let root = repo_root();
    let mut found = Vec::new();
    for path in code_files() {
        let rust = path.extension().is_some_and(|e| e == "rs");
        let rel = path.strip_prefix(&root).unwrap().display().to_string();
        for line in literal_uses_of(&read(&path), BAKED.into(), rust) {
            found.push(format!("{rel}:{line}"));
        }
    }
    assert_eq!(
        found,
        vec![format!("rust/gen/src/library.rs:{}", baked_line())],
        "the baked level count ({BAKED}) is written as a number: use screwsmith_gen::library::BAKED \
         (LevelLibrary.count() in GDScript)"
    );
}

#[test]
fn bare_literals_are_found_in_code_and_level_ranges() {
    // What the editor's files panel, the preview dock, the curve plot, `plot` and `bake` held.
    let gd = "\tnumber = add_spin.call(self, \"shipped level\", 1, 200, 1)\n\
              \t_number.max_value = 200\n\
              \tfor n in [1, 36, 100, 200]:\n";
    assert_eq!(literal_uses_of(gd, 200, false), [1, 2, 3]);
    let rs = "const TICKS: [u32; 6] = [1, WALL_LEVEL, 50, 100, 150, 200];\n\
              #[arg(long, default_value = \"1-200\")]\n\
              let late = fail_in(101..=2_00);\n\
              let u = 200u32;\n";
    assert_eq!(literal_uses_of(rs, 200, true), [1, 2, 3, 4]);
}

#[test]
fn comments_names_other_numbers_and_tests_are_not_bare_literals() {
    let gd = "## The curve of the 200 shipped levels\nvar w := 2000 + 1.200\n\
              var s := \"levels 101-200 mean\"  # 200\nvar v200 := 3\n";
    assert!(literal_uses_of(gd, 200, false).is_empty());
    let rs = "/// default all 200\nlet t = 200.0; // 200\nlet s = \"201-200\";\n\
              #[cfg(test)]\nmod tests { fn f() { assert_eq!(count(), 200); } }\n";
    assert!(literal_uses_of(rs, 200, true).is_empty());
}

#[test]
fn the_literal_scan_reads_game_code_but_not_tests() {
    let root = repo_root();
    let files = code_files();
    assert!(files.contains(&root.join("godot_project/addons/screwsmith_preview/preview_dock.gd")));
    assert!(files.contains(&root.join("rust/cli/src/commands/bake.rs")));
    assert!(!files.iter().any(|p| p.starts_with(root.join("tests"))));
    assert!(!files.contains(&root.join("rust/gen/tests/lazy_library.rs")));
    assert!(!files.contains(&root.join("godot_project/tests/run_all.gd")));
}
