//! The marks' audit on hand-made levels: the lock and bomb fixtures pass on every device, the
//! largest board with marks on its lowest layer passes on the smallest phone, and each switch — badges
//! shrunk, red–green pairing tints, a pairing list shorter than the level's keys — is caught.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use screwsmith_readability::audit::{audit_level, AuditConfig, Failure};
use screwsmith_readability::colour_vision::Vision;
use screwsmith_readability::mark_audit::{smallest_mark, MarkFailure, MIN_MARK_POINTS};
use screwsmith_readability::marks::{Mark, MarkColours};
use screwsmith_readability::{devices, CameraParams};
use screwsmith_rules::CompiledLevel;

fn mark_failures(level: &CompiledLevel, cfg: &AuditConfig) -> Vec<MarkFailure> {
    audit_level(level, &[], cfg)
        .failures
        .into_iter()
        .filter_map(|f| match f {
            Failure::Mark(m) => Some(m),
            _ => None,
        })
        .collect()
}

/// The largest fixture board (7 × 10, four layers) with a lock, a key and a bomb on every screw of
/// its lowest layer (the smallest on screen) that can carry one.
fn large_with_marks() -> CompiledLevel {
    let mut data = common::level("large");
    let layer_of = |part: u16, d: &screwsmith_rules::level::LevelData| {
        d.parts.iter().find(|p| p.id == part).unwrap().layer
    };
    let low: Vec<usize> = (0..data.screws.len())
        .filter(|&i| layer_of(data.screws[i].part, &data) == 0)
        .collect();
    assert!(low.len() >= 3, "{low:?}");
    let key = data.screws[low[0]].id;
    data.screws[low[1]].locked_by = Some(key);
    data.screws[low[2]].bomb = Some(12);
    CompiledLevel::new(data).expect("still a valid level")
}

#[test]
fn the_fixtures_marks_pass_on_every_device() {
    let cfg = AuditConfig::default();
    for name in ["locks", "bomb"] {
        let level = common::compiled(name);
        assert_eq!(mark_failures(&level, &cfg), vec![], "{name}");
        let (pt, device) = smallest_mark(&level, &cfg.params, &cfg.devices).unwrap();
        assert!(pt >= MIN_MARK_POINTS, "{name}: {pt} on {device}");
    }
    assert_eq!(
        smallest_mark(&common::compiled("mid"), &cfg.params, devices()),
        None
    );
}

#[test]
fn the_largest_board_s_lowest_marks_pass_on_the_smallest_phone() {
    let level = large_with_marks();
    let cfg = AuditConfig::default();
    assert_eq!(mark_failures(&level, &cfg), vec![]);
    let (pt, device) = smallest_mark(&level, &cfg.params, &cfg.devices).unwrap();
    println!("smallest mark: {pt:.1} pt on the {device}");
    assert!(device.contains("720x1600"), "{device}");
}

/// The size switch: badges of 0.1 cells radius (0.2 across, half the shipped size) on the largest
/// board fall under the floor on every device.
#[test]
fn shrunk_badges_fail_on_every_device() {
    let level = large_with_marks();
    let cfg = AuditConfig {
        params: CameraParams {
            mark_radius: 0.1,
            ..Default::default()
        },
        ..Default::default()
    };
    let failures = mark_failures(&level, &cfg);
    for device in devices() {
        assert!(
            failures.iter().any(|f| matches!(f,
                MarkFailure::TooSmall { device: d, mark: Mark::Lock, .. } if *d == device.name)),
            "{}: {failures:?}",
            device.name
        );
    }
    assert!(failures
        .iter()
        .any(|f| matches!(f, MarkFailure::DigitTooSmall { .. })));
}

/// The colour switch: a red and a green pairing badge, one apart only in red and green.
#[test]
fn red_green_pairing_fails_for_a_dichromat() {
    let level = common::compiled("locks");
    let cfg = AuditConfig {
        marks: MarkColours::red_green(),
        ..Default::default()
    };
    let failures = mark_failures(&level, &cfg);
    assert!(
        failures.iter().any(|f| matches!(
            f,
            MarkFailure::TintsClose {
                vision: Vision::Deutan,
                ..
            }
        )),
        "{failures:?}"
    );
    let r = audit_level(&level, &[], &cfg);
    assert!(!r.passed());
}

/// The repeat switch: locks.json has two keys; a list of one badge would pair both with it.
#[test]
fn a_repeated_pairing_badge_fails() {
    let cfg = AuditConfig {
        marks: MarkColours::one_tag(),
        ..Default::default()
    };
    let failures = mark_failures(&common::compiled("locks"), &cfg);
    assert!(
        failures.contains(&MarkFailure::TagsRepeat { keys: 2, tags: 1 }),
        "{failures:?}"
    );
    // One key needs one badge: bomb.json has no key and passes.
    assert_eq!(mark_failures(&common::compiled("bomb"), &cfg), vec![]);
}
