//! What the shipping library links: `scripts/build_gdext.sh release` builds the GDExtension with
//! `--no-default-features`, and in that graph there is neither the level editor's crate (the `editor`
//! feature: the Godot editor's plugin only) nor the undo audit with its bug switches (screwsmith-rules'
//! `undo-audit` feature: the CLI and the tests only) nor a PNG decoder (screwsmith-readability's `pixels`
//! feature: the CLI's rendered-pixel audit only). The graph is `cargo tree`'s, resolved for that one
//! package and its features, so an indirect edge is seen too; the fixtures show each fault caught.

use std::process::Command;

use screwsmith_checks::project::{path_to_res, project_files, read, repo_root};

/// `cargo tree -p <package> <args> -e normal,features --prefix none`: one package or feature per line.
fn tree(package: &str, args: &[&str]) -> String {
    let manifest = repo_root().join("Cargo.toml");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "tree",
            "-p",
            package,
            "-e",
            "normal,features",
            "--prefix",
            "none",
        ])
        .args(args)
        .arg("--manifest-path")
        .arg(manifest)
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Whether the tree holds `package` (a `name vX.Y.Z` line).
fn has_package(tree: &str, package: &str) -> bool {
    tree.lines()
        .any(|l| l.strip_prefix(package).is_some_and(|r| r.starts_with(" v")))
}

/// Whether the tree turns on `feature` of `package` (a `name feature "f"` line).
fn has_feature(tree: &str, package: &str, feature: &str) -> bool {
    let line = format!("{package} feature \"{feature}\"");
    tree.lines().any(|l| l.starts_with(&line))
}

/// Everything the shipping library must not link, one sentence each.
fn shipping_faults(tree: &str) -> Vec<String> {
    let mut out = Vec::new();
    if has_package(tree, "screwsmith-editor") {
        out.push("the shipping library links screwsmith-editor".to_string());
    }
    if has_feature(tree, "screwsmith-rules", "undo-audit") {
        out.push("the shipping library has the undo audit's bug switches".to_string());
    }
    if has_package(tree, "png") || has_feature(tree, "screwsmith-readability", "pixels") {
        out.push("the shipping library links the pixel audit's PNG decoder".to_string());
    }
    out
}

#[test]
fn the_shipping_library_has_no_editor_no_audit_switches_and_no_png() {
    let shipping = tree("screwsmith-gdext", &["--no-default-features"]);
    assert!(
        has_package(&shipping, "screwsmith-play"),
        "the tree is read"
    );
    assert_eq!(shipping_faults(&shipping), Vec::<String>::new());
}

#[test]
fn the_editor_library_has_the_editor() {
    let debug = tree("screwsmith-gdext", &[]);
    assert!(has_package(&debug, "screwsmith-editor"));
    assert!(!has_feature(&debug, "screwsmith-rules", "undo-audit"));
}

#[test]
fn the_cli_runs_the_audits() {
    let cli = tree("screwsmith-cli", &[]);
    assert!(has_feature(&cli, "screwsmith-rules", "undo-audit"));
    assert!(has_feature(&cli, "screwsmith-readability", "pixels"));
    assert!(has_package(&cli, "png"));
}

#[test]
fn the_release_build_turns_the_default_features_off() {
    let script = read(&repo_root().join("scripts/build_gdext.sh"));
    assert!(
        script.contains("release) CARGO_PROFILE=mobile; PROFILE_DIR=mobile; FEATURES=(--no-default-features) ;;"),
        "scripts/build_gdext.sh release must build with --no-default-features"
    );
    let manifest: toml::Table = read(&repo_root().join("rust/gdext/Cargo.toml"))
        .parse()
        .unwrap();
    let rules = &manifest["dependencies"]["screwsmith-rules"];
    assert!(
        rules.get("features").is_none(),
        "the GDExtension must not turn on screwsmith-rules features: {rules:?}"
    );
}

/// Game files (scripts, scenes, resources) outside the editor-only addons and the tests that name `class`.
/// The shipping library has no `LevelEditor`, so the exported game must never reach for it: editor
/// plugins (`res://addons/`) run only in the Godot editor, and `res://tests/` is not exported.
fn game_files_naming(class: &str, files: &[(String, String)]) -> Vec<String> {
    files
        .iter()
        .filter(|(res, _)| !res.starts_with("res://addons/") && !res.starts_with("res://tests/"))
        .filter(|(_, text)| text.contains(class))
        .map(|(res, _)| res.clone())
        .collect()
}

#[test]
fn the_exported_game_never_names_the_editor_class() {
    let files: Vec<(String, String)> = project_files(&[".gd", ".tscn", ".tres"])
        .iter()
        .map(|p| (path_to_res(p), read(p)))
        .collect();
    assert!(
        files
            .iter()
            .any(|(res, text)| res.starts_with("res://addons/") && text.contains("LevelEditor")),
        "the walk sees the editor plugin that uses the class"
    );
    assert_eq!(
        game_files_naming("LevelEditor", &files),
        Vec::<String>::new()
    );
}

#[test]
fn a_game_script_naming_the_editor_class_is_caught() {
    let files = [
        (
            "res://addons/screwsmith_editor/editor_view.gd".to_string(),
            "LevelEditor.new()".to_string(),
        ),
        (
            "res://scripts/app.gd".to_string(),
            "ClassDB.instantiate(\"LevelEditor\")".to_string(),
        ),
    ];
    assert_eq!(
        game_files_naming("LevelEditor", &files),
        ["res://scripts/app.gd"]
    );
}

#[test]
fn an_editor_audit_or_png_in_the_shipping_graph_is_caught() {
    let tree = "\
screwsmith-gdext v0.1.0 (/r/rust/gdext)
screwsmith-editor feature \"default\"
screwsmith-editor v0.1.0 (/r/rust/editor)
screwsmith-rules feature \"default\"
screwsmith-rules feature \"undo-audit\"
screwsmith-rules v0.1.0 (/r/rust/rules)
screwsmith-readability feature \"pixels\"
png v0.18.1
";
    assert_eq!(
        shipping_faults(tree),
        [
            "the shipping library links screwsmith-editor",
            "the shipping library has the undo audit's bug switches",
            "the shipping library links the pixel audit's PNG decoder"
        ]
    );
    assert!(shipping_faults("screwsmith-editor-extra v0.1.0\n").is_empty());
}
