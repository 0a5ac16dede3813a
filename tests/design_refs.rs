//! The repository stands alone: every `docs/design.md §N` in the code, the scripts and the documents
//! names a section the design has, and nothing points to a design document outside the repository.
//! The breaking cases are in `screwsmith_checks::design_refs`'s own tests.

use std::path::PathBuf;

use screwsmith_checks::design_refs::{outside_references, section_citations, sections};
use screwsmith_checks::limits::source_files;
use screwsmith_checks::project::{read, repo_root};

/// Sources, scripts, the README, ARCHITECTURE.md, the docs and the level report.
fn files() -> Vec<PathBuf> {
    let root = repo_root();
    let mut files = source_files();
    files.extend(
        [
            "README.md",
            "ARCHITECTURE.md",
            ".ci/run",
            "levels/REPORT.md",
        ]
        .map(|f| root.join(f)),
    );
    let docs = std::fs::read_dir(root.join("docs")).expect("docs/ exists");
    let mut docs: Vec<PathBuf> = docs
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    // The check's own breaking cases spell what it refuses.
    files.retain(|p| !p.ends_with("tests/src/design_refs.rs"));
    files
}

#[test]
fn nothing_points_out_of_the_repository() {
    let root = repo_root();
    let mut found = Vec::new();
    for path in files() {
        for (line, text, why) in outside_references(&read(&path)) {
            let rel = path.strip_prefix(&root).unwrap().display();
            found.push(format!("{rel}:{line} `{text}`: {why}"));
        }
    }
    assert!(
        found.is_empty(),
        "references out of the repository:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_cited_section_of_the_design_exists() {
    let root = repo_root();
    let design_path = root.join("docs/design.md");
    let have = sections(&read(&design_path));
    let mut missing = Vec::new();
    let mut cited = 0;
    for path in files() {
        let own = path == design_path;
        for (line, number) in section_citations(&read(&path), own) {
            cited += 1;
            if !have.contains(&number) {
                let rel = path.strip_prefix(&root).unwrap().display();
                missing.push(format!("{rel}:{line} §{number}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "sections docs/design.md does not have: {missing:?}"
    );
    // The scan reads the code: the rules, the solver and the generator cite the design.
    assert!(
        cited > 50,
        "only {cited} citations found: is the scan reading the sources?"
    );
}
