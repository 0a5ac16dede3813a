//! `screwsmith audit readability`: the ReadabilityAudit over a level set (SPEC §6) — hit-target size,
//! overlap and HUD clearance on every device along each level's stored solution, and the palette's ΔE
//! floors. Exit 1 when anything fails.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use screwsmith_readability::audit::{audit_set, AuditConfig, Failure, Warning};
use screwsmith_readability::Palette;
use screwsmith_rules::CompiledLevel;

use crate::error::CliError;
use crate::input::{compiled_levels, levels_path};

#[derive(Args)]
pub struct ReadabilityArgs {
    /// Level file (default: levels/levels.json).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Level numbers to audit, e.g. `1-35,36,101-200` (default: all).
    #[arg(long)]
    levels: Option<String>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

/// Parses `1-35,36,101-200` into inclusive ranges.
pub fn parse_ranges(spec: &str) -> Result<Vec<(u32, u32)>, CliError> {
    let bad =
        |part: &str| CliError::arg(format!("--levels: {part:?} is not a number or a range a-b"));
    spec.split(',')
        .map(|part| {
            let part = part.trim();
            let (a, b) = part.split_once('-').unwrap_or((part, part));
            let a: u32 = a.trim().parse().map_err(|_| bad(part))?;
            let b: u32 = b.trim().parse().map_err(|_| bad(part))?;
            if a > b {
                return Err(bad(part));
            }
            Ok((a, b))
        })
        .collect()
}

fn select(
    levels: Vec<Arc<CompiledLevel>>,
    spec: Option<&str>,
) -> Result<Vec<Arc<CompiledLevel>>, CliError> {
    let Some(spec) = spec else { return Ok(levels) };
    let ranges = parse_ranges(spec)?;
    let picked: Vec<_> = levels
        .into_iter()
        .filter(|l| {
            ranges
                .iter()
                .any(|&(a, b)| (a..=b).contains(&l.data().number))
        })
        .collect();
    if picked.is_empty() {
        return Err(CliError::arg(format!(
            "--levels {spec}: no such level in the file"
        )));
    }
    Ok(picked)
}

fn describe(f: &Failure) -> String {
    match f {
        Failure::TooSmall { target: t, floor } => format!(
            "screw {} at state {} on {}: collider {:.2} % of the width (floor {:.1} %)",
            t.screw,
            t.state,
            t.device,
            t.fraction * 100.0,
            floor * 100.0
        ),
        Failure::Overlap {
            state,
            screw,
            device,
            tappable,
            by,
        } => format!(
            "screw {screw} at state {state} on {device}: only {:.0} % tappable, covered by {by:?}",
            tappable * 100.0
        ),
        Failure::UnderHud {
            state,
            screw,
            device,
            edge,
            by_px,
        } => format!(
            "screw {screw} at state {state} on {device}: {by_px:.0} px past the {edge:?} edge"
        ),
        Failure::ColourOutsidePalette {
            colour,
            palette_size,
        } => format!("colour {colour} is outside the {palette_size}-colour palette"),
        Failure::BadMove { index, mv, error } => {
            format!("move {index} ({mv:?}) does not replay: {error}")
        }
    }
}

pub fn run(args: ReadabilityArgs) -> Result<ExitCode, CliError> {
    let path = levels_path(args.file);
    let levels = select(compiled_levels(&path)?, args.levels.as_deref())?;
    let cfg = AuditConfig::default();
    let palette = Palette::shipped();
    let started = std::time::Instant::now();
    let report = audit_set(&levels, palette, &cfg);
    let elapsed = started.elapsed();
    let per_level_ms = elapsed.as_secs_f64() * 1000.0 / levels.len().max(1) as f64;
    let failing: Vec<_> = report.levels.iter().filter(|l| !l.passed()).collect();
    let below_guideline = report
        .levels
        .iter()
        .filter(|l| {
            l.warnings
                .iter()
                .any(|w| matches!(w, Warning::BelowGuideline { .. }))
        })
        .count();
    let unsolved = report
        .levels
        .iter()
        .filter(|l| l.warnings.contains(&Warning::NoSolution))
        .count();
    if args.json {
        let value = serde_json::json!({
            "passed": report.passed(),
            "levels": report.levels.len(),
            "failing_levels": failing.iter().map(|l| l.level).collect::<Vec<_>>(),
            "smallest": report.smallest().map(|(level, m)| serde_json::json!({"level": level, "target": m})),
            "below_guideline_levels": below_guideline,
            "levels_without_solution": unsolved,
            "palette": report.palette,
            "per_level": report.levels,
            "ms_per_level": per_level_ms,
        });
        println!("{}", serde_json::to_string_pretty(&value).expect("json"));
    } else {
        for l in &failing {
            println!("FAIL level {} ({} failures)", l.level, l.failures.len());
            for f in l.failures.iter().take(5) {
                println!("  {}", describe(f));
            }
            if l.failures.len() > 5 {
                println!("  ... and {} more", l.failures.len() - 5);
            }
        }
        for c in &report.palette.closest {
            let name = |i: u8| palette.colour(i).map(|c| c.name.as_str()).unwrap_or("?");
            println!(
                "palette {:?} {}: closest {} / {} dE {:.1} (floor {})",
                c.shade,
                c.vision.name(),
                name(c.a),
                name(c.b),
                c.delta_e,
                c.floor
            );
        }
        if let Some((level, m)) = report.smallest() {
            println!(
                "smallest collider: level {level}, state {}, screw {}, {}: {:.2} % of the width = {:.0} {} ({:.1} mm)",
                m.state,
                m.screw,
                m.device,
                m.fraction * 100.0,
                m.size,
                m.unit,
                m.mm
            );
        }
        println!(
            "readability audit: {} levels, {} failing, {} under the 44 pt / 48 dp guideline (warning), {} without a stored solution (start state only); palette {}; {:.2} ms per level",
            report.levels.len(),
            failing.len(),
            below_guideline,
            unsolved,
            if report.palette.passed() { "passes" } else { "FAILS" },
            per_level_ms
        );
    }
    Ok(if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
