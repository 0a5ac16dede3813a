//! Determinism (ARCHITECTURE.md, "Every crate"): the same inputs give the same levels, verdicts and
//! results on every machine. Three things would break it silently, and each is checked here with a
//! fixture that shows the check failing:
//! - another random source: only the rules' xorshift32 (`screwsmith_rules::rng`); no crate of the game or
//!   the tools links `rand` (or `getrandom`, `fastrand`) through a normal dependency;
//! - floats in rule decisions: the rules' game (`sim/`), moves, cells and rng hold no `f32`/`f64` (the
//!   level file's stored measure may);
//! - hash-map iteration in result paths: no `HashMap`/`HashSet` in the crates under `rust/` but the
//!   solver, whose transposition tables are only probed, never iterated (`BTreeMap` where order matters).

use std::path::Path;

use screwsmith_checks::layers::{graph_from_metadata, reachable, Graph, LAYERS};
use screwsmith_checks::limits::source_files;
use screwsmith_checks::project::{read, repo_root};

const RANDOM_CRATES: [&str; 3] = ["rand", "getrandom", "fastrand"];

fn real_graph() -> Graph {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(repo_root().join("Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    graph_from_metadata(&serde_json::from_slice(&out.stdout).unwrap()).unwrap()
}

/// `crate reaches rand` for every workspace crate that links a random source.
fn random_sources(graph: &Graph) -> Vec<String> {
    let mut out = Vec::new();
    for (name, _) in LAYERS {
        for dep in reachable(graph, name) {
            if RANDOM_CRATES.contains(&dep) {
                out.push(format!("{name} reaches {dep}"));
            }
        }
    }
    out
}

/// Lines of `text` (Rust) that name a float type outside comments.
fn float_lines(text: &str) -> Vec<usize> {
    words_outside_comments(text, &["f32", "f64"])
}

/// Lines of `text` (Rust) that name a hashed collection outside comments.
fn hash_lines(text: &str) -> Vec<usize> {
    words_outside_comments(text, &["HashMap", "HashSet"])
}

fn words_outside_comments(text: &str, words: &[&str]) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or_default();
        let found = code
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .any(|w| words.contains(&w));
        if found {
            out.push(i + 1);
        }
    }
    out
}

fn rel(path: &Path) -> String {
    path.strip_prefix(repo_root())
        .unwrap()
        .display()
        .to_string()
}

#[test]
fn no_crate_links_another_random_source() {
    let g = real_graph();
    assert!(g.contains_key("screwsmith-rules"), "the graph is read");
    assert_eq!(random_sources(&g), Vec::<String>::new());
}

#[test]
fn the_rules_decide_without_floats() {
    let mut found = Vec::new();
    for path in source_files() {
        let r = rel(&path);
        let decides = ["sim/", "moves", "cells", "rng"]
            .iter()
            .any(|part| r.starts_with(&format!("rust/rules/src/{part}")));
        if decides {
            for line in float_lines(&read(&path)) {
                found.push(format!("{r}:{line}"));
            }
        }
    }
    assert_eq!(found, Vec::<String>::new(), "a float in a rule decision");
}

#[test]
fn no_hashed_collection_outside_the_solver() {
    let mut found = Vec::new();
    for path in source_files() {
        let r = rel(&path);
        if r.starts_with("rust/") && r.ends_with(".rs") && !r.starts_with("rust/solver/") {
            for line in hash_lines(&read(&path)) {
                found.push(format!("{r}:{line}"));
            }
        }
    }
    assert_eq!(
        found,
        Vec::<String>::new(),
        "use a BTreeMap/BTreeSet where order can reach a result"
    );
}

#[test]
fn a_random_crate_reached_indirectly_is_caught() {
    let mut g = real_graph();
    g.get_mut("serde_json")
        .expect("serde_json")
        .insert("rand".into());
    g.entry("rand".into()).or_default();
    let v = random_sources(&g);
    assert!(
        v.contains(&"screwsmith-rules reaches rand".to_string()),
        "{v:?}"
    );
}

#[test]
fn a_float_or_a_hash_map_in_code_is_caught_and_in_a_comment_is_not() {
    let rs = "let x: f64 = 0.5; // f32\n// HashMap is fine here\nlet m = std::collections::HashMap::new();\n";
    assert_eq!(float_lines(rs), [1]);
    assert_eq!(hash_lines(rs), [3]);
}
