//! The front-end view (`screwsmith_play::view`) that the Godot adapter maps 1:1: board rows, the
//! ordered animation events of moves and undos, the level library, and every error the adapter forwards.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use common::*;
use screwsmith_gen::library::LibraryError;
use screwsmith_play::view::board::{self, MoveView, Pose};
use screwsmith_play::view::library;
use screwsmith_play::view::{Event, Place, Session, ViewError};
use screwsmith_rules::level::{LevelError, SolveStatus};
use screwsmith_rules::sim::Move;
use screwsmith_rules::{MoveError, Status};

fn session(name: &str) -> Session {
    let mut s = Session::default();
    s.load_json(&level_text(name)).unwrap();
    s
}

fn shipped() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    std::fs::read_to_string(path).unwrap()
}

fn moved(screw: u16, dest: Place, index: i32, color: u8, fill: u8) -> Event {
    Event::ScrewMoved {
        screw,
        dest,
        index,
        bolt: false,
        color,
        fill,
    }
}

/// A part change as (part id, pose before, pose after, pivot).
fn part_change(e: &Event) -> Option<(u16, Pose, Pose, Option<[u8; 2]>)> {
    match e {
        Event::PartChanged {
            before,
            after,
            pivot,
        } => Some((after.id, before.pose, after.pose, *pivot)),
        _ => None,
    }
}

#[test]
fn a_cascade_is_reported_in_the_order_it_happened() {
    let mut s = session("cascade");
    for (id, place) in [(1u16, 0), (2, 1)] {
        assert_eq!(
            s.tap(id as i64).unwrap().events,
            [moved(id, Place::Rail, place, 1, 0)]
        );
    }
    let events = s.tap(3).unwrap().events;
    assert_eq!(events[0], moved(3, Place::Rail, 2, 1, 0));
    assert_eq!(
        part_change(&events[1]),
        Some((1, Pose::Rest, Pose::Fallen, None))
    );
    assert_eq!(events.len(), 2);
    s.tap(4).unwrap();
    assert_eq!(
        s.tap(5).unwrap().events,
        [moved(5, Place::Crate, 0, 0, 2)],
        "the crate holds two once the screw lands"
    );
    let events = s.tap(6).unwrap().events;
    let flowed = |screw, rail_place, fill| Event::RailFlowed {
        screw,
        rail_place,
        slot: 0,
        color: 1,
        fill,
    };
    assert_eq!(
        events[..7],
        [
            moved(6, Place::Crate, 0, 0, 3),
            Event::CrateSealed {
                slot: 0,
                crate_id: 1,
                refilled: true
            },
            Event::CratePulled {
                slot: 0,
                crate_id: 2,
                color: 1
            },
            flowed(1, 0, 1),
            flowed(2, 1, 2),
            flowed(3, 2, 3),
            Event::CrateSealed {
                slot: 0,
                crate_id: 2,
                refilled: false
            },
        ]
    );
    assert_eq!(
        part_change(&events[7]),
        Some((2, Pose::Rest, Pose::Fallen, None))
    );
    assert_eq!(events[8..], [Event::LevelWon]);
    // Undo puts the last screw back from its crate, takes the flowed screws back to their rail places
    // (last flow first), then the part is held again.
    let events = s.undo().unwrap().events;
    let returned = |screw, rail_place| Event::FlowReturned {
        screw,
        slot: 0,
        rail_place,
    };
    assert_eq!(
        events[..5],
        [
            Event::Undone { screw: 6 },
            Event::ScrewReturned {
                screw: 6,
                from: Place::Crate,
                index: 0
            },
            returned(3, 2),
            returned(2, 1),
            returned(1, 0),
        ]
    );
    assert_eq!(
        part_change(&events[5]),
        Some((2, Pose::Fallen, Pose::Rest, None))
    );
    assert_eq!(events.len(), 6);
    assert_eq!(s.game().unwrap().status(), Status::Playing);
}

#[test]
fn a_swing_and_a_loss_are_reported() {
    let mut s = session("swing_uncovers");
    let events = s.tap(1).unwrap().events;
    let (part, before, after, pivot) = part_change(&events[1]).expect("a part change");
    assert_eq!((part, before), (10, Pose::Rest));
    assert!(matches!(after, Pose::Hang(_)), "{events:?}");
    let parts = board::parts(s.game().unwrap());
    assert!(matches!(parts[0].pose, Pose::Hang(_)), "{:?}", parts[0]);
    assert_eq!(parts[0].pose.name(), "hang");
    assert_eq!(parts[0].cells, [[2, 0], [2, 1], [2, 2]]);
    // It swings about the screw it hangs from: screw 2's cell, covered before and after.
    let screw2 = &board::screws(s.game().unwrap())[1];
    assert_eq!(pivot, Some([screw2.x, screw2.y]));
    // Undo swings it back about the same screw.
    let undo = s.undo().unwrap().events;
    assert_eq!(part_change(&undo[2]), Some((10, after, Pose::Rest, pivot)));

    let mut s = session("overflow");
    s.tap(1).unwrap();
    let lost = s.tap(2).unwrap();
    assert_eq!(
        lost.events,
        [
            moved(2, Place::Lost, -1, 1, 0),
            Event::LevelLost {
                bomb: -1,
                reason: "rail_full"
            }
        ]
    );
    assert_eq!(lost.tools.status, Status::Lost);
    assert_eq!(s.tap(3), Err(ViewError::Move(MoveError::GameOver("lost"))));
    assert!(s.restart().unwrap().events.is_empty());
    assert_eq!(s.game().unwrap().moves(), 0);
}

#[test]
fn screw_rows_hide_unknown_colours_and_count_touches() {
    let mut s = session("hidden");
    let rows = board::screws(s.game().unwrap());
    let r1 = &rows[0];
    assert_eq!((r1.id, r1.part, r1.x, r1.y, r1.layer), (1, 1, 0, 0, 0));
    assert_eq!((r1.color, r1.known, r1.hidden), (-1, false, true));
    assert_eq!(
        (r1.kind, r1.accessible, r1.removed),
        ("normal", true, false)
    );
    assert_eq!(rows[1].color, 0, "a visible screw shows its colour");
    assert_eq!(
        s.tap(3).unwrap().events[0],
        moved(3, Place::Loosened, -1, 0, 0)
    );
    let r3 = &board::screws(s.game().unwrap())[2];
    assert_eq!(
        (r3.kind, r3.touches, r3.known, r3.color),
        ("rusty", 1, true, 0)
    );
    s.tap(1).unwrap();
    let game = s.game().unwrap();
    let r1 = &board::screws(game)[0];
    assert!(r1.removed && !r1.accessible && r1.known);
    assert_eq!(board::rail_ids(game).iter().filter(|&&i| i >= 0).count(), 0);
}

#[test]
fn crates_rail_and_moves_rows() {
    let mut s = session("cascade");
    s.tap(1).unwrap();
    s.tap(4).unwrap();
    let game = s.game().unwrap();
    let crates = board::crates(game);
    assert_eq!(crates.len(), 1);
    assert_eq!(
        (
            crates[0].slot,
            crates[0].id,
            crates[0].color,
            crates[0].fill,
            crates[0].active
        ),
        (0, 1, 0, 1, true)
    );
    assert_eq!(board::rail_ids(game), [1, -1, -1, -1, -1]);
    assert_eq!(board::rail_colors(game), [1, -1, -1, -1, -1]);
    let legal = board::legal_moves(game);
    assert_eq!(legal.len(), 4);
    assert!(legal.iter().all(|m| !m.wrench));
    assert!(
        board::solution(game).is_empty(),
        "this level stores no solution"
    );

    let s = session("bolt");
    let legal = board::legal_moves(s.game().unwrap());
    assert!(legal.contains(&MoveView {
        screw: 1,
        wrench: true
    }));
}

#[test]
fn frames_are_named() {
    // A part without screws is a fixed frame; add one on a free cell of the bottom layer.
    let mut level = level("swing_uncovers");
    level.parts.push(screwsmith_rules::level::PartData {
        id: 99,
        layer: 0,
        rest: vec![[0, 2]],
        hang: Default::default(),
    });
    let game = screwsmith_rules::GameSim::from_level(level).unwrap();
    let parts = board::parts(&game);
    assert_eq!(parts.last().unwrap().pose, Pose::Frame);
    assert_eq!(parts[0].pose, Pose::Rest);
}

#[test]
fn every_refused_game_call_names_its_reason() {
    let mut s = Session::default();
    assert_eq!(s.tap(1), Err(ViewError::NoLevel));
    assert_eq!(s.wrench_tap(1), Err(ViewError::NoLevel));
    assert_eq!(s.undo(), Err(ViewError::NoLevel));
    assert_eq!(s.restart(), Err(ViewError::NoLevel));
    assert_eq!(
        s.game().unwrap_err().to_string(),
        "no level loaded: call load_json() first"
    );

    let malformed = s.load_json("{ not json").unwrap_err();
    assert!(matches!(malformed, ViewError::Level(LevelError::Json(_))));
    assert!(
        malformed.to_string().starts_with("malformed level JSON"),
        "{malformed}"
    );
    let whole_file = s.load_json(&shipped()).unwrap_err();
    assert_eq!(
        whole_file.to_string(),
        "expected exactly one level, found 200"
    );
    let bad = level_text("cascade").replace("\"color\": 0", "\"color\": 1");
    let invalid = s.load_json(&bad).unwrap_err();
    assert!(invalid.to_string().starts_with("level 3: "), "{invalid}");
    assert!(s.game().is_err(), "failed loads load nothing");

    let mut s = session("swing_uncovers");
    assert_eq!(s.undo(), Err(ViewError::Move(MoveError::NothingToUndo)));
    assert_eq!(s.tap(99), Err(ViewError::Move(MoveError::UnknownScrew(99))));
    for id in [-1, 65_536, i64::MAX] {
        assert!(matches!(
            s.tap(id),
            Err(ViewError::OutOfRange {
                what: "screw id",
                ..
            })
        ));
        assert!(matches!(
            s.wrench_tap(id),
            Err(ViewError::OutOfRange { .. })
        ));
    }
    let covered = s.tap(3).unwrap_err();
    assert_eq!(covered.to_string(), "screw 3 is covered by a part above it");
    s.tap(1).unwrap();
    assert_eq!(s.tap(1), Err(ViewError::Move(MoveError::AlreadyRemoved(1))));
    assert!(s.load_json("[]").is_err());
    assert_eq!(s.game().unwrap().moves(), 1, "a failed load keeps the game");

    let mut s = session("bolt");
    assert_eq!(
        s.tap(1),
        Err(ViewError::Move(MoveError::BoltNeedsWrench(1)))
    );
    assert_eq!(
        s.wrench_tap(2),
        Err(ViewError::Move(MoveError::WrenchOnNonBolt(2)))
    );
    let mut s = Session::default();
    s.load_json(&level_text("bolt").replace("\"wrench_charges\": 1", "\"wrench_charges\": 0"))
        .unwrap();
    assert_eq!(
        s.wrench_tap(1),
        Err(ViewError::Move(MoveError::NoWrenchCharges))
    );
}

#[test]
fn the_library_serves_levels_that_load_and_refuses_the_rest() {
    let lib = library::parse(shipped()).unwrap();
    assert_eq!(lib.count(), 200);
    for n in 1..=lib.count() as i64 {
        let mut s = Session::default();
        s.load_json(&library::level_json(&lib, n).unwrap()).unwrap();
        assert_eq!(s.game().unwrap().level().data().number, n as u32);
        let info = library::info(&lib, n).unwrap();
        assert_eq!((info.number, info.baked), (n as u32, n as u32));
        assert_eq!(info.taps, s.game().unwrap().level().data().taps());
        let measured = s
            .game()
            .unwrap()
            .level()
            .data()
            .measure
            .as_ref()
            .map(|m| m.difficulty);
        assert!(
            measured.is_some(),
            "level {n}: the baked set carries its measurement"
        );
        assert_eq!(info.difficulty, measured);
        let mut help = Session::default();
        help.load_json(&library::help_level_json(&lib, n).unwrap())
            .unwrap();
        let colours = |s: &Session| s.game().unwrap().level().data().colors.len();
        let expected = colours(&s).saturating_sub(1).max(1);
        assert_eq!(
            colours(&help),
            expected,
            "level {n}: the help copy drops one colour"
        );
    }
    for n in [0, -3, i64::MIN, 1 << 40] {
        let err = library::level_json(&lib, n).unwrap_err();
        assert!(
            matches!(
                err,
                ViewError::OutOfRange {
                    what: "level number",
                    ..
                }
            ),
            "{n}: {err}"
        );
        assert!(library::info(&lib, n).is_err());
        assert!(library::help_level_json(&lib, n).is_err());
    }
    // Beyond the baked set: 201 cycles to 73 in the shipped 200; in a file cut to its first 8 levels,
    // 9 is missing and 201 → 73 is missing too.
    assert_eq!(library::info(&lib, 201).unwrap().baked, 73);
    let mut first8 = screwsmith_rules::level::parse_file(&shipped()).unwrap();
    first8.levels.truncate(8);
    let small = library::parse(screwsmith_rules::level::to_json(&first8)).unwrap();
    assert_eq!(
        library::level_json(&small, 9).unwrap_err(),
        ViewError::Library(LibraryError::Missing(9, 8))
    );
    assert_eq!(
        library::info(&small, 201).unwrap_err().to_string(),
        "level 73 is not in the baked set (it holds 8 levels)"
    );
    assert!(matches!(
        library::parse("{}"),
        Err(ViewError::Library(LibraryError::Level(LevelError::Json(_))))
    ));
    assert_eq!(
        library::loaded(&None).unwrap_err().to_string(),
        "no level file loaded: call load_default() or load_json() first"
    );
    let read = ViewError::Read {
        path: "res://levels/levels.json".into(),
        reason: "file not found".into(),
    };
    assert_eq!(
        read.to_string(),
        "cannot read res://levels/levels.json: file not found"
    );
}

#[test]
fn a_stored_solution_replays_to_a_win_through_the_session() {
    // Store a hand-found solution the way the baker does, then replay it as the Godot smoke test does.
    let mut level = level("swing_uncovers");
    level.measure = Some(screwsmith_rules::level::Measure {
        status: SolveStatus::Proven,
        human_fail_rate: 0.0,
        average_peak_rail: 0.0,
        min_rail_slots: None,
        unique: None,
        taps: 3,
        difficulty: 1,
        blunder_rate: None,
        competent_win_rate: None,
        competent_min_rail: None,
        solution: vec![Move::Tap(1), Move::Tap(3), Move::Tap(2)],
    });
    let mut s = Session::default();
    s.load_json(&serde_json::to_string(&level).unwrap())
        .unwrap();
    let solution = board::solution(s.game().unwrap());
    assert_eq!(solution.len(), 3);
    let mut last = Vec::new();
    for m in solution {
        last = if m.wrench {
            s.wrench_tap(m.screw as i64)
        } else {
            s.tap(m.screw as i64)
        }
        .unwrap()
        .events;
    }
    assert_eq!(last.last(), Some(&Event::LevelWon));
}

#[test]
fn a_solve_job_reports_the_solve_json_and_refuses_bad_levels_at_once() {
    use screwsmith_play::view::{solve, Job, JobOutcome, Poll};
    let err = solve::prepare("{", false)
        .err()
        .expect("malformed JSON is refused before any thread");
    assert!(err.to_string().starts_with("malformed level JSON"), "{err}");
    let mut job = Job::default();
    job.start(
        "solve",
        solve::prepare(&level_text("cascade"), false).unwrap(),
    )
    .unwrap();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let report = loop {
        assert!(std::time::Instant::now() < until, "solve did not finish");
        if let Poll::Finished(JobOutcome::Done(v)) = job.poll() {
            break v;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    };
    assert_eq!(report["status"], "proven");
    assert_eq!(report["cancelled"], false);
    assert!(report["solution"].as_array().is_some_and(|s| !s.is_empty()));
}

#[test]
fn a_cancelled_solve_says_so() {
    use screwsmith_play::view::{solve, JobContext};
    let work = solve::prepare(&level_text("mid"), true).unwrap();
    let ctx = JobContext::default();
    ctx.cancel_flag()
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let report = work(&ctx);
    assert_eq!(report["cancelled"], true, "{report}");
}

#[test]
fn the_screwdriver_is_limited_per_attempt_and_locked_once_the_game_ends() {
    use screwsmith_play::save::SCREWDRIVER_USES;
    let mut s = session("mid");
    assert!(!s.screwdriver_ready(), "nothing to take back yet");
    assert!(matches!(
        s.screwdriver(),
        Err(ViewError::Move(MoveError::NothingToUndo))
    ));
    let first = s.game().unwrap().legal_moves()[0].screw();
    for used in 0..SCREWDRIVER_USES {
        assert_eq!(s.screwdriver_left(), SCREWDRIVER_USES - used);
        s.tap(i64::from(first)).unwrap();
        assert!(s.screwdriver_ready());
        s.screwdriver().unwrap();
        assert_eq!(
            s.game().unwrap().moves(),
            0,
            "the screwdriver undoes exactly"
        );
    }
    s.tap(i64::from(first)).unwrap();
    assert!(!s.screwdriver_ready());
    assert_eq!(
        s.screwdriver(),
        Err(ViewError::ScrewdriverSpent {
            used: SCREWDRIVER_USES,
            uses: SCREWDRIVER_USES
        })
    );
    assert_eq!(s.screwdriver_used(), SCREWDRIVER_USES);
    // The editor's unlimited undo is a different call.
    assert!(s.undo().is_ok());
    s.restart().unwrap();
    assert_eq!(
        s.screwdriver_left(),
        SCREWDRIVER_USES,
        "a new attempt gets it back"
    );

    let mut lost = session("overflow");
    lost.tap(1).unwrap();
    lost.tap(2).unwrap();
    assert_eq!(lost.game().unwrap().status(), Status::Lost);
    assert!(!lost.screwdriver_ready());
    assert_eq!(lost.screwdriver(), Err(ViewError::Finished("lost")));
    assert_eq!(
        lost.game().unwrap().status(),
        Status::Lost,
        "a lost game stays lost"
    );
}

/// The rescue: the lose panel's "Undo last move" takes back the move that filled the rail while
/// the loss is not counted; the loss is counted exactly once when the player leaves the lost board.
#[test]
fn the_rescue_takes_back_a_loss_that_is_then_never_counted() {
    let mut s = session("overflow");
    s.tap(1).unwrap();
    assert_eq!(s.rescue(), Err(ViewError::NotLost("playing")));
    let lost = s.tap(2).unwrap();
    assert_eq!(lost.tools.status, Status::Lost);
    assert!(lost.tools.rescue_ready, "a use left, the loss pending");
    let rescued = s.rescue().unwrap();
    assert_eq!(rescued.tools.status, Status::Playing);
    assert_eq!(rescued.tools.moves, 1);
    assert_eq!(
        rescued.tools.screwdriver_used, 1,
        "the rescue is a screwdriver use"
    );
    assert!(!rescued.tools.rescue_ready);
    for id in [4, 5, 6, 2, 3] {
        s.tap(id).unwrap();
    }
    assert_eq!(s.game().unwrap().status(), Status::Won);
    assert!(!s.settle_loss(), "a rescued loss is never counted");
}

#[test]
fn a_loss_is_counted_once_and_is_then_final() {
    let mut s = session("overflow");
    assert!(!s.settle_loss(), "nothing lost yet");
    s.tap(1).unwrap();
    s.tap(2).unwrap();
    assert!(s.settle_loss(), "leaving the lost board counts it");
    assert!(!s.settle_loss(), "never twice");
    assert!(!s.state().unwrap().tools.rescue_ready);
    assert_eq!(s.rescue(), Err(ViewError::LossCounted));
    assert_eq!(s.rewind(1), Err(ViewError::LossCounted));
    assert_eq!(s.game().unwrap().status(), Status::Lost);
    // A new attempt starts clean.
    s.restart().unwrap();
    s.tap(1).unwrap();
    s.tap(2).unwrap();
    assert!(s.state().unwrap().tools.rescue_ready);
}

#[test]
fn the_rescue_needs_a_screwdriver_use() {
    let mut s = session("overflow");
    for _ in 0..screwsmith_play::save::SCREWDRIVER_USES {
        s.tap(4).unwrap();
        s.screwdriver().unwrap();
    }
    s.tap(1).unwrap();
    let lost = s.tap(2).unwrap();
    assert!(!lost.tools.rescue_ready, "the screwdriver is spent");
    assert!(matches!(
        s.rescue(),
        Err(ViewError::ScrewdriverSpent { .. })
    ));
    assert!(s.settle_loss());
}

/// A rewind (the lost hint's "Rewind") goes back to the last winnable point, from a lost-in-waiting or
/// a lost board, and marks the attempt as helped; so does a hint.
#[test]
fn rewinds_and_hints_mark_the_attempt_as_helped() {
    let mut s = session("overflow");
    let start = s.state().unwrap().tools;
    assert_eq!(start.rail_free, 1);
    assert!(start.rail_nearly_full(), "one free place");
    assert!(!start.helped);
    s.tap(1).unwrap();
    assert!(
        !s.state().unwrap().tools.rail_nearly_full(),
        "the rail is full"
    );
    assert_eq!(s.history().unwrap(), [Move::Tap(1)]);
    s.tap(2).unwrap();
    assert!(
        !s.state().unwrap().tools.rail_nearly_full(),
        "a lost board is not nearly full"
    );
    assert_eq!(s.rewind(3), Err(ViewError::Rewind { to: 3, played: 2 }));
    assert_eq!(s.rewind(-1), Err(ViewError::Rewind { to: -1, played: 2 }));
    let back = s.rewind(1).unwrap();
    assert!(back.events.is_empty());
    assert_eq!(back.tools.status, Status::Playing);
    assert_eq!(back.tools.moves, 1);
    assert_eq!(
        back.tools.screwdriver_used, 0,
        "a rewind is not a screwdriver use"
    );
    assert!(back.tools.helped);
    assert!(!s.settle_loss(), "the rewound loss is not counted");

    let mut h = session("overflow");
    assert_eq!(h.note_hint().unwrap().tools.hints_used, 1);
    assert!(h.state().unwrap().tools.helped);
    h.tap(4).unwrap();
    let kept = h.in_progress(7).unwrap().expect("kept");
    assert_eq!(kept.hints_used, 1, "the save keeps the hints");
    let mut again = Session::default();
    let resumed = again.resume(&level_text("overflow"), &kept).unwrap();
    assert!(resumed.tools.helped, "a resumed attempt stays helped");
    h.restart().unwrap();
    assert!(
        !h.state().unwrap().tools.helped,
        "a new attempt is not helped"
    );
}

#[test]
fn screw_rows_carry_a_bombs_moves_left() {
    let plain = sim("mid");
    let mut sim = sim("bomb");
    let row = |sim: &screwsmith_rules::GameSim, id: u16| {
        board::screw(sim, sim.level().screw_index(id).unwrap()).bomb
    };
    assert_eq!([row(&sim, 1), row(&sim, 2), row(&sim, 3)], [3, 1, 5]);
    sim.tap(3).unwrap();
    assert_eq!([row(&sim, 1), row(&sim, 2), row(&sim, 3)], [2, 1, 5]);
    assert_eq!(board::screw(&plain, 0).bomb, -1);
}

#[test]
fn a_bomb_ticks_is_defused_and_names_the_loss() {
    // bomb.json: screw 1 (bomb 3) holds the panel over screw 2 (bomb 1); screw 3 has a bomb of 5.
    let mut s = session("bomb");
    let events = s.tap(1).unwrap().events;
    let bombs: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::BombTicked { .. } | Event::BombDefused { .. }))
        .collect();
    assert_eq!(
        bombs,
        [
            &Event::BombDefused { screw: 1, left: 3 },
            &Event::BombTicked { screw: 3, left: 4 }
        ]
    );
    let events = s.tap(3).unwrap().events;
    assert!(
        events.contains(&Event::BombTicked { screw: 2, left: 0 }),
        "{events:?}"
    );
    assert_eq!(
        events.last(),
        Some(&Event::LevelLost {
            bomb: 2,
            reason: "bomb"
        })
    );
}

/// Every pose row of the shipped levels names the turn of the rest plate that makes it: the rest cells
/// turned by `turn` quarters clockwise about `pivot`, kept on the board, are the row's cells.
#[test]
fn every_hanging_row_is_the_rest_plate_turned_by_its_row_turn() {
    use screwsmith_rules::level::turn::{on_board, turned, QuarterTurn};
    let lib = library::parse(shipped()).unwrap();
    let mut hanging = 0;
    for n in [1, 2, 3, 36, 120, 200] {
        let mut s = Session::default();
        s.load_json(&library::level_json(&lib, n).unwrap()).unwrap();
        let sim = s.game().unwrap();
        let data = sim.level().data();
        for row in board::part_poses(sim) {
            let rest = &data.parts.iter().find(|p| p.id == row.id).unwrap().rest;
            match row.pose {
                Pose::Hang(_) => {
                    hanging += 1;
                    let (pivot, turn) = (row.pivot.unwrap(), row.turn.unwrap());
                    let spots = turned(rest, pivot, turn);
                    assert_eq!(
                        on_board(&spots, data.width, data.height),
                        row.cells,
                        "level {n}"
                    );
                }
                _ => assert_eq!(
                    (row.pivot, row.turn),
                    (None, Some(QuarterTurn::None)),
                    "level {n}"
                ),
            }
        }
    }
    assert!(hanging > 20, "{hanging} hanging rows");
}

/// A move that leaves nothing to tap ends the level, and the event says why for the lose panel.
#[test]
fn a_board_with_no_legal_move_left_is_lost_with_its_reason() {
    let text = level_text("bolt").replace("\"wrench_charges\": 1", "\"wrench_charges\": 0");
    let mut s = Session::default();
    s.load_json(&text).unwrap();
    s.tap(2).unwrap();
    let events = s.tap(3).unwrap().events;
    assert_eq!(
        events.last(),
        Some(&Event::LevelLost {
            bomb: -1,
            reason: "no_legal_move"
        }),
        "{events:?}"
    );
    assert_eq!(s.game().unwrap().status(), Status::Lost);
}
