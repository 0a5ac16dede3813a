//! `screwsmith render`: a level state as the camera sees it on one device — panels as outlined shapes
//! tinted per piece, screws with colour and pattern (dimmed when blocked), tap colliders dashed, HUD
//! bands with crates and rail, and a footer with caption and legend — for designers, instead of reading
//! JSON. `--state K` plays the first K moves of the stored solution; `--view designer` adds what the
//! player cannot see (covered screws, hidden colours, rest places, the crate queue); `--solution`
//! plays the whole stored solution, one frame per move, as an animated `.apng` or a contact-sheet
//! `.png`. Locked screws carry a padlock, key screws a key (numbered when there are several) and
//! bombs their moves left ([`crate::draw::mechanics`]).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, ValueEnum};
use screwsmith_readability::{devices, CameraParams, Device};
use screwsmith_rules::{CompiledLevel, GameSim, Move};
use screwsmith_studio::scene::{mark_next_move, shipped_picture, Picture, View};

use crate::draw::frames::{apng, contact_sheet};
use crate::draw::mechanics::mark_mechanics;
use crate::draw::png::picture_pixmap;
use crate::draw::{encode, png, Format};
use crate::error::CliError;
use crate::input::{chosen_level, level_title};
use crate::output::write_atomic;

/// Which picture of a state (`--view`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ViewArg {
    /// What the player's camera shows (the default).
    Camera,
    /// Every layer: covered screws faded over their covers, hidden colours, rest places, crate queue.
    Designer,
}

impl From<ViewArg> for View {
    fn from(v: ViewArg) -> View {
        match v {
            ViewArg::Camera => View::Camera,
            ViewArg::Designer => View::Designer,
        }
    }
}

#[derive(Args)]
pub struct RenderArgs {
    /// Level file (default: the checkout's levels/levels.json).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Level number, as the game numbers them (beyond 200 fresh or the cycle; optional when --file holds one level).
    #[arg(long)]
    level: Option<u32>,
    /// Draw the level's help copy (what the 4th try after three losses serves) instead of the level.
    #[arg(long)]
    help_copy: bool,
    /// Moves of the stored solution to play first (0 = the start).
    #[arg(long, default_value_t = 0)]
    state: usize,
    /// Device: an index into the device list or part of its name (default: Pixel 7).
    #[arg(long, default_value = "Pixel 7")]
    device: String,
    /// What to show: the player's camera, or the designer's view of every layer.
    #[arg(long, value_enum, default_value_t = ViewArg::Camera)]
    view: ViewArg,
    /// Play the whole stored solution from --state on, one frame per move: an animated .apng, or a
    /// contact-sheet .png of all frames.
    #[arg(long)]
    solution: bool,
    /// Picture scale (default: 1 for one state, 0.5 for an .apng, 0.25 for a contact sheet).
    #[arg(long)]
    scale: Option<f64>,
    /// Frames per row of a contact sheet.
    #[arg(long, default_value_t = 7)]
    columns: usize,
    /// Output file: .svg, .png or .apng.
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

/// The level's stored solution (empty when it has none).
fn stored_solution(level: &CompiledLevel) -> Vec<Move> {
    level
        .data()
        .measure
        .as_ref()
        .map(|m| m.solution.clone())
        .unwrap_or_default()
}

/// Plays solution move `i` on `sim`.
fn play(sim: &mut GameSim, i: usize, mv: Move) -> Result<(), CliError> {
    let number = sim.level().data().number;
    sim.apply(mv)
        .map(|_| ())
        .map_err(|source| CliError::Replay {
            what: format!(
                "level {number}: move {i} of the stored solution ({})",
                crate::output::move_name(mv)
            ),
            source,
        })
}

/// The pictures of the stored solution from state `from` to the end, and a label per frame.
pub fn solution_frames(
    level: Arc<CompiledLevel>,
    from: usize,
    device: &Device,
    view: View,
) -> Result<(Vec<Picture>, Vec<String>), CliError> {
    let solution = stored_solution(&level);
    let mut sim = GameSim::new(level);
    let params = CameraParams::default();
    let draw = |sim: &GameSim| marked_picture(sim, device, view);
    let label = |k: usize| {
        if k == 0 {
            "start".to_string()
        } else {
            format!("move {k}")
        }
    };
    let (mut pictures, mut labels) = (Vec::new(), Vec::new());
    for (i, mv) in solution.iter().enumerate() {
        if i >= from {
            let mut pic = draw(&sim);
            mark_next_move(&mut pic, &sim, device, &params, *mv);
            pictures.push(pic);
            labels.push(label(i));
        }
        play(&mut sim, i, *mv)?;
    }
    pictures.push(draw(&sim));
    labels.push(format!(
        "{}: {}",
        label(solution.len()),
        sim.status().name()
    ));
    Ok((pictures, labels))
}

/// The picture of the state after the first `state` moves of the stored solution.
pub fn state_picture(
    level: Arc<CompiledLevel>,
    state: usize,
    device: &Device,
    view: View,
) -> Result<Picture, CliError> {
    let mut sim = GameSim::new(level);
    for (i, mv) in stored_solution(sim.level())
        .into_iter()
        .take(state)
        .enumerate()
    {
        play(&mut sim, i, mv)?;
    }
    Ok(marked_picture(&sim, device, view))
}

/// The picture of `sim`'s state with its lock, key and bomb marks.
pub fn marked_picture(sim: &GameSim, device: &Device, view: View) -> Picture {
    let mut pic = shipped_picture(sim, device, view);
    mark_mechanics(&mut pic, sim, device, &CameraParams::default(), view);
    pic
}

pub fn run(args: RenderArgs) -> Result<ExitCode, CliError> {
    let format = Format::of(&args.out)?;
    let device = find_device(&args.device)?;
    let level = chosen_level(args.level, args.file, args.help_copy)?;
    let number = level.data().number;
    let title = level_title(args.level, number);
    let moves = stored_solution(&level).len();
    if args.state > moves {
        return Err(CliError::arg(format!(
            "--state {}: level {} has a stored solution of {} moves",
            args.state, number, moves
        )));
    }
    if let Some(s) = args.scale.filter(|s| !(0.05..=4.0).contains(s)) {
        return Err(CliError::arg(format!("--scale {s}: between 0.05 and 4")));
    }
    let view = View::from(args.view);
    let (bytes, what) = if args.solution {
        let (pictures, labels) = solution_frames(level, args.state, device, view)?;
        let n = pictures.len();
        let bytes = match format {
            Format::Apng => apng(&pictures, args.scale.unwrap_or(0.5))?,
            Format::Png => {
                contact_sheet(&pictures, &labels, args.scale.unwrap_or(0.25), args.columns)?
            }
            Format::Svg => {
                return Err(CliError::arg(format!(
                    "{}: --solution writes an animated .apng or a contact-sheet .png",
                    args.out.display()
                )))
            }
        };
        (
            bytes,
            format!("{n} frames, states {}..={moves}", args.state),
        )
    } else {
        let pic = state_picture(level, args.state, device, view)?;
        let bytes = match (args.scale, format) {
            (Some(s), Format::Png) => png::png_bytes(&picture_pixmap(&pic, s)?)?,
            (Some(s), Format::Apng) => apng(std::slice::from_ref(&pic), s)?,
            _ => encode(&pic, format)?,
        };
        let s = args.scale.unwrap_or(1.0);
        let (w, h) = (
            (pic.width as f64 * s).round(),
            (pic.height as f64 * s).round(),
        );
        (bytes, format!("state {} ({w}x{h})", args.state))
    };
    write_atomic(&args.out, &bytes)?;
    say!(
        "{title} {what} on {}, {} view: {} ({} bytes)",
        device.name,
        match args.view {
            ViewArg::Camera => "camera",
            ViewArg::Designer => "designer",
        },
        args.out.display(),
        bytes.len()
    );
    Ok(ExitCode::SUCCESS)
}
