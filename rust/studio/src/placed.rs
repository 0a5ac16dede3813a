//! Designer levels through the bake's gate. A placed level ([`super::placement`]) is held to
//! everything a generated level is held to, in the same code: the shipping rules
//! ([`check_shipping_rules`]: its place's band and machine, the palette, one-piece parts, a wrench charge
//! per bolt), the buried-screw pass and the stage 1–3 measure ([`super::generate::measure`]), curation
//! ([`Curator::accept`]: no spikes, full verification, readability, its help copy), and the curve
//! targets that can be read off one level (the rail rule, the wall's window). It is not ranked: a
//! generated level is the nearest of 192 candidates to its band's target, a placed one is the designer's
//! choice, and only the targets decide whether it ships.
//!
//! The set's curve targets (means, slices, the ladder) are measured over many levels; after a full
//! bake, [`set_targets`] names every placed level inside a missed target.
//!
//! Every failure is a [`PlacedError`] naming the level number, the designer file and what it broke.

use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use thiserror::Error;

use screwsmith_gen::curve::{target_for, WALL_LEVEL};
use screwsmith_gen::tuned::TuneStats;
use screwsmith_rules::level::{LevelData, LevelError, SolveStatus};
use screwsmith_rules::sim::CompiledLevel;
use screwsmith_solver::{solve_shared, SolveOptions};

use super::curate::{CurateError, Curator};
use super::figures::{rail_fits_band, wall_fail_ok, Figures, WALL_FAIL};
use super::generate::BakedLevel;
use super::placement::Placed;
use super::validate::{check_shipping_rules, Finding};

/// One thing a placed level broke.
#[derive(Debug, Error)]
pub enum Broken {
    /// A docs/design.md §4 curve target (its band, the rail rule, the wall's window, no spikes, a set target).
    #[error("curve target {target}: {why}")]
    Target { target: String, why: String },
    /// A shipping rule every shipped level keeps (machine, palette, one-piece parts, ...).
    #[error("shipping rule {field}: {message}")]
    Rule { field: String, message: String },
    #[error("does not compile: {0}")]
    Invalid(#[source] LevelError),
    #[error("buried screws {0:?} (they can never be reached)")]
    Buried(Vec<u16>),
    #[error("{status} on its rail of {rail}: a shipped level must be proven solvable")]
    Unsolvable { status: &'static str, rail: u8 },
    #[error("{0}")]
    Curate(#[source] CurateError),
}

/// Why a placed designer level cannot ship.
#[derive(Debug, Error)]
pub struct PlacedError {
    pub level: u32,
    /// The file as `placements.json` names it.
    pub file: String,
    pub broken: Vec<Broken>,
}

impl fmt::Display for PlacedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {} (designer file {}): ", self.level, self.file)?;
        for (i, b) in self.broken.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{b}")?;
        }
        Ok(())
    }
}

/// What a level's place asks before it is measured: the shipping rules (its band is the curve's, so
/// a band mismatch is a curve target) and the rail rule.
fn place_rules(level: &LevelData) -> Vec<Broken> {
    let n = level.number;
    let mut out: Vec<Broken> = check_shipping_rules(level)
        .into_iter()
        .map(|f| match f.field.as_str() {
            "band" => Broken::Target {
                target: "band".into(),
                why: format!(
                    "the file says band {}, level {n} is a band-{} place (set \"band\": {} or place it elsewhere)",
                    level.band,
                    target_for(n),
                    target_for(n)
                ),
            },
            _ => Broken::Rule {
                field: f.field,
                message: f.message,
            },
        })
        .collect();
    if !rail_fits_band(level.rail_slots, target_for(n)) {
        out.push(Broken::Target {
            target: "rail".into(),
            why: format!(
                "rail {} in band {} (rail 4 only in bands >= 5, rail 3 only in the top band)",
                level.rail_slots,
                target_for(n)
            ),
        });
    }
    out
}

/// Measures, curates and stores the placed level: the level as it ships (measure and help copy stored),
/// in the bake's [`BakedLevel`] form (no candidates searched: `search_time` is the measure's time).
pub fn place_level(
    placed: &Placed,
    measure_opts: &SolveOptions,
    curator: &Curator,
) -> Result<BakedLevel, PlacedError> {
    let started = Instant::now();
    let fail = |broken: Vec<Broken>| PlacedError {
        level: placed.number,
        file: placed.file.clone(),
        broken,
    };
    let level = &placed.level;
    let broken = place_rules(level);
    if !broken.is_empty() {
        return Err(fail(broken));
    }
    let compiled = match CompiledLevel::new(level.clone()) {
        Ok(c) => Arc::new(c),
        Err(e) => return Err(fail(vec![Broken::Invalid(e)])),
    };
    // The bake's measure of a candidate (`generate::measure`), keeping the buried screws to name them.
    let mut report = solve_shared(&compiled, measure_opts);
    if !report.buried.is_empty() {
        return Err(fail(vec![Broken::Buried(
            report.buried.iter().map(|b| b.screw).collect(),
        )]));
    }
    if report.status != SolveStatus::Proven {
        return Err(fail(vec![Broken::Unsolvable {
            status: report.status.name(),
            rail: level.rail_slots,
        }]));
    }
    if level.number == WALL_LEVEL && !wall_fail_ok(report.human_fail_rate) {
        return Err(fail(vec![Broken::Target {
            target: format!(
                "level {WALL_LEVEL} human fail rate {:.0}-{:.0} %",
                WALL_FAIL.0 * 100.0,
                WALL_FAIL.1 * 100.0
            ),
            why: format!("measured {:.1} %", report.human_fail_rate * 100.0),
        }]));
    }
    let search_time = started.elapsed();
    let help = curator.accept(&compiled, &mut report).map_err(|e| {
        fail(vec![match e {
            CurateError::Spike(s) => Broken::Target {
                target: "no spikes (docs/design.md §4)".into(),
                why: s.to_string(),
            },
            e => Broken::Curate(e),
        }])
    })?;
    let mut level = level.clone();
    level.measure = Some(report.to_measure());
    level.help = help;
    Ok(BakedLevel {
        level,
        stats: TuneStats::default(),
        winner: 0,
        search_time,
        curate_time: started.elapsed() - search_time,
    })
}

/// After a full bake: every curve target the set misses that is measured over a placed level, as that
/// level's error (a target missed by the generated levels alone is `validate --strict`'s to report).
pub fn set_targets(figures: &Figures, placed: &[Placed]) -> Vec<PlacedError> {
    placed
        .iter()
        .filter_map(|p| {
            let broken: Vec<Broken> = figures
                .targets
                .iter()
                .filter(|t| !t.met && t.scope.covers(p.number, p.level.band))
                .map(|t| Broken::Target {
                    target: t.name.to_string(),
                    why: format!("the set with it measures {}", t.value),
                })
                .collect();
            (!broken.is_empty()).then(|| PlacedError {
                level: p.number,
                file: p.file.clone(),
                broken,
            })
        })
        .collect()
}

/// The board of a level as a designer file holds it: what `validate` compares between the shipped set
/// and the placed designer file (the number is the place's, the measure and help copy the bake's).
pub fn board(level: &LevelData, number: u32) -> LevelData {
    LevelData {
        number,
        measure: None,
        help: None,
        ..level.clone()
    }
}

/// `validate`: every placed level of the set is its designer file's board, so a designer file edited
/// after the bake (a stale placed level) is caught. Places the set does not hold are not checked (a
/// partial set).
pub fn check_placements(levels: &[LevelData], placed: &[Placed]) -> Vec<Finding> {
    placed
        .iter()
        .filter_map(|p| {
            let shipped = levels.iter().find(|l| l.number == p.number)?;
            let (a, b) = (
                serde_json::to_value(board(shipped, p.number)).ok()?,
                serde_json::to_value(&p.level).ok()?,
            );
            if a == b {
                return None;
            }
            let fields: Vec<&str> = match (a.as_object(), b.as_object()) {
                (Some(a), Some(b)) => a
                    .iter()
                    .filter(|(k, v)| b.get(k.as_str()) != Some(v))
                    .map(|(k, _)| k.as_str())
                    .collect(),
                _ => Vec::new(),
            };
            Some(Finding::level(
                p.number,
                "placement",
                format!(
                    "differs from its designer file {} in {} (rebake: `screwsmith bake`)",
                    p.path.display(),
                    fields.join(", ")
                ),
            ))
        })
        .collect()
}
