//! Core rows → Godot values, one function per row type, field for field (docs/godot-api.md names the
//! keys). The rows themselves are built and tested in `screwsmith_app::view`.

use godot::prelude::*;
use screwsmith_app::view::{CrateView, LevelInfo, MoveView, PartView, ScrewView};
use screwsmith_rules::level::Cell;

/// `{id, part, x, y, layer, color, known, accessible, removed, kind, touches, hidden}`.
pub fn screw(s: &ScrewView) -> VarDictionary {
    vdict! {
        "id" => s.id,
        "part" => s.part,
        "x" => s.x,
        "y" => s.y,
        "layer" => s.layer,
        "color" => s.color,
        "known" => s.known,
        "accessible" => s.accessible,
        "removed" => s.removed,
        "kind" => &GString::from(s.kind),
        "touches" => s.touches,
        "hidden" => s.hidden,
    }
}

/// `{id, layer, cells: Array[Vector2i], pose}`.
pub fn part(p: &PartView) -> VarDictionary {
    vdict! {
        "id" => p.id,
        "layer" => p.layer,
        "cells" => &cells(&p.cells),
        "pose" => &GString::from(p.pose.name()),
    }
}

/// `{slot, id, color, fill, active}`.
pub fn crate_row(c: &CrateView) -> VarDictionary {
    vdict! {
        "slot" => c.slot,
        "id" => c.id,
        "color" => c.color,
        "fill" => c.fill,
        "active" => c.active,
    }
}

/// `{screw, wrench}`.
pub fn move_row(m: &MoveView) -> VarDictionary {
    vdict! { "screw" => m.screw, "wrench" => m.wrench }
}

/// `{number, baked, band, machine, taps, difficulty, human_fail_rate}` (the last two null when unmeasured).
pub fn level_info(i: &LevelInfo) -> VarDictionary {
    vdict! {
        "number" => i.number,
        "baked" => i.baked,
        "band" => i.band,
        "machine" => i.machine,
        "taps" => i.taps,
        "difficulty" => &i.difficulty.map_or(Variant::nil(), |d| d.to_variant()),
        "human_fail_rate" => &i.human_fail_rate.map_or(Variant::nil(), |r| r.to_variant()),
    }
}

/// Cells as `Array[Vector2i]`.
pub fn cells(cells: &[Cell]) -> Array<Vector2i> {
    cells
        .iter()
        .map(|c| Vector2i::new(c[0] as i32, c[1] as i32))
        .collect()
}

/// Rows as an `Array[Dictionary]`.
pub fn rows<T>(items: &[T], f: impl Fn(&T) -> VarDictionary) -> Array<VarDictionary> {
    items.iter().map(f).collect()
}

/// Any JSON value (a `SolveReport::to_json()`, a daily result) as a Variant: objects become
/// Dictionaries with keys in the JSON's order, arrays untyped Arrays, numbers int or float.
pub fn json(value: &serde_json::Value) -> Variant {
    use serde_json::Value;
    match value {
        Value::Null => Variant::nil(),
        Value::Bool(b) => b.to_variant(),
        Value::Number(n) => n
            .as_i64()
            .map(|i| i.to_variant())
            .unwrap_or_else(|| n.as_f64().unwrap_or(f64::NAN).to_variant()),
        Value::String(s) => GString::from(s.as_str()).to_variant(),
        Value::Array(a) => a.iter().map(json).collect::<VarArray>().to_variant(),
        Value::Object(o) => json_object(o).to_variant(),
    }
}

/// A JSON object as a Dictionary.
pub fn json_object(o: &serde_json::Map<String, serde_json::Value>) -> VarDictionary {
    let mut d = VarDictionary::new();
    for (k, v) in o {
        d.set(&GString::from(k.as_str()), &json(v));
    }
    d
}
