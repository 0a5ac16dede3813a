//! The core is engine-free (SPEC §1): `godot` must never enter its dependency tree. This reads the
//! resolved tree from `cargo metadata`, so an indirect dependency is caught as well as a direct one.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

#[test]
fn screwsmith_core_never_depends_on_godot() {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--manifest-path",
            manifest,
        ])
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: BTreeMap<&str, &str> = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p["name"].as_str().unwrap()))
        .collect();
    let nodes = meta["resolve"]["nodes"].as_array().unwrap();
    let deps: BTreeMap<&str, Vec<&str>> = nodes
        .iter()
        .map(|n| {
            let d = n["deps"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| {
                    // Normal (non-dev, non-build) edges only: what ships in the library.
                    d["dep_kinds"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|k| k["kind"].is_null())
                })
                .map(|d| d["pkg"].as_str().unwrap())
                .collect();
            (n["id"].as_str().unwrap(), d)
        })
        .collect();
    let core = names
        .iter()
        .find(|(_, &n)| n == "screwsmith-core")
        .map(|(&id, _)| id)
        .expect("screwsmith-core in metadata");
    let mut seen = BTreeSet::new();
    let mut stack = vec![core];
    while let Some(id) = stack.pop() {
        if !seen.insert(id) {
            continue;
        }
        let name = names[id];
        assert!(
            !name.starts_with("godot") && name != "gdextension-api",
            "screwsmith-core depends on {name}: the core must stay engine-free"
        );
        stack.extend(deps.get(id).into_iter().flatten());
    }
    assert!(seen.len() > 3, "the walk saw the core's real dependencies");
}
