//! Locks and bombs on generated candidates: the counts the curve asks for, locks that press on the
//! order of play and always open, bombs timed from the line the solver stores, and human trials that
//! never tap a locked screw and count a bomb going off as a loss.

use std::sync::Arc;

use screwsmith_gen::bombs::{counts_for, margin, UNTIMED};
use screwsmith_gen::daily::bench::{board, machine_for_bench, seed_for, LOCKS_AND_BOMBS_FROM};
use screwsmith_gen::locks::locks_of;
use screwsmith_gen::mechanics::{for_level, BOMBS_FROM, LOCKS_FROM};
use screwsmith_gen::tuned::level_specs;
use screwsmith_gen::{build, GenError};
use screwsmith_rules::level::{LevelData, SolveStatus};
use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::{CompiledLevel, GameSim, Loss, Status};
use screwsmith_solver::human::Human;
use screwsmith_solver::trial::{play_trial, Strategy};
use screwsmith_solver::{buried_screws, replays_to_win, solve_shared, trial_seed, SolveOptions};

/// A few candidates of level `n` that build (every 17th of its 192).
fn built(n: u32) -> Vec<LevelData> {
    level_specs(n)
        .iter()
        .step_by(17)
        .filter_map(|s| match build(s) {
            Ok(l) => Some(l),
            Err(GenError::NoLockPlace | GenError::NoHumanWin) => None,
            Err(e) => panic!("level {n}: {e}"),
        })
        .collect()
}

fn compiled(level: &LevelData) -> Arc<CompiledLevel> {
    Arc::new(CompiledLevel::new(level.clone()).expect("loads"))
}

#[test]
fn candidates_carry_the_curves_locks_and_bombs_and_every_screw_can_leave() {
    for n in [LOCKS_FROM, BOMBS_FROM, 61, 97, 116, 130] {
        let m = for_level(n);
        let levels = built(n);
        // Hard bands give up the boards every human trial loses: a third of them still build.
        assert!(levels.len() >= 4, "level {n}: {} of 12 built", levels.len());
        for l in &levels {
            let locks = locks_of(l);
            assert_eq!(locks.len(), m.locks as usize, "level {n}");
            let bombs = l.screws.iter().filter(|s| s.bomb.is_some()).count();
            assert_eq!(bombs, m.bombs as usize, "level {n}");
            // No screw is in two locks, so keys never chain (and never cycle).
            let mut ids: Vec<u16> = locks.iter().flat_map(|&(a, b)| [a, b]).collect();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), 2 * locks.len(), "level {n}: {locks:?}");
            assert!(buried_screws(&compiled(l)).is_empty(), "level {n}");
        }
    }
}

#[test]
fn a_locked_screw_is_wanted_early_and_its_key_comes_late() {
    // Over many candidates: the locked screw is uncovered at the start far more often than its key.
    let (mut locked_open, mut key_open, mut total) = (0, 0, 0);
    for n in [LOCKS_FROM, 30, 61, 109] {
        for l in built(n) {
            let c = compiled(&l);
            let open = GameSim::new(c.clone()).accessible_mask();
            for (lock, key) in locks_of(&l) {
                let i = c.screw_index(lock).unwrap();
                let k = c.screw_index(key).unwrap();
                locked_open += (open >> i & 1) as u32;
                key_open += (open >> k & 1) as u32;
                total += 1;
                assert!(
                    !l.screws[i as usize].hidden,
                    "a hidden screw is never locked"
                );
            }
        }
    }
    assert!(total >= 20, "{total} locks");
    assert!(
        locked_open * 10 >= total * 9,
        "{locked_open} of {total} locked screws uncovered"
    );
    assert!(
        key_open * 2 <= total,
        "{key_open} of {total} keys uncovered at the start"
    );
}

#[test]
fn a_bomb_count_is_its_stored_lines_moves_plus_one_plus_the_bands_margin() {
    let mut timed = 0;
    // The curve's bomb levels, and band-5 Daily Bench boards (the tighter margin).
    let levels = [BOMBS_FROM, 33, 62, 104, 116]
        .into_iter()
        .flat_map(|n| built(n).into_iter().map(move |l| (n, l)));
    let benches = (LOCKS_AND_BOMBS_FROM..LOCKS_AND_BOMBS_FROM + 8).filter_map(|b| {
        let (m, seed) = (machine_for_bench(b), seed_for(b, 5, 0));
        board(b, m, 5, seed).ok().map(|l| (b, l))
    });
    let mut bands = std::collections::BTreeSet::new();
    for (n, l) in levels.chain(benches) {
        bands.insert(l.band);
        {
            let report = solve_shared(&compiled(&l), &SolveOptions::default());
            assert!(report.trials.iter().any(|t| t.won), "level {n}");
            // The stored line is the first winning human trial's: the one the count was timed from.
            assert_eq!(report.status, SolveStatus::Proven, "level {n} stays proven");
            let line = report.solution.expect("proven with a line");
            let mut untimed = l.clone();
            for s in untimed.screws.iter_mut().filter(|s| s.bomb.is_some()) {
                s.bomb = Some(UNTIMED);
            }
            let ticks = counts_for(&untimed, &line).unwrap();
            for (s, t) in l.screws.iter().zip(&ticks) {
                if let (Some(count), Some(t)) = (s.bomb, t) {
                    assert_eq!(count, (t + 1 + margin(l.band)).min(UNTIMED), "level {n}");
                    timed += 1;
                }
            }
            // Tight: with the margin spent and one move less, the same line loses to the bomb.
            let mut tight = l.clone();
            for (s, t) in tight.screws.iter_mut().zip(&ticks) {
                if let Some(t) = t {
                    s.bomb = Some((*t).max(1));
                }
            }
            if ticks.iter().flatten().any(|&t| t >= 1) {
                assert!(!replays_to_win(&compiled(&tight), Some(&line)), "level {n}");
            }
            assert!(replays_to_win(&compiled(&l), Some(&line)));
        }
    }
    assert!(timed >= 20, "{timed} bombs timed");
    assert!(bands.contains(&4) && bands.contains(&5), "{bands:?}");
}

#[test]
fn margins_shrink_with_the_band() {
    let m: Vec<u8> = (1..=8).map(margin).collect();
    assert!(m.windows(2).all(|w| w[1] <= w[0]), "{m:?}");
    assert!(m[7] >= 1 && m[3] > m[7]);
}

/// The solver's human, watched: every move it picks is legal and never a locked screw.
struct Watched(Human);

impl Strategy for Watched {
    fn pick(&mut self, sim: &GameSim, legal: &[(u8, bool)], rng: &mut Rng) -> (u8, bool) {
        let mv = self.0.pick(sim, legal, rng);
        assert!(
            !sim.is_locked(mv.0),
            "the shallow human tapped a locked screw"
        );
        assert!(sim.clone().play(mv.0, mv.1).is_ok());
        mv
    }
}

#[test]
fn the_shallow_human_never_taps_a_locked_screw_and_a_bomb_loss_is_a_loss() {
    let mut bomb_losses = 0;
    for n in [BOMBS_FROM, 116] {
        for l in built(n).into_iter().take(4) {
            // A bomb at 2 goes off in most games: the trials must count those as lost.
            let mut hot = l.clone();
            for s in hot.screws.iter_mut().filter(|s| s.bomb.is_some()) {
                s.bomb = Some(2);
            }
            let c = compiled(&hot);
            let mut sim = GameSim::new(c.clone());
            let report = solve_shared(&c, &SolveOptions::default());
            for (t, trial) in report.trials.iter().enumerate() {
                let seed = trial_seed(hot.seed, t as u32);
                let again = play_trial(&mut sim, &mut Watched(Human::default()), seed, None);
                assert_eq!(again, *trial);
                // Played once more by hand to the end, to read why it ended.
                let mut game = GameSim::new(c.clone());
                let mut rng = Rng::new(seed);
                let mut human = Human::default();
                while game.status() == Status::Playing {
                    let legal: Vec<(u8, bool)> = {
                        let mut v = Vec::new();
                        game.for_each_legal(|i, w| v.push((i, w)));
                        v
                    };
                    if legal.is_empty() {
                        break;
                    }
                    let (i, w) = human.pick(&game, &legal, &mut rng);
                    game.play(i, w).unwrap();
                }
                if matches!(game.loss(), Some(Loss::Bomb(_))) {
                    bomb_losses += 1;
                    assert!(!trial.won, "a bomb loss counted as a win");
                }
            }
            let lost = report.trials.iter().filter(|t| !t.won).count();
            let fail = lost as f64 / report.trials.len() as f64;
            assert!((report.human_fail_rate - fail).abs() < 1e-12);
        }
    }
    assert!(
        bomb_losses > 0,
        "no trial lost to a bomb: the check saw nothing"
    );
}
