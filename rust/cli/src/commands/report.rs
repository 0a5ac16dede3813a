//! `screwsmith report`: writes the human-readable `levels/REPORT.md` (per-level table, per-band and
//! per-slice summaries, the SPEC §4 targets with the ladder check), the pictures it links (the
//! difficulty curve `curve.svg` and the start of each band's first level under `thumbs/`), and prints
//! the targets. `bake` writes the same files through [`write_report`].

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use screwsmith_rules::{GameSim, LevelData};
use screwsmith_studio::bundle::{LEVELS_PATH, REPORT_PATH};
use screwsmith_studio::figures::figures;
use screwsmith_studio::report::{render, thumbnails, CURVE_PICTURE};
use screwsmith_studio::scene::{shipped_picture, View};

use super::plot::curve_of;
use super::render::find_device;
use crate::draw::{encode, Format};
use crate::error::CliError;
use crate::input::read_level_file;
use crate::output::write_atomic;

#[derive(Args)]
pub struct ReportArgs {
    /// The level set.
    #[arg(long, default_value = LEVELS_PATH)]
    file: PathBuf,
    /// Where to write the Markdown report.
    #[arg(long, default_value = REPORT_PATH)]
    out: PathBuf,
}

/// The device the thumbnails are drawn for (in the designer view: every layer, the crate queue).
const THUMBNAIL_DEVICE: &str = "Pixel 7";

/// Writes the report and the pictures it links, next to it.
pub fn write_report(levels: &[LevelData], out: &std::path::Path) -> Result<(), CliError> {
    let dir = out.parent().unwrap_or(std::path::Path::new("."));
    write_atomic(&dir.join(CURVE_PICTURE), curve_of(levels).as_bytes())?;
    let device = find_device(THUMBNAIL_DEVICE)?;
    for t in thumbnails(levels) {
        let level = levels
            .iter()
            .find(|l| l.number == t.number)
            .expect("thumbnails name levels of the set");
        let sim = GameSim::from_level(level.clone()).map_err(|e| CliError::arg(e.to_string()))?;
        let pic = shipped_picture(&sim, device, View::Designer);
        write_atomic(&dir.join(&t.path), &encode(&pic, Format::Svg)?)?;
    }
    write_atomic(out, render(levels).as_bytes())
}

pub fn run(args: ReportArgs) -> Result<ExitCode, CliError> {
    let file = read_level_file(&args.file)?;
    write_report(&file.levels, &args.out)?;
    let fig = figures(&file.levels);
    for t in &fig.targets {
        println!(
            "[{}] {}: {}",
            if t.met { "met" } else { "MISSED" },
            t.name,
            t.value
        );
    }
    for s in &fig.slices {
        println!(
            "levels {}-{}: mean fail {:.1} %, competent win {:.1} %",
            s.first,
            s.last,
            s.mean_fail * 100.0,
            s.mean_competent * 100.0
        );
    }
    println!("wrote {}", args.out.display());
    Ok(ExitCode::SUCCESS)
}
