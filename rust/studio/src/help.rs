//! The help copy in the bake and the validator: the copy is measured with the same solver
//! options and trials as the level's own stage 1–3 measure (`SolveOptions::default()`; the copy keeps the
//! level's seed), proven on its rail, readable (the readability audit replays its own solution), and
//! stored with its measure in `levels.json`. The rule it must meet is [`screwsmith_gen::help::helps`].

use std::sync::Arc;

use screwsmith_gen::help::{choose_help, help_copy, helps, HelpError};
use screwsmith_rules::level::{HelpData, LevelData, Measure, SolveStatus};
use screwsmith_rules::sim::CompiledLevel;
use screwsmith_solver::{replays_to_win, solve_shared, SolveOptions};

use super::validate::{compare_measures, Finding};

/// The solver options a help copy is measured with: the level's own measuring options.
pub fn help_options() -> SolveOptions {
    SolveOptions::default()
}

/// Measures a copy: `None` when it is not a valid level, not proven on its rail, or not readable (the
/// player must read the copy as well as the level).
pub fn measure_copy(copy: &LevelData) -> Option<Measure> {
    screwsmith_gen::help::measure_copy(copy, &help_options())
}

/// The help copy a measured level ships with (the bake's curation step): see [`choose_help`].
pub fn bake_help(level: &LevelData) -> Result<HelpData, HelpError> {
    choose_help(level, measure_copy)
}

/// The validator's look at a stored help copy: it is present, its measure is recomputed and compared
/// like the level's own, its solution replays to a win, and it passes the readability audit.
pub fn check_help(level: &LevelData) -> Vec<Finding> {
    let n = level.number;
    let Some(stored) = &level.help else {
        return vec![Finding::level(
            n,
            "help",
            "missing (every shipped level stores its measured help copy)",
        )];
    };
    let compiled = match CompiledLevel::new(help_copy(level)) {
        Ok(c) => Arc::new(c),
        Err(e) => return vec![Finding::level(n, "help", format!("the copy: {e}"))],
    };
    let mut out = Vec::new();
    if stored.measure.status != SolveStatus::Proven {
        out.push(Finding::level(
            n,
            "help.measure.status",
            format!(
                "{}: a shipped help copy must be proven on its rail",
                stored.measure.status.name()
            ),
        ));
    }
    if !replays_to_win(&compiled, Some(&stored.measure.solution)) {
        out.push(Finding::level(
            n,
            "help.measure.solution",
            "does not replay to a win",
        ));
    }
    let fresh = solve_shared(&compiled, &help_options()).to_measure();
    out.extend(compare_measures(n, "help.measure", &stored.measure, &fresh));
    if let Err(e) = screwsmith_readability::audit::check_compiled(&compiled) {
        out.push(Finding::level(n, "help.readability", e.to_string()));
    }
    out
}

/// `--strict` (and curation): the stored copy meets the help rule against the level's stored measure.
pub fn check_help_rule(level: &LevelData) -> Option<Finding> {
    let (own, help) = (level.measure.as_ref()?, level.help.as_ref()?);
    (!helps(own, &help.measure)).then(|| {
        Finding::level(
            level.number,
            "help",
            format!(
                "does not help: fail {:.1} % -> {:.1} %, competent win {:.1} % -> {:.1} % (fail must drop 10 points, or to 0 % where the level is at most 10 %; competent win must not drop)",
                own.human_fail_rate * 100.0,
                help.measure.human_fail_rate * 100.0,
                own.competent_win_rate.unwrap_or(0.0) * 100.0,
                help.measure.competent_win_rate.unwrap_or(0.0) * 100.0,
            ),
        )
    })
}
