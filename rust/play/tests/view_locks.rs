//! Locks in the view: each screw row names its key and whether its lock is closed, and a move that
//! removes a key sends the rows of the screws it opened (undo sends them closed again).

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use common::*;
use screwsmith_play::view::board;
use screwsmith_play::view::Session;

fn row(s: &Session, id: u16) -> board::ScrewView {
    board::screws(s.game().unwrap())
        .into_iter()
        .find(|r| r.id == id)
        .unwrap()
}

#[test]
fn rows_carry_the_key_and_the_lock_and_a_key_move_sends_the_opened_rows() {
    let mut s = Session::default();
    s.load_json(&level_text("locks")).unwrap();
    assert_eq!((row(&s, 4).key, row(&s, 4).locked), (1, true));
    assert_eq!((row(&s, 6).key, row(&s, 6).locked), (4, true));
    assert_eq!((row(&s, 1).key, row(&s, 1).locked), (-1, false));
    assert!(s.tap(4).is_err(), "a locked screw's tap is refused");

    let result = s.tap(1).unwrap();
    let opened: Vec<u16> = result
        .screws
        .iter()
        .filter(|r| r.key == 1 && !r.locked)
        .map(|r| r.id)
        .collect();
    assert_eq!(opened, vec![4, 5]);
    let back = s.undo().unwrap();
    assert!(back.screws.iter().any(|r| r.id == 4 && r.locked));
    assert!(row(&s, 5).locked);
}

fn rows(s: &Session) -> Vec<board::ScrewView> {
    board::screws(s.game().unwrap())
}

#[test]
fn a_key_move_reports_each_lock_it_opens_after_the_move_and_undo_closes_them() {
    use screwsmith_play::view::{Event, EventKind};
    let mut s = Session::default();
    s.load_json(&level_text("locks")).unwrap();
    let start = rows(&s);
    let events = s.tap(1).unwrap().events;
    let opened: Vec<&Event> = events
        .iter()
        .filter(|e| e.kind() == EventKind::LockOpened)
        .collect();
    assert_eq!(
        opened,
        [
            &Event::LockOpened { screw: 4, key: 1 },
            &Event::LockOpened { screw: 5, key: 1 }
        ]
    );
    assert_eq!(
        events[0].kind(),
        EventKind::ScrewMoved,
        "the move comes first"
    );
    // Screw 6's lock is screw 4's key, still on the board: it stays shut.
    assert!(row(&s, 6).locked);
    let back = s.undo().unwrap().events;
    let kinds: Vec<EventKind> = back.iter().map(Event::kind).collect();
    assert_eq!(
        &kinds[kinds.len() - 2..],
        [EventKind::LockClosed, EventKind::LockClosed],
        "{back:?}"
    );
    assert_eq!(back[back.len() - 2], Event::LockClosed { screw: 4 });
    assert_eq!(back[back.len() - 1], Event::LockClosed { screw: 5 });
    assert_eq!(rows(&s), start, "undo restores every row exactly");
}

#[test]
fn locks_open_before_the_level_is_won_or_lost() {
    use screwsmith_play::view::EventKind;
    // Play locks.json out (key first, then its locks): every move that opens a lock reports it
    // before a won or lost event.
    let mut s = Session::default();
    s.load_json(&level_text("locks")).unwrap();
    for id in [1, 2, 3, 4, 5, 6] {
        let Ok(result) = s.tap(id) else { continue };
        let kinds: Vec<EventKind> = result.events.iter().map(|e| e.kind()).collect();
        let end = kinds
            .iter()
            .position(|k| matches!(k, EventKind::LevelWon | EventKind::LevelLost))
            .unwrap_or(kinds.len());
        assert!(
            kinds[end..].iter().all(|k| *k != EventKind::LockOpened),
            "{kinds:?}"
        );
    }
}

#[test]
fn rows_pair_each_lock_with_its_key_s_badge() {
    // locks.json: screw 1 holds the key of 4 and 5, screw 4 the key of 6.
    let mut s = Session::default();
    s.load_json(&level_text("locks")).unwrap();
    let tags = |id| (row(&s, id).key_tag, row(&s, id).lock_tag);
    assert_eq!(tags(1), (0, -1));
    assert_eq!(tags(4), (1, 0));
    assert_eq!(tags(5), (-1, 0));
    assert_eq!(tags(6), (-1, 1));
    assert_eq!(tags(2), (-1, -1));
}

#[test]
fn a_bomb_s_row_follows_its_count_through_moves_and_undo() {
    // bomb.json: screw 3 (bomb 5) ticks when another screw is tapped; screw 2 (bomb 1) is covered.
    let mut s = Session::default();
    s.load_json(&level_text("bomb")).unwrap();
    let start = rows(&s);
    let result = s.tap(1).unwrap();
    let three = result
        .screws
        .iter()
        .find(|r| r.id == 3)
        .expect("the ticked row is sent");
    assert_eq!((three.bomb, three.bomb_warning), (4, false));
    let back = s.undo().unwrap();
    let three = back
        .screws
        .iter()
        .find(|r| r.id == 3)
        .expect("undo sends it back");
    assert_eq!(three.bomb, 5);
    assert_eq!(rows(&s), start);
    // Screw 2's bomb of 1 warns from the start; a plain screw never does.
    assert!(row(&s, 2).bomb_warning);
    assert!(!row(&s, 1).bomb_warning);
}
