//! The workspace's layering, as data, and the check that the resolved dependency graph keeps it.
//!
//! ARCHITECTURE.md draws the crates as layers; this module is where that drawing is enforced. The graph
//! comes from `cargo metadata` (resolved, so an indirect dependency is caught as well as a direct one);
//! only normal edges count (dev- and build-dependencies do not ship).

use std::collections::{BTreeMap, BTreeSet};

/// Crate name → the names of its normal (shipping) dependencies.
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// Each workspace crate and the workspace crates it may depend on directly. Every crate above `rules`
/// may use any external crate; `rules` only [`RULES_EXTERNAL`].
pub const LAYERS: &[(&str, &[&str])] = &[
    ("screwsmith-rules", &[]),
    ("screwsmith-solver", &["screwsmith-rules"]),
    ("screwsmith-readability", &["screwsmith-rules"]),
    (
        "screwsmith-gen",
        &[
            "screwsmith-rules",
            "screwsmith-solver",
            "screwsmith-readability",
        ],
    ),
    (
        "screwsmith-play",
        &[
            "screwsmith-rules",
            "screwsmith-solver",
            "screwsmith-readability",
            "screwsmith-gen",
        ],
    ),
    (
        "screwsmith-editor",
        &[
            "screwsmith-rules",
            "screwsmith-solver",
            "screwsmith-readability",
            "screwsmith-gen",
            "screwsmith-play",
        ],
    ),
    (
        "screwsmith-studio",
        &[
            "screwsmith-rules",
            "screwsmith-solver",
            "screwsmith-readability",
            "screwsmith-gen",
        ],
    ),
    (
        "screwsmith-cli",
        &[
            "screwsmith-rules",
            "screwsmith-solver",
            "screwsmith-readability",
            "screwsmith-gen",
            "screwsmith-play",
            "screwsmith-editor",
            "screwsmith-studio",
        ],
    ),
    (
        "screwsmith-gdext",
        &[
            "screwsmith-rules",
            "screwsmith-solver",
            "screwsmith-readability",
            "screwsmith-gen",
            "screwsmith-play",
            "screwsmith-editor",
        ],
    ),
    (
        "screwsmith-checks",
        &[
            "screwsmith-rules",
            "screwsmith-readability",
            "screwsmith-gen",
            "screwsmith-play",
        ],
    ),
];

/// What the rules may depend on: the bottom layer stays small enough to read in one sitting.
pub const RULES_EXTERNAL: &[&str] = &["serde", "serde_json", "thiserror"];

/// The only crate that may reach the engine.
pub const ENGINE_ADAPTER: &str = "screwsmith-gdext";

/// Builds the graph from `cargo metadata --format-version 1` output.
pub fn graph_from_metadata(meta: &serde_json::Value) -> Result<Graph, String> {
    let packages = meta["packages"]
        .as_array()
        .ok_or("metadata has no packages")?;
    let names: BTreeMap<&str, &str> = packages
        .iter()
        .filter_map(|p| Some((p["id"].as_str()?, p["name"].as_str()?)))
        .collect();
    let nodes = meta["resolve"]["nodes"]
        .as_array()
        .ok_or("metadata has no resolve graph")?;
    let mut graph = Graph::new();
    for node in nodes {
        let id = node["id"].as_str().ok_or("node without id")?;
        let name = names
            .get(id)
            .ok_or_else(|| format!("unknown package {id}"))?;
        let deps = node["deps"].as_array().ok_or("node without deps")?;
        let normal = deps.iter().filter(|d| {
            d["dep_kinds"]
                .as_array()
                .is_some_and(|kinds| kinds.iter().any(|k| k["kind"].is_null()))
        });
        let entry = graph.entry(name.to_string()).or_default();
        for d in normal {
            let pkg = d["pkg"].as_str().ok_or("dependency without pkg")?;
            entry.insert(names.get(pkg).ok_or("unknown dependency")?.to_string());
        }
    }
    Ok(graph)
}

/// Everything `root` reaches through normal edges, itself excluded.
pub fn reachable<'a>(graph: &'a Graph, root: &str) -> BTreeSet<&'a str> {
    let mut seen = BTreeSet::new();
    let mut stack: Vec<&str> = graph
        .get(root)
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    while let Some(name) = stack.pop() {
        if seen.insert(name) {
            if let Some(deps) = graph.get(name) {
                stack.extend(deps.iter().map(String::as_str));
            }
        }
    }
    seen
}

fn is_engine(name: &str) -> bool {
    name.starts_with("godot") || name == "gdextension-api"
}

/// Every way `graph` breaks the layering, one sentence each; empty when it holds.
pub fn violations(graph: &Graph) -> Vec<String> {
    let workspace: BTreeSet<&str> = LAYERS.iter().map(|(name, _)| *name).collect();
    let mut found = Vec::new();
    for (name, allowed) in LAYERS {
        let Some(deps) = graph.get(*name) else {
            found.push(format!("{name} is not in the workspace"));
            continue;
        };
        for dep in deps {
            if workspace.contains(dep.as_str()) && !allowed.contains(&dep.as_str()) {
                found.push(format!("{name} depends on {dep}, which is not below it"));
            }
            if *name == "screwsmith-rules"
                && !workspace.contains(dep.as_str())
                && !RULES_EXTERNAL.contains(&dep.as_str())
            {
                found.push(format!(
                    "screwsmith-rules depends on {dep}: the rules may use only {RULES_EXTERNAL:?}"
                ));
            }
        }
        let reach = reachable(graph, name);
        if *name != ENGINE_ADAPTER {
            if let Some(engine) = reach.iter().find(|d| is_engine(d)) {
                found.push(format!(
                    "{name} reaches {engine}: only {ENGINE_ADAPTER} may"
                ));
            }
        } else if reach.contains("screwsmith-studio") {
            found.push(format!(
                "{ENGINE_ADAPTER} reaches screwsmith-studio: the designer tools must not ship in the game"
            ));
        }
    }
    for name in graph.keys() {
        if name.starts_with("screwsmith") && !workspace.contains(name.as_str()) {
            found.push(format!(
                "{name} has no place in the layer table (tests/src/layers.rs)"
            ));
        }
    }
    found
}
