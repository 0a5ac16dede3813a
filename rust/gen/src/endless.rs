//! Fresh levels past the baked set: level n > 200 is GenerateTuned run for n — the same 12 × 16 search,
//! the same curve (the rhythm on floor 8) and the same ranking as the bake — measured by the solver and
//! served only when proven. Every input is the level number and xorshift32, so the same n gives the
//! same board on every device.
//!
//! Why a wall-clock budget at all, and why it never decides what the board is: a slow phone must not
//! wait long for a level, so generation stops at [`TIME_BUDGET`], and then the caller serves the baked
//! cycle level ([`crate::library::baked_number_for`]) as before. The board itself is decided by counts
//! only (the candidate list, the solver's node budget): a generation that finishes inside the budget gives
//! the same board on every machine, and one that does not gives no board at all — never a different one.
//! The cost of that choice: a device too slow for the budget plays the cycle where a fast one plays the
//! fresh board (measured in `docs/benchmarks.md`: the p99 is far under the budget on a desktop core).

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::curve::report_spike_check;
use crate::help::{choose_help, measure_copy};
use crate::library::BAKED;
use crate::tuned::{level_specs, tune, Aim, TuneStats, Verdict};
use screwsmith_rules::level::{HelpData, LevelData, SolveStatus};
use screwsmith_rules::sim::CompiledLevel;
use screwsmith_solver::{solve_shared, verify_shared, SolveOptions, SolveReport};

/// The first level that is generated rather than baked.
pub const FIRST: u32 = BAKED + 1;

/// Longest a generation may run before the cycle level serves instead. Why 8 s: the game shows a spinner
/// meanwhile (the level is asked for on the map, before it is played, and cached once made), a band-8
/// level's search takes well under a second on a desktop core, and a phone core is about 5× slower: 8 s
/// leaves room for that and a loaded device without letting a stuck generation hold the player.
pub const TIME_BUDGET: Duration = Duration::from_secs(8);

/// Why no fresh board came out (the caller serves the cycle level and says nothing).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EndlessError {
    #[error("level {0} is baked, not generated (fresh levels start at {FIRST})")]
    Baked(u32),
    #[error("level {level}: no candidate was proven and passed curation ({proven} proven of {generated} generated)")]
    NoCandidate {
        level: u32,
        proven: u32,
        generated: u32,
    },
    #[error("level {level}: generation passed its {budget_ms} ms budget")]
    OverBudget { level: u32, budget_ms: u128 },
    #[error("cancelled")]
    Cancelled,
}

/// A generated level: its board with the measure stored, the solver's report and what the search did.
#[derive(Debug, Clone)]
pub struct Fresh {
    pub level: LevelData,
    pub report: SolveReport,
    pub stats: TuneStats,
    /// Index of the winning candidate in search order (shape × 16 + seed).
    pub winner: usize,
    pub elapsed: Duration,
}

/// The curation of a fresh level: the no-spikes rule, then full verification (proven on its rail and
/// the stored solution replays to a win), then the readability audit, then the help copy — chosen,
/// measured and proven as the bake chooses it ([`crate::help::choose_help`] with the level's own
/// measuring options), because a player who loses a fresh level three times is owed the same easier
/// board as on a baked one. `None` rejects the candidate (the search falls through to the next, as the
/// bake's does): a level no recolouring helps is not served. `tick` runs before each copy is measured
/// (the generator checks its budget and cancel there), and a stopped `opts` measures no more copies.
pub fn curate(
    level: &Arc<CompiledLevel>,
    report: &mut SolveReport,
    opts: &SolveOptions,
    tick: impl Fn(),
) -> Option<HelpData> {
    if report_spike_check(level, report).is_err() {
        return None;
    }
    verify_shared(level, report, opts);
    if !servable(report) {
        return None;
    }
    let mut data = level.data().clone();
    data.measure = Some(report.to_measure());
    screwsmith_readability::audit::check_level(&data).ok()?;
    let copy_opts = SolveOptions {
        verify: false,
        ..opts.clone()
    };
    choose_help(&data, |copy| {
        tick();
        if copy_opts.is_cancelled() {
            return None;
        }
        measure_copy(copy, &copy_opts)
    })
    .ok()
}

/// Whether a report may be served: proven, not cancelled, and its solution replays to a win.
pub fn servable(report: &SolveReport) -> bool {
    report.status == SolveStatus::Proven
        && !report.cancelled
        && report.solution_replays == Some(true)
}

/// Generates level `n` (n > 200) within `budget`; `cancel` stops it from another thread, and the
/// generator sets it too when the budget runs out (one flag reaches the solver mid-search).
pub fn generate(
    n: u32,
    budget: Duration,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<Fresh, EndlessError> {
    generate_using(n, budget, cancel, &SolveOptions::default())
}

/// [`generate`] with the solver's node budget and trial count taken from `base` (tests shrink them so
/// nothing is proven).
pub fn generate_using(
    n: u32,
    budget: Duration,
    cancel: Option<Arc<AtomicBool>>,
    base: &SolveOptions,
) -> Result<Fresh, EndlessError> {
    if n < FIRST {
        return Err(EndlessError::Baked(n));
    }
    let started = Instant::now();
    // One flag stops the solver for both reasons, and it is the caller's own: a cancel then reaches a
    // search in progress at once (the solver reads it every few thousand nodes), not only at the next
    // candidate — a stopped generation must give its core back to the one the player waits for. The
    // budget sets it too; which reason it was is kept apart.
    let stop = cancel.unwrap_or_else(|| Arc::new(AtomicBool::new(false)));
    let timed_out = Cell::new(false);
    let measure_opts = SolveOptions {
        node_limit: base.node_limit,
        trials: base.trials,
        cancel: Some(stop.clone()),
        // The ranking reads the human figures only: `curate` plays the competent player.
        competent: false,
        ..SolveOptions::default()
    };
    let verify_opts = SolveOptions {
        node_limit: base.node_limit,
        trials: base.trials,
        cancel: Some(stop.clone()),
        ..SolveOptions::verifying()
    };
    let over = || started.elapsed() > budget;
    let check = || {
        if !stop.load(Ordering::Relaxed) && over() {
            timed_out.set(true);
            stop.store(true, Ordering::Relaxed);
        }
    };
    let mut help = None;
    let tuned = tune(
        &level_specs(n),
        &Aim::for_level(n),
        |l| {
            check();
            let report = solve_shared(l, &measure_opts);
            if report.buried.is_empty() {
                Verdict::Measured(report)
            } else {
                Verdict::Buried
            }
        },
        |m| {
            check();
            help = curate(&m.level, &mut m.score, &verify_opts, check);
            help.is_some()
        },
        check,
    );
    // A stopped run decides nothing: its result could depend on the machine's speed.
    if stop.load(Ordering::Relaxed) || over() {
        let cancelled = stop.load(Ordering::Relaxed) && !timed_out.get();
        return Err(if cancelled {
            EndlessError::Cancelled
        } else {
            EndlessError::OverBudget {
                level: n,
                budget_ms: budget.as_millis(),
            }
        });
    }
    let Some(w) = tuned.winner else {
        return Err(EndlessError::NoCandidate {
            level: n,
            proven: tuned.stats.proven,
            generated: tuned.stats.generated,
        });
    };
    let mut level = w.level.data().clone();
    level.measure = Some(w.score.to_measure());
    level.help = help;
    Ok(Fresh {
        level,
        report: w.score,
        stats: tuned.stats,
        winner: w.order,
        elapsed: started.elapsed(),
    })
}

/// The board served as level `n` (n > 200) and whether it is fresh.
#[derive(Debug, Clone)]
pub struct Served {
    pub level: LevelData,
    /// `Ok` with the generation time when fresh; else why the cycle level serves.
    pub fresh: Result<Duration, EndlessError>,
}

/// What the game and the terminal play as level `n` past the baked set: the fresh board, or, when
/// generation fails or passes `budget`, the baked cycle level of `library` (as it was before fresh
/// levels existed) — never an unproven fresh board.
pub fn serve(
    n: u32,
    library: &crate::library::Library,
    budget: Duration,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<Served, crate::library::LibraryError> {
    match generate(n, budget, cancel) {
        Ok(fresh) => Ok(Served {
            level: fresh.level,
            fresh: Ok(fresh.elapsed),
        }),
        Err(why) => Ok(Served {
            level: library.level(n)?.clone(),
            fresh: Err(why),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::help::{help_copy, helps};
    use crate::library::board_key;

    const ROOMY: Duration = Duration::from_secs(600);

    #[test]
    fn a_fresh_level_is_proven_measured_and_the_same_every_time() {
        let a = generate(201, ROOMY, None).expect("level 201 generates");
        assert_eq!(a.level.number, 201);
        assert!(servable(&a.report));
        let m = a.level.measure.as_ref().expect("measured");
        assert_eq!(m.status, SolveStatus::Proven);
        assert!(!m.solution.is_empty());
        let b = generate(201, ROOMY, None).unwrap();
        assert_eq!(a.level, b.level, "the same number gives the same board");
        let c = generate(202, ROOMY, None).unwrap();
        assert_ne!(board_key(&a.level), board_key(&c.level));
    }

    #[test]
    fn baked_numbers_are_not_generated() {
        assert_eq!(
            generate(200, ROOMY, None).unwrap_err(),
            EndlessError::Baked(200)
        );
        assert_eq!(
            generate(1, ROOMY, None).unwrap_err(),
            EndlessError::Baked(1)
        );
    }

    #[test]
    fn a_spent_budget_or_a_cancel_gives_no_board() {
        let err = generate(203, Duration::ZERO, None).unwrap_err();
        assert_eq!(
            err,
            EndlessError::OverBudget {
                level: 203,
                budget_ms: 0
            }
        );
        let cancel = Arc::new(AtomicBool::new(true));
        assert_eq!(
            generate(203, ROOMY, Some(cancel)).unwrap_err(),
            EndlessError::Cancelled
        );
        // The budget stops the solver through the caller's flag, and still says it was the budget.
        let flag = Arc::new(AtomicBool::new(false));
        assert!(matches!(
            generate(203, Duration::ZERO, Some(flag.clone())).unwrap_err(),
            EndlessError::OverBudget { level: 203, .. }
        ));
        assert!(
            flag.load(Ordering::Relaxed),
            "the flag the solver reads was set"
        );
    }

    #[test]
    fn nothing_proven_is_never_served() {
        // No human trial and three DFS nodes prove no band-8 board: every candidate is measured, none
        // is served.
        let starved = SolveOptions {
            node_limit: 3,
            trials: 0,
            ..SolveOptions::default()
        };
        match generate_using(204, ROOMY, None, &starved).unwrap_err() {
            EndlessError::NoCandidate {
                proven, generated, ..
            } => {
                assert_eq!(proven, 0);
                assert!(generated > 0);
            }
            e => panic!("{e}"),
        }
    }

    #[test]
    fn curation_rejects_an_unproven_or_unreplayed_report() {
        let fresh = generate(205, ROOMY, None).unwrap();
        let opts = SolveOptions::verifying();
        let level = Arc::new(CompiledLevel::new(fresh.level.clone()).unwrap());
        let mut ok = fresh.report.clone();
        assert_eq!(curate(&level, &mut ok, &opts, || {}), fresh.level.help);
        let mut unproven = fresh.report.clone();
        unproven.status = SolveStatus::SearchExhausted;
        assert_eq!(curate(&level, &mut unproven, &opts, || {}), None);
        let mut spiky = fresh.report.clone();
        spiky.human_fail_rate = 0.9;
        assert_eq!(curate(&level, &mut spiky, &opts, || {}), None);
    }

    #[test]
    fn a_fresh_level_ships_a_help_copy_that_is_measured_and_helps() {
        let fresh = generate(206, ROOMY, None).unwrap();
        let own = fresh.level.measure.as_ref().unwrap();
        let help = fresh
            .level
            .help
            .as_ref()
            .expect("a fresh level stores its help copy");
        assert!(
            helps(own, &help.measure),
            "fail {} -> {}",
            own.human_fail_rate,
            help.measure.human_fail_rate
        );
        assert_eq!(help.measure.status, SolveStatus::Proven);
        // The copy the game plays is that recolouring, and measuring it again gives the stored figures.
        let copy = help_copy(&fresh.level);
        assert_eq!(copy.measure.as_ref(), Some(&help.measure));
        let again = measure_copy(&copy, &SolveOptions::default());
        assert_eq!(again.as_ref(), Some(&help.measure));
    }

    #[test]
    fn a_stop_while_copies_are_measured_rejects_the_candidate() {
        // The tick stops the run before the first copy: no copy is measured, no help is chosen.
        let fresh = generate(207, ROOMY, None).unwrap();
        let level = Arc::new(CompiledLevel::new(fresh.level.clone()).unwrap());
        let stopped = SolveOptions {
            cancel: Some(Arc::new(AtomicBool::new(false))),
            ..SolveOptions::verifying()
        };
        let flag = stopped.cancel.clone().unwrap();
        let mut report = fresh.report.clone();
        let verdict = curate(&level, &mut report, &stopped, || {
            flag.store(true, Ordering::Relaxed)
        });
        assert_eq!(verdict, None, "a stop while copies are measured rejects it");
    }
}
