//! The workspace's layers hold (ARCHITECTURE.md): each crate depends only on the crates below it, the
//! rules only on serde/serde_json/thiserror, nothing but the GDExtension reaches `godot`, and the
//! GDExtension never links the designer tools. The graph is `cargo metadata`'s resolved one, so an
//! indirect dependency is caught as well as a direct one. The fixture tests add one forbidden edge to a
//! copy of the real graph and prove the check sees it.

use std::process::Command;

use screwsmith_checks::layers::{graph_from_metadata, violations, Graph};

fn real_graph() -> Graph {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.toml");
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
    graph_from_metadata(&meta).expect("metadata parses")
}

fn with_edge(from: &str, to: &str) -> Graph {
    let mut g = real_graph();
    g.get_mut(from).expect(from).insert(to.to_string());
    g.entry(to.to_string()).or_default();
    g
}

#[test]
fn the_workspace_keeps_its_layers() {
    let g = real_graph();
    assert_eq!(violations(&g), Vec::<String>::new());
    assert!(
        g["screwsmith-gdext"].contains("godot"),
        "the walk sees the adapter's real edges"
    );
    assert!(g["screwsmith-rules"].contains("serde"));
}

#[test]
fn rules_depending_on_the_solver_is_caught() {
    let v = violations(&with_edge("screwsmith-rules", "screwsmith-solver"));
    assert!(
        v.iter()
            .any(|m| m.contains("screwsmith-rules depends on screwsmith-solver")),
        "{v:?}"
    );
}

#[test]
fn the_gdextension_linking_the_studio_is_caught() {
    let v = violations(&with_edge("screwsmith-gdext", "screwsmith-studio"));
    assert!(
        v.iter()
            .any(|m| m.contains("gdext depends on screwsmith-studio")),
        "{v:?}"
    );
    assert!(
        v.iter().any(|m| m.contains("must not ship in the game")),
        "{v:?}"
    );
}

#[test]
fn the_engine_reached_indirectly_is_caught() {
    // `palette` is external and allowed for readability; give it `godot` and every crate above sees it.
    let v = violations(&with_edge("palette", "godot"));
    assert!(
        v.iter()
            .any(|m| m.contains("screwsmith-readability reaches godot")),
        "{v:?}"
    );
    assert!(
        v.iter()
            .any(|m| m.contains("screwsmith-play reaches godot")),
        "{v:?}"
    );
}

#[test]
fn an_extra_external_crate_in_the_rules_is_caught() {
    let v = violations(&with_edge("screwsmith-rules", "rayon"));
    assert!(
        v.iter().any(|m| m.contains("the rules may use only")),
        "{v:?}"
    );
}

#[test]
fn a_new_crate_must_take_a_place_in_the_table() {
    let mut g = real_graph();
    g.insert("screwsmith-extra".into(), Default::default());
    let v = violations(&g);
    assert!(
        v.iter()
            .any(|m| m.contains("screwsmith-extra has no place")),
        "{v:?}"
    );
}
