//! Curation: the step between "measured" and "shipped". A ranked winner is kept only when full
//! verification (SPEC §3.4) proves it — status `Proven`, the stored solution replays to a win, min rail
//! and uniqueness known within the node budget — and every extra check accepts it.
//!
//! The hook: [`Curator::checks`] takes any number of named checks over the finished level (measure
//! included); [`Curator::shipping`] adds the readability audit (SPEC §6). A rejected winner makes the
//! search fall through to the next-best candidate, so a check never leaves a level unbaked unless no
//! candidate at all passes.

use std::sync::Arc;

use crate::level::{LevelData, SolveStatus};
use crate::sim::CompiledLevel;
use crate::solver::{verify_shared, SolveOptions, SolveReport};

/// An extra check over a finished level: `Err(reason)` rejects it.
pub type Check = Box<dyn Fn(&LevelData) -> Result<(), String> + Send + Sync>;

/// Full verification plus named extra checks.
pub struct Curator {
    /// Options for stage 4 (`verify` is forced on).
    pub verify: SolveOptions,
    pub checks: Vec<(&'static str, Check)>,
}

impl Default for Curator {
    fn default() -> Self {
        Curator {
            verify: SolveOptions::verifying(),
            checks: Vec::new(),
        }
    }
}

impl Curator {
    /// What the shipped set is curated with: full verification plus the readability audit (SPEC §4:
    /// the winner "must pass the readability audit before it ships"), replayed on its stored solution.
    pub fn shipping() -> Self {
        Curator::default().with_check(
            "readability",
            Box::new(crate::readability::audit::check_level),
        )
    }

    /// Adds a named extra check (builder style).
    pub fn with_check(mut self, name: &'static str, check: Check) -> Self {
        self.checks.push((name, check));
        self
    }

    /// Verifies `report` in place and runs the extra checks. `Err` names what failed.
    pub fn accept(
        &self,
        level: &Arc<CompiledLevel>,
        report: &mut SolveReport,
    ) -> Result<(), String> {
        verify_shared(level, report, &self.verify);
        verified(report)?;
        let mut data = level.data.clone();
        data.measure = Some(report.to_measure());
        for (name, check) in &self.checks {
            check(&data).map_err(|why| format!("{name}: {why}"))?;
        }
        Ok(())
    }
}

/// Whether a report counts as "proven and verified" for shipping.
pub fn verified(report: &SolveReport) -> Result<(), String> {
    if report.status != SolveStatus::Proven {
        return Err(format!("status {:?}", report.status));
    }
    if report.solution_replays != Some(true) {
        return Err("stored solution does not replay to a win".into());
    }
    if report.min_rail_slots_required.is_none() {
        return Err("min rail not known within the node budget".into());
    }
    if report.unique_solution.is_none() {
        return Err("uniqueness not known within the node budget".into());
    }
    if report.blunder_rate.is_none() {
        return Err("blunder rate not measured".into());
    }
    Ok(())
}
