//! `screwsmith audit readability` on the lock and key fixture: its marks pass, and each of the
//! marks' bug switches (`--small-marks`, `--red-green-marks`) makes the audit fail, naming why.

use std::process::{Command, Output};

fn screwsmith(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_screwsmith"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("the binary runs")
}

const LOCKS: &str = "rust/rules/tests/levels/locks.json";

#[test]
fn the_marks_pass_and_each_switch_fails() {
    let ok = screwsmith(&["audit", "readability", "--file", LOCKS]);
    let text = String::from_utf8_lossy(&ok.stdout);
    assert_eq!(ok.status.code(), Some(0), "{text}");
    assert!(
        text.contains("smallest lock, key or bomb mark: level 13"),
        "{text}"
    );
    for (switch, why) in [
        ("--small-marks", "mark is"),
        ("--red-green-marks", "pairing tints 0 and 1"),
    ] {
        let o = screwsmith(&["audit", "readability", "--file", LOCKS, switch]);
        let text = String::from_utf8_lossy(&o.stdout);
        assert_eq!(o.status.code(), Some(1), "{switch}: {text}");
        assert!(text.contains(why), "{switch}: {text}");
    }
}
