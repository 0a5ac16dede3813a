//! `godot_project/screwsmith.gdextension` agrees with the build: entry symbol, API level, and every
//! library path is a file `scripts/build_gdext.sh` produces (and every file it produces is listed); the
//! class docs are compiled in only where the editor loads the library; the shipping profile's settings.

use std::collections::BTreeMap;
use std::process::Command;

use screwsmith_checks::godot_cfg::{self, Config};
use screwsmith_checks::project::{project_dir, read, repo_root};

fn gdextension() -> Config {
    godot_cfg::parse(&read(&project_dir().join("screwsmith.gdextension")))
}

fn manifest(rel: &str) -> toml::Table {
    read(&repo_root().join(rel))
        .parse()
        .unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn workspace_manifest() -> toml::Table {
    manifest("Cargo.toml")
}

#[test]
fn configuration_names_the_gdext_entry_point_and_the_api_level() {
    let cfg = gdextension();
    let conf = &cfg["configuration"];
    assert_eq!(conf["entry_symbol"], "gdext_rust_init");
    let manifest = workspace_manifest();
    let features = manifest["workspace"]["dependencies"]["godot"]["features"]
        .as_array()
        .expect("godot features");
    let api: Vec<&str> = features
        .iter()
        .filter_map(|f| f.as_str()?.strip_prefix("api-"))
        .collect();
    assert_eq!(api.len(), 1, "exactly one api-4-x feature: {features:?}");
    let api = api[0].replace('-', ".");
    assert_eq!(
        conf["compatibility_minimum"], api,
        "compatibility_minimum must match the godot crate's api feature"
    );
    assert!(
        !features.iter().any(|f| f.as_str() == Some("register-docs")),
        "register-docs is screwsmith-gdext's own feature, not on for every build: {features:?}"
    );
}

/// The class docs (`register-docs`: the /// text compiled into the library for the editor's help) are
/// on in the debug library the editor loads and off in the shipping build; scripts/export_check.sh
/// checks the built libraries themselves.
#[test]
fn class_docs_are_built_for_the_editor_only() {
    let gdext = manifest("rust/gdext/Cargo.toml");
    let features = gdext["features"].as_table().expect("[features]");
    let forwards: Vec<&str> = features["register-docs"]
        .as_array()
        .expect("register-docs = [...]")
        .iter()
        .filter_map(|f| f.as_str())
        .collect();
    assert_eq!(forwards, ["godot/register-docs"]);
    assert!(
        features["default"]
            .as_array()
            .expect("default = [...]")
            .iter()
            .any(|f| f.as_str() == Some("register-docs")),
        "the debug build (and with it cargo test and clippy) has the docs the editor shows"
    );
    let build = read(&repo_root().join("scripts/build_gdext.sh"));
    let release = build
        .lines()
        .find(|l| l.trim_start().starts_with("release)"))
        .expect("the release case of build_gdext.sh");
    assert!(
        release.contains("CARGO_PROFILE=mobile") && release.contains("--no-default-features"),
        "the shipping build leaves the docs out: {release}"
    );
    let debug = build
        .lines()
        .find(|l| l.trim_start().starts_with("debug)"))
        .expect("the debug case of build_gdext.sh");
    assert!(!debug.contains("--no-default-features"), "{debug}");
}

#[test]
fn every_library_path_is_one_the_build_script_produces() {
    let cfg = gdextension();
    let listed: BTreeMap<String, String> = cfg["libraries"]
        .iter()
        .map(|(key, path)| {
            let file = path
                .strip_prefix("res://bin/")
                .unwrap_or_else(|| panic!("{key}: {path} is not under res://bin/"));
            assert!(!file.contains('/'), "{key}: {path}");
            (key.clone(), file.to_string())
        })
        .collect();
    let script = repo_root().join("scripts/build_gdext.sh");
    let out = Command::new("bash")
        .arg(&script)
        .arg("--list")
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let produced: BTreeMap<String, String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let (k, f) = l.split_once(' ').expect("`key file`");
            (k.to_string(), f.to_string())
        })
        .collect();
    assert_eq!(
        listed, produced,
        ".gdextension [libraries] vs build_gdext.sh --list"
    );
    for platform in ["linux", "windows", "macos", "android", "ios"] {
        for profile in ["debug", "release"] {
            assert!(
                listed
                    .keys()
                    .any(|k| k.starts_with(&format!("{platform}.{profile}"))),
                "no {platform}.{profile} library"
            );
        }
    }
    assert!(
        listed.contains_key("android.release.arm64"),
        "Godot feature tag arm64, not arm64-v8a"
    );
}

#[test]
fn the_shipping_profile_keeps_unwinding_and_optimises_for_size_and_speed() {
    let manifest = workspace_manifest();
    let profiles = manifest["profile"].as_table().expect("[profile]");
    let mobile = profiles["mobile"].as_table().expect("[profile.mobile]");
    assert_eq!(mobile["inherits"].as_str(), Some("release"));
    assert_eq!(mobile["opt-level"].as_integer(), Some(3));
    assert_eq!(mobile["lto"].as_bool(), Some(true));
    assert_eq!(mobile["codegen-units"].as_integer(), Some(1));
    // What ships: no symbol table (Godot finds `gdext_rust_init` in the dynamic table: the exported
    // release game loads it, tests/exported/build_check.gd), and the engine bindings built for size
    // (they are glue, not hot loops).
    assert_eq!(mobile["strip"].as_str(), Some("symbols"));
    let packages = mobile["package"]
        .as_table()
        .expect("[profile.mobile.package.*]");
    for glue in ["godot-ffi", "godot-core"] {
        assert_eq!(packages[glue]["opt-level"].as_str(), Some("s"), "{glue}");
    }
    for name in ["dev", "release", "mobile"] {
        assert_eq!(
            profiles[name]["panic"].as_str(),
            Some("unwind"),
            "[profile.{name}]: gdext catches panics in #[func] only when unwinding"
        );
    }
}
