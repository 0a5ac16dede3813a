//! A refused tap in the view: the board's one tap call returns why (a message key, the lock's key and
//! badge) with nothing moved, instead of an error; faults stay errors.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use common::*;
use screwsmith_play::view::{board, RailState, Refusal, Session, ViewError};

fn session(name: &str) -> Session {
    let mut s = Session::default();
    s.load_json(&level_text(name)).unwrap();
    s
}

fn refusal(s: &mut Session, id: i64, wrench: bool) -> Refusal {
    let before = board::screws(s.game().unwrap());
    let result = s.tap_or_refusal(id, wrench).unwrap();
    assert!(result.events.is_empty() && result.screws.is_empty() && result.parts.is_empty());
    assert_eq!(
        board::screws(s.game().unwrap()),
        before,
        "a refusal moves nothing"
    );
    assert_eq!(result.tools.moves, 0);
    result.refusal.expect("refused")
}

#[test]
fn a_locked_tap_names_its_key_and_the_pair_s_badge() {
    let mut s = session("locks");
    let r = refusal(&mut s, 6, false);
    assert_eq!(r.message_key(), "REFUSED_LOCKED");
    assert_eq!(r.key(), Some(4));
    let rows = board::screws(s.game().unwrap());
    let row = |id: u16| rows.iter().find(|r| r.id == id).unwrap().clone();
    assert_eq!(r.tag(), row(6).lock_tag, "the lock's badge");
    assert_eq!(r.tag(), row(4).key_tag, "the same badge as its key");
    assert_ne!(
        refusal(&mut s, 4, false).tag(),
        r.tag(),
        "two pairs, two badges"
    );
    assert_eq!(refusal(&mut s, 4, false).key(), Some(1));
}

#[test]
fn a_bolt_by_finger_and_the_wrench_on_a_normal_screw_say_why() {
    let mut s = session("bolt");
    let r = refusal(&mut s, 1, false);
    assert_eq!(r, Refusal::BoltNeedsWrench { screw: 1 });
    assert_eq!(r.message_key(), "REFUSED_BOLT");
    let r = refusal(&mut s, 2, true);
    assert_eq!(r, Refusal::WrenchOnNormal { screw: 2 });
    assert_eq!(r.message_key(), "REFUSED_WRENCH_NORMAL");
    assert!(r.keeps_wrench());
    assert_eq!(s.game().unwrap().wrench_charges(), 1, "nothing spent");
    let moved = s.tap_or_refusal(1, true).unwrap();
    assert_eq!(moved.refusal, None);
    assert_eq!(moved.tools.moves, 1, "the wrench then turns the bolt");
}

#[test]
fn a_bolt_with_no_wrench_left_says_so_instead_of_pointing_at_the_wrench() {
    let text = level_text("bolt").replace("\"wrench_charges\": 1", "\"wrench_charges\": 0");
    let mut s = Session::default();
    s.load_json(&text).unwrap();
    let r = refusal(&mut s, 1, false);
    assert_eq!(r, Refusal::NoWrenchCharges { screw: 1 });
    assert_eq!(r.message_key(), "REFUSED_NO_WRENCH");
}

#[test]
fn a_covered_tap_says_so_and_an_unknown_id_stays_a_fault() {
    let mut s = session("buried");
    let covered: Vec<u16> = board::screws(s.game().unwrap())
        .iter()
        .filter(|r| !r.accessible)
        .map(|r| r.id)
        .collect();
    assert!(!covered.is_empty());
    for id in covered {
        let r = refusal(&mut s, i64::from(id), false);
        assert_eq!(r, Refusal::Covered { screw: id });
        assert_eq!(r.message_key(), "REFUSED_COVERED");
    }
    assert!(matches!(
        s.tap_or_refusal(999, false),
        Err(ViewError::Move(_))
    ));
    assert!(matches!(
        s.tap_or_refusal(-1, false),
        Err(ViewError::OutOfRange { .. })
    ));
}

#[test]
fn a_result_carries_the_rail_s_state() {
    let mut s = session("locks");
    assert_eq!(s.state().unwrap().tools.rail_state(), RailState::Safe);
    let moved = s.tap_or_refusal(1, false).unwrap();
    assert_eq!(moved.refusal, None);
    assert_eq!(moved.tools.moves, 1);
}
