//! Every dictionary key a GDScript file reads is one somebody writes: the extension (its `vdict!`
//! dictionaries and the core structs it serialises), the scripts themselves, or the engine (listed
//! below with where it comes from). A key read that nobody writes is a typo the engine would only show
//! as `null` on a phone. The breaking cases are in `screwsmith_checks::dict_keys`'s own tests.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use screwsmith_checks::dict_keys::{gd_reads, gd_writes, rs_writes};
use screwsmith_checks::project::{path_to_res, project_files, read, repo_root};

/// Keys of dictionaries the engine makes, and script members read by name, each with where it is from.
const NOT_FROM_THE_EXTENSION: [(&str, &str); 10] = [
    ("bias", "Time.get_time_zone_from_system()"),
    ("collider", "PhysicsDirectSpaceState3D.intersect_ray()"),
    ("copyright", "Engine.get_copyright_info()"),
    ("license", "Engine.get_copyright_info()"),
    ("RATE", "a script constant read by name (motion test)"),
    ("RECIPES", "a script constant read by name (motion test)"),
    ("_request", "a script member read by name (editor test)"),
    ("_sim", "a script member read by name (engine tests)"),
    ("busy", "a script member read by name (hint test)"),
    ("card", "a script member read by name (onboarding test)"),
];

fn rust_sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            if entry.file_name() != "target" {
                rust_sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.components().any(|c| c.as_os_str() == "src")
        {
            out.push(path);
        }
    }
}

#[test]
fn every_key_a_script_reads_is_written() {
    let mut written: BTreeSet<String> = BTreeSet::new();
    let mut sources = Vec::new();
    rust_sources(&repo_root().join("rust"), &mut sources);
    for path in &sources {
        written.extend(rs_writes(&read(path)));
    }
    assert!(
        written.contains("proven") && written.contains("level_json"),
        "the Rust scan reads the crates"
    );
    let scripts = project_files(&[".gd"]);
    for path in &scripts {
        written.extend(gd_writes(&read(path)));
    }
    written.extend(NOT_FROM_THE_EXTENSION.iter().map(|(k, _)| k.to_string()));
    let mut unknown = Vec::new();
    let mut reads = 0;
    for path in &scripts {
        for (key, lines) in gd_reads(&read(path)) {
            reads += lines.len();
            if !written.contains(&key) {
                unknown.push(format!("{}:{lines:?} \"{key}\"", path_to_res(path)));
            }
        }
    }
    assert!(
        reads > 300,
        "only {reads} key reads found: is the scan reading the scripts?"
    );
    assert!(
        unknown.is_empty(),
        "keys read that nothing writes:\n{}",
        unknown.join("\n")
    );
}

#[test]
fn every_listed_engine_key_is_still_read() {
    let mut read_keys: BTreeSet<String> = BTreeSet::new();
    for path in project_files(&[".gd"]) {
        read_keys.extend(gd_reads(&read(&path)).into_keys());
    }
    let stale: Vec<&str> = NOT_FROM_THE_EXTENSION
        .iter()
        .map(|(k, _)| *k)
        .filter(|k| !read_keys.contains(*k))
        .collect();
    assert!(stale.is_empty(), "listed but no longer read: {stale:?}");
}
