//! The rendered-pixel readability audit: what the engine drew, measured against what the core audits.
//! `godot_project/tests/pixels/render_frames.gd` renders the board with one renderer at the audited
//! devices (each with its safe-area insets) on chosen levels, at the opening state and after prefixes of
//! the stored solution, and lists every frame in `manifest.json`. Here each listed state is replayed in
//! the core, the screws and plates are found through the camera model ([`super::pixel_points`]) and the
//! pixels are measured:
//!
//! - a screw head against its plate: CIE76 ΔE ≥ 11, ≥ 9 after protan / deutan simulation;
//! - two touching plates: ΔE ≥ [`super::plate_contrast::PLATE_FLOOR`];
//! - every drawn colour against its palette colour (screw bright or dimmed, plate tint, a loosened
//!   rusty screw's collar): ΔE ≤ [`DRAWN_CEILING`], which is what makes the core's tint audits true
//!   of the picture;
//! - a loosened rusty screw's collar against its plate, at the screw's floors: the collar is what
//!   shows the screw loosened (`super::loosened_audit`).
//!
//! Bug switches (`render_frames.gd --switch=…`, and synthetic frames in `tests/pixel_audit.rs`): the
//! plates' old lit vertex-colour material (Mobile reads the tints as linear: every plate drawn far too
//! light) and one tint per layer (touching plates of a layer drawn alike).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use screwsmith_rules::sim::{CompiledLevel, GameSim};

use super::camera::{Camera, CameraParams, ScreenCircle};
use super::colour_vision::{delta_e, Rgb8, Vision};
use super::devices::{devices, Device};
use super::frame::{Frame, FrameError};
use super::palette::Palette;
use super::palette_audit::{floor, Shade};
use super::pixel_points::{spots, Spots};
use super::plate_contrast::PLATE_FLOOR;

/// The largest ΔE between a drawn colour and its palette colour.
pub const DRAWN_CEILING: f64 = 3.0;

/// What `render_frames.gd` writes beside its frames.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Manifest {
    pub renderer: String,
    #[serde(default)]
    pub switch: String,
    pub frames: Vec<FrameEntry>,
}

impl Manifest {
    /// `dir/manifest.json`.
    pub fn read(dir: &Path) -> Result<Manifest, PixelError> {
        let path = dir.join("manifest.json");
        let text = std::fs::read_to_string(&path).map_err(|source| PixelError::Read {
            path: path.clone(),
            source,
        })?;
        serde_json::from_str(&text).map_err(|source| PixelError::Manifest { path, source })
    }
}

/// One rendered frame: level `level` after the first `moves` moves of its stored solution, on device
/// `device` (an index into [`devices`]).
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct FrameEntry {
    pub file: String,
    pub level: u32,
    pub moves: usize,
    pub device: usize,
    pub width: u32,
    pub height: u32,
}

/// Why a frame directory cannot be audited (not a failed check: those are [`PixelFailure`]s).
#[derive(Debug, thiserror::Error)]
pub enum PixelError {
    #[error("cannot read {path}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} is not a frame manifest")]
    Manifest {
        path: PathBuf,
        #[source]
        source: serde_json::Error,
    },
    #[error(transparent)]
    Frame(#[from] FrameError),
    #[error("{file}: {what}")]
    Entry { file: String, what: String },
}

/// Which rule a measurement falls under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    ScrewOnPlate,
    PlatesTouch,
    DrawnAsPalette,
}

/// One failed measurement, named by level, state, device, renderer and pair.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PixelFailure {
    pub level: u32,
    /// Moves of the stored solution played.
    pub state: usize,
    pub device: String,
    pub renderer: String,
    pub rule: Rule,
    /// What was measured against what ("screw 7 (bright) on part 2", "parts 1 and 3", "part 2").
    pub pair: String,
    pub vision: Vision,
    pub delta_e: f64,
    /// The floor (screw on plate, touching plates) or ceiling (drawn as palette).
    pub limit: f64,
    pub drawn: [Rgb8; 2],
    /// Where in the frame (pixels) the first colour was read.
    pub at: (f64, f64),
}

impl std::fmt::Display for PixelFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (cmp, word) = match self.rule {
            Rule::DrawnAsPalette => (">", "drawn unlike its palette colour"),
            Rule::ScrewOnPlate => ("<", "screw too close to its plate"),
            Rule::PlatesTouch => ("<", "touching plates too close"),
        };
        write!(
            f,
            "level {} state {} on {} ({}): {}: {} ΔE {:.1} {} {} ({}; drawn {:?} / {:?} at {:.0},{:.0})",
            self.level,
            self.state,
            self.device,
            self.renderer,
            self.pair,
            word,
            self.delta_e,
            cmp,
            self.limit,
            self.vision.name(),
            self.drawn[0],
            self.drawn[1],
            self.at.0,
            self.at.1
        )
    }
}

/// The smallest margin found for each rule.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Extremes {
    /// Smallest screw-on-plate ΔE, normal vision.
    pub screw_on_plate: f64,
    /// Smallest screw-on-plate ΔE after protan or deutan simulation.
    pub screw_on_plate_dichromat: f64,
    /// Smallest ΔE between touching plates.
    pub plates_touch: f64,
    /// Largest ΔE between a drawn colour and its palette colour.
    pub drawn_vs_palette: f64,
}

impl Default for Extremes {
    fn default() -> Self {
        Extremes {
            screw_on_plate: f64::INFINITY,
            screw_on_plate_dichromat: f64::INFINITY,
            plates_touch: f64::INFINITY,
            drawn_vs_palette: 0.0,
        }
    }
}

/// What one renderer's frames measured.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct PixelReport {
    pub renderer: String,
    pub frames: usize,
    /// Screw-on-plate pairs measured.
    pub screw_pairs: usize,
    /// Touching-plate pairs measured.
    pub plate_pairs: usize,
    /// Drawn colours compared with their palette colours.
    pub palette_checks: usize,
    /// Spots that fell outside the frame (none on a correct camera).
    pub missed: usize,
    /// Plates and screws with no spot of their plate seen in its lit tint ([`Spots::unlit`]).
    pub unlit: usize,
    pub extremes: Extremes,
    pub failures: Vec<PixelFailure>,
}

impl PixelReport {
    pub fn passed(&self) -> bool {
        self.failures.is_empty() && self.missed == 0 && self.frames > 0
    }
}

/// Reads `dir/manifest.json` and audits every frame it lists; `levels` is the level set the frames
/// were rendered from (by number).
pub fn audit_dir(dir: &Path, levels: &[Arc<CompiledLevel>]) -> Result<PixelReport, PixelError> {
    let manifest = Manifest::read(dir)?;
    let mut report = PixelReport {
        renderer: manifest.renderer.clone(),
        ..Default::default()
    };
    for entry in &manifest.frames {
        let level = levels
            .iter()
            .find(|l| l.data().number == entry.level)
            .ok_or_else(|| PixelError::Entry {
                file: entry.file.clone(),
                what: format!("no level {} in the level set", entry.level),
            })?;
        let device = devices()
            .get(entry.device)
            .ok_or_else(|| PixelError::Entry {
                file: entry.file.clone(),
                what: format!("no device {}", entry.device),
            })?;
        let frame = Frame::load(&dir.join(&entry.file))?;
        if (frame.width, frame.height) != (device.width, device.height) {
            return Err(PixelError::Entry {
                file: entry.file.clone(),
                what: format!(
                    "{}×{} frame for {} ({}×{})",
                    frame.width, frame.height, device.name, device.width, device.height
                ),
            });
        }
        let sim = replay(level, entry.moves).ok_or_else(|| PixelError::Entry {
            file: entry.file.clone(),
            what: format!(
                "level {} does not replay {} moves",
                entry.level, entry.moves
            ),
        })?;
        audit_frame(&mut report, &frame, &sim, device, entry.moves);
    }
    Ok(report)
}

/// `level` after the first `moves` moves of its stored solution; `None` when it has fewer or one is
/// refused.
pub fn replay(level: &Arc<CompiledLevel>, moves: usize) -> Option<GameSim> {
    let solution = &level.data().measure.as_ref()?.solution;
    let mut sim = GameSim::new(Arc::clone(level));
    for &mv in solution.get(..moves)? {
        sim.apply(mv).ok()?;
    }
    Some(sim)
}

/// Measures one frame of `sim`'s state on `device` into `report`.
pub fn audit_frame(
    report: &mut PixelReport,
    frame: &Frame,
    sim: &GameSim,
    device: &Device,
    state: usize,
) {
    let camera = Camera::for_level(&CameraParams::default(), sim.level(), device);
    let palette = Palette::shipped();
    let found = spots(sim, &camera, palette);
    report.frames += 1;
    let Measured {
        plates,
        screws,
        collars,
        missed,
    } = measure(frame, &found);
    let mut readings: Vec<Reading> = Vec::new();
    let mut read = |rule, pair: String, vision, drawn: [Rgb8; 2], at: &ScreenCircle| {
        readings.push(Reading {
            rule,
            delta_e: delta_e(drawn[0], drawn[1], vision),
            pair,
            vision,
            drawn,
            at: (at.x, at.y),
        })
    };
    for (spot, drawn) in found.plates.iter().zip(&plates) {
        if let Some(drawn) = *drawn {
            let pair = format!("part {} against its tint", spot.part);
            read(
                Rule::DrawnAsPalette,
                pair,
                Vision::Normal,
                [drawn, spot.tint],
                &spot.at,
            );
        }
    }
    for &(a, b) in &found.touching {
        if let (Some(da), Some(db)) = (plates[a], plates[b]) {
            let (pa, pb) = (&found.plates[a], &found.plates[b]);
            let pair = format!("parts {} and {}", pa.part, pb.part);
            read(Rule::PlatesTouch, pair, Vision::Normal, [da, db], &pa.at);
        }
    }
    for ((spot, drawn), collar) in found.screws.iter().zip(&screws).zip(&collars) {
        let Some((head, plate)) = *drawn else {
            continue;
        };
        if let (Some(collar), Some((at, _))) = (*collar, spot.collar.as_ref()) {
            let pair = format!("screw {}'s loosened collar against its colour", spot.screw);
            let look = palette.rusty.loosened;
            read(
                Rule::DrawnAsPalette,
                pair,
                Vision::Normal,
                [collar, look],
                at,
            );
            for v in Vision::ALL {
                let pair = format!(
                    "screw {}'s loosened collar on part {}",
                    spot.screw, spot.part
                );
                read(Rule::ScrewOnPlate, pair, v, [collar, plate], at);
            }
        }
        let shade = match spot.shade {
            Shade::Bright => "bright",
            Shade::Dimmed => "dimmed",
        };
        for v in Vision::ALL {
            let pair = format!("screw {} ({shade}) on part {}", spot.screw, spot.part);
            read(Rule::ScrewOnPlate, pair, v, [head, plate], &spot.head);
        }
        if let Some(colour) = spot.colour {
            let pair = format!("screw {} ({shade}) against its palette colour", spot.screw);
            read(
                Rule::DrawnAsPalette,
                pair,
                Vision::Normal,
                [head, colour],
                &spot.head,
            );
        }
    }
    let mut extremes = report.extremes;
    for r in readings {
        let d = r.delta_e;
        let (limit, failed) = match r.rule {
            Rule::DrawnAsPalette => {
                report.palette_checks += 1;
                extremes.drawn_vs_palette = extremes.drawn_vs_palette.max(d);
                (DRAWN_CEILING, d > DRAWN_CEILING)
            }
            Rule::PlatesTouch => {
                report.plate_pairs += 1;
                extremes.plates_touch = extremes.plates_touch.min(d);
                (PLATE_FLOOR, d < PLATE_FLOOR)
            }
            Rule::ScrewOnPlate => {
                if r.vision == Vision::Normal {
                    report.screw_pairs += 1;
                    extremes.screw_on_plate = extremes.screw_on_plate.min(d);
                } else {
                    extremes.screw_on_plate_dichromat = extremes.screw_on_plate_dichromat.min(d);
                }
                (floor(r.vision), d < floor(r.vision))
            }
        };
        if failed {
            report.failures.push(PixelFailure {
                level: sim.level().data().number,
                state,
                device: device.name.clone(),
                renderer: report.renderer.clone(),
                rule: r.rule,
                pair: r.pair,
                vision: r.vision,
                delta_e: d,
                limit,
                drawn: r.drawn,
                at: r.at,
            });
        }
    }
    report.extremes = extremes;
    report.missed += missed;
    report.unlit += found.unlit;
}

/// One measurement: the ΔE of two colours as `vision` sees them, under `rule`.
struct Reading {
    rule: Rule,
    pair: String,
    vision: Vision,
    delta_e: f64,
    drawn: [Rgb8; 2],
    at: (f64, f64),
}

/// The drawn colours at the spots: per plate spot, per screw (head, plate); `None` where a spot left
/// the frame, counted in `missed`.
struct Measured {
    plates: Vec<Option<Rgb8>>,
    screws: Vec<Option<(Rgb8, Rgb8)>>,
    /// Per screw, its loosened collar's drawn colour (`None` without one).
    collars: Vec<Option<Rgb8>>,
    missed: usize,
}

fn measure(frame: &Frame, found: &Spots) -> Measured {
    let mut missed = 0;
    let mut at = |c: &ScreenCircle, r_in: f64, r_out: f64| {
        let got = frame.median_in(c.x, c.y, r_in, r_out.max(1.0));
        missed += usize::from(got.is_none());
        got
    };
    let plates = found
        .plates
        .iter()
        .map(|p| at(&p.at, 0.0, p.at.r))
        .collect();
    let screws = found
        .screws
        .iter()
        .map(|s| {
            let head = at(&s.head, s.ring.0, s.ring.1);
            let plate = at(&s.plate, 0.0, s.plate.r);
            head.zip(plate)
        })
        .collect();
    let collars = found
        .screws
        .iter()
        .map(|s| s.collar.and_then(|(c, ring)| at(&c, ring.0, ring.1)))
        .collect();
    Measured {
        plates,
        screws,
        collars,
        missed,
    }
}
