use super::outline::{on_outline, outline};
#[path = "../../../rules/tests/common/mod.rs"]
mod common;

use super::*;
use screwsmith_readability::devices::devices;

fn mid() -> GameSim {
    common::sim("mid")
}

fn draw(sim: &GameSim, view: View) -> Picture {
    shipped_picture(sim, &devices()[0], view)
}

/// Filled outlined shapes: the panels.
fn panels(pic: &Picture) -> usize {
    pic.shapes
        .iter()
        .filter(|s| matches!(s, Shape::Path { fill: Some(_), .. }))
        .count()
}

#[test]
fn every_panel_is_one_outlined_shape_and_every_screw_is_drawn() {
    let sim = mid();
    let pic = draw(&sim, View::Camera);
    assert_eq!(pic.width, 720);
    assert!(pic.height > 1600, "a footer under the device frame");
    let visible = sim.poses().iter().filter(|&&m| m != 0).count();
    assert_eq!(panels(&pic), visible);
    let marks = pic
        .shapes
        .iter()
        .filter(|s| matches!(s, Shape::Mark { .. }))
        .count();
    let legend = Palette::shipped().colours.len();
    assert_eq!(marks, sim.level().screws().len() + legend);
    let colliders = pic
        .shapes
        .iter()
        .filter(|s| {
            matches!(s, Shape::Circle { stroke: Some(Stroke { colour, dashed: true, .. }), .. } if *colour == COLLIDER)
        })
        .count();
    // One per accessible screw, plus the legend's sample.
    assert_eq!(colliders as u32, sim.accessible_mask().count_ones() + 1);
}

#[test]
fn two_panels_sharing_an_edge_on_one_layer_each_outline_it() {
    // mid.json: parts 30 and 31 on layer 2 meet along x = 3 for rows 0..4; within part 30 the cells
    // (0,0) and (1,0) meet at x = 1, which is no outline.
    let sim = mid();
    let level = sim.level();
    let part = |id: u16| level.parts().iter().position(|p| p.id == id).unwrap();
    let (a, b) = (part(30), part(31));
    let width = level.data().width;
    let la = outline(sim.poses()[a], width);
    let lb = outline(sim.poses()[b], width);
    assert!(on_outline(&la, (3, 0), (3, 4)));
    assert!(on_outline(&lb, (3, 0), (3, 4)));
    assert!(!on_outline(&la, (1, 0), (1, 1)));
    // In the picture the two are separate shapes of different tints, both with an edge stroke.
    let pic = draw(&sim, View::Camera);
    let tints = board::part_tints(&sim, Palette::shipped());
    assert_ne!(tints[a], tints[b]);
    for p in [a, b] {
        let shape = pic
            .shapes
            .iter()
            .find(|s| matches!(s, Shape::Path { fill: Some(f), .. } if *f == tints[p]))
            .expect("the panel is drawn");
        assert!(matches!(
            shape,
            Shape::Path { stroke: Some(Stroke { dashed: false, colour, .. }), .. }
                if *colour == Palette::shipped().scene.panel_edge
        ));
    }
}

#[test]
fn blocked_screws_are_dimmed() {
    let sim = mid();
    let pal = Palette::shipped();
    let pic = draw(&sim, View::Camera);
    let heads: Vec<Rgb8> = pic
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Circle {
                fill: Some(f),
                stroke: None | Some(Stroke { dashed: false, .. }),
                ..
            } => Some(*f),
            _ => None,
        })
        .collect();
    let blocked = sim.level().screws().len() as u32 - sim.accessible_mask().count_ones();
    let dimmed = heads
        .iter()
        .filter(|f| pal.colours.iter().any(|c| c.dimmed == **f))
        .count();
    assert!(blocked > 0);
    assert_eq!(dimmed as u32, blocked);
}

#[test]
fn the_designer_view_shows_covered_screws_and_the_queue() {
    let sim = mid();
    let camera = draw(&sim, View::Camera);
    let designer = draw(&sim, View::Designer);
    let level = sim.level();
    let covered = level
        .screws()
        .iter()
        .filter(|s| {
            level
                .parts()
                .iter()
                .enumerate()
                .any(|(p, part)| part.layer > s.layer && sim.poses()[p] & s.cell != 0)
        })
        .count();
    assert!(covered > 0, "mid.json starts with screws under panels");
    let faded = designer
        .shapes
        .iter()
        .filter(|s| matches!(s, Shape::Circle { stroke: Some(Stroke { dashed: true, colour, .. }), .. } if *colour != COLLIDER))
        .count();
    // Every covered screw, plus the legend's "under a panel" sample.
    assert_eq!(faded, covered + 1);
    let waiting = level.queue().len() - sim.next_crate() as usize;
    let texts: Vec<&str> = designer
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert!(texts.contains(&format!("next crates, in order ({waiting}):").as_str()));
    assert!(designer.height > camera.height);
    // The device frame is the camera's: the designer only adds shapes.
    assert!(designer.shapes.len() > camera.shapes.len());
}

#[test]
fn the_caption_names_level_move_rail_and_wrench() {
    let mut sim = mid();
    assert_eq!(
        footer::caption(&sim),
        format!("Level 8 — move 0 — rail 0/5 — wrench 0")
    );
    let mv = sim.legal_moves()[0];
    sim.apply(mv).unwrap();
    assert!(footer::caption(&sim).starts_with("Level 8 — move 1"));
}

#[test]
fn a_hanging_panel_shows_its_rest_place_in_the_designer_view() {
    let mut sim = common::sim("swing_uncovers");
    let ghosts = |sim: &GameSim| {
        draw(sim, View::Designer)
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Path { fill: None, .. }))
            .count()
    };
    assert_eq!(ghosts(&sim), 0);
    while !(0..sim.level().parts().len())
        .any(|p| matches!(sim.pose(p), screwsmith_rules::sim::Pose::Hang(_)))
    {
        let mv = sim.legal_moves()[0];
        sim.apply(mv).unwrap();
    }
    assert!(ghosts(&sim) >= 1);
}

#[test]
fn every_pattern_draws_inside_its_circle() {
    let c = ScreenCircle {
        x: 10.0,
        y: 20.0,
        r: 5.0,
    };
    for p in [
        Pattern::Cross,
        Pattern::Dot,
        Pattern::Triangle,
        Pattern::Square,
        Pattern::Diamond,
        Pattern::Ring,
    ] {
        for part in mark_parts(p, c) {
            if let MarkPart::Polygon(points) = part {
                for (x, y) in points {
                    assert!(
                        ((x - c.x).powi(2) + (y - c.y).powi(2)).sqrt() <= c.r * 1.01,
                        "{p:?}"
                    );
                }
            }
        }
    }
}

/// A covered bolt and a covered rusty screw keep their kind's rim in the designer view (the bolt's
/// near-black rim, faded toward its cover, used to read as a plain screw's outline).
#[test]
fn covered_bolts_and_rusty_screws_keep_their_rims() {
    let plain = mid();
    let level = plain.level();
    let covered: Vec<usize> = (0..level.screws().len())
        .filter(|&i| {
            let s = &level.screws()[i];
            level
                .parts()
                .iter()
                .enumerate()
                .any(|(p, part)| part.layer > s.layer && plain.poses()[p] & s.cell != 0)
        })
        .collect();
    assert!(covered.len() >= 2, "mid.json has covered screws");
    let mut v: serde_json::Value = serde_json::from_str(&common::level_text("mid")).unwrap();
    let ids = [level.screws()[covered[0]].id, level.screws()[covered[1]].id];
    for s in v["screws"].as_array_mut().unwrap() {
        if s["id"] == ids[0] {
            s["kind"] = "bolt".into();
        } else if s["id"] == ids[1] {
            s["kind"] = "rusty".into();
        }
    }
    v["wrench_charges"] = 1.into();
    let data = screwsmith_rules::level::parse_level(&v.to_string()).expect("still a valid level");
    let sim = GameSim::new(std::sync::Arc::new(
        screwsmith_rules::CompiledLevel::new(data).unwrap(),
    ));
    let rims = |pic: &Picture, rim: Rgb8| {
        pic.shapes
            .iter()
            .filter(|s| matches!(s, Shape::Circle { stroke: Some(Stroke { dashed: true, colour, .. }), .. } if *colour == rim))
            .count()
    };
    let designer = draw(&sim, View::Designer);
    // The covered screw, plus the legend's sample of its kind when the legend draws one dashed.
    assert!(
        rims(&designer, BOLT) >= 1,
        "the covered bolt's rim is drawn"
    );
    assert!(
        rims(&designer, RUSTY) >= 1,
        "the covered rusty screw's rim is drawn"
    );
    let before = draw(&plain, View::Designer);
    assert_eq!(rims(&before, BOLT), 0);
}
