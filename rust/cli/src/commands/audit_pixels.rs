//! `screwsmith audit pixels DIR…`: the rendered-pixel readability audit over frame directories that
//! `godot_project/tests/pixels/render_frames.gd` wrote (one per renderer), and `screwsmith audit agree
//! A B`: two renderers' frames of the same screens against each other over the board band. Exit 1 when
//! a check fails (`--expect-failure`: when none does, for the bug switches).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use screwsmith_readability::frame::{agreement, Frame, AGREE_MEAN_L, AGREE_MEDIAN, AGREE_P95};
use screwsmith_readability::pixel_audit::{audit_dir, Manifest, PixelError};

use crate::error::CliError;
use crate::input::{compiled_levels, levels_path};

#[derive(Args)]
pub struct PixelsArgs {
    /// Frame directories (each with its manifest.json).
    #[arg(required = true)]
    dirs: Vec<PathBuf>,
    /// Level file the frames were rendered from (default: levels/levels.json).
    #[arg(long)]
    file: Option<PathBuf>,
    /// The frames were drawn with a bug switch: exit 1 unless the audit fails on every directory.
    #[arg(long)]
    expect_failure: bool,
    /// Failures printed per directory.
    #[arg(long, default_value_t = 12)]
    show: usize,
}

#[derive(Args)]
pub struct AgreeArgs {
    /// One renderer's frame directory, or one PNG frame.
    a: PathBuf,
    /// The other's: every frame of A's manifest must be here under the same name (or one PNG frame).
    b: PathBuf,
}

pub fn run(args: PixelsArgs) -> Result<ExitCode, CliError> {
    let levels = compiled_levels(&levels_path(args.file)?)?;
    let mut ok = true;
    for dir in &args.dirs {
        let started = Instant::now();
        let report = audit_dir(dir, &levels)?;
        let e = &report.extremes;
        for f in report.failures.iter().take(args.show) {
            say!("FAIL {f}");
        }
        if report.failures.len() > args.show {
            say!("... and {} more", report.failures.len() - args.show);
        }
        say!(
            "pixel audit {} ({}): {} frames, {} screw-on-plate pairs (smallest ΔE {:.1}, {:.1} protan/deutan), \
             {} touching-plate pairs (smallest ΔE {:.1}), {} drawn colours (largest ΔE from the palette {:.1}), \
             {} spots off the frame, {} unlit, {} failures in {:.2?}",
            report.renderer,
            dir.display(),
            report.frames,
            report.screw_pairs,
            e.screw_on_plate,
            e.screw_on_plate_dichromat,
            report.plate_pairs,
            e.plates_touch,
            report.palette_checks,
            e.drawn_vs_palette,
            report.missed,
            report.unlit,
            report.failures.len(),
            started.elapsed()
        );
        ok &= if args.expect_failure {
            !report.passed()
        } else {
            report.passed()
        };
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

pub fn run_agree(args: AgreeArgs) -> Result<ExitCode, CliError> {
    if args.a.is_file() && args.b.is_file() {
        return agree_files(&args);
    }
    let manifest = Manifest::read(&args.a)?;
    let (mut ok, mut worst_median, mut worst_p95, mut worst_l) = (true, 0.0f64, 0.0f64, 0.0f64);
    for entry in &manifest.frames {
        let a = Frame::load(&args.a.join(&entry.file)).map_err(PixelError::from)?;
        let b = Frame::load(&args.b.join(&entry.file)).map_err(PixelError::from)?;
        let Some(g) = agreement(&a, &b) else {
            return Err(CliError::arg(format!(
                "{}: the two frames differ in size",
                entry.file
            )));
        };
        worst_median = worst_median.max(g.median);
        worst_p95 = worst_p95.max(g.p95);
        worst_l = worst_l.max((g.mean_l_a - g.mean_l_b).abs());
        if !g.passes() {
            ok = false;
            say!(
                "DISAGREE {}: median ΔE {:.1} (≤ {AGREE_MEDIAN}), p95 {:.1} (≤ {AGREE_P95}), mean L* {:.1} vs {:.1} (within {AGREE_MEAN_L})",
                entry.file,
                g.median,
                g.p95,
                g.mean_l_a,
                g.mean_l_b
            );
        }
    }
    say!(
        "renderers agree on {} of {} frames over the board band: worst median ΔE {:.2}, worst p95 {:.2}, worst mean-L* gap {:.2}",
        if ok { "all" } else { "not all" },
        manifest.frames.len(),
        worst_median,
        worst_p95,
        worst_l
    );
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Two single frames (the exported game drawn by each renderer): neither blank, and agreeing.
fn agree_files(args: &AgreeArgs) -> Result<ExitCode, CliError> {
    let a = Frame::load(&args.a).map_err(PixelError::from)?;
    let b = Frame::load(&args.b).map_err(PixelError::from)?;
    let Some(g) = agreement(&a, &b) else {
        return Err(CliError::arg("the two frames differ in size"));
    };
    let blank = [(&args.a, &a), (&args.b, &b)]
        .into_iter()
        .filter(|(_, f)| f.is_blank())
        .map(|(p, _)| p.display().to_string())
        .collect::<Vec<_>>();
    say!(
        "{} vs {}: median ΔE {:.2}, p95 {:.2}, mean L* {:.1} vs {:.1}{}",
        args.a.display(),
        args.b.display(),
        g.median,
        g.p95,
        g.mean_l_a,
        g.mean_l_b,
        if blank.is_empty() {
            String::new()
        } else {
            format!("; BLANK: {}", blank.join(", "))
        }
    );
    Ok(if g.passes() && blank.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
