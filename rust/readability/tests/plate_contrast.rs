//! Screw against plate and plate against plate: the shipped tints keep every screw colour
//! clear of every plate and touching plates apart, and each check catches its bug switch.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use screwsmith_readability::audit::{audit_level, AuditConfig, Failure};
use screwsmith_readability::colour_vision::{delta_e, Vision};
use screwsmith_readability::palette_audit::{floor, Shade};
use screwsmith_readability::plate_contrast::PLATE_FLOOR;
use screwsmith_readability::plates::{PlateTints, PLATE_SLOTS};
use screwsmith_readability::Palette;
use screwsmith_rules::sim::Pose;

fn failures(name: &str, cfg: &AuditConfig) -> Vec<Failure> {
    let (moves, _) = common::first_legal_line(name);
    audit_level(&common::compiled(name), &moves, cfg).failures
}

/// Every tint the game can draw a plate in.
fn all_tints(t: &PlateTints) -> Vec<(String, [u8; 3])> {
    let mut out = vec![("frame".to_string(), t.frame)];
    for (l, row) in t.rest.iter().enumerate() {
        for (s, &c) in row.iter().enumerate() {
            out.push((format!("layer {l} slot {s}"), c));
        }
    }
    out
}

#[test]
fn every_screw_colour_clears_every_plate_tint_bright_and_dimmed_in_every_vision() {
    let p = Palette::shipped();
    for (name, tint) in all_tints(&p.plates).into_iter().skip(1) {
        for c in &p.colours {
            for (shade, rgb) in [("bright", c.bright), ("dimmed", c.dimmed)] {
                for v in Vision::ALL {
                    let d = delta_e(rgb, tint, v);
                    assert!(
                        d >= floor(v),
                        "{} {shade} on {name}: ΔE {d:.1} ({})",
                        c.name,
                        v.name()
                    );
                }
            }
        }
    }
}

#[test]
fn tints_of_different_slots_or_layers_stay_apart() {
    let t = &Palette::shipped().plates;
    assert_eq!(t.rest.len(), 4);
    let tints = all_tints(t);
    for (i, (a, ca)) in tints.iter().enumerate() {
        for (b, cb) in &tints[i + 1..] {
            let d = delta_e(*ca, *cb, Vision::Normal);
            assert!(d >= PLATE_FLOOR, "{a} vs {b}: ΔE {d:.1}");
        }
    }
    // Up to three consecutive ids on a layer never share a slot.
    for first in 1..20u16 {
        let slots: Vec<usize> = (first..first + PLATE_SLOTS as u16)
            .map(PlateTints::slot)
            .collect();
        assert_eq!(
            slots
                .iter()
                .collect::<std::collections::BTreeSet<_>>()
                .len(),
            3
        );
    }
    assert_eq!(
        t.tint(9, 4, Pose::Rest),
        t.rest[3][1],
        "deeper layers repeat the top"
    );
    assert_eq!(t.tint(0, 4, Pose::Frame), t.frame);
    assert_eq!(
        t.tint(1, 5, Pose::Hang(0)),
        t.rest[1][2],
        "a hanging plate keeps its tint"
    );
}

#[test]
fn the_shipped_tints_pass_on_the_hand_made_levels() {
    let cfg = AuditConfig::default();
    for name in common::ALL {
        let plate: Vec<_> = failures(name, &cfg)
            .into_iter()
            .filter(|f| matches!(f, Failure::ScrewOnPlate(_) | Failure::PlatesTouch(_)))
            .collect();
        assert!(plate.is_empty(), "{name}: {plate:#?}");
    }
}

#[test]
fn a_plate_in_a_screws_own_colour_is_caught_bright_and_dimmed() {
    // The switch: every plate painted red, as if the tint came from a table of screw colours.
    let red = Palette::shipped().colours[0].bright;
    let cfg = AuditConfig {
        plates: PlateTints::all(red),
        ..AuditConfig::default()
    };
    let level = common::level("mid");
    let reds: Vec<u16> = level
        .screws
        .iter()
        .filter(|s| s.color == 0)
        .map(|s| s.id)
        .collect();
    let found: Vec<_> = failures("mid", &cfg)
        .into_iter()
        .filter_map(|f| match f {
            Failure::ScrewOnPlate(s) => Some(s),
            _ => None,
        })
        .collect();
    assert!(!found.is_empty());
    for s in &found {
        assert!(s.delta_e < s.floor);
    }
    let bright_reds: Vec<_> = found
        .iter()
        .filter(|s| s.shade == Shade::Bright && s.delta_e < 1.0)
        .map(|s| s.screw)
        .collect();
    assert!(!bright_reds.is_empty() && bright_reds.iter().all(|id| reds.contains(id)));
    // Each screw is reported once, however many states it fails in.
    let mut ids: Vec<u16> = found.iter().map(|s| s.screw).collect();
    ids.dedup();
    assert_eq!(ids.len(), found.len());
    // The message names screw, plate, shade and vision.
    let text = Failure::ScrewOnPlate(found[0].clone()).to_string();
    assert!(text.contains("plate") && text.contains("ΔE"), "{text}");
}

#[test]
fn touching_plates_in_one_tint_are_caught() {
    let shipped = AuditConfig::default();
    let cfg = AuditConfig {
        plates: shipped.plates.one_tint_per_layer(),
        ..AuditConfig::default()
    };
    let mut caught = 0;
    for name in common::ALL {
        let touching: Vec<_> = failures(name, &cfg)
            .into_iter()
            .filter_map(|f| match f {
                Failure::PlatesTouch(p) => Some(p),
                _ => None,
            })
            .collect();
        for p in &touching {
            assert!(p.a < p.b && p.delta_e < PLATE_FLOOR, "{name}: {p:?}");
        }
        caught += touching.len();
    }
    assert!(
        caught > 0,
        "one tint per layer: some hand-made level has touching panels of a layer"
    );
}

#[test]
fn a_covered_screw_is_measured_against_the_plate_it_is_seen_through() {
    // swing_uncovers: screw 3 (colour 0) lies on part 20 (layer 0) under the bar, part 10 (layer 1),
    // until the bar swings away. The switch: layer 1 painted in that screw's dimmed colour, layer 0
    // left as shipped. Measured against its own plate the covered screw would pass.
    let shipped = AuditConfig::default();
    let dimmed = Palette::shipped().colours[0].dimmed;
    let mut plates = shipped.plates.clone();
    plates.rest[1] = [dimmed; PLATE_SLOTS];
    let cfg = AuditConfig {
        plates,
        ..AuditConfig::default()
    };
    let found: Vec<_> = failures("swing_uncovers", &cfg)
        .into_iter()
        .filter_map(|f| match f {
            Failure::ScrewOnPlate(s) => Some(s),
            _ => None,
        })
        .collect();
    let under = found.iter().find(|s| s.screw == 3).expect("screw 3 caught");
    assert_eq!((under.shade, under.part), (Shade::Dimmed, 10));
    assert!(under.delta_e < 1.0);
    // Shipped, the same screw passes seen through the bar.
    assert!(failures("swing_uncovers", &shipped)
        .iter()
        .all(|f| !matches!(f, Failure::ScrewOnPlate(_))));
}
