//! Plays a level to a win through `screwsmith play` inside tmux, the way a person at a terminal would:
//! typed screw ids + Enter (or `w` for a wrench tap), then reads the screen.
//! The moves are level 1's stored solution from the shipped set.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use screwsmith_rules::level::parse_file;
use screwsmith_rules::Move;

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().expect("tmux runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn wait_for(session: &str, needle: &str) -> String {
    let start = Instant::now();
    loop {
        let screen = tmux(&["capture-pane", "-p", "-t", session]);
        if screen.contains(needle) || start.elapsed() > Duration::from_secs(20) {
            return screen;
        }
        sleep(Duration::from_millis(100));
    }
}

/// The shipped level file and level 1's stored solution (validate guarantees every shipped level has one
/// that wins).
fn level_and_solution() -> (PathBuf, Vec<Move>) {
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../levels/levels.json");
    let file = parse_file(&std::fs::read_to_string(&shipped).unwrap()).unwrap();
    let solution = file
        .levels
        .iter()
        .find(|l| l.number == 1)
        .and_then(|l| l.measure.as_ref())
        .map(|m| m.solution.clone())
        .unwrap_or_default();
    assert!(!solution.is_empty(), "level 1 has no stored solution");
    (shipped, solution)
}

#[test]
fn tmux_session_plays_a_level_to_a_win() {
    if Command::new("tmux").arg("-V").output().is_err() {
        assert!(std::env::var("CI").is_err(), "CI must install tmux");
        eprintln!("SKIPPED: tmux is not installed");
        return;
    }
    let (file, solution) = level_and_solution();
    let session = format!("screwsmith-test-{}", std::process::id());
    let cmd = format!(
        "{} play --level 1 --file {}; sleep 30",
        env!("CARGO_BIN_EXE_screwsmith"),
        file.display()
    );
    tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "120",
        "-y",
        "45",
        &cmd,
    ]);
    let screen = wait_for(&session, "Screwsmith — Level 1");
    assert!(
        screen.contains("Screwsmith — Level 1"),
        "game did not start:\n{screen}"
    );
    for mv in &solution {
        tmux(&["send-keys", "-t", &session, "-l", &mv.screw().to_string()]);
        let key = if mv.is_wrench() { "w" } else { "Enter" };
        tmux(&["send-keys", "-t", &session, key]);
        sleep(Duration::from_millis(40));
    }
    let screen = wait_for(&session, "WON");
    tmux(&["send-keys", "-t", &session, "q"]);
    let after = wait_for(&session, "won in");
    tmux(&["kill-session", "-t", &session]);
    assert!(
        screen.contains("★ WON"),
        "not won after the solution:\n{screen}"
    );
    assert!(
        screen.contains(&format!("moves {}", solution.len())),
        "{screen}"
    );
    assert!(
        after.contains(&format!("Level 1: won in {} moves", solution.len())),
        "quit message missing:\n{after}"
    );
}
