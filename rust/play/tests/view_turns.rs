//! What the view is told to draw a panel and a covered screw with: a part row carries its rest shape,
//! the cell it hangs from and the quarter turn that takes the one to the other (the view turns one
//! plate, never draws another shape), and a screw row names the layer of the plate drawn over it
//! exactly when the rules call it covered.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use std::sync::Arc;

use common::*;
use screwsmith_play::view::board::{self, Pose};
use screwsmith_play::view::{Event, Session};
use screwsmith_rules::level::parse_file;
use screwsmith_rules::level::turn::{on_board, turned, QuarterTurn};
use screwsmith_rules::{CompiledLevel, GameSim};

fn session(text: &str) -> Session {
    let mut s = Session::default();
    s.load_json(text).unwrap();
    s
}

fn part_row(s: &Session, id: u16) -> board::PartView {
    board::parts(s.game().unwrap())
        .into_iter()
        .find(|r| r.id == id)
        .unwrap()
}

fn screw_row(s: &Session, id: u16) -> board::ScrewView {
    board::screws(s.game().unwrap())
        .into_iter()
        .find(|r| r.id == id)
        .unwrap()
}

#[test]
fn a_hanging_part_is_its_rest_shape_turned_about_its_screw() {
    // A bar on layer 1 held at both ends over a one-cell plate; screw 2 out, it hangs from screw 1
    // at its left end, turned a quarter clockwise (down the left column).
    let mut s = session(&level_text("swing_uncovers"));
    let bar = part_row(&s, 10);
    assert_eq!(bar.rest, vec![[0, 0], [1, 0], [2, 0]]);
    assert_eq!((bar.pivot, bar.turn), (None, Some(QuarterTurn::None)));
    let result = s.tap(2).unwrap();
    let hung = part_row(&s, 10);
    assert!(matches!(hung.pose, Pose::Hang(_)));
    assert_eq!(hung.rest, bar.rest, "the same plate");
    assert_eq!(hung.pivot, Some([0, 0]));
    assert_eq!(hung.turn, Some(QuarterTurn::Clockwise));
    assert_eq!(hung.cells, vec![[0, 0], [0, 1], [0, 2]]);
    // The event's rows say the same, before and after.
    let change = result.events.iter().find_map(|e| match e {
        Event::PartChanged { before, after, .. } => Some((before.clone(), after.clone())),
        _ => None,
    });
    let (before, after) = change.expect("a part change");
    assert_eq!(before.turn, Some(QuarterTurn::None));
    assert_eq!((after.turn, after.pivot), (hung.turn, hung.pivot));
    // Undo: back at rest, no turn.
    s.undo().unwrap();
    assert_eq!(part_row(&s, 10).turn, Some(QuarterTurn::None));
}

#[test]
fn a_hang_pose_of_another_shape_is_no_turn() {
    // The old bounding-box kind of pose: a 2 × 2 square is not the bar turned.
    let mut level = level("swing_uncovers");
    level.parts[0]
        .hang
        .insert(1, vec![[0, 0], [1, 0], [0, 1], [1, 1]]);
    let text = serde_json::to_string(&level).unwrap();
    let mut s = session(&text);
    s.tap(2).unwrap();
    let row = part_row(&s, 10);
    assert!(matches!(row.pose, Pose::Hang(_)));
    assert_eq!(row.turn, None, "drawn as its cells, not turned");
    assert_eq!(row.pivot, Some([0, 0]));
}

#[test]
fn a_covered_screw_names_the_plate_over_it_until_the_plate_swings_away() {
    let mut s = session(&level_text("swing_uncovers"));
    let under = screw_row(&s, 3);
    assert!(!under.accessible);
    assert_eq!(under.cover, 1, "the bar on layer 1 lies over it");
    assert_eq!(screw_row(&s, 1).cover, -1);
    s.tap(2).unwrap();
    let under = screw_row(&s, 3);
    assert!(under.accessible);
    assert_eq!(under.cover, -1);
    s.tap(3).unwrap();
    assert_eq!(screw_row(&s, 3).cover, -1, "a removed screw has no cover");
}

/// Every row of `sim` agrees with the rules: a turned part's rest shape turned is its cells, and a
/// screw has a cover exactly when the rules call it covered, the topmost plate over its cell.
fn check_rows(sim: &GameSim, at: &str) {
    let level = sim.level();
    let (w, h) = (level.data().width, level.data().height);
    let parts = board::parts(sim);
    for row in &parts {
        if let Some(turn) = row.turn {
            let pivot = row.pivot.unwrap_or(row.rest[0]);
            let cells = on_board(&turned(&row.rest, pivot, turn), w, h);
            if row.pose != Pose::Fallen {
                assert_eq!(cells, row.cells, "{at}: part {} turned {turn:?}", row.id);
            }
        }
        assert_eq!(row.pivot.is_some(), matches!(row.pose, Pose::Hang(_)));
    }
    for (i, screw) in board::screws(sim).iter().enumerate() {
        let covered = !screw.removed && !screw.accessible;
        assert_eq!(screw.cover >= 0, covered, "{at}: screw {}", screw.id);
        let over = parts
            .iter()
            .filter(|p| p.layer > screw.layer && p.cells.contains(&[screw.x, screw.y]))
            .map(|p| i32::from(p.layer))
            .max();
        if covered {
            assert_eq!(Some(screw.cover), over, "{at}: screw {}", screw.id);
        }
        assert_eq!(board::cover(sim, i as u8), screw.cover);
    }
}

#[test]
fn rows_agree_with_the_rules_along_every_shipped_solution() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let file = parse_file(&std::fs::read_to_string(path).unwrap()).unwrap();
    let (mut turned_hangs, mut covered) = (0, 0);
    for data in file.levels {
        let number = data.number;
        let Some(solution) = data.measure.as_ref().map(|m| m.solution.clone()) else {
            continue;
        };
        let level = Arc::new(CompiledLevel::new(data).unwrap());
        let mut sim = GameSim::new(level);
        for (k, mv) in solution.into_iter().enumerate() {
            check_rows(&sim, &format!("level {number} move {k}"));
            let parts = board::parts(&sim);
            turned_hangs += parts
                .iter()
                .filter(|p| matches!(p.pose, Pose::Hang(_)) && p.turn.is_some())
                .count();
            covered += board::screws(&sim).iter().filter(|r| r.cover >= 0).count();
            sim.apply(mv).unwrap();
        }
    }
    assert!(turned_hangs > 0, "no hanging part was a turn");
    assert!(covered > 0, "no screw was covered");
}

#[test]
fn a_move_sends_the_row_of_a_screw_now_seen_through_another_plate() {
    // Two plates stacked over a screw on layer 0.
    let mut s = session(&level_text("stacked"));
    assert_eq!(screw_row(&s, 1).cover, 2);
    // The top plate falls: screw 1 stays covered, by the middle plate now.
    let result = s.tap(3).unwrap();
    let row = result.screws.iter().find(|r| r.id == 1);
    assert_eq!(
        row.map(|r| r.cover),
        Some(1),
        "its row is sent, with its new cover"
    );
    let back = s.undo().unwrap();
    let row = back.screws.iter().find(|r| r.id == 1);
    assert_eq!(row.map(|r| r.cover), Some(2), "and again on undo");
}

#[test]
fn a_plate_hanging_over_its_own_layer_is_drawn_beneath_the_screws_it_lies_over() {
    // Two plates on layer 0: the top bar, its right screw out, swings down over the cell of the
    // left plate's upper screw. Neither covers the other in the rules; the view is told the bar
    // lies over one of the other plate's screws, so it draws the bar under that plate.
    let mut s = session(&level_text("hang_over_neighbour"));
    assert!(board::parts(s.game().unwrap())
        .iter()
        .all(|p| p.beneath == 0));
    s.tap(2).unwrap();
    let bar = part_row(&s, 10);
    assert_eq!(bar.cells, vec![[0, 0], [0, 1]]);
    assert_eq!(bar.beneath, 1, "the bar lies over screw 3");
    assert_eq!(part_row(&s, 20).beneath, 0);
    assert!(
        screw_row(&s, 3).accessible,
        "same layer: screw 3 is not covered"
    );
    assert_eq!(screw_row(&s, 3).cover, -1);
    // Screw 3 gone, the bar lies over nothing it must yield to.
    s.tap(3).unwrap();
    assert_eq!(part_row(&s, 10).beneath, 0);
}
