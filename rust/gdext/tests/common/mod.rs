//! Paths and parsers shared by the build tests.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn read(rel: &str) -> String {
    let path = root().join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `section -> key -> value` of a Godot config file (`.gdextension`), quotes removed, comments skipped.
pub fn godot_config(text: &str) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut out: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut section = String::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with(';') || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.to_string();
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .unwrap_or_else(|| panic!("not `key = value`: {line}"));
        let value = value.trim().trim_matches('"').to_string();
        let previous = out
            .entry(section.clone())
            .or_default()
            .insert(key.trim().to_string(), value);
        assert!(previous.is_none(), "key listed twice: {line}");
    }
    out
}

/// The parsed `godot_project/screwsmith.gdextension`.
pub fn gdextension() -> BTreeMap<String, BTreeMap<String, String>> {
    godot_config(&read("godot_project/screwsmith.gdextension"))
}

/// The workspace `Cargo.toml`.
pub fn workspace_manifest() -> toml::Table {
    read("Cargo.toml").parse().expect("Cargo.toml parses")
}
