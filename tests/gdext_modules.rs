//! The GDExtension's crate doc (`rust/gdext/src/lib.rs`) is its map: every module is listed there, and
//! its sentence "The tool classes are …" names every class the Godot editor runs (`#[class(tool …)]`).
//! A module or a tool class added without its line fails here; the fixtures show each omission caught.

use std::collections::BTreeSet;

use screwsmith_checks::project::{read, repo_root};

/// Modules declared with `pub mod name;` (a `#[cfg]` before it does not matter).
fn declared_modules(lib: &str) -> BTreeSet<String> {
    lib.lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .filter_map(|rest| rest.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

/// Modules the doc's list names: a `//! - ` item (or its indented continuation) naming `` `name` ``.
fn listed_modules(lib: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in lib.lines().filter_map(|l| l.strip_prefix("//!")) {
        // An item (` - `) or its continuation (indented under it).
        if !(line.starts_with(" - ") || line.starts_with("   ")) {
            continue;
        }
        let mut rest = line;
        // The module names in the item: each `[`name`]` or a leading `name`.
        while let Some(start) = rest.find('`') {
            let after = &rest[start + 1..];
            let Some(end) = after.find('`') else { break };
            out.insert(after[..end].to_string());
            rest = &after[end + 1..];
        }
    }
    out
}

/// Every `#[class(...tool...)]` struct in `sources`: (file text) → class names.
fn tool_classes(sources: &[String]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for text in sources {
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let line = line.trim();
            let Some(args) = line.strip_prefix("#[class(") else {
                continue;
            };
            if !args.split([',', ')', ' ']).any(|a| a == "tool") {
                continue;
            }
            let name = lines[i + 1..]
                .iter()
                .find_map(|l| l.trim().strip_prefix("pub struct "))
                .and_then(|r| r.split([' ', '{', '<']).next())
                .unwrap_or_default();
            out.insert(name.to_string());
        }
    }
    out
}

/// The classes the doc's "The tool classes are …:" sentence names in backticks.
fn listed_tool_classes(lib: &str) -> BTreeSet<String> {
    let doc: String = lib
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| l.trim())
        .collect::<Vec<_>>()
        .join(" ");
    let Some(start) = doc.find("The tool classes are") else {
        return BTreeSet::new();
    };
    let sentence = &doc[start..];
    let sentence = &sentence[..sentence.find(':').unwrap_or(sentence.len())];
    sentence
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn gdext_sources() -> (String, Vec<String>) {
    let dir = repo_root().join("rust/gdext/src");
    let lib = read(&dir.join("lib.rs"));
    let mut all: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| read(&p))
        .collect();
    all.sort();
    (lib, all)
}

fn unlisted_modules(lib: &str) -> Vec<String> {
    let listed = listed_modules(lib);
    declared_modules(lib)
        .into_iter()
        .filter(|m| !listed.contains(m))
        .collect()
}

fn unlisted_tools(lib: &str, sources: &[String]) -> Vec<String> {
    let listed = listed_tool_classes(lib);
    tool_classes(sources)
        .into_iter()
        .filter(|c| !listed.contains(c))
        .collect()
}

#[test]
fn every_module_is_in_the_crate_doc() {
    let (lib, _) = gdext_sources();
    assert!(
        declared_modules(&lib).len() > 10,
        "the walk sees the modules"
    );
    assert_eq!(unlisted_modules(&lib), Vec::<String>::new());
}

#[test]
fn every_tool_class_is_named_in_the_crate_doc() {
    let (lib, sources) = gdext_sources();
    let tools = tool_classes(&sources);
    assert!(
        tools.contains("GameSim") && tools.contains("LevelEditor"),
        "{tools:?}"
    );
    assert_eq!(unlisted_tools(&lib, &sources), Vec::<String>::new());
    // And the sentence names no class that is not a tool class.
    let extra: Vec<_> = listed_tool_classes(&lib)
        .difference(&tools)
        .cloned()
        .collect();
    assert_eq!(
        extra,
        Vec::<String>::new(),
        "named as tool classes but not `tool`"
    );
}

const FIXTURE_LIB: &str = "\
//! - [`game_sim`]: `GameSim`, one game.
//! - [`save_data`]: `SaveData`, the save;
//!   [`save_boards`] its `use_library`.
//!
//! Editor use: the tool classes matter. The tool classes are `GameSim` and `LevelLibrary`: the dock.

pub mod game_sim;
pub mod hint_job;
pub mod save_boards;
pub mod save_data;
#[cfg(feature = \"editor\")]
pub mod level_editor;
";

#[test]
fn an_omitted_module_is_caught() {
    assert_eq!(unlisted_modules(FIXTURE_LIB), ["hint_job", "level_editor"]);
}

#[test]
fn an_omitted_tool_class_is_caught() {
    let sources = [
        "#[derive(GodotClass)]\n#[class(init, tool, base = RefCounted)]\npub struct GameSim {\n"
            .to_string(),
        "#[derive(GodotClass)]\n#[class(tool, base = Node)]\npub struct LevelEditor {\n"
            .to_string(),
        "#[derive(GodotClass)]\n#[class(init, base = Node)]\npub struct HintJob {\n".to_string(),
    ];
    assert_eq!(unlisted_tools(FIXTURE_LIB, &sources), ["LevelEditor"]);
}
