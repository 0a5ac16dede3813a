//! The translation file against the project: the six shipped languages, no empty or duplicate
//! entries, the same format placeholders in every language, every key a script or scene uses
//! exists, every key in the file is used, and scenes hold no literal UI text (only keys).

use screwsmith_checks::project::{path_to_res, project_files, read};
use screwsmith_checks::strings::{gd_literals, is_key, Translations};
use screwsmith_checks::tscn::{string_value, Resource};
use screwsmith_play::save::LANGUAGES;
use screwsmith_play::view::refusal::MESSAGE_KEYS;
use std::collections::BTreeSet;

/// Control properties that show text to the player.
const TEXT_PROPS: [&str; 4] = ["text", "title", "tooltip_text", "placeholder_text"];

/// Where the Godot editor's plugins live: tools for a level designer, in the editor's language (its
/// own theme and font), never shown to a player. Their texts are not game UI, so not translation keys.
const EDITOR_PLUGINS: &str = "res://addons/";

/// The player-facing files of the project with one of `exts` (everything but the editor plugins).
fn game_files(exts: &[&str]) -> Vec<std::path::PathBuf> {
    project_files(exts)
        .into_iter()
        .filter(|f| !path_to_res(f).starts_with(EDITOR_PLUGINS))
        .collect()
}

/// Keys used by scripts and scenes (and the lines the core names for a refused tap, which reach a
/// script only at run time), and scene texts that are not keys.
fn used_keys() -> (BTreeSet<String>, Vec<String>) {
    let mut keys: BTreeSet<String> = MESSAGE_KEYS.iter().map(|k| k.to_string()).collect();
    let mut literal_texts = Vec::new();
    for gd in game_files(&[".gd"]) {
        let text = read(&gd);
        let env = environment_names(&text);
        keys.extend(
            gd_literals(&text)
                .into_iter()
                .filter(|s| is_key(s) && !env.contains(s)),
        );
    }
    for scene in game_files(&[".tscn"]) {
        for node in Resource::parse(&read(&scene)).nodes() {
            for (prop, value) in &node.props {
                let Some(text) = string_value(value) else {
                    continue;
                };
                if !TEXT_PROPS.contains(&prop.as_str()) || text.is_empty() {
                    continue;
                }
                if is_key(text) {
                    keys.insert(text.to_string());
                } else {
                    literal_texts.push(format!(
                        "{} {}.{prop} = {text:?}",
                        path_to_res(&scene),
                        node.path
                    ));
                }
            }
        }
    }
    (keys, literal_texts)
}

/// Names a script reads with `OS.get_environment("NAME")` / `OS.has_environment("NAME")`: UPPER_SNAKE_CASE
/// like keys, but environment variables (a test finding the CLI), never shown to a player.
fn environment_names(gd: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for call in ["get_environment(\"", "has_environment(\""] {
        for (at, _) in gd.match_indices(call) {
            let rest = &gd[at + call.len()..];
            if let Some(end) = rest.find('"') {
                names.insert(rest[..end].to_string());
            }
        }
    }
    names
}

fn placeholders(s: &str) -> Vec<char> {
    let mut out = Vec::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '%' {
            if let Some(spec) = chars.next() {
                out.push(spec);
            }
        }
    }
    out
}

#[test]
fn the_six_languages_are_the_columns() {
    let t = Translations::load();
    assert_eq!(t.locales, LANGUAGES.map(str::to_string));
}

#[test]
fn entries_are_complete_unique_and_well_formed() {
    let t = Translations::load();
    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    for key in &t.keys_in_order {
        if !seen.insert(key) {
            problems.push(format!("{key}: duplicate key"));
        }
        if !is_key(key) {
            problems.push(format!("{key:?}: keys are UPPER_SNAKE_CASE"));
        }
    }
    for (key, row) in &t.rows {
        if row.len() != t.locales.len() || row.iter().any(|s| s.trim().is_empty()) {
            problems.push(format!("{key}: every language needs a non-empty string"));
            continue;
        }
        let english = placeholders(&row[0]);
        for (locale, s) in t.locales.iter().zip(row) {
            if placeholders(s) != english {
                problems.push(format!(
                    "{key} [{locale}]: placeholders differ from English"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(t.rows.len() >= 30, "only {} keys", t.rows.len());
}

#[test]
fn used_keys_exist_and_existing_keys_are_used() {
    let t = Translations::load();
    let (used, _) = used_keys();
    let defined: BTreeSet<String> = t.rows.keys().cloned().collect();
    let missing: Vec<_> = used.difference(&defined).collect();
    let unused: Vec<_> = defined.difference(&used).collect();
    assert!(
        missing.is_empty(),
        "used but not in strings.csv: {missing:?}"
    );
    assert!(
        unused.is_empty(),
        "in strings.csv but never used: {unused:?}"
    );
}

#[test]
fn scenes_hold_keys_not_literal_ui_text() {
    let (_, literal_texts) = used_keys();
    assert!(literal_texts.is_empty(), "{}", literal_texts.join("\n"));
}

#[test]
fn placeholder_scanner_works() {
    assert_eq!(placeholders("Bench #%d — %d moves"), ['d', 'd']);
    assert_eq!(placeholders("none"), Vec::<char>::new());
}
