//! The rendered-pixel audit on frames painted here as a renderer would draw them: a faithful painting
//! of shipped levels passes on every audited device, and each bug switch the engine test renders — the
//! plates' tints read as linear (the old vertex-colour handling on Mobile), one tint per layer, a screw
//! head the colour of its plate, covered screws left unseen under their plates, a loosened rusty screw
//! drawn without its collar — is caught, named by level, state, device and pair.

use std::sync::Arc;

use screwsmith_readability::camera::{Camera, CameraParams};
use screwsmith_readability::colour_vision::Rgb8;
use screwsmith_readability::devices;
use screwsmith_readability::frame::{agreement, Frame};
use screwsmith_readability::pixel_audit::{audit_frame, replay, PixelReport, Rule};
use screwsmith_readability::plates::PlateTints;
use screwsmith_readability::Palette;
use screwsmith_rules::cells::bits;
use screwsmith_rules::level::ScrewKind;
use screwsmith_rules::{CompiledLevel, GameSim, LevelFile};

const BACKGROUND: Rgb8 = [26, 28, 38];

fn shipped(numbers: &[u32]) -> Vec<Arc<CompiledLevel>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let file: LevelFile = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    file.levels
        .into_iter()
        .filter(|l| numbers.contains(&l.number))
        .map(|l| Arc::new(CompiledLevel::new(l).unwrap()))
        .collect()
}

/// How a painter draws: the plate tints it uses and what it does to every colour on the way out.
struct Painter {
    tints: PlateTints,
    out: fn(Rgb8) -> Rgb8,
    /// Screw heads drawn in their plate's tint instead of their own colour.
    heads_as_plate: bool,
    /// Covered screws left under their plates, unseen (the opaque plates the board once drew).
    covered_unseen: bool,
    /// A loosened rusty screw's steel collar drawn round its head (without it, it looks normal).
    collars: bool,
}

impl Painter {
    fn faithful() -> Painter {
        Painter {
            tints: Palette::shipped().plates.clone(),
            out: |c| c,
            heads_as_plate: false,
            covered_unseen: false,
            collars: true,
        }
    }

    /// Plates bottom layer first (each cell's square on its layer), then every screw not covered,
    /// then the covered ones on the plates they are seen through.
    fn paint(&self, sim: &GameSim, camera: &Camera) -> Frame {
        let level = sim.level();
        let w = level.data().width as usize;
        let mut f = Frame::filled(
            camera.viewport_w as u32,
            camera.viewport_h as u32,
            BACKGROUND,
        );
        for layer in level.parts_by_layer() {
            for &p in layer {
                let part = &level.parts()[p as usize];
                let tint = (self.out)(self.tints.tint(part.layer, part.id, sim.pose(p as usize)));
                for c in bits(sim.poses()[p as usize]) {
                    let (x, y) = ((c as usize % w) as u8, (c as usize / w) as u8);
                    let r = camera.cell_rect(x, y, part.layer);
                    f.paint_rect(r.left, r.top, r.right, r.bottom, tint);
                }
            }
        }
        let palette = Palette::shipped();
        for i in bits(sim.accessible_mask()) {
            let s = &level.screws()[i as usize];
            let part = &level.parts()[s.part as usize];
            let colour = if self.heads_as_plate {
                self.tints
                    .tint(part.layer, part.id, sim.pose(s.part as usize))
            } else if sim.is_known(i as u8) {
                palette.colour(s.color).unwrap().bright
            } else {
                [150, 150, 160]
            };
            let head = camera.head_circle(s.xy[0], s.xy[1], s.layer);
            if self.collars && s.kind == ScrewKind::Rusty && sim.touches(i as u8) > 0 {
                let look = palette.rusty.loosened;
                f.paint_disc(head.x, head.y, head.r * 1.28, (self.out)(look));
            }
            f.paint_disc(head.x, head.y, head.r, (self.out)(colour));
        }
        // Covered screws whose colour is known: dimmed, flat on the plate they are seen through.
        for i in bits(level.all_screws() & !sim.removed_mask() & !sim.accessible_mask()) {
            let s = &level.screws()[i as usize];
            let cover = sim.cover_part(i as u8).expect("covered");
            if self.covered_unseen || !sim.is_known(i as u8) {
                continue;
            }
            let colour = palette.colour(s.color).unwrap().dimmed;
            let layer = level.parts()[cover].layer;
            let head = camera.covered_head_circle(s.xy[0], s.xy[1], layer);
            f.paint_disc(head.x, head.y, head.r, (self.out)(colour));
        }
        f
    }
}

/// Every level of `numbers` at its start and two later states, on every audited device.
fn audit(numbers: &[u32], painter: &Painter) -> PixelReport {
    let mut report = PixelReport {
        renderer: "painter".into(),
        ..Default::default()
    };
    for level in shipped(numbers) {
        let n = level.data().measure.as_ref().unwrap().solution.len();
        for moves in [0, n / 3, 2 * n / 3] {
            let sim = replay(&level, moves).unwrap();
            for device in devices() {
                let camera = Camera::for_level(&CameraParams::default(), &level, device);
                let frame = painter.paint(&sim, &camera);
                audit_frame(&mut report, &frame, &sim, device, moves);
            }
        }
    }
    report
}

fn rules(report: &PixelReport) -> Vec<Rule> {
    let mut r: Vec<Rule> = report.failures.iter().map(|f| f.rule).collect();
    r.dedup();
    r
}

const LEVELS: [u32; 4] = [1, 12, 36, 180];

#[test]
fn a_faithful_painting_passes_on_every_device() {
    let report = audit(&LEVELS, &Painter::faithful());
    let first = report.failures.first().map(ToString::to_string);
    assert!(
        report.passed(),
        "{first:?} ({} in all)",
        report.failures.len()
    );
    assert_eq!(report.frames, LEVELS.len() * 3 * devices().len());
    assert!(
        report.screw_pairs > 200 && report.plate_pairs > 100,
        "{report:?}"
    );
    assert!(
        report.extremes.drawn_vs_palette < 0.01,
        "{:?}",
        report.extremes
    );
    assert!(
        report.extremes.screw_on_plate >= 11.0,
        "{:?}",
        report.extremes
    );
}

/// The old handling: Mobile took the sRGB tints for linear values, so every plate came out light.
#[test]
fn tints_read_as_linear_fail_drawn_as_palette() {
    let washed = Painter {
        out: |c| {
            let encode = |v: u8| {
                let l = v as f64 / 255.0;
                let s = if l <= 0.0031308 {
                    12.92 * l
                } else {
                    1.055 * l.powf(1.0 / 2.4) - 0.055
                };
                (s * 255.0).round() as u8
            };
            [encode(c[0]), encode(c[1]), encode(c[2])]
        },
        ..Painter::faithful()
    };
    let report = audit(&[1], &washed);
    assert!(rules(&report).contains(&Rule::DrawnAsPalette), "{report:?}");
    let f = &report.failures[0];
    let text = f.to_string();
    assert!(
        text.starts_with("level 1 state 0 on Android HD+ 720x1600 (painter): part "),
        "{text}"
    );
    assert!(f.delta_e > 20.0, "{text}");
}

#[test]
fn one_tint_per_layer_fails_touching_plates() {
    let flat = Painter {
        tints: Palette::shipped().plates.one_tint_per_layer(),
        ..Painter::faithful()
    };
    let report = audit(&LEVELS, &flat);
    let touching: Vec<_> = report
        .failures
        .iter()
        .filter(|f| f.rule == Rule::PlatesTouch)
        .collect();
    assert!(!touching.is_empty(), "{report:?}");
    assert!(touching[0].pair.starts_with("parts "), "{}", touching[0]);
    assert!(touching[0].delta_e < 1.0, "{}", touching[0]);
    // The core's tints say otherwise: what was drawn is not what is audited.
    assert!(rules(&report).contains(&Rule::DrawnAsPalette));
}

/// The report's first screw-on-plate failure is a `shade` head drawn in its plate's colour.
fn assert_head_on_plate_caught(report: &PixelReport, shade: &str) {
    let f = report
        .failures
        .iter()
        .find(|f| f.rule == Rule::ScrewOnPlate)
        .expect("caught");
    assert!(f.pair.contains(&format!("({shade}) on part")), "{f}");
    assert!(f.delta_e < 1.0, "{f}");
}

#[test]
fn a_head_in_its_plate_colour_fails_screw_on_plate() {
    let report = audit(
        &[1],
        &Painter {
            heads_as_plate: true,
            ..Painter::faithful()
        },
    );
    assert_head_on_plate_caught(&report, "bright");
}

#[test]
fn covered_screws_left_unseen_under_their_plates_are_caught() {
    // Level 36 starts with screws under plates; painted as the opaque plates once drew them, the
    // audit finds the plate where the rules say a dimmed head is seen.
    let faithful = audit(&[36], &Painter::faithful());
    assert!(faithful.passed(), "{:?}", faithful.failures.first());
    let report = audit(
        &[36],
        &Painter {
            covered_unseen: true,
            ..Painter::faithful()
        },
    );
    assert_head_on_plate_caught(&report, "dimmed");
    assert!(report
        .failures
        .iter()
        .any(|f| f.rule == Rule::DrawnAsPalette && f.pair.contains("(dimmed)")));
}

#[test]
fn faithful_and_washed_frames_disagree_over_the_board() {
    let level = &shipped(&[1])[0];
    let sim = replay(level, 0).unwrap();
    let camera = Camera::for_level(&CameraParams::default(), level, &devices()[0]);
    let good = Painter::faithful().paint(&sim, &camera);
    assert!(agreement(&good, &good.clone()).unwrap().passes());
    let washed = Painter {
        out: |c| {
            [
                c[0].saturating_add(90),
                c[1].saturating_add(90),
                c[2].saturating_add(90),
            ]
        },
        ..Painter::faithful()
    }
    .paint(&sim, &camera);
    let a = agreement(&good, &washed).unwrap();
    assert!(!a.passes() && a.mean_l_b - a.mean_l_a > 10.0, "{a:?}");
}

/// The first shipped state (level, moves of its stored solution) with a loosened rusty screw standing
/// uncovered on its plate.
fn loosened_state() -> (Arc<CompiledLevel>, usize) {
    let numbers: Vec<u32> = (1..=60).collect();
    for level in shipped(&numbers) {
        let n = level.data().measure.as_ref().unwrap().solution.len();
        for moves in 1..n {
            let sim = replay(&level, moves).unwrap();
            let loose = bits(sim.accessible_mask()).any(|i| {
                level.screws()[i as usize].kind == ScrewKind::Rusty && sim.touches(i as u8) > 0
            });
            if loose {
                return (level.clone(), moves);
            }
        }
    }
    panic!("no shipped state with a loosened rusty screw");
}

fn audit_loosened(painter: &Painter) -> PixelReport {
    let (level, moves) = loosened_state();
    let sim = replay(&level, moves).unwrap();
    let mut report = PixelReport {
        renderer: "painter".into(),
        ..Default::default()
    };
    for device in devices() {
        let camera = Camera::for_level(&CameraParams::default(), &level, device);
        audit_frame(
            &mut report,
            &painter.paint(&sim, &camera),
            &sim,
            device,
            moves,
        );
    }
    report
}

#[test]
fn a_loosened_screw_s_collar_is_measured() {
    let report = audit_loosened(&Painter::faithful());
    assert!(report.passed(), "{:#?}", report.failures);
}

/// The switch: a loosened rusty screw drawn like a normal one (no collar) is caught, by its collar's
/// colour and against its plate.
#[test]
fn a_loosened_screw_drawn_without_its_collar_is_caught() {
    let report = audit_loosened(&Painter {
        collars: false,
        ..Painter::faithful()
    });
    let collar = |rule| {
        report
            .failures
            .iter()
            .any(|f| f.rule == rule && f.pair.contains("loosened collar"))
    };
    assert!(collar(Rule::DrawnAsPalette), "{:#?}", report.failures);
    assert!(collar(Rule::ScrewOnPlate), "{:#?}", report.failures);
}
