//! `screwsmith render`: a level as the camera sees it on one device — panels by layer, screws with
//! colour and pattern (dimmed when blocked), tap colliders outlined, HUD bands with crates and rail —
//! for designers, instead of reading JSON. `--state K` plays the first K moves of the stored solution.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use screwsmith_readability::{devices, CameraParams, Device, Palette};
use screwsmith_rules::GameSim;
use screwsmith_studio::scene::picture;

use crate::draw::{encode, Format};
use crate::error::CliError;
use crate::input::chosen_level;
use crate::output::write_atomic;

#[derive(Args)]
pub struct RenderArgs {
    /// Level file (default: levels/levels.json).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Level number (optional when --file holds one level).
    #[arg(long)]
    level: Option<u32>,
    /// Moves of the stored solution to play first (0 = the start).
    #[arg(long, default_value_t = 0)]
    state: usize,
    /// Device: an index into the device list or part of its name (default: Pixel 7).
    #[arg(long, default_value = "Pixel 7")]
    device: String,
    /// Output file, .svg or .png.
    #[arg(long)]
    out: PathBuf,
}

/// The device named by `spec`: an index, or a case-insensitive part of a name.
pub fn find_device(spec: &str) -> Result<&'static Device, CliError> {
    let list = devices();
    if let Ok(i) = spec.parse::<usize>() {
        return list
            .get(i)
            .ok_or_else(|| CliError::arg(format!("--device {i}: only {} devices", list.len())));
    }
    let needle = spec.to_ascii_lowercase();
    list.iter()
        .find(|d| d.name.to_ascii_lowercase().contains(&needle))
        .ok_or_else(|| {
            let names: Vec<_> = list.iter().map(|d| d.name.as_str()).collect();
            CliError::arg(format!("--device {spec:?}: none of {}", names.join(", ")))
        })
}

pub fn run(args: RenderArgs) -> Result<ExitCode, CliError> {
    let format = Format::of(&args.out)?;
    let device = find_device(&args.device)?;
    let level = chosen_level(args.level, args.file)?;
    let number = level.data().number;
    let solution = level
        .data()
        .measure
        .as_ref()
        .map(|m| m.solution.clone())
        .unwrap_or_default();
    if args.state > solution.len() {
        return Err(CliError::arg(format!(
            "--state {}: level {} has a stored solution of {} moves",
            args.state,
            number,
            solution.len()
        )));
    }
    let mut sim = GameSim::new(level);
    for (i, mv) in solution.iter().take(args.state).enumerate() {
        sim.apply(*mv).map_err(|e| {
            CliError::arg(format!(
                "level {}: solution move {i} does not replay: {e}",
                number
            ))
        })?;
    }
    let pic = picture(&sim, device, Palette::shipped(), &CameraParams::default());
    write_atomic(&args.out, &encode(&pic, format)?)?;
    println!(
        "level {} state {} on {} ({}x{}): {}",
        number,
        args.state,
        device.name,
        pic.width,
        pic.height,
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}
