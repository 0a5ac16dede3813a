//! Plays a level to a win through `screwsmith play` inside tmux, the way a person at a terminal would:
//! typed screw ids + Enter (or `w` for a wrench tap), then reads the screen.
//! The moves are level 1's stored solution from the shipped set when it has one; otherwise a hand-made
//! level with its hand-checked solution.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use screwsmith_core::level::{parse_file, parse_level, to_json, LevelFile};
use screwsmith_core::Move;

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

/// A level file and the moves that win its level 1.
fn level_and_solution(dir: &Path) -> (PathBuf, Vec<Move>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let shipped = root.join("levels/levels.json");
    if let Ok(file) = std::fs::read_to_string(&shipped).map(|t| parse_file(&t).unwrap()) {
        let stored = file
            .levels
            .iter()
            .find(|l| l.number == 1)
            .and_then(|l| l.measure.as_ref())
            .map(|m| m.solution.clone())
            .unwrap_or_default();
        if !stored.is_empty() {
            return (shipped, stored);
        }
    }
    let text = std::fs::read_to_string(root.join("rust/core/tests/levels/cascade.json")).unwrap();
    let mut level = parse_level(&text).unwrap();
    level.number = 1;
    let path = dir.join("cascade_file.json");
    let file = LevelFile {
        format: 1,
        levels: vec![level],
    };
    std::fs::write(&path, to_json(&file)).unwrap();
    (path, (1..=6).map(Move::Tap).collect())
}

#[test]
fn tmux_session_plays_a_level_to_a_win() {
    if Command::new("tmux").arg("-V").output().is_err() {
        assert!(std::env::var("CI").is_err(), "CI must install tmux");
        eprintln!("SKIPPED: tmux is not installed");
        return;
    }
    let dir = std::env::temp_dir().join(format!("screwsmith-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (file, solution) = level_and_solution(&dir);
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
    let after = wait_for(&session, "won after");
    tmux(&["kill-session", "-t", &session]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        screen.contains("★ WON"),
        "not won after the solution:\n{screen}"
    );
    assert!(
        screen.contains(&format!("moves {}", solution.len())),
        "{screen}"
    );
    assert!(
        after.contains("won after"),
        "quit message missing:\n{after}"
    );
}
