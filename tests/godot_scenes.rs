//! Scenes against their scripts, without Godot: every connected signal names a method of the
//! target node's script, every connection's nodes exist, every `%UniqueName` a script uses is a node
//! its scene marks unique, and any `$Node/Path` a script still uses exists under the node the
//! script is attached to.

use screwsmith_checks::project::{path_to_res, project_dir, project_files, read, res_to_path};
use screwsmith_checks::tscn::{Node, Resource};
use std::collections::BTreeSet;

fn scenes() -> Vec<(String, Resource)> {
    let files = project_files(&[".tscn"]);
    assert!(
        files.len() >= 5,
        "menu, map, board, daily, settings: found {files:?}"
    );
    files
        .iter()
        .map(|p| (path_to_res(p), Resource::parse(&read(p))))
        .collect()
}

fn script_source(node: &Node) -> Option<String> {
    node.script
        .as_deref()
        .and_then(res_to_path)
        .map(|p| read(&p))
}

/// Names of the functions a script defines.
fn functions(source: &str) -> BTreeSet<String> {
    source
        .lines()
        .filter_map(|l| {
            let rest = l
                .trim_start()
                .strip_prefix("static ")
                .unwrap_or(l.trim_start());
            let rest = rest.strip_prefix("func ")?;
            Some(rest.split('(').next()?.trim().to_string())
        })
        .collect()
}

/// `%Name` unique-node references in a script's code (string literals and comments skipped, so
/// `"%d" % n` is no reference).
fn unique_names(source: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in source.lines() {
        let mut code = String::new();
        let mut quoted = false;
        for c in line.chars() {
            if c == '"' {
                quoted = !quoted;
            } else if c == '#' && !quoted {
                break;
            } else if !quoted {
                code.push(c);
            }
        }
        for (i, _) in code.match_indices('%') {
            let name: String = code[i + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                out.insert(name);
            }
        }
    }
    out
}

/// `$A/B` node paths used by a script (`$"quoted"` is not used in this project).
fn dollar_paths(source: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in source.lines() {
        let line = line.split('#').next().unwrap_or("");
        for (i, _) in line.match_indices('$') {
            let path: String = line[i + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '/')
                .collect();
            if !path.is_empty() {
                out.insert(path);
            }
        }
    }
    out
}

fn join(base: &str, rel: &str) -> String {
    if base == "." {
        rel.to_string()
    } else {
        format!("{base}/{rel}")
    }
}

#[test]
fn connected_signals_name_methods_of_the_target_script() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for (res, scene) in scenes() {
        let nodes = scene.nodes();
        for c in scene.connections() {
            if !nodes.iter().any(|n| n.path == c.from) {
                problems.push(format!("{res}: connection from missing node {}", c.from));
            }
            let Some(target) = nodes.iter().find(|n| n.path == c.to) else {
                problems.push(format!("{res}: connection to missing node {}", c.to));
                continue;
            };
            let Some(source) = script_source(target) else {
                problems.push(format!("{res}: {} has no script for {}", c.to, c.method));
                continue;
            };
            if !functions(&source).contains(&c.method) {
                problems.push(format!(
                    "{res}: {}.{} → {}: no func {} in {}",
                    c.from,
                    c.signal,
                    c.to,
                    c.method,
                    target.script.as_deref().unwrap_or("?")
                ));
            }
            checked += 1;
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The board's HUD wires its own buttons to its signals in code (BoardHud): the menus' remain.
    assert!(checked >= 10, "only {checked} connections checked");
}

#[test]
fn node_paths_used_by_scripts_exist_in_their_scenes() {
    let mut problems = Vec::new();
    for (res, scene) in scenes() {
        let nodes = scene.nodes();
        let paths: BTreeSet<&str> = nodes.iter().map(|n| n.path.as_str()).collect();
        for node in nodes.iter().filter(|n| n.script.is_some()) {
            let Some(source) = script_source(node) else {
                problems.push(format!("{res}: {} script missing", node.path));
                continue;
            };
            for rel in dollar_paths(&source) {
                if !paths.contains(join(&node.path, &rel).as_str()) {
                    problems.push(format!(
                        "{res}: {} uses ${rel}, not in the scene",
                        node.path
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Scripts reach their scenes' nodes by `%UniqueName` (a node may move without breaking a path):
/// every name used is a node its scene marks `unique_name_in_owner`, once.
#[test]
fn unique_names_used_by_scripts_are_unique_nodes_of_their_scenes() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for (res, scene) in scenes() {
        let nodes = scene.nodes();
        let unique: Vec<&str> = nodes
            .iter()
            .filter(|n| {
                n.props
                    .iter()
                    .any(|(k, v)| k == "unique_name_in_owner" && v == "true")
            })
            .map(|n| n.path.rsplit('/').next().unwrap_or(&n.path))
            .collect();
        for name in &unique {
            if unique.iter().filter(|n| *n == name).count() > 1 {
                problems.push(format!("{res}: %{name} marked unique twice"));
            }
        }
        for node in nodes.iter().filter(|n| n.script.is_some()) {
            let Some(source) = script_source(node) else {
                continue;
            };
            for name in unique_names(&source) {
                checked += 1;
                if !unique.contains(&name.as_str()) {
                    problems.push(format!(
                        "{res}: {} uses %{name}, no such unique node",
                        node.path
                    ));
                }
            }
        }
    }
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked >= 40, "only {checked} unique names checked");
}

/// Every screen (`res://scenes/`) is reachable from the game (`App.SCENES`) and instantiated by the
/// headless smoke test; a widget's scene lives beside its script and is instanced by a screen.
#[test]
fn every_scene_is_routed_and_smoke_tested() {
    let app = read(&project_dir().join("scripts/app.gd"));
    let smoke = read(&project_dir().join("tests/run_all.gd"));
    let all = scenes();
    for (res, _) in &all {
        if !res.starts_with("res://scenes/") {
            let script = format!("{}.gd", res.trim_end_matches(".tscn"));
            assert!(
                res_to_path(&script).is_some_and(|p| p.is_file()),
                "{res}: no {script} beside it"
            );
            assert!(
                all.iter()
                    .any(|(_, scene)| scene.ext_resources().values().any(|p| p == res)),
                "{res} is instanced by no scene"
            );
            continue;
        }
        let quoted = format!("\"{res}\"");
        assert!(app.contains(&quoted), "{res} is not in App.SCENES");
        assert!(
            smoke.contains(&quoted),
            "{res} is not instantiated by run_all.gd"
        );
    }
}

#[test]
fn helpers_find_what_they_should() {
    let src = "\t%Box.x = tr(\"A %d\") % n # %Not\n\tvar y := a % Width";
    assert_eq!(unique_names(src), BTreeSet::from(["Box".to_string()]));
    let src = "func _on_a() -> void:\n\t$Box/Go.x = 1 # $Not/This\nstatic func b():\n\tpass";
    assert_eq!(functions(src), BTreeSet::from(["_on_a".into(), "b".into()]));
    assert_eq!(dollar_paths(src), BTreeSet::from(["Box/Go".into()]));
}
