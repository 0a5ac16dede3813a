//! The readability audit on hand-made levels: the shipped-looking ones pass, and each failure case
//! (a screw too small, two overlapping screws, one under the HUD, two near colours) is caught.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use screwsmith_readability::audit::{audit_level, audit_stored, AuditConfig, Failure};
use screwsmith_readability::hit_targets::Edge;
use screwsmith_readability::{audit_palette, CameraParams, Palette};

fn report(name: &str, cfg: &AuditConfig) -> screwsmith_readability::LevelReadability {
    let level = common::compiled(name);
    let r = audit_stored(&level, cfg);
    println!("{name}: {r:#?}");
    r
}

#[test]
fn hand_made_mechanics_levels_pass_on_every_device() {
    let cfg = AuditConfig::default();
    for name in common::ALL {
        let level = common::compiled(name);
        // These levels carry no solution: replay the legal moves in order as far as they go.
        let (moves, sim) = common::first_legal_line(name);
        let r = audit_level(&level, &moves, &cfg);
        assert!(r.passed(), "{name}: {:#?}", r.failures);
        assert_eq!(
            r.states,
            moves.len() + usize::from(sim.accessible_mask() != 0)
        );
        let smallest = r.smallest.expect("measured");
        assert!(smallest.fraction >= 0.085, "{name}: {smallest:?}");
    }
}

#[test]
fn a_screw_too_small_is_caught_on_the_tablet() {
    let r = report("too_small", &AuditConfig::default());
    assert!(!r.passed());
    let small: Vec<_> = r
        .failures
        .iter()
        .filter_map(|f| match f {
            Failure::TooSmall { target, floor } => Some((target, *floor)),
            _ => None,
        })
        .collect();
    assert!(!small.is_empty());
    for (t, floor) in &small {
        assert!(t.fraction < *floor);
        assert!(
            t.device.contains("iPad"),
            "only the tablet is too small: {t:?}"
        );
        assert!(
            [1, 2, 3].contains(&t.screw),
            "the bottom-layer screws: {t:?}"
        );
    }
    // Every other failure kind is absent: the level is only too small.
    assert!(r
        .failures
        .iter()
        .all(|f| matches!(f, Failure::TooSmall { .. })));
    assert_eq!(
        r.smallest.as_ref().map(|s| s.fraction),
        small.iter().map(|s| s.0.fraction).reduce(f64::min)
    );
}

#[test]
fn overlapping_screws_are_caught_when_colliders_grow() {
    let shipped = report("overlap", &AuditConfig::default());
    assert!(shipped.passed(), "{:#?}", shipped.failures);
    // Bug switch: colliders grown to a whole cell in radius — neighbours now swallow each other.
    let cfg = AuditConfig {
        params: CameraParams {
            screw_radius: 1.0,
            ..Default::default()
        },
        ..Default::default()
    };
    let r = report("overlap", &cfg);
    let overlaps: Vec<_> = r
        .failures
        .iter()
        .filter_map(|f| match f {
            Failure::Overlap {
                screw,
                by,
                tappable,
                ..
            } => Some((*screw, by.clone(), *tappable)),
            _ => None,
        })
        .collect();
    assert!(!overlaps.is_empty(), "{:#?}", r.failures);
    // The bottom-layer screw 4 beside the top-layer screw 1 is the one that cannot be hit.
    assert!(overlaps
        .iter()
        .any(|(s, by, t)| *s == 4 && by.contains(&1) && *t < 0.5));
}

#[test]
fn a_screw_under_the_hud_is_caught_when_the_fit_forgets_the_hud() {
    let shipped = report("under_hud", &AuditConfig::default());
    assert!(shipped.passed(), "{:#?}", shipped.failures);
    let cfg = AuditConfig {
        params: CameraParams {
            fit_between_hud: false,
            ..Default::default()
        },
        ..Default::default()
    };
    let r = report("under_hud", &cfg);
    let edges: Vec<_> = r
        .failures
        .iter()
        .filter_map(|f| match f {
            Failure::UnderHud { screw, edge, .. } => Some((*screw, *edge)),
            _ => None,
        })
        .collect();
    assert!(
        edges.iter().any(|&(s, e)| s <= 3 && e == Edge::Top),
        "{edges:?}"
    );
    assert!(
        edges
            .iter()
            .any(|&(s, e)| (s == 4 || s == 5) && e == Edge::Bottom),
        "{edges:?}"
    );
    assert!(
        !edges.iter().any(|&(s, _)| s == 6),
        "the middle row is clear"
    );
}

#[test]
fn a_near_colour_palette_is_caught() {
    let text = common::level_text("near_colours_palette");
    let palette = Palette::parse(&text).expect("palette file");
    let r = audit_palette(&palette);
    assert!(!r.passed());
    assert!(
        r.failures.iter().all(|f| (f.a, f.b) == (0, 6)),
        "{:#?}",
        r.failures
    );
    // A level using the seventh colour is outside the shipped palette.
    let mut data = common::level("mid");
    for s in data.screws.iter_mut().filter(|s| s.color == 4) {
        s.color = 6;
    }
    for c in data.colors.iter_mut().filter(|c| **c == 4) {
        *c = 6;
    }
    let level = screwsmith_rules::CompiledLevel::new(data).expect("valid");
    let r = audit_level(&level, &[], &AuditConfig::default());
    assert!(r
        .failures
        .iter()
        .any(|f| matches!(f, Failure::ColourOutsidePalette { colour: 6, .. })));
}

#[test]
fn a_bad_move_list_is_a_failure_not_a_panic() {
    let level = common::compiled("too_small");
    let r = audit_level(
        &level,
        &[screwsmith_rules::Move::Tap(99)],
        &AuditConfig::default(),
    );
    assert!(r
        .failures
        .iter()
        .any(|f| matches!(f, Failure::BadMove { index: 0, .. })));
}

#[test]
fn the_curate_check_accepts_and_rejects() {
    use screwsmith_readability::check_level;
    assert_eq!(check_level(&common::level("under_hud")), Ok(()));
    let err = check_level(&common::level("too_small")).expect_err("too small on the tablet");
    let screwsmith_readability::ReadabilityError::Failed { first, .. } = &err else {
        panic!("a readability failure, not {err:?}");
    };
    assert!(matches!(**first, Failure::TooSmall { .. }), "{first:?}");
    let text = err.to_string();
    assert!(
        text.contains("too small to tap") && text.contains("iPad"),
        "{text}"
    );
}
