//! Every GDScript file parses (`gdparse`) and is lint-clean (`gdlint`, gdtoolkit's defaults).

use screwsmith_checks::project::{path_to_res, project_files};
use screwsmith_checks::tools::run_tool;

fn scripts() -> Vec<String> {
    let files = project_files(&[".gd"]);
    assert!(
        files.len() >= 10,
        "expected the game's scripts, found {files:?}"
    );
    files
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect()
}

/// One gdparse run for all files (its exception names the file that failed).
#[test]
fn every_script_parses() {
    let scripts = scripts();
    let Some(out) = run_tool("gdparse", &scripts) else {
        return;
    };
    let names: Vec<_> = scripts
        .iter()
        .map(|s| path_to_res(std::path::Path::new(s)))
        .collect();
    assert!(
        out.status.success(),
        "gdparse failed on one of {names:?}:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn every_script_is_lint_clean() {
    let Some(out) = run_tool("gdlint", &scripts()) else {
        return;
    };
    assert!(
        out.status.success(),
        "gdlint:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
