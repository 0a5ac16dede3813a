//! Crashes: a closed pipe, an empty sweep and an absurd range are answered, never a panic.

mod support;

use std::process::{Command, Stdio};

use support::*;

/// Runs `args` at the repository root with stdout's reading end already closed (what `| head -1` does
/// once it has its line) and returns (exit code, stderr).
fn closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_screwsmith"))
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (out.status.code(), stderr(&out))
}

#[test]
fn a_closed_stdout_ends_quietly() {
    let one = level_path("cascade");
    let one = s(&one);
    for args in [
        vec!["solve", "--level", "36", "--json"],
        vec!["solve", "--file", one],
        vec!["audit", "readability", "--file", one, "--json"],
        vec!["audit", "undo", "--file", one, "--json"],
        vec!["daily", "--date", "2026-09-01", "--json"],
    ] {
        let (code, err) = closed_pipe(&args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

#[test]
fn an_empty_sweep_is_bad_input() {
    let err = one_line_failure(&run(&["daily", "--sweep", "0"]));
    assert!(err.contains("--sweep"), "{err}");
}

#[test]
fn a_huge_level_range_is_refused_before_any_work() {
    let dir = tmp_dir("huge-range");
    let out = dir.join("x.json");
    let err = one_line_failure(&run(&[
        "bake",
        "--levels",
        "1-4294967295",
        "--out",
        s(&out),
    ]));
    assert!(err.contains("200"), "names the largest level: {err}");
    assert!(!out.exists());
}
