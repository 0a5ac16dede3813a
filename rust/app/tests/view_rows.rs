//! The row log behind `GameSim.screws_since()` / `parts_since()`: after any change the view gets
//! exactly the rows that differ from what it drew, no matter how many changes it skipped.

use screwsmith_app::view::board::{self, PartView, ScrewView};
use screwsmith_app::view::{library, Session, ViewError};

fn shipped_session(n: i64) -> Session {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let lib = library::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut s = Session::default();
    s.load_json(&library::level_json(&lib, n).unwrap()).unwrap();
    s
}

/// What a view that drew `drawn` must be told: every row of `now` that differs.
fn differing<T: PartialEq + Clone>(drawn: &[T], now: &[T]) -> Vec<T> {
    drawn
        .iter()
        .zip(now)
        .filter(|(a, b)| a != b)
        .map(|(_, b)| b.clone())
        .collect()
}

/// A view that keeps its own copy of the rows and updates it from the log alone.
struct View {
    revision: i64,
    screws: Vec<ScrewView>,
    parts: Vec<PartView>,
}

impl View {
    fn new(s: &Session) -> View {
        let mut v = View {
            revision: 0,
            screws: Vec::new(),
            parts: Vec::new(),
        };
        v.screws = s.screws_since(0).unwrap();
        v.parts = s.parts_since(0).unwrap();
        v.revision = s.revision() as i64;
        v
    }

    /// Applies what changed; checks it is exactly what differs from the full rows.
    fn catch_up(&mut self, s: &Session, step: &str) {
        let game = s.game().unwrap();
        let (screws, parts) = (board::screws(game), board::parts(game));
        let got_screws = s.screws_since(self.revision).unwrap();
        let got_parts = s.parts_since(self.revision).unwrap();
        assert_eq!(
            got_screws,
            differing(&self.screws, &screws),
            "{step}: screws"
        );
        assert_eq!(got_parts, differing(&self.parts, &parts), "{step}: parts");
        for row in got_screws {
            let i = self.screws.iter().position(|r| r.id == row.id).unwrap();
            self.screws[i] = row;
        }
        for row in got_parts {
            let i = self.parts.iter().position(|r| r.id == row.id).unwrap();
            self.parts[i] = row;
        }
        assert_eq!(self.screws, screws, "{step}: the view's screws");
        assert_eq!(self.parts, parts, "{step}: the view's parts");
        self.revision = s.revision() as i64;
    }
}

#[test]
fn a_view_that_catches_up_after_every_change_gets_exactly_what_changed() {
    // The largest shipped level: swings, falls, seals and flows along its stored solution.
    let mut s = shipped_session(95);
    let mut every = View::new(&s);
    assert_eq!(every.screws, board::screws(s.game().unwrap()));
    let mut every_other = View::new(&s);
    let solution = board::solution(s.game().unwrap());
    assert!(solution.len() > 20);
    let mut part_changes = 0;
    for (step, m) in solution.iter().enumerate() {
        let before = s.revision();
        let parts_before = board::parts(s.game().unwrap());
        if m.wrench {
            s.wrench_tap(m.screw as i64).unwrap();
        } else {
            s.tap(m.screw as i64).unwrap();
        }
        assert!(s.revision() > before, "move {step} moved the revision");
        assert!(!s.screws_since(before as i64).unwrap().is_empty());
        if parts_before != board::parts(s.game().unwrap()) {
            part_changes += 1;
        }
        every.catch_up(&s, &format!("move {step}"));
        if step % 2 == 1 {
            every_other.catch_up(&s, &format!("move {step}, two at once"));
        }
        // A view that asks again without a change gets nothing.
        assert!(s.screws_since(s.revision() as i64).unwrap().is_empty());
    }
    assert!(part_changes > 3, "the level swings or drops panels");
    every_other.catch_up(&s, "end");
    // Undo and restart are changes too.
    s.undo().unwrap();
    every.catch_up(&s, "undo");
    s.restart().unwrap();
    every.catch_up(&s, "restart");
    every_other.catch_up(&s, "restart, skipping the undo");
}

#[test]
fn a_refused_move_changes_no_revision_and_a_reload_redraws_everything() {
    let mut s = shipped_session(95);
    let covered = board::screws(s.game().unwrap())
        .into_iter()
        .find(|r| !r.accessible)
        .unwrap();
    let revision = s.revision();
    assert!(s.tap(covered.id as i64).is_err());
    assert_eq!(s.revision(), revision);
    // A view that drew level 95 to the end keeps its revision across the reload: it gets every
    // row of the new level.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let lib = library::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    s.load_json(&library::level_json(&lib, 1).unwrap()).unwrap();
    assert!(s.revision() > revision);
    let all = board::screws(s.game().unwrap());
    assert_eq!(s.screws_since(revision as i64).unwrap(), all);
    assert_eq!(
        s.parts_since(revision as i64).unwrap().len(),
        board::parts(s.game().unwrap()).len()
    );
    // A revision the log never gave out is a view that drew nothing of this game.
    assert_eq!(s.screws_since(i64::MAX).unwrap(), all);
}

#[test]
fn bad_revisions_and_no_level_are_refused_with_a_reason() {
    let s = Session::default();
    assert_eq!(s.revision(), 0);
    assert_eq!(s.screws_since(0), Err(ViewError::NoLevel));
    assert_eq!(s.parts_since(0), Err(ViewError::NoLevel));
    let s = shipped_session(1);
    let err = s.screws_since(-1).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("revision -1 is out of range (0..={})", i64::MAX)
    );
    assert!(s.parts_since(-5).is_err());
}

#[test]
fn every_pose_a_part_takes_in_play_is_among_the_poses_drawn_ahead() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let lib = library::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut hangs = 0;
    for n in [1, 12, 36, 60, 95, 150, 200] {
        let mut s = Session::default();
        s.load_json(&library::level_json(&lib, n).unwrap()).unwrap();
        let ahead = board::part_poses(s.game().unwrap());
        for (i, row) in ahead.iter().enumerate() {
            assert!(!ahead[..i].contains(row), "level {n}: {row:?} twice");
            assert_ne!(
                row.pose.name(),
                "fallen",
                "level {n}: a fallen part has no plate"
            );
        }
        let mut seen = |s: &Session, step: &str| {
            for row in board::parts(s.game().unwrap()) {
                if row.pose.name() == "hang" {
                    hangs += 1;
                }
                assert!(
                    row.pose.name() == "fallen" || ahead.contains(&row),
                    "level {n} {step}: {row:?} was not drawn ahead"
                );
            }
        };
        seen(&s, "start");
        for (step, m) in board::solution(s.game().unwrap()).iter().enumerate() {
            if m.wrench {
                s.wrench_tap(m.screw as i64).unwrap();
            } else {
                s.tap(m.screw as i64).unwrap();
            }
            seen(&s, &format!("move {step}"));
        }
        // And every pose the parts could take from any legal position on the way back.
        while s.undo().is_ok() {
            for mv in board::legal_moves(s.game().unwrap()) {
                let mut probe = s.clone();
                let _ = if mv.wrench {
                    probe.wrench_tap(mv.screw as i64)
                } else {
                    probe.tap(mv.screw as i64)
                };
                seen(&probe, "a legal side move");
            }
        }
    }
    assert!(
        hangs > 20,
        "the levels swing parts ({hangs} hanging rows seen)"
    );
}
