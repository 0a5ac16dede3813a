//! Helpers shared by the CLI's end-to-end tests: run the binary, make scratch folders and scratch
//! checkouts, read hand-made levels. Included by `#[path]`/`mod support;` from each test file.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository root (where the workspace `Cargo.toml` is).
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A hand-made test level.
pub fn level_path(name: &str) -> PathBuf {
    repo().join(format!("rust/rules/tests/levels/{name}.json"))
}

pub fn level_text(name: &str) -> String {
    std::fs::read_to_string(level_path(name)).unwrap()
}

/// The first `n` levels of the shipped set, as a JSON value of a level file.
pub fn shipped_prefix(n: usize) -> serde_json::Value {
    let text = std::fs::read_to_string(repo().join("levels/levels.json")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["levels"].as_array_mut().unwrap().truncate(n);
    v
}

/// Runs `screwsmith` in `dir` with stdin closed.
pub fn run_in(dir: &Path, args: &[&str]) -> Output {
    run_with(dir, args, &[])
}

/// Runs `screwsmith` in `dir` with extra environment variables.
pub fn run_with(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_screwsmith"))
        .args(args)
        .current_dir(dir)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("screwsmith runs")
}

/// Runs `screwsmith` at the repository root.
pub fn run(args: &[&str]) -> Output {
    run_in(&repo(), args)
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh scratch folder, unique per test and process.
pub fn tmp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("screwsmith-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A scratch checkout: a workspace `Cargo.toml` and copies of the shipped outputs, so commands that
/// write their default paths can be run without touching the real repository.
pub fn scratch_checkout(name: &str) -> PathBuf {
    let dir = tmp_dir(name);
    std::fs::write(dir.join("Cargo.toml"), "[workspace]\nmembers = []\n").unwrap();
    for rel in [
        "levels/levels.json",
        "levels/REPORT.md",
        "levels/curve.svg",
        "godot_project/levels/levels.json",
    ] {
        let to = dir.join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(repo().join(rel), to).unwrap();
    }
    let thumbs = repo().join("levels/thumbs");
    std::fs::create_dir_all(dir.join("levels/thumbs")).unwrap();
    for e in std::fs::read_dir(thumbs).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), dir.join("levels/thumbs").join(e.file_name())).unwrap();
    }
    dir
}

/// Every file under `dir` with its bytes, sorted by path (to compare a folder before and after).
pub fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let bytes = std::fs::read(&p).unwrap();
                out.push((p.strip_prefix(dir).unwrap().to_path_buf(), bytes));
            }
        }
    }
    out.sort();
    out
}

/// Asserts a failure the CLI's way: exit 2, exactly one line on stderr, no panic text; returns the line.
pub fn one_line_failure(o: &Output) -> String {
    let err = stderr(o);
    assert_eq!(
        o.status.code(),
        Some(2),
        "stderr: {err}\nstdout: {}",
        stdout(o)
    );
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.lines().count(), 1, "one line on stderr: {err:?}");
    err
}

pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}
