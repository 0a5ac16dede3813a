//! Curation: the step between "measured" and "shipped". A ranked winner is kept only when full
//! verification (docs/design.md §3.4) proves it — no spike (docs/design.md §4: fail rate ≤ 55 % except at the wall,
//! competent win rate ≥ 25 %), status `Proven`, the stored solution replays to a win, min rail
//! and uniqueness known within the node budget — and every extra check accepts it.
//!
//! The hook: [`Curator::checks`] takes any number of named checks over the finished level (measure
//! included); [`Curator::shipping`] adds the readability audit (docs/design.md §6) and the shipping rules
//! (one-piece parts, hang poses that are turns of the rest shape). A rejected winner makes the search
//! fall through to the next-best candidate, so a check never leaves a level unbaked unless no
//! candidate at all passes. The shipped set's curation also chooses each level's invisible-help copy
//! ([`super::help`]): a candidate no recolouring helps is rejected like any other.

use std::sync::Arc;

use thiserror::Error;

use screwsmith_gen::curve::{report_spike_check, SpikeError};
use screwsmith_gen::help::HelpError;
use screwsmith_rules::level::shipping::check_shipping;
use screwsmith_rules::level::{HelpData, LevelData, SolveStatus};
use screwsmith_rules::sim::CompiledLevel;
use screwsmith_solver::{verify_shared, SolveOptions, SolveReport};

use super::help::bake_help;

/// Why an extra check rejected a level: any typed error (the readability audit's, a test's own).
pub type CheckError = Box<dyn std::error::Error + Send + Sync>;

/// An extra check over a finished level: `Err(reason)` rejects it.
pub type Check = Box<dyn Fn(&LevelData) -> Result<(), CheckError> + Send + Sync>;

/// Why curation rejected a ranked winner: full verification fell short, or an extra check said no.
#[derive(Debug, Error)]
pub enum CurateError {
    #[error("not proven (solver status {0})")]
    NotProven(&'static str),
    #[error("the stored solution does not replay to a win")]
    NoReplay,
    #[error("the smallest rail that still solves it is not known within the node budget")]
    MinRailUnknown,
    #[error("uniqueness is not known within the node budget")]
    UniquenessUnknown,
    #[error("the blunder rate was not measured")]
    BlunderUnmeasured,
    #[error("no spikes (docs/design.md §4): {0}")]
    Spike(#[from] SpikeError),
    #[error("invisible help: {0}")]
    Help(#[from] HelpError),
    #[error("check {name} rejected it: {source}")]
    Check {
        name: &'static str,
        #[source]
        source: CheckError,
    },
}

/// Full verification plus named extra checks.
pub struct Curator {
    /// Options for stage 4 (`verify` is forced on).
    pub verify: SolveOptions,
    pub checks: Vec<(&'static str, Check)>,
    /// Whether a level must come with a help copy that helps; the shipped set's curation
    /// sets it, so a level no recolouring helps is not shipped.
    pub help: bool,
}

impl Default for Curator {
    fn default() -> Self {
        Curator {
            verify: SolveOptions::verifying(),
            checks: Vec::new(),
            help: false,
        }
    }
}

impl Curator {
    /// What the shipped set is curated with: full verification plus the readability audit (docs/design.md §4:
    /// the winner "must pass the readability audit before it ships"), replayed on its stored solution.
    pub fn shipping() -> Self {
        let mut c = Curator::default()
            .with_check(
                "readability",
                Box::new(|level| Ok(screwsmith_readability::audit::check_level(level)?)),
            )
            .with_check(
                "shipping rules",
                Box::new(|level| Ok(check_shipping(level)?)),
            )
            // The set's rail figure (docs/design.md §4.2) holds level by level: when the band's own
            // rail has no board that passes the rest, a neighbour band's rail must not ship instead.
            .with_check(
                "rail of the band",
                Box::new(|level| {
                    if crate::figures::rail_fits_band(level.rail_slots, level.band) {
                        Ok(())
                    } else {
                        Err(format!("rail {} in band {}", level.rail_slots, level.band).into())
                    }
                }),
            );
        c.help = true;
        c
    }

    /// Adds a named extra check (builder style).
    pub fn with_check(mut self, name: &'static str, check: Check) -> Self {
        self.checks.push((name, check));
        self
    }

    /// Verifies `report` in place, runs the extra checks and (with `help`) chooses the help copy it
    /// ships with. `Err` names what failed.
    pub fn accept(
        &self,
        level: &Arc<CompiledLevel>,
        report: &mut SolveReport,
    ) -> Result<Option<HelpData>, CurateError> {
        // The no-spikes rule reads stage 2's figures only: checked before the costly verification.
        report_spike_check(level, report)?;
        verify_shared(level, report, &self.verify);
        verified(report)?;
        let mut data = level.data().clone();
        data.measure = Some(report.to_measure());
        for (name, check) in &self.checks {
            check(&data).map_err(|source| CurateError::Check { name, source })?;
        }
        // Last: the costliest check, and it needs the verified measure to compare with.
        Ok(if self.help {
            Some(bake_help(&data)?)
        } else {
            None
        })
    }
}

/// Whether a report counts as "proven and verified" for shipping.
pub fn verified(report: &SolveReport) -> Result<(), CurateError> {
    if report.status != SolveStatus::Proven {
        return Err(CurateError::NotProven(report.status.name()));
    }
    if report.solution_replays != Some(true) {
        return Err(CurateError::NoReplay);
    }
    if report.min_rail_slots_required.is_none() {
        return Err(CurateError::MinRailUnknown);
    }
    if report.unique_solution.is_none() {
        return Err(CurateError::UniquenessUnknown);
    }
    if report.blunder_rate.is_none() {
        return Err(CurateError::BlunderUnmeasured);
    }
    Ok(())
}
