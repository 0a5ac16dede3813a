//! Small boards built in code for the level module's unit tests.

use serde_json::json;

use super::data::{Cell, LevelData};

/// Level 7: one part of shape `rest` on layer 0 of a `width × height` board, held by normal screws of
/// colour 0 at `screws` (id, cell), with the hang poses `hang` (screw id, cells).
pub(crate) fn one_part(
    width: u8,
    height: u8,
    rest: Vec<Cell>,
    screws: &[(u16, Cell)],
    hang: Vec<(u16, Vec<Cell>)>,
) -> LevelData {
    let hang: serde_json::Map<String, serde_json::Value> = hang
        .into_iter()
        .map(|(id, cells)| (id.to_string(), json!(cells)))
        .collect();
    let screws: Vec<serde_json::Value> = screws
        .iter()
        .map(|&(id, cell)| json!({"id": id, "part": 1, "cell": cell, "color": 0}))
        .collect();
    serde_json::from_value(json!({
        "number": 7, "seed": 1, "machine": 0, "band": 1, "width": width, "height": height,
        "rail_slots": 5, "colors": [0], "screws": screws,
        "parts": [{"id": 1, "layer": 0, "rest": rest, "hang": hang}],
    }))
    .expect("a level of the file's shape")
}
