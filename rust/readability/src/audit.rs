//! ReadabilityAudit (docs/design.md §6, readability half): what the player's thumb and eyes get, measured before
//! anyone playtests. For one level: replay its solution state by state with [`GameSim`] and, on every
//! device, check each accessible screw's tap collider for size, HUD and safe-area clearance, and overlap
//! with other accessible screws; check every screw against its plate and every two touching plates
//! ([`super::plate_contrast`]); and check that the level's colours are in the audited palette.
//!
//! Bug switches (each makes a shipped-looking level fail, tested in `tests/readability_audit.rs`):
//! `params.fit_between_hud = false` (the scene forgets the HUD) and a larger `params.screw_radius`
//! (colliders grown until neighbours swallow each other); the marks' switches are
//! [`super::mark_audit`]'s.
//!
//! Why overlap and HUD need the switches: with the shipped camera they cannot fail on a valid level. A
//! screw still in the board is always under its own part (rest pose, or the hanging pose that contains
//! its pivot), so two accessible screws never share a cell, and the camera is fitted so the whole board
//! lies between the HUD bands. The checks guard the camera model and its sizes, which is where those
//! bugs come from.

use std::sync::Arc;

use serde::Serialize;

use screwsmith_rules::cells::bits;
use screwsmith_rules::sim::{CompiledLevel, GameSim, Move};

use super::camera::CameraParams;
use super::devices::{devices, Device};
use super::hit_targets::{DeviceView, Edge, MIN_FRACTION, MIN_TAPPABLE};
use super::mark_audit::{level_failures, MarkFailure};
use super::marks::MarkColours;
use super::palette::Palette;
use super::palette_audit::{audit_palette, PaletteReport, Shade};
use super::plate_contrast::{PlateContrast, PlatesTouch, ScrewOnPlate};
use super::plates::PlateTints;

/// Audit settings. [`AuditConfig::default`] is the shipped camera, devices and floors.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditConfig {
    pub params: CameraParams,
    pub devices: Vec<Device>,
    pub min_fraction: f64,
    pub min_tappable: f64,
    /// Palette colours a level may use (indices below this).
    pub palette_size: usize,
    /// The plate tints the screw-vs-plate and plate-vs-plate checks measure (the game's, from the
    /// palette; tests swap in broken tables).
    pub plates: PlateTints,
    /// The lock, key and bomb marks' colours and pairing list (tests swap in broken ones).
    pub marks: MarkColours,
}

impl Default for AuditConfig {
    fn default() -> Self {
        AuditConfig {
            params: CameraParams::default(),
            devices: devices().to_vec(),
            min_fraction: MIN_FRACTION,
            min_tappable: MIN_TAPPABLE,
            palette_size: Palette::shipped().colours.len(),
            plates: Palette::shipped().plates.clone(),
            marks: MarkColours::shipped(),
        }
    }
}

/// One screw's collider, where and when it was measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Measured {
    /// Replay state: 0 = the start, k = after k moves.
    pub state: usize,
    pub screw: u16,
    pub device: String,
    /// Collider diameter / screen width.
    pub fraction: f64,
    /// Collider diameter in dp (Android) or pt (iOS).
    pub size: f64,
    pub unit: &'static str,
    /// The platform's touch guideline in the same unit (48 dp / 44 pt).
    pub guideline: f64,
    pub mm: f64,
}

/// Why a level fails the audit.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Failure {
    /// A collider narrower than the floor (once per screw and device, at its first accessible state).
    TooSmall {
        #[serde(flatten)]
        target: Measured,
        floor: f64,
    },
    /// Nearer colliders cover so much of this one that it cannot be tapped.
    Overlap {
        state: usize,
        screw: u16,
        device: String,
        /// Share of its collider still tappable.
        tappable: f64,
        /// The screws covering it.
        by: Vec<u16>,
    },
    /// A collider reaches under a HUD band or out of the safe area.
    UnderHud {
        state: usize,
        screw: u16,
        device: String,
        edge: Edge,
        /// Pixels past the edge.
        by_px: f64,
    },
    /// A screw's colour too near its plate's tint (for one vision, bright or dimmed).
    ScrewOnPlate(ScrewOnPlate),
    /// Two touching plates of different parts too near in tint.
    PlatesTouch(PlatesTouch),
    /// A lock, key or bomb mark too small, too faint, or paired ambiguously.
    Mark(MarkFailure),
    /// A screw colour the audited palette does not have.
    ColourOutsidePalette { colour: u8, palette_size: usize },
    /// The move list did not replay.
    BadMove {
        index: usize,
        #[serde(rename = "move")]
        mv: Move,
        error: String,
    },
}

/// Worth a look, not a failure.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Warning {
    /// The level's smallest target relative to its platform's guideline (44 pt / 48 dp) is under it.
    BelowGuideline {
        #[serde(flatten)]
        target: Measured,
    },
    /// No stored solution: only the start state was audited.
    NoSolution,
}

/// The verdict for one level.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LevelReadability {
    pub level: u32,
    /// States replayed (start included).
    pub states: usize,
    /// The smallest collider (by screen-width fraction) of any accessible screw on any device.
    pub smallest: Option<Measured>,
    /// The smallest collider relative to its platform's guideline.
    pub smallest_vs_guideline: Option<Measured>,
    pub failures: Vec<Failure>,
    pub warnings: Vec<Warning>,
}

impl LevelReadability {
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

fn measured(view: &DeviceView, device: &Device, state: usize, screw: u16, j: usize) -> Measured {
    let t = &view.targets[j];
    Measured {
        state,
        screw,
        device: device.name.clone(),
        fraction: t.fraction,
        size: t.points,
        unit: device.platform.unit(),
        guideline: device.platform.guideline(),
        mm: t.mm,
    }
}

/// Audits one level along `moves` (the stored solution, or an explicit list for hand-made levels).
pub fn audit_level(level: &CompiledLevel, moves: &[Move], cfg: &AuditConfig) -> LevelReadability {
    let level = Arc::new(level.clone());
    let mut report = LevelReadability {
        level: level.data().number,
        states: 0,
        smallest: None,
        smallest_vs_guideline: None,
        failures: Vec::new(),
        warnings: Vec::new(),
    };
    for &colour in &level.data().colors {
        if colour as usize >= cfg.palette_size {
            report.failures.push(Failure::ColourOutsidePalette {
                colour,
                palette_size: cfg.palette_size,
            });
        }
    }
    report.failures.extend(
        level_failures(&level, &cfg.params, &cfg.devices, &cfg.marks)
            .into_iter()
            .map(Failure::Mark),
    );
    let views: Vec<DeviceView> = cfg
        .devices
        .iter()
        .map(|d| DeviceView::new(&level, d, &cfg.params))
        .collect();
    // Per device: screws already measured (size, HUD) and screws already reported as overlapped.
    let mut seen = 0u128;
    let mut overlapped = vec![0u128; views.len()];
    let mut sim = GameSim::new(level.clone());
    let mut contrast = PlateContrast::default();
    let mut state = 0;
    loop {
        contrast.check(&sim, state, Palette::shipped(), &cfg.plates);
        let accessible = sim.accessible_mask();
        if accessible != 0 {
            report.states += 1;
        }
        for j in bits(accessible) {
            let (j, id) = (j as usize, level.screws()[j as usize].id);
            for (v, (view, device)) in views.iter().zip(&cfg.devices).enumerate() {
                if seen >> j & 1 == 0 {
                    check_target(&mut report, view, device, state, id, j, cfg);
                }
                if overlapped[v] >> j & 1 == 0 {
                    let (tappable, by) = view.tappable(j, accessible);
                    if tappable < cfg.min_tappable {
                        overlapped[v] |= 1u128 << j;
                        report.failures.push(Failure::Overlap {
                            state,
                            screw: id,
                            device: device.name.clone(),
                            tappable,
                            by: by.iter().map(|&i| level.screws()[i as usize].id).collect(),
                        });
                    }
                }
            }
        }
        seen |= accessible;
        let Some(&mv) = moves.get(state) else { break };
        if let Err(e) = sim.apply(mv) {
            report.failures.push(Failure::BadMove {
                index: state,
                mv,
                error: e.to_string(),
            });
            break;
        }
        state += 1;
    }
    report
        .failures
        .extend(contrast.screws.into_iter().map(Failure::ScrewOnPlate));
    report
        .failures
        .extend(contrast.plates.into_iter().map(Failure::PlatesTouch));
    if let Some(s) = &report.smallest_vs_guideline {
        if s.size < s.guideline {
            report
                .warnings
                .push(Warning::BelowGuideline { target: s.clone() });
        }
    }
    report
}

/// Size and HUD checks for screw `j` the first time it is accessible.
fn check_target(
    report: &mut LevelReadability,
    view: &DeviceView,
    device: &Device,
    state: usize,
    id: u16,
    j: usize,
    cfg: &AuditConfig,
) {
    let m = measured(view, device, state, id, j);
    if report
        .smallest
        .as_ref()
        .is_none_or(|s| m.fraction < s.fraction)
    {
        report.smallest = Some(m.clone());
    }
    if report
        .smallest_vs_guideline
        .as_ref()
        .is_none_or(|s| m.size / m.guideline < s.size / s.guideline)
    {
        report.smallest_vs_guideline = Some(m.clone());
    }
    if m.fraction < cfg.min_fraction {
        report.failures.push(Failure::TooSmall {
            target: m,
            floor: cfg.min_fraction,
        });
    }
    if let Some((edge, by_px)) = view.targets[j].outside {
        report.failures.push(Failure::UnderHud {
            state,
            screw: id,
            device: device.name.clone(),
            edge,
            by_px,
        });
    }
}

/// Audits one level along its stored solution (`measure.solution`); without one, only the start state,
/// with a [`Warning::NoSolution`].
pub fn audit_stored(level: &CompiledLevel, cfg: &AuditConfig) -> LevelReadability {
    let moves = level
        .data()
        .measure
        .as_ref()
        .map(|m| m.solution.as_slice())
        .unwrap_or(&[]);
    let mut report = audit_level(level, moves, cfg);
    if moves.is_empty() {
        report.warnings.push(Warning::NoSolution);
    }
    report
}

/// The generator's curate check and the validator's: audits a finished level along its stored solution
/// with the shipped settings; `Err` carries a one-line reason naming the first failure.
pub fn check_level(data: &screwsmith_rules::level::LevelData) -> Result<(), ReadabilityError> {
    check_compiled(&CompiledLevel::new(data.clone())?)
}

/// [`check_level`] for a level the caller has already compiled (the validator), so it is not compiled
/// twice.
pub fn check_compiled(level: &CompiledLevel) -> Result<(), ReadabilityError> {
    let report = audit_stored(level, &AuditConfig::default());
    let count = report.failures.len();
    match report.failures.into_iter().next() {
        None => Ok(()),
        Some(first) => Err(ReadabilityError::Failed {
            level: level.data().number,
            count,
            first: Box::new(first),
        }),
    }
}

/// Why [`check_level`] rejects a level: typed, so a caller (the bake's curation, the Daily Bench) keeps
/// the failure itself rather than a string.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReadabilityError {
    #[error(transparent)]
    Level(#[from] screwsmith_rules::level::LevelError),
    #[error("level {level} fails the readability audit ({count} {}); first: {first}", if *count == 1 { "failure" } else { "failures" })]
    Failed {
        level: u32,
        count: usize,
        first: Box<Failure>,
    },
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::TooSmall { target, floor } => write!(
                f,
                "screw {} is too small to tap on the {} at move {}: {:.2} % of the screen width, under the {:.2} % floor",
                target.screw,
                target.device,
                target.state,
                target.fraction * 100.0,
                floor * 100.0
            ),
            Failure::Overlap { state, screw, device, tappable, by } => write!(
                f,
                "screw {screw} is covered by screws {by:?} on the {device} at move {state}: only {:.0} % of it can be tapped",
                tappable * 100.0
            ),
            Failure::UnderHud { state, screw, device, edge, by_px } => write!(
                f,
                "screw {screw} reaches {by_px:.1} px under the {} edge on the {device} at move {state}",
                edge.name()
            ),
            Failure::ScrewOnPlate(s) => write!(
                f,
                "screw {} ({}) on part {}'s plate at move {}: ΔE {:.1} ({}), under the {:.0} floor",
                s.screw,
                match s.shade {
                    Shade::Bright => "bright",
                    Shade::Dimmed => "dimmed",
                },
                s.part,
                s.state,
                s.delta_e,
                s.vision.name(),
                s.floor
            ),
            Failure::PlatesTouch(p) => write!(
                f,
                "parts {} and {} touch at move {} in tints ΔE {:.1} apart, under the {:.0} floor",
                p.a, p.b, p.state, p.delta_e, p.floor
            ),
            Failure::Mark(m) => write!(f, "{m}"),
            Failure::ColourOutsidePalette { colour, palette_size } => write!(
                f,
                "colour {colour} is not in the palette ({palette_size} colours)"
            ),
            Failure::BadMove { index, mv, error } => {
                write!(f, "move {} ({mv}) of the stored solution does not replay: {error}", index + 1)
            }
        }
    }
}

/// The verdict over a level set, with the palette's.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SetReadability {
    pub palette: PaletteReport,
    pub levels: Vec<LevelReadability>,
}

impl SetReadability {
    pub fn passed(&self) -> bool {
        self.palette.passed() && self.levels.iter().all(LevelReadability::passed)
    }

    /// The smallest collider over the set, with its level.
    pub fn smallest(&self) -> Option<(u32, &Measured)> {
        self.levels
            .iter()
            .filter_map(|l| l.smallest.as_ref().map(|s| (l.level, s)))
            .min_by(|a, b| a.1.fraction.total_cmp(&b.1.fraction))
    }
}

/// Audits a palette and every level along its stored solution.
pub fn audit_set(
    levels: &[Arc<CompiledLevel>],
    palette: &Palette,
    cfg: &AuditConfig,
) -> SetReadability {
    SetReadability {
        palette: audit_palette(palette),
        levels: levels.iter().map(|l| audit_stored(l, cfg)).collect(),
    }
}
