//! Running the Python tools some checks need (gdtoolkit). Locally a missing tool skips the check
//! with a message; in CI (`CI=true`, set by `.ci/run`) a missing tool fails it, so CI never passes
//! by skipping.

use std::process::{Command, Output};

/// Runs `tool args…`, or returns `None` when the tool is not installed and we are not in CI.
pub fn run_tool(tool: &str, args: &[String]) -> Option<Output> {
    match Command::new(tool).args(args).output() {
        Ok(output) => Some(output),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if std::env::var("CI").as_deref() == Ok("true") {
                panic!("{tool} is not installed but CI=true: pip install gdtoolkit fonttools");
            }
            eprintln!("SKIPPED: {tool} is not installed (pip install gdtoolkit)");
            None
        }
        Err(e) => panic!("{tool}: {e}"),
    }
}
