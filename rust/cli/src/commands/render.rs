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
    /// Level file (default: the checkout's levels/levels.json).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Level number, as the game numbers them (beyond 200 it cycles; optional when --file holds one level).
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

/// The device named by `spec`: an index, the name itself, or a case-insensitive part of exactly one name.
pub fn find_device(spec: &str) -> Result<&'static Device, CliError> {
    let list = devices();
    if let Ok(i) = spec.parse::<usize>() {
        return list.get(i).ok_or_else(|| {
            CliError::arg(format!(
                "--device {i}: the devices are numbered 0 to {}",
                list.len() - 1
            ))
        });
    }
    let needle = spec.to_lowercase();
    if let Some(d) = list.iter().find(|d| d.name.to_lowercase() == needle) {
        return Ok(d);
    }
    let matches: Vec<&Device> = list
        .iter()
        .filter(|d| d.name.to_lowercase().contains(&needle))
        .collect();
    let names = |ds: &[&Device]| {
        ds.iter()
            .map(|d| d.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match matches.as_slice() {
        [one] => Ok(one),
        [] => Err(CliError::arg(format!(
            "--device {spec:?} names no device; the devices are {}",
            names(&list.iter().collect::<Vec<_>>())
        ))),
        many => Err(CliError::arg(format!(
            "--device {spec:?} names {} devices ({}): say which",
            many.len(),
            names(many)
        ))),
    }
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
        sim.apply(*mv).map_err(|source| CliError::Replay {
            what: format!(
                "level {number}: move {i} of the stored solution ({})",
                crate::output::move_name(*mv)
            ),
            source,
        })?;
    }
    let pic = picture(&sim, device, Palette::shipped(), &CameraParams::default());
    write_atomic(&args.out, &encode(&pic, format)?)?;
    say!(
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
