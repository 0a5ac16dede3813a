//! Paths of the repository and of the Godot project, and the project's files by extension.

use std::fs;
use std::path::{Path, PathBuf};

/// The repository root (this crate lives in `<root>/tests`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// `<root>/godot_project`, i.e. `res://`.
pub fn project_dir() -> PathBuf {
    repo_root().join("godot_project")
}

/// Every file under the project whose name ends with one of `suffixes`, sorted, skipping Godot's
/// generated `.godot/` cache and the extension's build output `bin/`.
pub fn project_files(suffixes: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    walk(&project_dir(), &mut out);
    out.retain(|p| {
        let name = p.to_string_lossy();
        suffixes.iter().any(|s| name.ends_with(s))
    });
    out.sort();
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != ".godot" && !(dir == project_dir() && name == "bin") {
                walk(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

/// `res://a/b` → `<project>/a/b`.
pub fn res_to_path(res: &str) -> Option<PathBuf> {
    res.strip_prefix("res://")
        .map(|rel| project_dir().join(rel))
}

/// `<project>/a/b` → `res://a/b`.
pub fn path_to_res(path: &Path) -> String {
    let rel = path.strip_prefix(project_dir()).unwrap_or(path);
    format!("res://{}", rel.to_string_lossy().replace('\\', "/"))
}

/// A file's text; the checks treat an unreadable file as a failure with its name.
pub fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
