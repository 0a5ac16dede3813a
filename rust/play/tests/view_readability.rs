//! `screwsmith_play::view::readability`: the calls behind Godot's `ReadabilityAudit`, with GDScript's ints
//! checked against the board limits before the camera model runs.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use common::*;
use screwsmith_play::view::readability::{
    audit_level, camera, camera_in_safe_area, cell_to_world, device_for, PixelRect,
};
use screwsmith_play::view::ViewError;
use screwsmith_readability::camera::{Camera, Insets};

#[test]
fn the_camera_is_the_core_camera_and_bad_sizes_are_refused() {
    let cam = camera(1080, 2400, 5, 7, 2).unwrap();
    assert_eq!(
        cam,
        Camera::for_viewport(1080.0, 2400.0, 5, 7, 2, Insets::default())
    );
    assert!(cam.position.y > cam.target.y, "looks down");
    assert!(cam.hud_top_px > 0.0 && cam.hud_bottom_px > 0.0);
    for (args, what) in [
        ((0, 2400, 5, 7, 2), "viewport width"),
        ((1080, 99_999, 5, 7, 2), "viewport height"),
        ((1080, 2400, 8, 7, 2), "board width"),
        ((1080, 2400, 5, 0, 2), "board height"),
        ((1080, 2400, 5, 7, 4), "max layer"),
    ] {
        let err = camera(args.0, args.1, args.2, args.3, args.4).unwrap_err();
        assert!(
            matches!(err, ViewError::OutOfRange { what: w, .. } if w == what),
            "{err}"
        );
    }
}

#[test]
fn cells_follow_the_world_convention() {
    let p = cell_to_world(0, 0, 1, 4, 6).unwrap();
    assert_eq!(
        (p.x, p.z),
        (-1.5, -2.5),
        "row 0 is at -Z (top of the screen)"
    );
    assert!(p.y > 0.0, "layer 1 is above layer 0");
    let q = cell_to_world(3, 5, 0, 4, 6).unwrap();
    assert_eq!((q.x, q.y, q.z), (1.5, 0.0, 2.5));
    assert!(cell_to_world(4, 0, 0, 4, 6).is_err(), "x outside the board");
    assert!(cell_to_world(0, -1, 0, 4, 6).is_err());
}

#[test]
fn audits_run_at_the_device_of_that_resolution() {
    assert_eq!(device_for(1080, 2400).name, "Pixel 7 1080x2400");
    let generic = device_for(1000, 2000);
    assert_eq!(generic.name, "1000x2000");
    assert_eq!(generic.scale, 1000.0 / 360.0);

    let ok = audit_level(&level_text("cascade"), 1080, 2400).unwrap();
    assert_eq!(ok["passed"], true, "{ok}");
    assert_eq!(ok["device"], "Pixel 7 1080x2400");
    assert!(ok["failures"].as_array().unwrap().is_empty());

    let small = audit_level(&level_text("too_small"), 1620, 2160).unwrap();
    assert_eq!(small["passed"], false, "{small}");
    assert!(!small["failures"].as_array().unwrap().is_empty());
    // The same level passes on a phone: the audit really ran at the resolution asked for.
    let phone = audit_level(&level_text("too_small"), 720, 1600).unwrap();
    assert_eq!(phone["passed"], true);

    assert!(matches!(
        audit_level("{", 1080, 2400),
        Err(ViewError::Level(_))
    ));
    assert!(matches!(
        audit_level(&level_text("cascade"), 0, 2400),
        Err(ViewError::OutOfRange { .. })
    ));
}

#[test]
fn a_safe_area_becomes_the_cameras_insets_and_a_bad_one_is_refused() {
    let safe = PixelRect {
        x: 10,
        y: 100,
        width: 1060,
        height: 2200,
    };
    let cam = camera_in_safe_area(1080, 2400, Some(safe), (5, 7, 2)).unwrap();
    let insets = Insets {
        top: 100.0,
        bottom: 100.0,
        left: 10.0,
        right: 10.0,
    };
    assert_eq!(cam, Camera::for_viewport(1080.0, 2400.0, 5, 7, 2, insets));
    assert!(cam.hud_top_px > camera(1080, 2400, 5, 7, 2).unwrap().hud_top_px);
    let whole = PixelRect {
        x: 0,
        y: 0,
        width: 1080,
        height: 2400,
    };
    assert_eq!(
        camera_in_safe_area(1080, 2400, Some(whole), (5, 7, 2)).unwrap(),
        camera(1080, 2400, 5, 7, 2).unwrap(),
        "the whole viewport leaves no insets"
    );
    for bad in [
        PixelRect { width: 0, ..whole },
        PixelRect { x: -1, ..whole },
        PixelRect { y: 1, ..whole },
        PixelRect {
            width: i64::MAX,
            x: 5,
            ..whole
        },
    ] {
        let err = camera_in_safe_area(1080, 2400, Some(bad), (5, 7, 2)).unwrap_err();
        assert!(matches!(err, ViewError::SafeArea { .. }), "{err}");
        assert!(err.to_string().contains("1080x2400 viewport"), "{err}");
    }
    // The arguments are checked before the rectangle: a bad board names the board.
    let err = camera_in_safe_area(1080, 2400, Some(whole), (9, 7, 2)).unwrap_err();
    assert!(
        matches!(
            err,
            ViewError::OutOfRange {
                what: "board width",
                ..
            }
        ),
        "{err}"
    );
}
