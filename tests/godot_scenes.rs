//! Scenes against their scripts, without Godot: every connected signal names a method of the
//! target node's script, every connection's nodes exist, every `%UniqueName` a script uses is a node
//! its scene marks unique, any `$Node/Path` a script still uses exists under the node the
//! script is attached to, and a scene's root script is made by instancing its scene, never `new()`.

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
    let scripts: Vec<String> = project_files(&[".gd"]).iter().map(|p| read(p)).collect();
    for (res, _) in &all {
        if !res.starts_with("res://scenes/") {
            let script = format!("{}.gd", res.trim_end_matches(".tscn"));
            assert!(
                res_to_path(&script).is_some_and(|p| p.is_file()),
                "{res}: no {script} beside it"
            );
            // A view the editor plugin builds in code instances its widget scenes by preload.
            let preload = format!("preload(\"{res}\")");
            assert!(
                all.iter()
                    .any(|(_, scene)| scene.ext_resources().values().any(|p| p == res))
                    || scripts.iter().any(|text| text.contains(&preload))
                    || plugin_screen(res),
                "{res} is instanced by no scene, preloaded by no script, nor an editor plugin's screen"
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

/// Whether `res` is an addon's screen: its `EditorPlugin` script beside it (`plugin.gd`, named by the
/// addon's `plugin.cfg`) preloads the scene to instance it, as a screen of the game is instanced by
/// `App.SCENES`.
fn plugin_screen(res: &str) -> bool {
    let Some(dir) = res
        .strip_prefix("res://addons/")
        .and_then(|r| r.split('/').next())
    else {
        return false;
    };
    let plugin = format!("res://addons/{dir}/plugin.gd");
    res_to_path(&plugin).map(|p| read(&p)).is_some_and(|src| {
        src.contains("extends EditorPlugin") && src.contains(&format!("preload(\"{res}\")"))
    })
}

#[test]
fn helpers_find_what_they_should() {
    // The level editor's plugin preloads its screen, not its widgets (its screen instances those).
    assert!(plugin_screen(
        "res://addons/screwsmith_editor/editor_screen.tscn"
    ));
    assert!(!plugin_screen(
        "res://addons/screwsmith_editor/widgets/verdict_card.tscn"
    ));
    assert!(!plugin_screen("res://scenes/board.tscn"));
    let src = "\t%Box.x = tr(\"A %d\") % n # %Not\n\tvar y := a % Width";
    assert_eq!(unique_names(src), BTreeSet::from(["Box".to_string()]));
    let src = "func _on_a() -> void:\n\t$Box/Go.x = 1 # $Not/This\nstatic func b():\n\tpass";
    assert_eq!(functions(src), BTreeSet::from(["_on_a".into(), "b".into()]));
    assert_eq!(dollar_paths(src), BTreeSet::from(["Box/Go".into()]));
}

/// The scripts at the root of a scene: those are built by instancing the scene, never by `new()`.
fn scene_root_scripts(scenes: &[(String, Resource)]) -> BTreeSet<String> {
    scenes
        .iter()
        .filter_map(|(_, scene)| {
            scene
                .nodes()
                .into_iter()
                .find(|n| n.path == ".")
                .and_then(|n| n.script)
        })
        .collect()
}

/// Whether `code` has `name` followed by `.new(` as a whole identifier (`MyPauseSheet.new(` is not
/// `PauseSheet.new(`).
fn calls_new(code: &str, name: &str) -> bool {
    let call = format!("{name}.new(");
    code.match_indices(&call).any(|(i, _)| {
        !code[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Every place a script makes the root script of a scene with `new()`: by its `class_name`, by a
/// `const X := preload("….gd")` alias of it in the same file, or `preload("….gd").new(` directly. A
/// scene's root script made that way has none of the scene's nodes or connections (`%Box` is null).
/// `scripts`: `res://` path → source.
fn roots_made_by_new(roots: &BTreeSet<String>, scripts: &[(String, String)]) -> Vec<String> {
    let class_of = |res: &str| {
        scripts.iter().find(|(r, _)| r == res).and_then(|(_, src)| {
            src.lines()
                .find_map(|l| l.trim().strip_prefix("class_name "))
                .map(|n| n.split_whitespace().next().unwrap_or("").to_string())
        })
    };
    let mut problems = Vec::new();
    for (res, source) in scripts {
        for (number, line) in source.lines().enumerate() {
            let code = line.split('#').next().unwrap_or("");
            for root in roots {
                let quoted = format!("preload(\"{root}\")");
                let aliases: Vec<String> = source
                    .lines()
                    .filter_map(|l| {
                        let rest = l.trim().strip_prefix("const ")?;
                        let (name, value) = rest.split_once('=')?;
                        let name = name.trim().trim_end_matches(':').trim();
                        (value.trim() == quoted).then(|| name.to_string())
                    })
                    .collect();
                let made = class_of(root).is_some_and(|c| !c.is_empty() && calls_new(code, &c))
                    || code.contains(&format!("{quoted}.new("))
                    || aliases.iter().any(|a| calls_new(code, a));
                if made {
                    let scene = format!("{}.tscn", root.trim_end_matches(".gd"));
                    problems.push(format!(
                        "{res}:{}: makes {root} with new(); instance its scene ({scene})",
                        number + 1
                    ));
                }
            }
        }
    }
    problems
}

/// A scene's root script is only ever made by instancing its scene.
#[test]
fn scene_roots_are_instanced_never_made_with_new() {
    let scenes = scenes();
    let roots = scene_root_scripts(&scenes);
    assert!(
        roots.contains("res://scripts/board/pause_sheet.gd"),
        "roots found: {roots:?}"
    );
    let scripts: Vec<(String, String)> = project_files(&[".gd"])
        .iter()
        .map(|p| (path_to_res(p), read(p)))
        .collect();
    let problems = roots_made_by_new(&roots, &scripts);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The breaking case: a board that makes its pause sheet with `PauseSheet.new()` (and the other two
/// spellings) is caught; instancing the scene, or a class whose name merely ends the same, is not.
#[test]
fn making_a_scene_root_with_new_is_caught() {
    const SHEET: &str = "res://ui/pause_sheet.gd";
    let scene = Resource::parse(
        "[gd_scene load_steps=2 format=3 uid=\"uid://cs1\"]\n\n\
         [ext_resource type=\"Script\" path=\"res://ui/pause_sheet.gd\" id=\"1_s\"]\n\n\
         [node name=\"PauseSheet\" type=\"Control\"]\nscript = ExtResource(\"1_s\")\n",
    );
    let roots = scene_root_scripts(&[("res://ui/pause_sheet.tscn".into(), scene)]);
    assert_eq!(roots, BTreeSet::from([SHEET.to_string()]));
    let sheet = (
        SHEET.to_string(),
        "class_name PauseSheet\nextends Control\n".to_string(),
    );
    let board = |body: &str| {
        vec![
            sheet.clone(),
            (
                "res://board.gd".to_string(),
                format!("extends Node\n{body}"),
            ),
        ]
    };
    for broken in [
        "var s := PauseSheet.new()\n",
        "var s = preload(\"res://ui/pause_sheet.gd\").new()\n",
        "const Sheet := preload(\"res://ui/pause_sheet.gd\")\nvar s = Sheet.new()\n",
    ] {
        let problems = roots_made_by_new(&roots, &board(broken));
        assert_eq!(problems.len(), 1, "{broken}: {problems:?}");
        assert!(problems[0].starts_with("res://board.gd:"), "{problems:?}");
    }
    for fine in [
        "var s: PauseSheet = preload(\"res://ui/pause_sheet.tscn\").instantiate()\n",
        "var s := MyPauseSheet.new() # PauseSheet.new() in a comment\n",
    ] {
        assert_eq!(
            roots_made_by_new(&roots, &board(fine)),
            Vec::<String>::new()
        );
    }
}
