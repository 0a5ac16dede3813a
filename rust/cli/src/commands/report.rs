//! `screwsmith report`: writes the human-readable `levels/REPORT.md` (per-level table, per-band and
//! per-slice summaries, the targets of docs/design.md §4.6 with the ladder check), the pictures it links (the
//! difficulty curve `curve.svg` and the start of each band's first level under `thumbs/`), and prints
//! the targets. `bake` writes the same files through [`add_report`], all or nothing.

use std::path::{Path, PathBuf};
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
use crate::input::{default_path, levels_path, read_level_file};
use crate::output::Batch;

#[derive(Args)]
pub struct ReportArgs {
    /// The level set (default: the checkout's levels/levels.json).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Where to write the Markdown report; the pictures go next to it (default with the shipped set:
    /// levels/REPORT.md; required with --file, so another set's report never replaces the shipped one).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// The device the thumbnails are drawn for (in the designer view: every layer, the crate queue).
const THUMBNAIL_DEVICE: &str = "Pixel 7";

/// Adds the report and the pictures it links (next to it; the `thumbs/` folder replaced as a whole, so
/// thumbnails of another set do not stay behind) to a batch of outputs.
pub fn add_report(batch: &mut Batch, levels: &[LevelData], out: &Path) -> Result<(), CliError> {
    let dir = out.parent().unwrap_or(Path::new("."));
    batch.file(dir.join(CURVE_PICTURE), curve_of(levels));
    let device = find_device(THUMBNAIL_DEVICE)?;
    let thumbs = thumbnails(levels);
    if let Some(folder) = thumbs.first().and_then(|t| Path::new(&t.path).parent()) {
        batch.replace_dir(dir.join(folder));
    }
    for t in thumbs {
        let Some(level) = levels.iter().find(|l| l.number == t.number) else {
            continue;
        };
        let sim = GameSim::from_level(level.clone()).map_err(|source| CliError::Start {
            what: format!("level {}", level.number),
            source,
        })?;
        let pic = shipped_picture(&sim, device, View::Designer);
        batch.file(dir.join(&t.path), encode(&pic, Format::Svg)?);
    }
    batch.file(out, render(levels));
    Ok(())
}

pub fn run(args: ReportArgs) -> Result<ExitCode, CliError> {
    let (path, out) = match (args.file, args.out) {
        (file, Some(out)) => (levels_path(file)?, out),
        (None, None) => (default_path(LEVELS_PATH)?, default_path(REPORT_PATH)?),
        (Some(file), None) => {
            return Err(CliError::arg(format!(
                "--file {}: pass --out DIR/REPORT.md too (the report of another set never replaces {REPORT_PATH})",
                file.display()
            )))
        }
    };
    let file = read_level_file(&path)?;
    let mut batch = Batch::new();
    add_report(&mut batch, &file.levels, &out)?;
    batch.commit()?;
    let fig = figures(&file.levels);
    for t in &fig.targets {
        say!(
            "[{}] {}: {}",
            if t.met { "met" } else { "MISSED" },
            t.name,
            t.value
        );
    }
    for s in &fig.slices {
        say!(
            "levels {}-{}: mean fail {:.1} %, competent win {:.1} %",
            s.first,
            s.last,
            s.mean_fail * 100.0,
            s.mean_competent * 100.0
        );
    }
    say!("wrote {}", out.display());
    Ok(ExitCode::SUCCESS)
}
