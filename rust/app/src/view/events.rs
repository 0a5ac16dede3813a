//! What a move or an undo did, as the ordered list of signals `GameSim` (Godot) emits so the view can
//! animate: built from the core's [`MoveRecord`] and the part poses before and after. The adapter emits
//! each [`Event`] as the signal of the same name, in list order.

use screwsmith_rules::cells::Mask;
use screwsmith_rules::sim::crates::CRATE_SIZE;
use screwsmith_rules::sim::{Dest, GameSim, MoveRecord, Status};

use super::board::Pose;

/// One animation event; each variant is one Godot signal (`screw_moved`, `rail_flowed`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// `dest` is "crate" (index = slot), "rail" (index = place), "loosened" or "lost" (index = -1).
    ScrewMoved {
        screw: u16,
        dest: &'static str,
        index: i32,
    },
    /// A rail screw flowed into the crate newly pulled into `slot`.
    RailFlowed {
        screw: u16,
        rail_place: u8,
        slot: u8,
    },
    CrateSealed {
        slot: u8,
        crate_id: u16,
    },
    CratePulled {
        slot: u8,
        crate_id: u16,
        color: u8,
    },
    PartChanged {
        part: u16,
        pose: Pose,
    },
    LevelWon,
    LevelLost,
    /// Undo took back a move on this screw.
    Undone {
        screw: u16,
    },
    /// Undo put the screw back on the board from where the move had sent it (`from`/`index` as in
    /// `ScrewMoved`), so the view can fly it back along the same path.
    ScrewReturned {
        screw: u16,
        from: &'static str,
        index: i32,
    },
    /// Undo took a flowed screw out of the crate in `slot` and put it back on its rail place; one per
    /// flow of the move, last flow first.
    FlowReturned {
        screw: u16,
        slot: u8,
        rail_place: u8,
    },
    /// Always last: redraw from the queries.
    StateChanged,
}

/// Where a screw went, as (`dest`, index) for `screw_moved`.
pub fn dest_parts(dest: Dest) -> (&'static str, i32) {
    match dest {
        Dest::Crate(slot) => ("crate", slot as i32),
        Dest::Rail(place) => ("rail", place as i32),
        Dest::Loosened => ("loosened", -1),
        Dest::Lost => ("lost", -1),
    }
}

/// Events of the move just played (`rec` is `sim.last_record()`), given the part poses before it.
///
/// Order: `screw_moved`; then the crate cascade in the order it happened (sealed, pulled, the rail screws
/// that flowed into the pulled crate; repeated while that crate filled and sealed too); then each part
/// whose cells changed; then `level_won`/`level_lost`; `state_changed` last.
pub fn move_events(sim: &GameSim, rec: &MoveRecord, poses_before: &[Mask]) -> Vec<Event> {
    let level = sim.level();
    let id = |i: u8| level.screws()[i as usize].id;
    let (dest, index) = dest_parts(rec.dest());
    let mut out = vec![Event::ScrewMoved {
        screw: id(rec.screw()),
        dest,
        index,
    }];
    let mut flows = rec.flows().iter();
    let sealed = rec.sealed();
    for (k, s) in sealed.iter().enumerate() {
        out.push(Event::CrateSealed {
            slot: s.slot,
            crate_id: s.id,
        });
        let Some(p) = rec.pulled().get(k) else {
            continue;
        };
        out.push(Event::CratePulled {
            slot: p.slot,
            crate_id: p.id,
            color: level.queue()[p.id as usize - 1],
        });
        // A pulled crate that sealed again in this move took exactly CRATE_SIZE flows; the last takes the rest.
        let take = if k + 1 < sealed.len() {
            CRATE_SIZE as usize
        } else {
            usize::MAX
        };
        for f in flows.by_ref().take(take) {
            out.push(Event::RailFlowed {
                screw: id(f.screw),
                rail_place: f.rail_place,
                slot: f.slot,
            });
        }
    }
    push_part_changes(sim, poses_before, &mut out);
    if rec.status_before() == Status::Playing {
        match sim.status() {
            Status::Won => out.push(Event::LevelWon),
            Status::Lost => out.push(Event::LevelLost),
            Status::Playing => {}
        }
    }
    out.push(Event::StateChanged);
    out
}

/// Events of an undo that took back `rec`, given the part poses before the undo.
///
/// Order: `undone`; `screw_returned` (the screw back from its crate or rail place); the flows of the
/// move reversed, last first (`flow_returned`); each part whose cells changed; `state_changed` last.
pub fn undo_events(sim: &GameSim, rec: &MoveRecord, poses_before: &[Mask]) -> Vec<Event> {
    let id = |i: u8| sim.level().screws()[i as usize].id;
    let (from, index) = dest_parts(rec.dest());
    let mut out = vec![
        Event::Undone {
            screw: id(rec.screw()),
        },
        Event::ScrewReturned {
            screw: id(rec.screw()),
            from,
            index,
        },
    ];
    out.extend(rec.flows().iter().rev().map(|f| Event::FlowReturned {
        screw: id(f.screw),
        slot: f.slot,
        rail_place: f.rail_place,
    }));
    push_part_changes(sim, poses_before, &mut out);
    out.push(Event::StateChanged);
    out
}

fn push_part_changes(sim: &GameSim, before: &[Mask], out: &mut Vec<Event>) {
    for (p, (&now, &was)) in sim.poses().iter().zip(before).enumerate() {
        if now != was {
            out.push(Event::PartChanged {
                part: sim.level().parts()[p].id,
                pose: sim.pose(p),
            });
        }
    }
}
