//! The project is in Godot 4.4's format: every script and shader has its `.uid` file committed beside
//! it, every scene and resource names its own uid in its header, and every `[ext_resource]` names the
//! uid of the file it loads (the one that file's `.uid`, header or `.import` holds). A file without its
//! uid makes the 4.4 editor offer "Restart & Upgrade" on a fresh clone, and a clone whose editor writes
//! the uids itself gives every designer a different one (conflicts on every merge).

use screwsmith_checks::project::{path_to_res, project_dir, read};
use screwsmith_checks::tscn::Resource;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// What a project holds, as the check reads it: the committed files (`res://` path → text).
struct Files(BTreeMap<String, String>);

/// Files that carry their uid in a `<file>.uid` sidecar (Godot 4.4 writes one for these).
const SIDECAR: [&str; 3] = [".gd", ".gdshader", ".gdextension"];
/// Files that carry their uid in their own header.
const HEADER: [&str; 2] = [".tscn", ".tres"];

impl Files {
    /// The project's files as git has them (the working copy of every tracked file): a `.uid` the
    /// import wrote but nobody committed is missing from a fresh clone, so it does not count here.
    fn committed() -> Files {
        let out = Command::new("git")
            .args(["ls-files", "-z", "--", "."])
            .current_dir(project_dir())
            .output()
            .expect("git runs");
        assert!(out.status.success(), "git ls-files failed");
        let mut files = BTreeMap::new();
        for rel in String::from_utf8_lossy(&out.stdout).split('\0') {
            if rel.is_empty() {
                continue;
            }
            let path = project_dir().join(rel);
            if !path.is_file() {
                continue;
            }
            let keep = SIDECAR.iter().chain(&HEADER).any(|s| rel.ends_with(s))
                || rel.ends_with(".uid")
                || rel.ends_with(".import");
            let text = if keep && !is_binary(&path) {
                read(&path)
            } else {
                String::new()
            };
            files.insert(path_to_res(&path), text);
        }
        Files(files)
    }

    fn of(pairs: &[(&str, &str)]) -> Files {
        Files(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    /// The uid a file is known by, and where it is written: its `.uid` sidecar, its header, or the
    /// `[remap]` section of its `.import`.
    fn uid_of(&self, res: &str) -> Option<String> {
        if let Some(text) = self.0.get(&format!("{res}.uid")) {
            return Some(text.trim().to_string());
        }
        if HEADER.iter().any(|s| res.ends_with(s)) {
            let head = Resource::parse(self.0.get(res)?)
                .sections
                .into_iter()
                .next()?;
            return head.attrs.get("uid").cloned();
        }
        let import = self.0.get(&format!("{res}.import"))?;
        import.lines().find_map(|l| {
            l.strip_prefix("uid=\"")
                .and_then(|v| v.strip_suffix('"'))
                .map(str::to_string)
        })
    }

    /// Every way the project breaks the format, one line each.
    fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut seen: BTreeMap<String, String> = BTreeMap::new();
        for (res, text) in &self.0 {
            if SIDECAR.iter().any(|s| res.ends_with(s)) {
                match self.0.get(&format!("{res}.uid")) {
                    None => problems.push(format!("{res}: no committed {res}.uid")),
                    Some(uid) if !is_uid(uid.trim()) => {
                        problems.push(format!("{res}.uid: {:?} is not a uid://", uid.trim()))
                    }
                    Some(_) => {}
                }
            }
            if res.ends_with(".uid") && !self.0.contains_key(res.trim_end_matches(".uid")) {
                problems.push(format!("{res}: left over, its file is gone"));
            }
            if HEADER.iter().any(|s| res.ends_with(s)) {
                match self.uid_of(res) {
                    Some(uid) if is_uid(&uid) => {}
                    _ => problems.push(format!("{res}: its header names no uid")),
                }
                for ext in Resource::parse(text).of_kind("ext_resource") {
                    let Some(path) = ext.attrs.get("path") else {
                        continue;
                    };
                    let expected = self.uid_of(path);
                    match (ext.attrs.get("uid"), expected) {
                        (None, _) => {
                            problems.push(format!("{res}: ext_resource {path} has no uid"))
                        }
                        (Some(_), None) => {
                            problems.push(format!("{res}: {path} has no committed uid"))
                        }
                        (Some(got), Some(want)) if *got != want => problems.push(format!(
                            "{res}: ext_resource {path} names {got}, the file is {want}"
                        )),
                        _ => {}
                    }
                }
            }
            if let Some(uid) = self.uid_of(res).filter(|_| !res.ends_with(".uid")) {
                if let Some(other) = seen.insert(uid.clone(), res.clone()) {
                    problems.push(format!("{res} and {other} share {uid}"));
                }
            }
        }
        problems
    }
}

/// `uid://` followed by Godot's base-34 digits (a–z, 0–9 without some letters; any of them here).
fn is_uid(s: &str) -> bool {
    s.strip_prefix("uid://").is_some_and(|d| {
        !d.is_empty()
            && d.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
    })
}

fn is_binary(path: &Path) -> bool {
    std::fs::read(path).map_or(true, |b| b.contains(&0))
}

#[test]
fn every_script_scene_and_resource_has_its_committed_uid() {
    let files = Files::committed();
    let scripts = files
        .0
        .keys()
        .filter(|r| SIDECAR.iter().any(|s| r.ends_with(s)))
        .count();
    let scenes = files
        .0
        .keys()
        .filter(|r| HEADER.iter().any(|s| r.ends_with(s)))
        .count();
    assert!(
        scripts >= 40 && scenes >= 8,
        "{scripts} scripts, {scenes} scenes/resources"
    );
    let problems = files.problems();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

const SCRIPT: (&str, &str) = ("res://a.gd", "extends Node\n");
const SCRIPT_UID: (&str, &str) = ("res://a.gd.uid", "uid://bqa1\n");
const SCENE: &str = "[gd_scene load_steps=2 format=3 uid=\"uid://cs1\"]\n\n\
    [ext_resource type=\"Script\" uid=\"uid://bqa1\" path=\"res://a.gd\" id=\"1_a\"]\n\n\
    [node name=\"A\" type=\"Node\"]\nscript = ExtResource(\"1_a\")\n";

#[test]
fn a_well_formed_fixture_passes() {
    let files = Files::of(&[SCRIPT, SCRIPT_UID, ("res://a.tscn", SCENE)]);
    assert_eq!(files.problems(), Vec::<String>::new());
}

#[test]
fn a_script_without_its_uid_file_fails() {
    let files = Files::of(&[SCRIPT, ("res://a.tscn", SCENE)]);
    let problems = files.problems().join("\n");
    assert!(
        problems.contains("res://a.gd: no committed res://a.gd.uid"),
        "{problems}"
    );
    assert!(
        problems.contains("res://a.gd has no committed uid"),
        "{problems}"
    );
}

#[test]
fn a_shader_without_its_uid_file_fails() {
    let files = Files::of(&[("res://s.gdshader", "shader_type spatial;\n")]);
    assert_eq!(
        files.problems(),
        ["res://s.gdshader: no committed res://s.gdshader.uid"]
    );
}

#[test]
fn a_scene_in_the_old_format_fails() {
    let old = "[gd_scene load_steps=2 format=3]\n\n\
        [ext_resource type=\"Script\" path=\"res://a.gd\" id=\"1_a\"]\n";
    let files = Files::of(&[SCRIPT, SCRIPT_UID, ("res://a.tscn", old)]);
    assert_eq!(
        files.problems(),
        [
            "res://a.tscn: its header names no uid",
            "res://a.tscn: ext_resource res://a.gd has no uid"
        ]
    );
}

#[test]
fn a_stale_uid_and_a_shared_uid_fail() {
    let stale = SCENE.replace("uid://bqa1\" path", "uid://bzz9\" path");
    let files = Files::of(&[SCRIPT, SCRIPT_UID, ("res://a.tscn", &stale)]);
    assert_eq!(
        files.problems(),
        ["res://a.tscn: ext_resource res://a.gd names uid://bzz9, the file is uid://bqa1"]
    );
    let twin = Files::of(&[
        SCRIPT,
        SCRIPT_UID,
        ("res://a.tscn", SCENE),
        ("res://b.tscn", SCENE),
    ]);
    assert_eq!(
        twin.problems(),
        ["res://b.tscn and res://a.tscn share uid://cs1"]
    );
}

#[test]
fn an_imported_file_is_known_by_the_uid_of_its_import() {
    let theme = "[gd_resource type=\"Theme\" format=3 uid=\"uid://t1\"]\n\n\
        [ext_resource type=\"FontFile\" uid=\"uid://f1\" path=\"res://f.ttf\" id=\"1_f\"]\n";
    let import = "[remap]\n\nimporter=\"font_data_dynamic\"\nuid=\"uid://f1\"\n";
    let files = Files::of(&[
        ("res://t.tres", theme),
        ("res://f.ttf", ""),
        ("res://f.ttf.import", import),
    ]);
    assert_eq!(files.problems(), Vec::<String>::new());
    let files = Files::of(&[("res://t.tres", theme), ("res://f.ttf", "")]);
    assert_eq!(
        files.problems(),
        ["res://t.tres: res://f.ttf has no committed uid"]
    );
}

#[test]
fn the_uid_set_is_what_the_project_lists() {
    // The sidecar kinds are the ones Godot 4.4 writes: a new kind of script in the project would
    // show up here as a file with a `.uid` the check does not ask for.
    let files = Files::committed();
    let kinds: BTreeSet<String> = files
        .0
        .keys()
        .filter_map(|r| r.strip_suffix(".uid"))
        .filter_map(|r| Path::new(r).extension())
        .map(|e| format!(".{}", e.to_string_lossy()))
        .collect();
    for kind in &kinds {
        assert!(SIDECAR.contains(&kind.as_str()), "{kind} has .uid files");
    }
}
