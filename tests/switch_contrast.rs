//! The settings' switches (the pause sheet's and the settings screen's sound, vibration, reduce motion
//! and colour-blind patterns) must be read at a glance on or off: the theme's switch icons' tracks stand
//! out from every state of the row behind them (its normal, hover and pressed button colours) by the
//! WCAG text contrast of 4.5:1, for normal and colour-deficient vision. Godot's default switch was a
//! thin grey pill on the dark row.

use screwsmith_checks::project::project_dir;
use screwsmith_readability::colour_vision::{Rgb8, Vision};
use screwsmith_readability::mark_audit::contrast;

const FLOOR: f64 = 4.5;

/// `#RRGGBB` → bytes.
fn hex(text: &str) -> Rgb8 {
    let byte = |i: usize| u8::from_str_radix(&text[i..i + 2], 16).expect("a hex colour");
    [byte(1), byte(3), byte(5)]
}

/// The paint of the element `id="track"` of an icon: its fill, or its stroke when it is not filled.
fn track_paint(svg: &str) -> Rgb8 {
    let start = svg.find("id=\"track\"").expect("a track element");
    let element = &svg[start..start + svg[start..].find("/>").expect("an element end")];
    let attr = |name: &str| {
        let key = format!("{name}=\"");
        element
            .find(&key)
            .map(|i| &element[i + key.len()..i + key.len() + 7])
    };
    match attr("fill") {
        Some(fill) if fill.starts_with('#') => hex(fill),
        _ => hex(attr("stroke").expect("a stroke where there is no fill")),
    }
}

/// `bg_color` of the theme's sub-resource `id`, as bytes.
fn button_colour(theme: &str, id: &str) -> Rgb8 {
    let start = theme
        .find(&format!("id=\"{id}\"]"))
        .unwrap_or_else(|| panic!("no {id}"));
    let line = theme[start..]
        .lines()
        .find(|l| l.starts_with("bg_color = Color("))
        .expect("a bg_color");
    let parts: Vec<f64> = line["bg_color = Color(".len()..line.len() - 1]
        .split(", ")
        .map(|v| v.parse().expect("a number"))
        .collect();
    [0, 1, 2].map(|i| (parts[i] * 255.0).round() as u8)
}

/// The worst contrast of `track` over the rows, and where.
fn worst(track: Rgb8, rows: &[(&str, Rgb8)]) -> (f64, String) {
    let mut worst = (f64::INFINITY, String::new());
    for (row, colour) in rows {
        for vision in Vision::ALL {
            let c = contrast(track, *colour, vision);
            if c < worst.0 {
                worst = (c, format!("{row} {vision:?}"));
            }
        }
    }
    worst
}

fn rows() -> Vec<(&'static str, Rgb8)> {
    let theme = std::fs::read_to_string(project_dir().join("theme/main_theme.tres")).unwrap();
    ["btn_normal", "btn_hover", "btn_pressed"]
        .into_iter()
        .map(|id| (id, button_colour(&theme, id)))
        .collect()
}

#[test]
fn both_switch_icons_stand_out_from_their_row() {
    let theme = std::fs::read_to_string(project_dir().join("theme/main_theme.tres")).unwrap();
    let rows = rows();
    for (state, file) in [
        ("checked", "switch_on.svg"),
        ("unchecked", "switch_off.svg"),
    ] {
        assert!(
            theme.contains(&format!("CheckButton/icons/{state} = ExtResource(")),
            "the theme gives CheckButton its {state} icon"
        );
        let svg = std::fs::read_to_string(project_dir().join("theme").join(file)).unwrap();
        let (c, at) = worst(track_paint(&svg), &rows);
        assert!(c >= FLOOR, "{file}: contrast {c:.2} < {FLOOR} over {at}");
    }
}

/// Switch that breaks it: Godot's default grey track, drawn over the same rows, fails the floor.
#[test]
fn a_grey_track_is_caught() {
    let (c, _) = worst(hex("#6A7080"), &rows());
    assert!(c < FLOOR, "the grey track passed at {c:.2}");
}
