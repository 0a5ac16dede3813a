//! No source file, script, README, ARCHITECTURE.md or doc names an issue by number: comments say why,
//! never when (the measurements live in docs/benchmarks.md with the commands that reproduce them).
//! The breaking case is in `screwsmith_checks::history`'s own tests.

use screwsmith_checks::history::issue_references;
use screwsmith_checks::limits::source_files;
use screwsmith_checks::project::{read, repo_root};

#[test]
fn no_file_names_an_issue_number() {
    let root = repo_root();
    let mut files = source_files();
    files.extend(["README.md", "ARCHITECTURE.md", ".ci/run"].map(|f| root.join(f)));
    let docs = std::fs::read_dir(root.join("docs")).expect("docs/ exists");
    files.extend(
        docs.flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "md")),
    );
    let mut found = Vec::new();
    for path in &files {
        for line in issue_references(&read(path)) {
            found.push(format!(
                "{}:{line}",
                path.strip_prefix(&root).unwrap().display()
            ));
        }
    }
    assert!(found.is_empty(), "issue numbers in: {found:?}");
}

#[test]
fn the_scan_reads_this_crate_and_the_readme() {
    let root = repo_root();
    let files = source_files();
    assert!(files.contains(&root.join("tests/no_history.rs")));
    assert!(files
        .iter()
        .any(|p| p.ends_with("rust/rules/src/sim/game.rs")));
}
