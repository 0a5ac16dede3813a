//! The editor's level preview dock can only work if everything it runs is allowed to run in
//! the editor: the plugin is enabled, every script it reaches (preloads, `class_name` uses and the
//! scripts and scenes of the scenes it loads,
//! transitively) is `@tool`, and every extension class it instantiates is a gdext `tool` class (Godot
//! 4.3+ swaps other extension classes for inert placeholders in the editor).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;

use screwsmith_checks::project::{project_dir, project_files, repo_root};

const PLUGIN_CFG: &str = "res://addons/screwsmith_preview/plugin.cfg";
/// The level editor, enabled beside the preview.
const EDITOR_CFG: &str = "res://addons/screwsmith_editor/plugin.cfg";

fn res_to_path(res: &str) -> std::path::PathBuf {
    project_dir().join(res.trim_start_matches("res://"))
}

/// Quoted strings following `marker` in `text` (e.g. every path in `preload("...")`).
fn quoted_after<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
    text.split(marker)
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect()
}

/// Whether `text` names `word` as a whole identifier (`Motion` is not named by `InputEventMouseMotion`).
fn mentions(text: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
}

#[test]
fn a_class_name_inside_a_longer_name_is_not_a_mention() {
    assert!(!mentions("event is InputEventMouseMotion", "Motion"));
    assert!(mentions("var m := Motion.new()", "Motion"));
}

#[test]
fn the_preview_plugin_is_enabled_and_its_script_exists() {
    let project = fs::read_to_string(project_dir().join("project.godot")).unwrap();
    let enabled = project
        .lines()
        .find(|l| l.starts_with("enabled=PackedStringArray("))
        .expect("project.godot enables plugins");
    for cfg_path in [PLUGIN_CFG, EDITOR_CFG] {
        assert!(
            enabled.contains(&format!("\"{cfg_path}\"")),
            "project.godot must enable {cfg_path}"
        );
        let cfg = fs::read_to_string(res_to_path(cfg_path)).unwrap();
        let script = quoted_after(&cfg, "script=\"")[0];
        let text = fs::read_to_string(res_to_path(cfg_path).with_file_name(script)).unwrap();
        assert!(text.contains("extends EditorPlugin"));
    }
}

#[test]
fn everything_the_preview_runs_may_run_in_the_editor() {
    let class_names: BTreeMap<String, String> = project_files(&[".gd"])
        .into_iter()
        .filter_map(|p| {
            let text = fs::read_to_string(&p).ok()?;
            let name = text
                .lines()
                .find_map(|l| l.strip_prefix("class_name "))?
                .trim()
                .to_string();
            let res = format!(
                "res://{}",
                p.strip_prefix(project_dir()).ok()?.to_string_lossy()
            );
            Some((name, res))
        })
        .collect();
    let mut todo = vec![
        "res://addons/screwsmith_preview/plugin.gd".to_string(),
        "res://addons/screwsmith_editor/plugin.gd".to_string(),
    ];
    let (mut seen, mut classes) = (BTreeSet::new(), BTreeSet::new());
    while let Some(res) = todo.pop() {
        if !seen.insert(res.clone()) {
            continue;
        }
        let text = fs::read_to_string(res_to_path(&res)).unwrap_or_else(|e| panic!("{res}: {e}"));
        // A scene runs the scripts and scenes it loads (`[ext_resource ... path="..."]`).
        if res.ends_with(".tscn") {
            todo.extend(
                text.lines()
                    .filter(|l| l.starts_with("[ext_resource"))
                    .flat_map(|l| quoted_after(l, "path=\""))
                    .filter(|p| p.ends_with(".gd") || p.ends_with(".tscn"))
                    .map(|s| s.to_string()),
            );
            continue;
        }
        assert!(
            text.trim_start().starts_with("@tool"),
            "{res} is run by the editor preview but is not @tool"
        );
        todo.extend(
            quoted_after(&text, "preload(\"")
                .iter()
                .map(|s| s.to_string()),
        );
        for (name, script) in &class_names {
            if mentions(&text, name) && !text.contains(&format!("class_name {name}")) {
                todo.push(script.clone());
            }
        }
        classes.extend(
            quoted_after(&text, "ClassDB.instantiate(\"")
                .iter()
                .map(|s| s.to_string()),
        );
    }
    assert!(
        seen.len() >= 4,
        "plugin, dock, board world, screw view: {seen:?}"
    );
    assert!(
        classes.contains("GameSim")
            && classes.contains("LevelSolver")
            && classes.contains("LevelEditor"),
        "{classes:?}"
    );

    let mut tool_classes = BTreeSet::new();
    for entry in fs::read_dir(repo_root().join("rust/gdext/src"))
        .unwrap()
        .flatten()
    {
        let src = fs::read_to_string(entry.path()).unwrap();
        let mut tool = false;
        for line in src.lines() {
            let line = line.trim();
            if line.starts_with("#[class(") {
                tool = line.contains("tool");
            } else if let Some(rest) = line.strip_prefix("pub struct ") {
                if tool {
                    tool_classes.insert(rest.trim_end_matches(" {").trim().to_string());
                }
                tool = false;
            }
        }
    }
    for class in &classes {
        assert!(
            tool_classes.contains(class),
            "the preview instantiates {class}, which is not a gdext tool class (tool classes: {tool_classes:?})"
        );
    }
}
