//! LevelSolver (docs/design.md §3): proves a level solvable and measures how hard it is for people, cheap stages
//! first. Every stage plays the level with [`GameSim`]'s own `play`/`undo`; there is no second copy of
//! the rules here.
//!
//! 1. [`buried`]: static check for screws that can never be reached → `Broken`.
//! 2. [`human`]: 24 shallow human trials → fail rate, average peak rail, first winning moves; and the
//!    [`competent`] player's 24 trials → its win rate (a search that ranks candidates by the human
//!    figures defers them with `SolveOptions::competent`; [`measure_competent`] plays them later).
//! 3. [`proof`]: a won trial is the proof; only if all lose, a search on the level's own rail.
//! 4. [`verify()`] (opt-in, `SolveOptions::verify`): min rail ([`proof::min_rail`]), unique solution,
//!    replay of the solution, and the per-depth [`blunder`] rate. These are the expensive designer metrics, so plain [`solve`]
//!    never runs them: the generator measures ~192 candidates per level and verifies only the winner.
//!
//! [`key`] is the DFS state key, [`difficulty`] the score, [`report`] the result and its stored form.
//! Everything is plain data (`Send + Sync`); a cancel flag and a progress callback come in through
//! [`SolveOptions`].

pub mod blunder;
pub mod bounds;
#[cfg(feature = "bug-switches")]
pub mod bugs;
pub mod buried;
pub mod classes;
pub mod competent;
pub mod covers;
pub mod dead;
pub mod dfs;
pub mod difficulty;
pub mod forced;
pub mod foresight;
pub mod hint;
pub mod horizon;
pub mod human;
pub mod key;
pub mod lock_reach;
pub mod options;
pub mod proof;
pub mod prover;
pub mod reach;
pub mod report;
pub mod schedule;
pub mod trial;
pub mod tt;

use std::sync::Arc;

use screwsmith_rules::level::SolveStatus;
use screwsmith_rules::sim::{CompiledLevel, GameSim, Status};

pub use blunder::{blunder_rate, blunder_stats, sampled_blunder_stats, BlunderStats};
pub use buried::{buried_screws, BuriedReason, BuriedScrew};
pub use difficulty::{difficulty_score, raw_score};
pub use options::{ProgressFn, SolveOptions};
pub use report::{
    round_stored, stored_matches, SolveReport, JSON_KEYS, STORED_DECIMALS, STORED_TOLERANCE,
};
pub use trial::{trial_seed, TrialResult};

use competent::Competent;
use dfs::Stop;
use human::Human;
use trial::play_trial;

/// Stages 1–3, plus stage 4 when `opts.verify`.
pub fn solve(level: &CompiledLevel, opts: &SolveOptions) -> SolveReport {
    solve_shared(&Arc::new(level.clone()), opts)
}

/// [`solve`] for a level already behind an `Arc` (saves a copy per call; the generator's path).
pub fn solve_shared(level: &Arc<CompiledLevel>, opts: &SolveOptions) -> SolveReport {
    let mut report = SolveReport {
        status: SolveStatus::Broken,
        human_fail_rate: 1.0,
        average_peak_rail: 0.0,
        trials: Vec::new(),
        solution: None,
        nodes: 0,
        min_rail_slots_required: None,
        unique_solution: None,
        taps: level.data().taps(),
        difficulty: difficulty::MAX_SCORE,
        blunder_rate: None,
        competent_win_rate: None,
        competent_min_rail: None,
        buried: buried_screws(level),
        solution_replays: None,
        cancelled: false,
    };
    if !report.buried.is_empty() {
        return report;
    }

    let mut sim = GameSim::new(level.clone());
    let trials = opts.trials;
    let mut human = Human::default();
    let mut solution = Vec::new();
    for t in 0..trials {
        if opts.is_cancelled() {
            report.cancelled = true;
            break;
        }
        let seed = trial_seed(level.data().seed, t);
        let out = report.solution.is_none().then_some(&mut solution);
        let result = play_trial(&mut sim, &mut human, seed, out);
        if result.won && report.solution.is_none() {
            report.solution = Some(std::mem::take(&mut solution));
        }
        report.trials.push(result);
        opts.report_progress((t + 1) as f32 / trials.max(1) as f32 * 0.5);
    }
    let played = report.trials.len().max(1) as f64;
    let losses = report.trials.iter().filter(|t| !t.won).count() as f64;
    let peaks: f64 = report.trials.iter().map(|t| t.peak_rail as f64).sum();
    report.human_fail_rate = if report.trials.is_empty() {
        1.0
    } else {
        losses / played
    };
    report.average_peak_rail = peaks / played;
    if opts.competent {
        measure_competent_on(&mut sim, &mut report);
    }

    if report.solution.is_some() {
        report.status = SolveStatus::Proven;
    } else if report.cancelled {
        report.status = SolveStatus::SearchExhausted;
    } else {
        let proof = proof::prove_spanning(level, opts, (0.5, 1.0));
        report.status = proof.status;
        report.solution = proof.solution;
        report.nodes += proof.nodes;
        report.cancelled = proof.cancelled;
    }
    rescore(&mut report);
    if opts.verify {
        verify_shared(level, &mut report, opts);
    }
    opts.report_progress(1.0);
    report
}

/// The competent player's win rate over the report's own trial seeds, when a solve with
/// `SolveOptions::competent` off left it out (a no-op otherwise): the same figure the solve would have
/// given, since every trial starts from the level's start with its own seed.
pub fn measure_competent(level: &Arc<CompiledLevel>, report: &mut SolveReport) {
    if report.competent_win_rate.is_none() {
        measure_competent_on(&mut GameSim::new(level.clone()), report);
    }
}

/// The competent player over the seeds of the human trials the report holds (fewer than asked for
/// when the solve was cancelled).
fn measure_competent_on(sim: &mut GameSim, report: &mut SolveReport) {
    let trials = report.trials.len() as u32;
    let seed = sim.level().data().seed;
    let mut competent = Competent::default();
    let wins = (0..trials)
        .filter(|&t| play_trial(sim, &mut competent, trial_seed(seed, t), None).won)
        .count();
    report.competent_win_rate = Some(wins as f64 / trials.max(1) as f64);
}

/// Stage 4 on a report from [`solve`], in place: min rail, unique solution, the solution's replay, and
/// the blunder rate; then the difficulty is scored again with the uniqueness known.
pub fn verify(level: &CompiledLevel, report: &mut SolveReport, opts: &SolveOptions) {
    verify_shared(&Arc::new(level.clone()), report, opts);
}

/// [`verify`] for a level already behind an `Arc`.
pub fn verify_shared(level: &Arc<CompiledLevel>, report: &mut SolveReport, opts: &SolveOptions) {
    if report.status != SolveStatus::Proven {
        return; // nothing to verify: broken, unsolvable or not proven
    }
    measure_competent(level, report);
    report.solution_replays = Some(replays_to_win(level, report.solution.as_deref()));
    if let (None, false, Some(solution)) = (
        report.min_rail_slots_required,
        report.cancelled,
        report.solution.as_deref(),
    ) {
        let min = proof::min_rail(level, solution, opts);
        report.nodes += min.nodes;
        report.min_rail_slots_required = min.slots;
        report.cancelled |= min.cancelled;
    }
    if report.unique_solution.is_none() && !report.cancelled {
        // One solution *class* (up to swapping independent moves), not one move sequence.
        let mut classes = classes::ClassCounter::new(2, opts.node_limit, opts.cancel.clone());
        let count = classes.count(&mut GameSim::new(level.clone()));
        report.nodes += classes.nodes();
        report.cancelled |= count == Err(Stop::Cancelled);
        report.unique_solution = count.ok().map(|c| c == 1);
    }
    if report.competent_min_rail.is_none() && !report.cancelled {
        report.competent_min_rail = competent::min_rail(level, opts.trials);
    }
    if report.blunder_rate.is_none() && !report.cancelled {
        report.blunder_rate = blunder_rate(level, opts);
        report.cancelled |= opts.is_cancelled();
    }
    rescore(report);
}

/// Whether `solution` played from the start wins.
pub fn replays_to_win(
    level: &Arc<CompiledLevel>,
    solution: Option<&[screwsmith_rules::sim::Move]>,
) -> bool {
    let Some(moves) = solution else {
        return false;
    };
    let mut sim = GameSim::new(level.clone());
    moves.iter().all(|&m| sim.apply(m).is_ok()) && sim.status() == Status::Won
}

fn rescore(report: &mut SolveReport) {
    report.difficulty = difficulty_score(
        report.status,
        report.human_fail_rate,
        report.average_peak_rail,
        report.taps,
        report.unique_solution,
    );
}
