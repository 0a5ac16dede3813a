//! `validate`: never trusts the file. Every stored value is recomputed with the same core code (the
//! solver with full verification) and compared — integers exactly, floats within the tolerance the
//! solver states next to its rounding ([`STORED_DECIMALS`] decimals, ± [`STORED_TOLERANCE`]) — and every
//! stored solution is replayed to a win with `GameSim`. The validator never re-implements a rule.
//!
//! Each problem is one [`Finding`] naming the level and the field.

use std::fmt;
use std::sync::Arc;

use screwsmith_gen::candidate::PALETTE;
use screwsmith_gen::curve::target_for;
use screwsmith_gen::library::Library;
use screwsmith_gen::machines::machine_for_level;
use screwsmith_rules::level::shipping::shipping_faults;
use screwsmith_rules::level::{LevelData, LevelError, LevelFile, Measure, ScrewKind, SolveStatus};
use screwsmith_rules::sim::CompiledLevel;
use screwsmith_solver::{
    replays_to_win, solve_shared, stored_matches, SolveOptions, STORED_DECIMALS, STORED_TOLERANCE,
};

use super::figures::Figures;
use super::help::check_help;

/// One problem: which level (none for set-wide problems), which field, what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Finding {
    pub level: Option<u32>,
    pub field: String,
    pub message: String,
}

impl Finding {
    pub(crate) fn level(n: u32, field: impl Into<String>, message: impl Into<String>) -> Self {
        Finding {
            level: Some(n),
            field: field.into(),
            message: message.into(),
        }
    }

    fn set(field: impl Into<String>, message: impl Into<String>) -> Self {
        Finding {
            level: None,
            field: field.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.level {
            Some(n) => write!(f, "level {n}: {}: {}", self.field, self.message),
            None => write!(f, "set: {}: {}", self.field, self.message),
        }
    }
}

/// Set-wide structure: `expected` levels (200 for the shipped set), numbered 1..=expected in order.
pub fn check_numbering(file: &LevelFile, expected: u32) -> Vec<Finding> {
    let mut out = Vec::new();
    if file.levels.len() != expected as usize {
        out.push(Finding::set(
            "levels",
            format!("{} levels, expected {expected}", file.levels.len()),
        ));
    }
    for (i, l) in file.levels.iter().enumerate() {
        if l.number != i as u32 + 1 {
            out.push(Finding::level(
                l.number,
                "number",
                format!(
                    "at position {} (levels must be numbered 1, 2, … in order)",
                    i + 1
                ),
            ));
        }
    }
    out
}

/// The game's reading of the file (`screwsmith_gen::library::Library`: an outline at start, a level
/// when it is opened) against the full parse the other checks ran on: every level it gives back must
/// be the level there, by place and by number.
pub fn check_lazy_reading(text: &str, file: &LevelFile) -> Vec<Finding> {
    let library = match Library::from_json(text) {
        Ok(library) => library,
        Err(e) => return vec![Finding::set("levels", format!("the game's reading: {e}"))],
    };
    let mut out: Vec<Finding> = library
        .disagreements(file)
        .into_iter()
        .map(|n| {
            Finding::level(
                n,
                "levels",
                "the game's one-level reading differs from the full parse",
            )
        })
        .collect();
    if library.count() != file.levels.len() {
        out.push(Finding::set(
            "levels",
            format!(
                "the game's reading counts {} levels, the full parse {}",
                library.count(),
                file.levels.len()
            ),
        ));
    }
    out
}

/// The shipped-set rules a structurally valid level can still break: band and machine from the curve,
/// the palette's six colours, every part one piece in every pose, no two screws in one cell, a wrench
/// charge per bolt.
pub fn check_shipping_rules(l: &LevelData) -> Vec<Finding> {
    let n = l.number;
    let mut out = Vec::new();
    if l.band != target_for(n) {
        out.push(Finding::level(
            n,
            "band",
            format!("{} but TargetFor({n}) = {}", l.band, target_for(n)),
        ));
    }
    if l.machine != machine_for_level(n) {
        out.push(Finding::level(
            n,
            "machine",
            format!(
                "{} but level {n} uses machine {}",
                l.machine,
                machine_for_level(n)
            ),
        ));
    }
    if l.colors.len() > PALETTE.len() || l.colors.iter().any(|c| !PALETTE.contains(c)) {
        out.push(Finding::level(
            n,
            "colors",
            format!("{:?}: outside the six-colour palette", l.colors),
        ));
    }
    let mut cells: Vec<_> = l.screws.iter().map(|s| s.cell).collect();
    cells.sort_unstable();
    for e in shipping_faults(l) {
        let field = match &e {
            LevelError::Invalid { field, .. } => field.clone(),
            _ => "parts".into(),
        };
        let message = e.problem().map_or_else(|| e.to_string(), |p| p.to_string());
        out.push(Finding::level(n, field, message));
    }
    if let Some(w) = cells.windows(2).find(|w| w[0] == w[1]) {
        out.push(Finding::level(
            n,
            "screws",
            format!("two screws share cell {:?}", w[0]),
        ));
    }
    let bolts = l
        .screws
        .iter()
        .filter(|s| s.kind == ScrewKind::Bolt)
        .count();
    if (l.wrench_charges as usize) < bolts {
        out.push(Finding::level(
            n,
            "wrench_charges",
            format!("{} charges for {bolts} bolts", l.wrench_charges),
        ));
    }
    out
}

/// A stored or recomputed value in words for a finding: `4`, `true`, `proven`, `none` (never Rust's
/// `Some(4)`).
fn shown<T: serde::Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::Null) => "none".into(),
        Ok(serde_json::Value::String(s)) => s,
        Ok(v) => v.to_string(),
        Err(_) => "?".into(),
    }
}

fn cmp_exact<T: PartialEq + serde::Serialize>(
    out: &mut Vec<Finding>,
    n: u32,
    field: &str,
    stored: T,
    fresh: T,
) {
    if stored != fresh {
        out.push(Finding::level(
            n,
            field,
            format!("stored {}, recomputed {}", shown(&stored), shown(&fresh)),
        ));
    }
}

fn cmp_float(out: &mut Vec<Finding>, n: u32, field: &str, stored: Option<f64>, fresh: Option<f64>) {
    let ok = match (stored, fresh) {
        (Some(s), Some(f)) => stored_matches(s, f),
        (None, None) => true,
        _ => false,
    };
    if !ok {
        out.push(Finding::level(
            n,
            field,
            format!(
                "stored {}, recomputed {} (stored with {STORED_DECIMALS} decimals, tolerance {:.prec$})",
                shown(&stored),
                shown(&fresh),
                STORED_TOLERANCE,
                prec = STORED_DECIMALS as usize + 1
            ),
        ));
    }
}

/// Recomputes one level's measurement and compares every stored value; replays the stored solution.
pub fn check_measure(level: &Arc<CompiledLevel>, opts: &SolveOptions) -> Vec<Finding> {
    let l = &level.data();
    let n = l.number;
    let Some(stored) = &l.measure else {
        return vec![Finding::level(
            n,
            "measure",
            "missing (every shipped level carries its SolveReport)",
        )];
    };
    let mut out = Vec::new();
    if stored.status != SolveStatus::Proven {
        out.push(Finding::level(
            n,
            "measure.status",
            format!(
                "{}: every shipped level must be proven",
                stored.status.name()
            ),
        ));
    }
    if !replays_to_win(level, Some(&stored.solution)) {
        out.push(Finding::level(
            n,
            "measure.solution",
            "does not replay to a win",
        ));
    }
    let report = solve_shared(
        level,
        &SolveOptions {
            verify: true,
            ..opts.clone()
        },
    );
    out.extend(compare_measures(n, "measure", stored, &report.to_measure()));
    if stored.min_rail_slots.is_none() || stored.unique.is_none() || stored.blunder_rate.is_none() {
        out.push(Finding::level(
            n,
            "measure",
            "not fully verified (min rail, unique or blunder rate missing)",
        ));
    }
    out
}

/// Every stored value of `stored` against the recomputed `fresh`, fields named `<prefix>.<field>`:
/// integers exactly, floats within the stored tolerance, the solution move for move.
pub fn compare_measures(n: u32, prefix: &str, stored: &Measure, fresh: &Measure) -> Vec<Finding> {
    let mut out = Vec::new();
    let f = |field: &str| format!("{prefix}.{field}");
    cmp_exact(&mut out, n, &f("status"), stored.status, fresh.status);
    cmp_float(
        &mut out,
        n,
        &f("human_fail_rate"),
        Some(stored.human_fail_rate),
        Some(fresh.human_fail_rate),
    );
    cmp_float(
        &mut out,
        n,
        &f("average_peak_rail"),
        Some(stored.average_peak_rail),
        Some(fresh.average_peak_rail),
    );
    cmp_exact(
        &mut out,
        n,
        &f("min_rail_slots"),
        stored.min_rail_slots,
        fresh.min_rail_slots,
    );
    cmp_exact(&mut out, n, &f("unique"), stored.unique, fresh.unique);
    cmp_exact(&mut out, n, &f("taps"), stored.taps, fresh.taps);
    cmp_exact(
        &mut out,
        n,
        &f("difficulty"),
        stored.difficulty,
        fresh.difficulty,
    );
    cmp_float(
        &mut out,
        n,
        &f("blunder_rate"),
        stored.blunder_rate,
        fresh.blunder_rate,
    );
    cmp_float(
        &mut out,
        n,
        &f("competent_win_rate"),
        stored.competent_win_rate,
        fresh.competent_win_rate,
    );
    cmp_exact(
        &mut out,
        n,
        &f("competent_min_rail"),
        stored.competent_min_rail,
        fresh.competent_min_rail,
    );
    if stored.solution != fresh.solution {
        out.push(Finding::level(
            n,
            f("solution"),
            format!(
                "stored {} moves differ from the recomputed {} moves",
                stored.solution.len(),
                fresh.solution.len()
            ),
        ));
    }
    out
}

/// Everything about one level: shipping rules, then the recomputed measurement.
pub fn check_level(level: &LevelData, opts: &SolveOptions) -> Vec<Finding> {
    let mut out = check_shipping_rules(level);
    match CompiledLevel::new(level.clone()) {
        Ok(c) => {
            let c = Arc::new(c);
            out.extend(check_measure(&c, opts));
            // Every shipped level passes the readability audit (docs/design.md §6), replayed on its stored
            // solution: the validator checks the promise the curator made, it does not trust it.
            if let Err(e) = screwsmith_readability::audit::check_compiled(&c) {
                out.push(Finding::level(level.number, "readability", e.to_string()));
            }
            // The 4th try's board is shipped as well: recomputed like every other stored value.
            out.extend(check_help(level));
        }
        Err(e) => out.push(Finding::level(level.number, "level", e.to_string())),
    }
    out
}

/// `--strict`: every docs/design.md §4 curve target the figures miss.
pub fn check_curve(figures: &Figures) -> Vec<Finding> {
    figures
        .targets
        .iter()
        .filter(|t| !t.met)
        .map(|t| Finding::set("curve", format!("{} — measured {}", t.name, t.value)))
        .collect()
}
