//! One result per change (`Session::tap`/`wrench_tap`/`undo`/`screwdriver`/`restart`): a view that
//! drew `state()` once and then only applies each result's rows ends every step with exactly the
//! board's rows, HUD and tools; the rows a result carries are exactly those that differ; and its events
//! carry what the animation needs (the crate fill on landing, the swing's pivot, the pose before).

use screwsmith_play::view::board::{self, PartView, ScrewView};
use screwsmith_play::view::{library, Event, MoveResult, Place, Pose, Session};

fn shipped_session(n: i64) -> Session {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let lib = library::parse(std::fs::read_to_string(path).unwrap()).unwrap();
    let mut s = Session::default();
    s.load_json(&library::level_json(&lib, n).unwrap()).unwrap();
    s
}

/// Every row of `now` that differs from `drawn`.
fn differing<T: PartialEq + Clone>(drawn: &[T], now: &[T]) -> Vec<T> {
    drawn
        .iter()
        .zip(now)
        .filter(|(a, b)| a != b)
        .map(|(_, b)| b.clone())
        .collect()
}

/// A view that keeps its own copy of the rows and updates it from the results alone.
struct View {
    screws: Vec<ScrewView>,
    parts: Vec<PartView>,
}

impl View {
    fn new(s: &Session) -> View {
        let full = s.state().unwrap();
        assert!(full.events.is_empty());
        View {
            screws: full.screws,
            parts: full.parts,
        }
    }

    /// Applies a result; checks it carries exactly the rows that differ and matches the session.
    fn apply(&mut self, s: &Session, result: MoveResult, step: &str) {
        let game = s.game().unwrap();
        let (screws, parts) = (board::screws(game), board::parts(game));
        assert_eq!(
            result.screws,
            differing(&self.screws, &screws),
            "{step}: screws"
        );
        assert_eq!(
            result.parts,
            differing(&self.parts, &parts),
            "{step}: parts"
        );
        for row in result.screws {
            let i = self.screws.iter().position(|r| r.id == row.id).unwrap();
            self.screws[i] = row;
        }
        for row in result.parts {
            let i = self.parts.iter().position(|r| r.id == row.id).unwrap();
            self.parts[i] = row;
        }
        assert_eq!(self.screws, screws, "{step}: the view's screws");
        assert_eq!(self.parts, parts, "{step}: the view's parts");
        let full = s.state().unwrap();
        assert_eq!(result.crates, full.crates, "{step}: crates");
        assert_eq!(result.queue, full.queue, "{step}: queue");
        assert_eq!(result.rail, full.rail, "{step}: rail");
        assert_eq!(result.tools, full.tools, "{step}: tools");
    }
}

#[test]
fn a_view_that_applies_every_result_stays_the_board() {
    // The largest shipped level: swings, falls, seals and flows along its stored solution.
    let mut s = shipped_session(95);
    let mut view = View::new(&s);
    let solution = board::solution(s.game().unwrap());
    assert!(solution.len() > 20);
    let (mut swings, mut lands) = (0, 0);
    for (step, m) in solution.iter().enumerate() {
        let result = if m.wrench {
            s.wrench_tap(m.screw as i64).unwrap()
        } else {
            s.tap(m.screw as i64).unwrap()
        };
        for e in &result.events {
            match e {
                Event::PartChanged {
                    before,
                    after,
                    pivot,
                } => {
                    assert_ne!(
                        before.cells, after.cells,
                        "move {step}: a change moves cells"
                    );
                    if let Pose::Hang(_) = after.pose {
                        let pivot = pivot.expect("a hanging part has its pivot");
                        assert!(
                            before.cells.contains(&pivot) && after.cells.contains(&pivot),
                            "move {step}: the pivot is covered in both poses"
                        );
                        swings += 1;
                    }
                }
                Event::ScrewMoved {
                    dest: Place::Crate,
                    fill,
                    ..
                } => {
                    assert!((1..=3).contains(fill), "move {step}: fill {fill}");
                    lands += 1;
                }
                _ => {}
            }
        }
        view.apply(&s, result, &format!("move {step}"));
    }
    assert!(
        swings > 0 && lands > 0,
        "the level swings panels and fills crates"
    );
    let undo = s.undo().unwrap();
    assert!(matches!(undo.events[0], Event::Undone { .. }));
    view.apply(&s, undo, "undo");
    let restart = s.restart().unwrap();
    assert!(restart.events.is_empty(), "a restart animates nothing");
    view.apply(&s, restart, "restart");
    // A refused move is an error, not an empty result: the view keeps what it has.
    let covered = view.screws.iter().find(|r| !r.accessible).unwrap().id;
    assert!(s.tap(covered as i64).is_err());
}

#[test]
fn the_screwdriver_result_counts_its_own_use() {
    let mut s = shipped_session(1);
    let first = board::solution(s.game().unwrap())[0];
    s.tap(first.screw as i64).unwrap();
    let before = s.state().unwrap().tools;
    let result = s.screwdriver().unwrap();
    assert_eq!(result.tools.screwdriver_used, before.screwdriver_used + 1);
    assert_eq!(result.tools.screwdriver_left + 1, before.screwdriver_left);
    assert_eq!(result.tools, s.state().unwrap().tools);
}
