//! GenerateTuned with the real solver (docs/design.md §4): every candidate is compiled (structural validation),
//! checked by the buried-screw pass and measured by `solve`; the ranked winners go through curation.

use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

use super::curate::Curator;
use screwsmith_gen::tuned::{level_specs, tune, Aim, TuneStats, Verdict};
use screwsmith_rules::level::LevelData;
use screwsmith_rules::sim::CompiledLevel;
use screwsmith_solver::{solve_shared, SolveOptions, SolveReport};

/// Why a level could not be baked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BakeError {
    #[error(
        "level {level}: no candidate passed curation ({proven} proven of {generated} generated)"
    )]
    NoCandidate {
        level: u32,
        proven: u32,
        generated: u32,
    },
}

/// A baked level with its measurement stored, plus what the search did.
#[derive(Debug, Clone)]
pub struct BakedLevel {
    pub level: LevelData,
    pub stats: TuneStats,
    /// Index of the winning candidate in search order (shape × 16 + seed).
    pub winner: usize,
    /// Time spent generating and measuring candidates.
    pub search_time: Duration,
    /// Time spent curating (full verification of the ranked winners, extra checks).
    pub curate_time: Duration,
}

/// Measures one compiled candidate: the buried-screw pass first (a generator bug, not a hard level),
/// then stages 1–3 of `solve`.
pub fn measure(level: &Arc<CompiledLevel>, opts: &SolveOptions) -> Verdict<SolveReport> {
    let report = solve_shared(level, opts);
    if !report.buried.is_empty() {
        return Verdict::Buried;
    }
    Verdict::Measured(report)
}

/// Bakes level `n`: search, then curate the ranked candidates until one passes. Deterministic: the same
/// code and level number always give the same level. `on_candidate` is called once per candidate (the
/// CLI's progress bar counts them).
pub fn bake_level(
    n: u32,
    measure_opts: &SolveOptions,
    curator: &Curator,
    on_candidate: impl FnMut(),
) -> Result<BakedLevel, BakeError> {
    let mut help = None;
    // The ranking reads the human figures only: the competent player plays for the curated few.
    let measure_opts = SolveOptions {
        competent: false,
        ..measure_opts.clone()
    };
    let tuned = tune(
        &level_specs(n),
        &Aim::for_level(n),
        |l| measure(l, &measure_opts),
        |m| match curator.accept(&m.level, &mut m.score) {
            Ok(h) => {
                help = h;
                true
            }
            Err(_) => false,
        },
        on_candidate,
    );
    let Some(w) = tuned.winner else {
        return Err(BakeError::NoCandidate {
            level: n,
            proven: tuned.stats.proven,
            generated: tuned.stats.generated,
        });
    };
    let mut level = w.level.data().clone();
    level.measure = Some(w.score.to_measure());
    level.help = help;
    Ok(BakedLevel {
        level,
        stats: tuned.stats,
        winner: w.order,
        search_time: tuned.search_time,
        curate_time: tuned.curate_time,
    })
}
