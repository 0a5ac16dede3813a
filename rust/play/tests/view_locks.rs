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
