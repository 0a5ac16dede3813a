//! Every `res://` path referenced by scenes, resources, scripts, `project.godot` and the export
//! presets exists. Two kinds are produced by a build rather than committed:
//! - `res://translations/<name>.<locale>.translation`: Godot's CSV import of `<name>.csv`; valid
//!   when that CSV exists and has a `<locale>` column.
//! - `res://bin/*`: the extension libraries, produced by the build scripts (checked against those
//!   scripts by the gdext crate's own tests).

use screwsmith_checks::project::{path_to_res, project_dir, project_files, read, res_to_path};
use std::path::PathBuf;

fn references(text: &str) -> Vec<String> {
    text.match_indices("res://")
        .map(|(i, _)| {
            text[i..]
                .chars()
                .take_while(|c| !matches!(c, '"' | '\'' | ')' | ',' | ' ' | '\n' | ']'))
                .collect()
        })
        .collect()
}

fn generated_translation_exists(res: &str) -> Option<bool> {
    let file = res.strip_suffix(".translation")?;
    let (base, locale) = file.rsplit_once('.')?;
    let csv = res_to_path(&format!("{base}.csv"))?;
    let header = read(&csv).lines().next().unwrap_or_default().to_string();
    Some(header.split(',').skip(1).any(|l| l.trim() == locale))
}

fn sources() -> Vec<PathBuf> {
    let mut files = project_files(&[".tscn", ".tres", ".gd", ".gdextension", ".cfg"]);
    files.push(project_dir().join("project.godot"));
    files
}

#[test]
fn every_referenced_res_path_exists() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for file in sources() {
        for res in references(&read(&file)) {
            if res.starts_with("res://bin/") {
                continue;
            }
            checked += 1;
            let ok = generated_translation_exists(&res)
                .unwrap_or_else(|| res_to_path(&res).is_some_and(|p| p.exists()));
            if !ok {
                problems.push(format!("{}: {res} does not exist", path_to_res(&file)));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked >= 30, "only {checked} references checked");
}

#[test]
fn reference_scanner_and_translation_rule_work() {
    assert_eq!(
        references("load(\"res://a/b.tscn\") path=\"res://c.gd\" id"),
        ["res://a/b.tscn", "res://c.gd"]
    );
    assert_eq!(
        generated_translation_exists("res://translations/strings.ja.translation"),
        Some(true)
    );
    assert_eq!(
        generated_translation_exists("res://translations/strings.xx.translation"),
        Some(false)
    );
    assert_eq!(generated_translation_exists("res://x.gd"), None);
}
