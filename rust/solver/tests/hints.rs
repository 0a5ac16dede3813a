//! The hint. Its answers are checked three ways:
//! - soundness on the states the shipped levels' shallow-human trials pass through (every 10th level
//!   here; all levels in the ignored test and in `screwsmith audit hints`): a hinted move keeps a win
//!   (its line replays to a win and a fresh full search finds one after the move), "lost" only where a
//!   fresh full search finds no win, and the rewind point is the exact boundary;
//! - differentially against the plain DFS ([`Dfs`], cap 1): the verdict at every point and the rewind
//!   point found by scanning every point, on hand-made levels with rusty, hidden and bolt screws
//!   (tightened until they lose) and on a sample of the shipped set;
//! - the check itself fails on each of the hint's bug switches.
//!
//! And the contract: typed errors for illegal move lists and won games, "unknown" (never "lost") when
//! the budget runs out or the caller cancels.

#[path = "../../rules/tests/common/mod.rs"]
mod common;
mod shipped;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use common::*;
use screwsmith_rules::level::ScrewKind;
use screwsmith_rules::sim::{GameSim, Move, MoveError, Status};
use screwsmith_rules::{CompiledLevel, LevelData};
use screwsmith_solver::dfs::{Dfs, Stop};
use screwsmith_solver::hint::check::{check, Finding, CHECK_NODES};
use screwsmith_solver::hint::paths::{human_paths, HumanPath};
use screwsmith_solver::hint::{hint, Hint, HintBug, HintError, HintOptions, Rewind};
use screwsmith_solver::human::Human;
use screwsmith_solver::trial::{play_trial, trial_seed};
use shipped::shipped;

/// Plain-search budget per state in the differential tests: states it cannot finish are skipped.
const PLAIN_LIMIT: u64 = 100_000;

/// What a run over many states saw.
#[derive(Debug, Default)]
struct Tally {
    states: u32,
    moves: u32,
    lost: u32,
    rewinds: u32,
    unsettled: u32,
    unsound: Vec<String>,
}

/// Hints and checks every point of every path of `levels`.
fn check_paths(levels: &[Arc<CompiledLevel>], opts: &HintOptions) -> Tally {
    let mut t = Tally::default();
    for level in levels {
        for path in human_paths(level, 24) {
            for k in path.points() {
                let moves = &path.moves[..k];
                let report = hint(level, moves, opts).expect("a trial's moves are legal");
                t.states += 1;
                match &report.hint {
                    Hint::Move { .. } => t.moves += 1,
                    Hint::Lost(r) => {
                        t.lost += 1;
                        t.rewinds += matches!(r, Rewind::To { .. }) as u32;
                    }
                    Hint::Unknown(_) => {}
                }
                match check(level, moves, &report.hint, CHECK_NODES) {
                    Finding::Sound => {}
                    Finding::Unsettled(_) => t.unsettled += 1,
                    Finding::Unsound(u) => t.unsound.push(format!(
                        "level {} trial {} after {k}: {u}",
                        level.data().number,
                        path.trial
                    )),
                }
            }
        }
    }
    t
}

#[test]
fn hints_are_sound_on_every_tenth_shipped_level() {
    let levels: Vec<_> = shipped().into_iter().step_by(10).collect();
    let t = check_paths(&levels, &HintOptions::default());
    eprintln!("{t:?}");
    assert!(t.unsound.is_empty(), "{:#?}", t.unsound);
    assert_eq!(t.unsettled, 0, "{t:?}");
    // Both answers occur, and every lost state found its rewind point within the default budget.
    assert!(t.moves > 1000 && t.lost > 50, "{t:?}");
    assert_eq!(t.rewinds, t.lost, "{t:?}");
    assert_eq!(
        t.moves + t.lost,
        t.states,
        "no state of the sample is unknown: {t:?}"
    );
}

/// The full check over every shipped level (minutes; `screwsmith audit hints` runs it in release).
#[test]
#[ignore]
fn hints_are_sound_on_every_shipped_level() {
    let t = check_paths(&shipped(), &HintOptions::default());
    assert!(t.unsound.is_empty(), "{:#?}", t.unsound);
    assert_eq!(t.unsettled, 0, "{t:?}");
}

#[test]
fn the_check_catches_each_bug_switch() {
    let levels: Vec<_> = shipped().into_iter().step_by(25).collect();
    for bug in [HintBug::FirstLegalMove, HintBug::RewindOneLate] {
        let opts = HintOptions {
            bug: Some(bug),
            ..Default::default()
        };
        let t = check_paths(&levels, &opts);
        assert!(!t.unsound.is_empty(), "{bug:?} went unnoticed: {t:?}");
    }
    // Saying "lost" when the budget runs out: only shows where a budget runs out on a winnable state.
    let mut opts = HintOptions::new(5, None);
    opts.bug = Some(HintBug::ExhaustedIsLost);
    let t = check_paths(&levels[..2], &opts);
    assert!(
        !t.unsound.is_empty(),
        "ExhaustedIsLost went unnoticed: {t:?}"
    );
}

#[test]
fn human_paths_are_the_solver_trials() {
    for level in shipped().iter().step_by(20) {
        let mut sim = GameSim::new(level.clone());
        for path in human_paths(level, 24) {
            let seed = trial_seed(level.data().seed, path.trial);
            let trial = play_trial(&mut sim, &mut Human::default(), seed, None);
            assert_eq!(trial.moves as usize, path.moves.len());
            assert_eq!(trial.won, path.end == Status::Won);
            let mut replayed = GameSim::new(level.clone());
            for &m in &path.moves {
                replayed.apply(m).expect("legal");
            }
            assert_eq!(replayed.status(), path.end);
        }
    }
}

/// The plain search's verdict from the state after `moves`, `None` when it does not finish.
fn plain_wins(level: &Arc<CompiledLevel>, moves: &[Move]) -> Option<bool> {
    let mut sim = GameSim::new(level.clone());
    for &m in moves {
        sim.apply(m).expect("legal");
    }
    let mut dfs = Dfs::new(1, PLAIN_LIMIT, None);
    dfs.count(&mut sim).ok().map(|c| c > 0)
}

/// Compares the hint with the plain search at every point of `path`; returns the points compared and
/// the lost ones among them.
fn differential(name: &str, level: &Arc<CompiledLevel>, path: &HumanPath) -> (u32, u32) {
    // The plain verdict at every point; the rewind point is the last winnable one before a lost state.
    let verdicts: Vec<Option<bool>> = (0..=path.moves.len())
        .map(|k| plain_wins(level, &path.moves[..k]))
        .collect();
    let (mut compared, mut lost) = (0, 0);
    for k in path.points() {
        let Some(plain) = verdicts[k] else { continue };
        let report =
            hint(level, &path.moves[..k], &HintOptions::new(u64::MAX, None)).expect("legal moves");
        compared += 1;
        match report.hint {
            Hint::Move { next, .. } => {
                assert!(
                    plain,
                    "{name} after {k}: hint {next} where the plain search finds no win"
                );
                assert_eq!(
                    plain_wins(level, &[&path.moves[..k], &[next]].concat()),
                    Some(true)
                );
            }
            Hint::Lost(rewind) => {
                assert!(!plain, "{name} after {k}: lost where the plain search wins");
                lost += 1;
                // Winnability is monotone along the path, so the plain scan's boundary is the rewind.
                let last = verdicts[..k].iter().rposition(|v| *v == Some(true));
                let settled = verdicts[..k].iter().all(Option::is_some);
                match rewind {
                    Rewind::To { moves, .. } if settled => {
                        assert_eq!(Some(moves), last, "{name} after {k}")
                    }
                    Rewind::Never if settled => assert_eq!(last, None, "{name} after {k}"),
                    Rewind::Unknown(s) => panic!("{name} after {k}: no budget, yet {s:?}"),
                    _ => {}
                }
            }
            Hint::Unknown(s) => panic!("{name} after {k}: unknown without a budget ({s:?})"),
        }
    }
    (compared, lost)
}

/// Hand-made levels with one mechanic each, tightened (rails 1..=own, every third normal screw rusty).
fn hand_made() -> Vec<(String, LevelData)> {
    let mut out = Vec::new();
    for name in ALL.iter().filter(|n| **n != "buried") {
        let base = level(name);
        for rail in 1..=base.rail_slots {
            let mut d = base.clone();
            d.rail_slots = rail;
            out.push((format!("{name} rail {rail}"), d.clone()));
            for (i, s) in d.screws.iter_mut().enumerate() {
                if i % 3 == 1 && s.kind == ScrewKind::Normal {
                    s.kind = ScrewKind::Rusty;
                }
            }
            out.push((format!("{name} rail {rail} rusty"), d));
        }
    }
    out
}

#[test]
fn hints_agree_with_the_plain_search_on_hand_made_levels() {
    let (mut compared, mut lost) = (0, 0);
    let mut kinds = [false; 3];
    for (name, data) in hand_made() {
        let level = Arc::new(CompiledLevel::new(data).expect("valid"));
        for s in level.data().screws.iter() {
            kinds[0] |= s.kind == ScrewKind::Rusty;
            kinds[1] |= s.hidden;
            kinds[2] |= s.kind == ScrewKind::Bolt;
        }
        for path in human_paths(&level, 24).iter().step_by(3) {
            let (c, l) = differential(&name, &level, path);
            compared += c;
            lost += l;
        }
    }
    assert_eq!(kinds, [true; 3], "rusty, hidden and bolt screws all occur");
    eprintln!("hand-made: {compared} states compared, {lost} lost");
    assert!(
        compared > 3000 && lost > 500,
        "{compared} compared, {lost} lost"
    );
}

#[test]
fn hints_agree_with_the_plain_search_on_shipped_levels() {
    let (mut compared, mut lost) = (0, 0);
    for level in shipped().iter().step_by(10) {
        for path in human_paths(level, 24).iter().step_by(2) {
            let name = format!("level {} trial {}", level.data().number, path.trial);
            let (c, l) = differential(&name, level, path);
            compared += c;
            lost += l;
        }
    }
    eprintln!("shipped: {compared} states compared, {lost} lost");
    assert!(
        compared > 3000 && lost > 30,
        "{compared} compared, {lost} lost"
    );
}

/// A lost trial of a shipped level: (level, moves), the first found.
fn a_lost_trial() -> (Arc<CompiledLevel>, Vec<Move>) {
    for level in shipped().into_iter().skip(30) {
        if let Some(p) = human_paths(&level, 24)
            .into_iter()
            .find(|p| p.end == Status::Lost)
        {
            return (level, p.moves);
        }
    }
    panic!("no shallow-human trial of the shipped set loses");
}

#[test]
fn a_full_rail_is_lost_and_rewinds_to_a_winnable_point() {
    let (level, moves) = a_lost_trial();
    let report = hint(&level, &moves, &HintOptions::default()).expect("legal");
    let Hint::Lost(Rewind::To { moves: k, line }) = report.hint else {
        panic!("{:?}", report.hint)
    };
    assert!(k < moves.len());
    // The line wins from the rewind point.
    let mut sim = GameSim::new(level.clone());
    for &m in moves[..k].iter().chain(&line) {
        sim.apply(m).expect("legal");
    }
    assert_eq!(sim.status(), Status::Won);
    // Asking again from the rewind point gives a move.
    let again = hint(&level, &moves[..k], &HintOptions::default()).expect("legal");
    assert!(matches!(again.hint, Hint::Move { .. }), "{:?}", again.hint);
}

#[test]
fn an_exhausted_budget_is_unknown_never_lost() {
    let (level, moves) = a_lost_trial();
    // A winnable start with a budget of one move: not proven either way.
    let r = hint(&level, &[], &HintOptions::new(1, None)).expect("legal");
    assert_eq!(r.hint, Hint::Unknown(Stop::Limit));
    // A lost state whose rewind runs out of budget stays lost, with the point unknown.
    let r = hint(&level, &moves, &HintOptions::new(1, None)).expect("legal");
    assert!(
        matches!(
            r.hint,
            Hint::Lost(Rewind::Unknown(Stop::Limit)) | Hint::Lost(Rewind::To { .. })
        ),
        "{:?}",
        r.hint
    );
    // Some budget between 1 and the full one answers "unknown" at some point of the trial, never a
    // lost verdict where a win exists (the check above covers that); the answers get sharper with more.
    let full = hint(&level, &[], &HintOptions::default()).expect("legal");
    assert!(matches!(full.hint, Hint::Move { .. }));
    assert!(full.nodes > 1);
}

#[test]
fn a_cancelled_hint_is_unknown() {
    let level = compiled("mid");
    let cancel = Arc::new(AtomicBool::new(true));
    let r = hint(&level, &[], &HintOptions::new(u64::MAX, Some(cancel))).expect("legal");
    assert_eq!(r.hint, Hint::Unknown(Stop::Cancelled));
}

#[test]
fn an_illegal_move_list_names_its_first_illegal_move() {
    let level = compiled("mid");
    let first = GameSim::new(level.clone()).legal_moves()[0];
    let err = hint(&level, &[first, first], &HintOptions::default()).unwrap_err();
    assert_eq!(
        err,
        HintError::Illegal {
            number: 2,
            mv: first,
            source: MoveError::AlreadyRemoved(first.screw()),
        }
    );
    assert!(err.to_string().starts_with("move 2 ("), "{err}");
    let err = hint(&level, &[Move::Tap(999)], &HintOptions::default()).unwrap_err();
    assert!(matches!(err, HintError::Illegal { number: 1, .. }), "{err}");
}

#[test]
fn a_won_game_has_nothing_to_hint() {
    let level = compiled("mid");
    let moves = match hint(&level, &[], &HintOptions::default()).unwrap().hint {
        Hint::Move { line, .. } => line,
        h => panic!("{h:?}"),
    };
    let err = hint(&level, &moves, &HintOptions::default()).unwrap_err();
    assert_eq!(err, HintError::AlreadyWon { moves: moves.len() });
}

#[test]
fn following_hints_wins() {
    for level in shipped().iter().step_by(40) {
        let mut moves = Vec::new();
        loop {
            match hint(level, &moves, &HintOptions::default()) {
                Ok(r) => match r.hint {
                    Hint::Move { next, .. } => moves.push(next),
                    h => panic!("level {}: {h:?}", level.data().number),
                },
                Err(HintError::AlreadyWon { .. }) => break,
                Err(e) => panic!("{e}"),
            }
        }
    }
}
