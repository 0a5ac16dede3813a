//! `screwsmith audit readability`: the ReadabilityAudit over a level set (docs/design.md §6) — hit-target size,
//! overlap and HUD clearance on every device along each level's stored solution, every screw against
//! its plate and touching plates against each other, and the palette's ΔE floors. Exit 1 when anything
//! fails; `--one-tint-per-layer` is the plate check's bug switch, `--small-marks` and
//! `--red-green-marks` the lock, key and bomb marks' (badges a quarter of their size; pairing tints a
//! dichromat cannot tell apart).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use screwsmith_readability::audit::{audit_set, AuditConfig, Failure, Warning};
use screwsmith_readability::mark_audit::smallest_mark;
use screwsmith_readability::marks::MarkColours;
use screwsmith_readability::palette_audit::Shade;
use screwsmith_readability::Palette;
use screwsmith_rules::CompiledLevel;

use crate::error::CliError;
use crate::input::{compiled_levels, levels_path};
use crate::level_list::LevelList;
use crate::output::{count, move_name};

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
    /// Bug switch: draw every panel of a layer in one tint (the plate-vs-plate check must fail).
    #[arg(long)]
    one_tint_per_layer: bool,
    /// Bug switch: lock, key and bomb badges a quarter of their size (the mark size check must fail).
    #[arg(long)]
    small_marks: bool,
    /// Bug switch: a red and a green pairing badge (the pairing check must fail for deutans).
    #[arg(long)]
    red_green_marks: bool,
}

/// The levels of `spec` (`1-35,36`), all when none is given; an error when it names none of the file's.
pub(crate) fn select(
    levels: Vec<Arc<CompiledLevel>>,
    spec: Option<&str>,
) -> Result<Vec<Arc<CompiledLevel>>, CliError> {
    let Some(spec) = spec else { return Ok(levels) };
    let last = levels.iter().map(|l| l.data().number).max().unwrap_or(0);
    let list = LevelList::parse(spec, last, "the file")?;
    let picked: Vec<_> = levels
        .into_iter()
        .filter(|l| list.contains(l.data().number))
        .collect();
    if picked.is_empty() {
        return Err(CliError::arg(format!(
            "--levels {spec}: no such level in the file"
        )));
    }
    Ok(picked)
}

/// Screw ids as words: "screw 4", "screws 4 and 9", "screws 4, 5 and 9".
fn screws(ids: &[u16]) -> String {
    let names: Vec<String> = ids.iter().map(u16::to_string).collect();
    match names.as_slice() {
        [] => "nothing".into(),
        [one] => format!("screw {one}"),
        [rest @ .., last] => format!("screws {} and {last}", rest.join(", ")),
    }
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
            "screw {screw} at state {state} on {device}: only {:.0} % tappable, covered by {}",
            tappable * 100.0,
            screws(by)
        ),
        Failure::UnderHud {
            state,
            screw,
            device,
            edge,
            by_px,
        } => format!(
            "screw {screw} at state {state} on {device}: {by_px:.0} px past the {} edge",
            edge.name()
        ),
        Failure::ColourOutsidePalette {
            colour,
            palette_size,
        } => format!("colour {colour} is outside the {palette_size}-colour palette"),
        Failure::BadMove { index, mv, error } => {
            format!("move {index} ({}) does not replay: {error}", move_name(*mv))
        }
        Failure::ScrewOnPlate(_) | Failure::PlatesTouch(_) | Failure::Mark(_) => f.to_string(),
    }
}

fn shade_name(s: Shade) -> &'static str {
    match s {
        Shade::Bright => "bright",
        Shade::Dimmed => "dimmed",
    }
}

pub fn run(args: ReadabilityArgs) -> Result<ExitCode, CliError> {
    let path = levels_path(args.file)?;
    let levels = select(compiled_levels(&path)?, args.levels.as_deref())?;
    let mut cfg = AuditConfig::default();
    if args.one_tint_per_layer {
        cfg.plates = cfg.plates.one_tint_per_layer();
    }
    if args.small_marks {
        cfg.params.mark_radius /= 4.0;
    }
    if args.red_green_marks {
        cfg.marks = MarkColours::red_green();
    }
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
        say!("{}", serde_json::to_string_pretty(&value).expect("json"));
    } else {
        for l in &failing {
            say!(
                "FAIL level {} ({})",
                l.level,
                count(l.failures.len(), "failure", "failures")
            );
            for f in l.failures.iter().take(5) {
                say!("  {}", describe(f));
            }
            if l.failures.len() > 5 {
                say!("  ... and {} more", l.failures.len() - 5);
            }
        }
        for c in &report.palette.closest {
            let name = |i: u8| palette.colour(i).map(|c| c.name.as_str()).unwrap_or("?");
            say!(
                "palette {} {}: closest {} / {} dE {:.1} (floor {})",
                shade_name(c.shade),
                c.vision.name(),
                name(c.a),
                name(c.b),
                c.delta_e,
                c.floor
            );
        }
        if let Some((level, m)) = report.smallest() {
            say!(
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
        let marks = levels
            .iter()
            .filter_map(|l| {
                smallest_mark(l, &cfg.params, &cfg.devices).map(|(pt, d)| (l.data().number, pt, d))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((level, pt, device)) = marks {
            say!("smallest lock, key or bomb mark: level {level}, {device}: {pt:.1} dp/pt across");
        }
        say!(
            "readability audit: {}, {} failing, {} under the 44 pt / 48 dp guideline (warning), {} without a stored solution (start state only); palette {}; {:.2} ms per level",
            count(report.levels.len(), "level", "levels"),
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
