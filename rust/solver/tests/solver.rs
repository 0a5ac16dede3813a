//! LevelSolver (docs/design.md §3) on the hand-made levels: every status, the rusty regression, verification, the
//! per-depth blunder rate and the players.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use common::*;
use screwsmith_rules::level::SolveStatus;
use screwsmith_rules::sim::Move;
use screwsmith_rules::CompiledLevel;
use screwsmith_solver::proof::prove;
use screwsmith_solver::{
    blunder_rate, blunder_stats, buried_screws, replays_to_win, sampled_blunder_stats, solve,
    solve_shared, trial_seed, verify, BuriedReason, BuriedScrew, SolveOptions, SolveReport,
    JSON_KEYS,
};

fn assert_replays(level: &Arc<CompiledLevel>, report: &SolveReport) {
    assert!(
        replays_to_win(level, report.solution.as_deref()),
        "solution {:?} does not replay to a win",
        report.solution
    );
}

#[test]
fn a_won_trial_is_the_proof_and_no_dfs_runs() {
    let level = compiled("mid");
    let report = solve(&level, &SolveOptions::default());
    assert_eq!(report.status, SolveStatus::Proven);
    assert_eq!(report.nodes, 0, "no DFS when a trial wins");
    assert_eq!(report.trials.len(), 24);
    for (t, trial) in report.trials.iter().enumerate() {
        assert_eq!(trial.seed, trial_seed(level.data().seed, t as u32));
        assert!(trial.peak_rail <= level.data().rail_slots);
    }
    let first_win = report.trials.iter().find(|t| t.won).expect("a won trial");
    let solution = report.solution.as_ref().unwrap();
    assert_eq!(solution.len() as u32, first_win.moves);
    assert_replays(&level, &report);
    let losses = report.trials.iter().filter(|t| !t.won).count();
    assert_eq!(report.human_fail_rate, losses as f64 / 24.0);
    let peaks: u32 = report.trials.iter().map(|t| t.peak_rail as u32).sum();
    assert_eq!(report.average_peak_rail, peaks as f64 / 24.0);
    assert_eq!(report.taps, level.data().taps());
    assert!(report.unique_solution.is_none() && report.blunder_rate.is_none());
}

#[test]
fn solving_is_deterministic_and_thread_safe() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<SolveOptions>();
    send_sync::<SolveReport>();
    let level = compiled("mid");
    let opts = SolveOptions::default();
    let here = solve_shared(&level, &opts);
    let there = std::thread::spawn({
        let level = level.clone();
        move || solve_shared(&level, &opts)
    })
    .join()
    .unwrap();
    assert_eq!(here, there);
}

#[test]
fn when_every_trial_loses_the_dfs_proves_it() {
    // Twelve hidden screws, one crate, one rail place: the human plays blind and loses every trial.
    let level = compiled("all_hidden");
    let report = solve(&level, &SolveOptions::default());
    assert_eq!(report.human_fail_rate, 1.0, "{:?}", report.trials);
    assert!(report.trials.iter().all(|t| t.peak_rail == 1));
    assert_eq!(report.status, SolveStatus::Proven);
    assert!(report.nodes > 0);
    assert_replays(&level, &report);
    assert_eq!(
        report.min_rail_slots_required, None,
        "solve proves on the level's own rail; the minimum rail is verification's"
    );
    let mut verified = report.clone();
    verify(&level, &mut verified, &SolveOptions::default());
    assert_eq!(verified.min_rail_slots_required, Some(1));
}

#[test]
fn tiny_node_limit_is_search_exhausted_not_impossible() {
    let level = compiled("all_hidden");
    let tight = SolveOptions {
        node_limit: 5,
        ..Default::default()
    };
    let report = solve(&level, &tight);
    assert_eq!(report.status, SolveStatus::SearchExhausted);
    assert!(report.solution.is_none());
    assert_eq!(report.difficulty, 10);
    assert_eq!(
        report.nodes, 10,
        "on the level's own rail: the reduced search, then the plain one, 5 nodes each"
    );
    let default = solve(&level, &SolveOptions::default());
    assert_eq!(default.status, SolveStatus::Proven);
}

#[test]
fn fully_explored_without_a_win_is_unsolvable() {
    // min_rail needs three rail places; with two, no order wins.
    let mut data = level("min_rail");
    data.rail_slots = 2;
    let level = Arc::new(CompiledLevel::new(data).unwrap());
    let report = solve(&level, &SolveOptions::default());
    assert_eq!(report.human_fail_rate, 1.0);
    assert_eq!(report.status, SolveStatus::Unsolvable);
    // The dead-state bound may settle it before a move is played (the rail cannot last to a seal).
    assert!(report.nodes < 1000);
    assert_eq!(report.difficulty, 10);
    assert!(report.solution.is_none());
}

#[test]
fn rusty_screw_tapped_twice_is_proven_by_the_dfs() {
    // The regression of docs/design.md §3: a key without touch counts merged "loosened" with "untouched" and
    // made every rusty level unsolvable. Here the DFS alone must find the double tap.
    let level = compiled("rusty");
    let proof = prove(&level, &SolveOptions::default());
    assert_eq!(proof.status, SolveStatus::Proven);
    let solution = proof.solution.expect("a win");
    assert_eq!(&solution[..2], &[Move::Tap(1), Move::Tap(1)]);
    assert_eq!(solution.len(), 4);
    // Through solve() with no trials, so the proof cannot come from a human.
    let no_trials = SolveOptions {
        trials: 0,
        ..Default::default()
    };
    let report = solve(&level, &no_trials);
    assert_eq!(report.status, SolveStatus::Proven);
    assert!(report.nodes > 0);
    assert_replays(&level, &report);
    assert_eq!(report.taps, 4, "the rusty screw counts twice");
}

#[test]
fn verify_finds_min_rail_uniqueness_and_replays() {
    let level = compiled("min_rail");
    let mut report = solve(&level, &SolveOptions::default());
    assert_eq!(report.status, SolveStatus::Proven);
    assert_eq!(report.min_rail_slots_required, None, "not verified yet");
    let before = report.difficulty;
    verify(&level, &mut report, &SolveOptions::default());
    assert_eq!(report.min_rail_slots_required, Some(3));
    assert_eq!(
        report.unique_solution,
        Some(true),
        "the three top screws go in any order: one plan up to independent moves"
    );
    assert_eq!(report.solution_replays, Some(true));
    assert!(report.blunder_rate.is_some());
    // The +1.5 bonus applies once uniqueness is known.
    let raw = |u| {
        report.raw_score().map(|_| {
            screwsmith_solver::raw_score(
                report.status,
                report.human_fail_rate,
                report.average_peak_rail,
                report.taps,
                u,
            )
            .unwrap()
        })
    };
    assert_eq!(raw(Some(true)).unwrap() - raw(None).unwrap(), 1.5);
    assert!(
        report.difficulty > before,
        "{before} → {}",
        report.difficulty
    );

    let chain = compiled("chain");
    let report = solve(&chain, &SolveOptions::verifying());
    assert_eq!(report.unique_solution, Some(true));
    assert_eq!(
        report.solution,
        Some(vec![Move::Tap(1), Move::Tap(2), Move::Tap(3)])
    );
    assert_eq!(report.min_rail_slots_required, Some(1));
    assert_eq!(
        report.blunder_rate,
        Some(0.0),
        "a forced line has no blunder"
    );
    // 1 + 0 + 0 + 1.5 (unique) = 2.5 → 3
    assert_eq!(report.human_fail_rate, 0.0);
    assert_eq!(report.average_peak_rail, 0.0);
    assert_eq!(report.difficulty, 3);
}

#[test]
fn uniqueness_under_a_tiny_budget_is_not_known() {
    let level = compiled("min_rail");
    let mut report = solve(&level, &SolveOptions::default());
    let tight = SolveOptions {
        node_limit: 2,
        blunder_node_limit: 2,
        ..Default::default()
    };
    verify(&level, &mut report, &tight);
    assert_eq!(report.unique_solution, None, "never silently unique");
    // Known even so: the solution's peak is 3 places, and on 2 the dead-state bound proves the start
    // lost without a move played.
    assert_eq!(report.min_rail_slots_required, Some(3));
    assert_eq!(report.blunder_rate, None);
}

#[test]
fn blunder_rate_is_per_depth_not_pooled() {
    // overflow.json: colour 0 (screws 4-6) has the first crate, colour 1 (1-3) waits, one rail place.
    // With b colour-0 and a colour-1 screws out, states are winnable for a <= 1 (b < 3) or b = 3.
    // A second colour-1 tap before the crate seals is the only blunder. Counting distinct states
    // (C(3,b) * C(3,a) of each) by depth, (blunders, moves):
    //   d0 (0,6)  d1 (6,30)  d2 (18,48)  d3 (18,30)  d4 (0,6)  d5 (0,3)
    // per depth: (0 + 0.2 + 0.375 + 0.6 + 0 + 0) / 6 = 0.1958…; pooled: 42/123 = 0.3415…
    let stats = blunder_stats(&compiled("overflow"), 1_000_000, None).expect("small level");
    assert_eq!(
        stats.per_depth,
        vec![(0, 6), (6, 30), (18, 48), (18, 30), (0, 6), (0, 3)]
    );
    let per_depth = stats.per_depth_rate().unwrap();
    // Pooled over all depths (what a naive rate would say), to show the per-depth rate differs.
    let (b, m) = stats
        .per_depth
        .iter()
        .fold((0, 0), |(b, m), &(bd, md)| (b + bd, m + md));
    let pooled = b as f64 / m as f64;
    assert!((per_depth - 1.175 / 6.0).abs() < 1e-12, "{per_depth}");
    assert!((pooled - 42.0 / 123.0).abs() < 1e-12, "{pooled}");
    let report = solve(&compiled("overflow"), &SolveOptions::verifying());
    assert_eq!(report.blunder_rate, Some(per_depth));
}

#[test]
fn sampled_blunder_walks_judge_every_move_of_winnable_states() {
    let level = compiled("overflow");
    let seeds = (0..24).map(|t| trial_seed(level.data().seed, t));
    let stats = sampled_blunder_stats(&level, seeds, 1_000_000, None).unwrap();
    // Every walk starts at the start: six moves, none a blunder.
    assert_eq!(stats.per_depth[0], (0, 6 * 24));
    // From depth 1 on, the walk is at (1,0) [no blunder of 5] or (0,1) [2 of 5].
    let (b, m) = stats.per_depth[1];
    assert_eq!(m, 5 * 24);
    assert!(b % 2 == 0 && b > 0 && b < 2 * 24, "{b}");
    // Too small for the exact count, the rate falls back to the walks.
    let opts = SolveOptions {
        blunder_node_limit: 40,
        ..Default::default()
    };
    assert!(blunder_stats(&level, 10, None).is_none());
    let rate = blunder_rate(&level, &opts).expect("sampled");
    assert!((0.0..1.0).contains(&rate));
}

#[test]
fn buried_screws_are_named_with_their_reason() {
    let level = compiled("buried");
    assert_eq!(
        buried_screws(&level),
        vec![
            BuriedScrew {
                screw: 1,
                reason: BuriedReason::UnderFrame { part: 1 }
            },
            BuriedScrew {
                screw: 3,
                reason: BuriedReason::UnderStuckPart { part: 2 }
            },
            BuriedScrew {
                screw: 5,
                reason: BuriedReason::UnderStuckPart { part: 2 }
            },
        ]
    );
    let report = solve(&level, &SolveOptions::verifying());
    assert_eq!(report.status, SolveStatus::Broken);
    assert_eq!(report.difficulty, 10);
    assert!(report.trials.is_empty() && report.solution.is_none());
    for name in ALL.iter().filter(|n| **n != "buried") {
        assert!(buried_screws(&compiled(name)).is_empty(), "{name}");
    }
}

#[test]
fn a_stuck_part_that_can_hang_clear_frees_what_its_hang_pose_leaves() {
    // Give the stuck panel a hang pose from screw 1 over (0,0),(0,1): screw 3 at (1,1) is then reachable
    // (remove screw 2 and the panel hangs clear of it); screw 5 at (0,1) stays buried.
    let mut data = level("buried");
    data.parts[1].hang.insert(1, vec![[0, 0], [0, 1]]);
    let level = CompiledLevel::new(data).unwrap();
    let buried: Vec<u16> = buried_screws(&level).iter().map(|b| b.screw).collect();
    assert_eq!(buried, vec![1, 5]);
}

#[test]
fn too_few_wrench_charges_is_broken() {
    let mut data = level("bolt");
    data.wrench_charges = 0;
    let level = CompiledLevel::new(data).unwrap();
    let buried = buried_screws(&level);
    assert!(!buried.is_empty());
    assert!(buried
        .iter()
        .all(|b| matches!(b.reason, BuriedReason::NotEnoughWrenchCharges { .. })));
    assert!(buried_screws(&compiled("bolt")).is_empty());
}

#[test]
fn cancel_flag_stops_and_says_so() {
    let level = compiled("all_hidden");
    let opts = SolveOptions {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Default::default()
    };
    let report = solve(&level, &opts);
    assert!(report.cancelled);
    assert_eq!(report.status, SolveStatus::SearchExhausted);
    let no_trials = SolveOptions { trials: 0, ..opts };
    let report = solve(&level, &no_trials);
    assert!(report.cancelled, "the DFS reads the flag");
    assert_eq!(report.status, SolveStatus::SearchExhausted);
}

#[test]
fn progress_is_reported_and_reaches_one() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let opts = SolveOptions {
        progress: Some(Arc::new({
            let seen = seen.clone();
            move |p| seen.lock().unwrap().push(p)
        })),
        ..Default::default()
    };
    solve(&compiled("all_hidden"), &opts);
    let seen = seen.lock().unwrap();
    assert!(seen.len() > 2);
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    assert_eq!(*seen.last().unwrap(), 1.0);
}

#[test]
fn competent_player_beats_the_human_where_the_queue_matters() {
    let report = solve(&compiled("mid"), &SolveOptions::default());
    let competent = report.competent_win_rate.expect("measured by default");
    assert!(
        competent >= 1.0 - report.human_fail_rate,
        "competent {competent} vs human {}",
        1.0 - report.human_fail_rate
    );
}

#[test]
fn a_deferred_competent_player_gives_the_same_figures() {
    use std::sync::Arc;
    for name in ["mid", "min_rail", "overflow", "cascade", "all_hidden"] {
        let level = Arc::new(compiled(name));
        let full = screwsmith_solver::solve_shared(&level, &SolveOptions::default());
        let deferred = SolveOptions {
            competent: false,
            ..SolveOptions::default()
        };
        let mut later = screwsmith_solver::solve_shared(&level, &deferred);
        assert_eq!(later.competent_win_rate, None, "{name}");
        screwsmith_solver::measure_competent(&level, &mut later);
        assert_eq!(later.competent_win_rate, full.competent_win_rate, "{name}");
        assert_eq!(later.to_json(), full.to_json(), "{name}");
    }
}

#[test]
fn measure_and_json_carry_the_report() {
    let level = compiled("min_rail");
    let report = solve(&level, &SolveOptions::verifying());
    let m = report.to_measure();
    assert_eq!(m.status, report.status);
    assert_eq!(m.min_rail_slots, Some(3));
    assert_eq!(m.unique, Some(true));
    assert_eq!(m.solution, report.solution.clone().unwrap());
    let json = report.to_json();
    for key in JSON_KEYS {
        assert!(json.get(key).is_some(), "missing {key}");
    }
    assert_eq!(json["status"], "proven");
    assert_eq!(
        json["solution"][0],
        serde_json::json!({"tap": m.solution[0].screw()})
    );
}

#[test]
fn competent_min_rail_is_the_smallest_rail_the_competent_player_mostly_wins() {
    use screwsmith_solver::competent::{min_rail, MIN_RAIL_WIN_SHARE};
    let wins_on = |level: &CompiledLevel, rail: u8| {
        let mut data = level.data().clone();
        data.rail_slots = rail;
        let r = solve(&CompiledLevel::new(data).unwrap(), &SolveOptions::default());
        r.competent_win_rate.expect("measured by default")
    };
    for name in ["mid", "min_rail", "overflow", "cascade"] {
        let level = compiled(name);
        let got = min_rail(&level, 24).expect("some rail up to 7 is enough");
        assert!(
            wins_on(&level, got) >= MIN_RAIL_WIN_SHARE,
            "{name} at {got}"
        );
        if got > 1 {
            assert!(
                wins_on(&level, got - 1) < MIN_RAIL_WIN_SHARE,
                "{name} below {got}"
            );
        }
        let report = solve(&level, &SolveOptions::verifying());
        assert_eq!(report.competent_min_rail, Some(got), "{name}");
        assert_eq!(report.to_measure().competent_min_rail, Some(got));
    }
    // The metric moves where perfect play does not: on `all_hidden` the player sees no colour, needs
    // more rail than perfect play does and loses most seeds at the level's own rail.
    let hidden = solve(&compiled("all_hidden"), &SolveOptions::verifying());
    assert!(
        hidden.competent_min_rail > hidden.min_rail_slots_required,
        "{hidden:?}"
    );
    assert!(hidden.competent_win_rate < Some(MIN_RAIL_WIN_SHARE));
}

#[test]
fn the_competent_player_earns_its_name_within_one_trial_of_the_shallow_one() {
    use screwsmith_solver::competent::{earns_its_name, NOISE_TRIALS};
    let mut r = solve(&compiled("mid"), &SolveOptions::default());
    let n = r.trials.len();
    for (k, t) in r.trials.iter_mut().enumerate() {
        t.won = k + 2 < n;
    }
    let shallow = (n - 2) as f64;
    let rate = |wins: f64| Some(wins / n as f64);
    r.competent_win_rate = rate(shallow - NOISE_TRIALS as f64);
    assert!(earns_its_name(&r), "one trial of noise");
    r.competent_win_rate = rate(shallow - NOISE_TRIALS as f64 - 1.0);
    assert!(!earns_its_name(&r), "beyond the noise");
    r.competent_win_rate = None;
    assert!(!earns_its_name(&r), "not measured");
}
