//! ARCHITECTURE.md is a map, not a specification: at most [`MAX_LINES`] lines. What the game is goes to
//! docs/design.md, figures to docs/benchmarks.md, details to the module docs.

use screwsmith_checks::project::{read, repo_root};

/// The most lines the map may have.
const MAX_LINES: usize = 250;

/// The line count when it is over the limit.
fn over_limit(text: &str) -> Option<usize> {
    let lines = text.lines().count();
    (lines > MAX_LINES).then_some(lines)
}

#[test]
fn the_map_fits_in_its_limit() {
    let text = read(&repo_root().join("ARCHITECTURE.md"));
    assert_eq!(
        over_limit(&text),
        None,
        "ARCHITECTURE.md is over {MAX_LINES} lines"
    );
    let first = text.lines().find(|l| l.starts_with("## "));
    assert_eq!(
        first,
        Some("## Where to start"),
        "the map starts with where to start"
    );
}

#[test]
fn one_line_over_is_caught() {
    let at_limit = "line\n".repeat(MAX_LINES);
    assert_eq!(over_limit(&at_limit), None);
    assert_eq!(
        over_limit(&format!("{at_limit}one more\n")),
        Some(MAX_LINES + 1)
    );
}
