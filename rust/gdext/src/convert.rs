//! Core rows → Godot values, one function per row type, field for field (docs/godot-api.md names the
//! keys). The rows themselves are built and tested in `screwsmith_play::view`.

use godot::prelude::*;
use screwsmith_play::view::{
    CrateView, Event, LevelInfo, MoveResult, MoveView, PartView, PoseKind, Refusal, ScrewView,
};
use screwsmith_rules::level::Cell;

/// `{id, part, x, y, layer, color, known, accessible, removed, kind, touches, hidden, key, locked, bomb,
/// bomb_warning, key_tag, lock_tag, cover}`.
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
        "key" => s.key,
        "locked" => s.locked,
        "bomb" => s.bomb,
        "bomb_warning" => s.bomb_warning,
        "key_tag" => s.key_tag,
        "lock_tag" => s.lock_tag,
        "cover" => s.cover,
    }
}

/// `{id, layer, cells: Array[Vector2i], pose, rest: Array[Vector2i], pivot: Vector2i or null, turn,
/// beneath}` (`pose`: a `GameSim.POSE_*` integer; `turn`: clockwise quarter turns of `rest` about
/// `pivot`, -1 for a pose that is no turn of the rest shape; `beneath`: [`PartView::beneath`]).
pub fn part(p: &PartView) -> VarDictionary {
    vdict! {
        "id" => p.id,
        "layer" => p.layer,
        "cells" => &cells(&p.cells),
        "pose" => PoseKind::of(p.pose) as i64,
        "rest" => &cells(&p.rest),
        "pivot" => &cell_or_nil(p.pivot),
        "turn" => p.turn.map_or(-1, |t| i64::from(t.quarters())),
        "beneath" => p.beneath,
    }
}

/// A cell as `Vector2i`, or null.
fn cell_or_nil(cell: Option<Cell>) -> Variant {
    cell.map_or(Variant::nil(), |c| {
        Vector2i::new(c[0].into(), c[1].into()).to_variant()
    })
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
        "fresh" => i.fresh,
    }
}

/// A change's result: `{events, screws, parts, crates, queue, rail, status, moves, wrench_charges,
/// screwdriver_left, screwdriver_used, screwdriver_ready}` (rows as in `screws()`, `parts()`,
/// `crates()`; `queue` and `rail` colours as `queue_preview()` and `rail_colors()`).
pub fn move_result(r: &MoveResult) -> VarDictionary {
    let t = &r.tools;
    vdict! {
        "events" => &r.events.iter().map(event).collect::<Array<VarDictionary>>(),
        "screws" => &rows(&r.screws, screw),
        "parts" => &rows(&r.parts, part),
        "crates" => &rows(&r.crates, crate_row),
        "queue" => &r.queue.iter().map(|&c| i32::from(c)).collect::<PackedInt32Array>(),
        "rail" => &PackedInt32Array::from(r.rail.as_slice()),
        "status" => &GString::from(t.status.name()),
        "moves" => i64::from(t.moves),
        "wrench_charges" => i64::from(t.wrench_charges),
        "screwdriver_left" => i64::from(t.screwdriver_left),
        "screwdriver_used" => i64::from(t.screwdriver_used),
        "screwdriver_ready" => t.screwdriver_ready,
        "rescue_ready" => t.rescue_ready,
        "rail_free" => i64::from(t.rail_free),
        "rail_nearly_full" => t.rail_nearly_full(),
        "hints_used" => i64::from(t.hints_used),
        "helped" => t.helped,
        "rail_state" => &GString::from(t.rail_state().name()),
        "refusal" => &r.refusal.map(refusal).unwrap_or_default(),
    }
}

/// A refused tap: `{message: translation key ("" when the board already shows why), screw, key (the
/// screw holding a refused lock's key, else -1), tag (that pair's badge, else -1), keeps_wrench}`.
pub fn refusal(r: Refusal) -> VarDictionary {
    vdict! {
        "message" => &GString::from(r.message_key()),
        "screw" => i64::from(r.screw()),
        "key" => r.key().map_or(-1, i64::from),
        "tag" => i64::from(r.tag()),
        "keeps_wrench" => r.keeps_wrench(),
    }
}

/// One event: `{kind: GameSim.EVENT_*, ...}` with the fields its constant documents.
pub fn event(e: &Event) -> VarDictionary {
    let mut d = match e {
        Event::ScrewMoved {
            screw,
            dest,
            index,
            bolt,
            color,
            fill,
        } => vdict! {
            "screw" => *screw, "dest" => *dest as i64, "index" => *index, "bolt" => *bolt,
            "color" => *color, "fill" => *fill,
        },
        Event::CrateSealed {
            slot,
            crate_id,
            refilled,
        } => vdict! { "slot" => *slot, "crate" => *crate_id, "refilled" => *refilled },
        Event::CratePulled {
            slot,
            crate_id,
            color,
        } => vdict! { "slot" => *slot, "crate" => *crate_id, "color" => *color },
        Event::RailFlowed {
            screw,
            rail_place,
            slot,
            color,
            fill,
        } => vdict! {
            "screw" => *screw, "place" => *rail_place, "slot" => *slot, "color" => *color,
            "fill" => *fill,
        },
        Event::PartChanged {
            before,
            after,
            pivot,
        } => vdict! {
            "part" => after.id,
            "before" => &part(before),
            "after" => &part(after),
            "pivot" => &cell_or_nil(*pivot),
        },
        Event::ScrewRevealed { screw, removed } => {
            vdict! { "screw" => *screw, "removed" => *removed }
        }
        Event::LevelWon => VarDictionary::new(),
        Event::LevelLost { bomb, reason } => vdict! { "bomb" => *bomb, "reason" => *reason },
        Event::BombTicked { screw, left } | Event::BombDefused { screw, left } => {
            vdict! { "screw" => *screw, "left" => *left }
        }
        Event::LockOpened { screw, key } => vdict! { "screw" => *screw, "key" => *key },
        Event::Undone { screw } | Event::LockClosed { screw } => vdict! { "screw" => *screw },
        Event::ScrewReturned { screw, from, index } => {
            vdict! { "screw" => *screw, "from" => *from as i64, "index" => *index }
        }
        Event::FlowReturned {
            screw,
            slot,
            rail_place,
        } => vdict! { "screw" => *screw, "slot" => *slot, "place" => *rail_place },
    };
    d.set(&GString::from("kind"), &(e.kind() as i64).to_variant());
    d
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
