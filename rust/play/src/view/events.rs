//! What a move or an undo did, as the ordered list of events the view plays: built from the core's
//! [`MoveRecord`] and the one [`Diff`] of the change. Each event carries what the view needs to play
//! it — the crate fill once a screw lands, the colour a rail place shows, the screw a swinging part
//! hangs from, the part as it stood before — so the view never counts, scans the list or works a rule
//! fact out again. The kinds are integers ([`EventKind`]); the adapter exports them as constants.

use screwsmith_rules::cells::bits;
use screwsmith_rules::level::{Cell, ScrewKind};
use screwsmith_rules::sim::crates::CRATE_SIZE;
use screwsmith_rules::sim::{Dest, GameSim, Loss, MoveRecord, Pose, Status};

use super::board::{self, PartView};
use super::diff::Diff;

/// An event's kind: the integer GDScript compares with `GameSim.EVENT_*`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[repr(i64)]
pub enum EventKind {
    ScrewMoved = 1,
    CrateSealed = 2,
    CratePulled = 3,
    RailFlowed = 4,
    PartChanged = 5,
    ScrewRevealed = 6,
    LevelWon = 7,
    LevelLost = 8,
    Undone = 9,
    ScrewReturned = 10,
    FlowReturned = 11,
    BombTicked = 12,
    BombDefused = 13,
    LockOpened = 14,
    LockClosed = 15,
}

/// Where a screw went (or, in an undo, comes back from): the integer of `GameSim.PLACE_*`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[repr(i64)]
pub enum Place {
    Crate = 1,
    Rail = 2,
    /// A rusty screw's first tap: it stays, raised.
    Loosened = 3,
    /// No crate and no rail place took it: the level is lost.
    Lost = 4,
}

/// A place and its index (crate slot or rail place; -1 for the others).
pub fn place_of(dest: Dest) -> (Place, i32) {
    match dest {
        Dest::Crate(slot) => (Place::Crate, slot as i32),
        Dest::Rail(place) => (Place::Rail, place as i32),
        Dest::Loosened => (Place::Loosened, -1),
        Dest::Lost => (Place::Lost, -1),
    }
}

/// One animation event, in the order the move happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The tapped screw left (or, loosened, stayed). `bolt`: it came off under the wrench (turns slower).
    /// `color` is its palette colour and `fill` the crate's screws once it lands (crate only, else 0).
    ScrewMoved {
        screw: u16,
        dest: Place,
        index: i32,
        bolt: bool,
        color: u8,
        fill: u8,
    },
    /// The crate in `slot` got its third screw and leaves; `refilled`: a queued crate is pulled into
    /// the slot later in this move (else the place stays empty).
    CrateSealed {
        slot: u8,
        crate_id: u16,
        refilled: bool,
    },
    /// The next queued crate moved into `slot`, empty.
    CratePulled {
        slot: u8,
        crate_id: u16,
        color: u8,
    },
    /// A rail screw flowed from `rail_place` into the crate just pulled into `slot`, which then holds
    /// `fill` screws.
    RailFlowed {
        screw: u16,
        rail_place: u8,
        slot: u8,
        color: u8,
        fill: u8,
    },
    /// A part swung, fell or came back: its row before and after, and the cell of the screw it hangs
    /// from in either pose (the swing's pivot), if it hangs in one.
    PartChanged {
        before: PartView,
        after: PartView,
        pivot: Option<Cell>,
    },
    /// A hidden screw's colour became known (its own tap shows it); `removed`: it left the board too.
    ScrewRevealed {
        screw: u16,
        removed: bool,
    },
    LevelWon,
    /// The level is lost; `bomb`: the id of the screw whose bomb went off, -1 otherwise; `reason`: why,
    /// as [`Loss::name`] says it ("rail_full", "bomb", "no_legal_move"), for the lose panel's line.
    LevelLost {
        bomb: i32,
        reason: &'static str,
    },
    /// The move counted down the bomb on `screw` (uncovered as the move was made) to `left` moves;
    /// the view warns at 1–2 and the lose panel follows at 0.
    BombTicked {
        screw: u16,
        left: u8,
    },
    /// The move removed the bomb screw `screw` with `left` moves on it: defused.
    BombDefused {
        screw: u16,
        left: u8,
    },
    /// The move removed `key`, the screw holding this screw's key: its lock opened (one event per
    /// lock, in screw order).
    LockOpened {
        screw: u16,
        key: u16,
    },
    /// Undo put the key back on the board: this screw's lock closed again (one per lock the undone
    /// move had opened, in screw order).
    LockClosed {
        screw: u16,
    },
    /// Undo took back the move on this screw.
    Undone {
        screw: u16,
    },
    /// Undo put the screw back on the board from where the move had sent it, so the view flies it
    /// back along the same path.
    ScrewReturned {
        screw: u16,
        from: Place,
        index: i32,
    },
    /// Undo took a flowed screw out of the crate in `slot` back to its rail place (last flow first).
    FlowReturned {
        screw: u16,
        slot: u8,
        rail_place: u8,
    },
}

impl Event {
    /// The event's kind.
    pub fn kind(&self) -> EventKind {
        match self {
            Event::ScrewMoved { .. } => EventKind::ScrewMoved,
            Event::CrateSealed { .. } => EventKind::CrateSealed,
            Event::CratePulled { .. } => EventKind::CratePulled,
            Event::RailFlowed { .. } => EventKind::RailFlowed,
            Event::PartChanged { .. } => EventKind::PartChanged,
            Event::ScrewRevealed { .. } => EventKind::ScrewRevealed,
            Event::LevelWon => EventKind::LevelWon,
            Event::LevelLost { .. } => EventKind::LevelLost,
            Event::BombTicked { .. } => EventKind::BombTicked,
            Event::BombDefused { .. } => EventKind::BombDefused,
            Event::LockOpened { .. } => EventKind::LockOpened,
            Event::LockClosed { .. } => EventKind::LockClosed,
            Event::Undone { .. } => EventKind::Undone,
            Event::ScrewReturned { .. } => EventKind::ScrewReturned,
            Event::FlowReturned { .. } => EventKind::FlowReturned,
        }
    }
}

/// Events of the move just played (`rec`, `sim` after it), given what it changed.
///
/// Order: the screw's move; then the crate cascade in the order it happened (sealed, pulled, the rail
/// screws that flowed into the pulled crate; repeated while that crate filled and sealed too); then
/// each part whose cells changed; then the revealed screws; then the locks the move opened (its screw
/// held their key); then the bombs defused and counted down; then won or lost.
pub fn move_events(sim: &GameSim, rec: &MoveRecord, diff: &Diff) -> Vec<Event> {
    let level = sim.level();
    let id = |i: u8| level.screws()[i as usize].id;
    let color = |i: u8| level.screws()[i as usize].color;
    let (dest, index) = place_of(rec.dest());
    let fill = match rec.dest() {
        Dest::Crate(slot) => rec.crates_before()[slot as usize].fill + 1,
        _ => 0,
    };
    let mut out = vec![Event::ScrewMoved {
        screw: id(rec.screw()),
        dest,
        index,
        bolt: level.screws()[rec.screw() as usize].kind == ScrewKind::Bolt,
        color: color(rec.screw()),
        fill,
    }];
    let mut flows = rec.flows().iter();
    let sealed = rec.sealed();
    for (k, s) in sealed.iter().enumerate() {
        let pulled = rec.pulled().get(k);
        out.push(Event::CrateSealed {
            slot: s.slot,
            crate_id: s.id,
            refilled: pulled.is_some(),
        });
        let Some(p) = pulled else {
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
        for (n, f) in flows.by_ref().take(take).enumerate() {
            out.push(Event::RailFlowed {
                screw: id(f.screw),
                rail_place: f.rail_place,
                slot: f.slot,
                color: color(f.screw),
                fill: n as u8 + 1,
            });
        }
    }
    push_part_changes(sim, diff, &mut out);
    out.extend(bits(diff.revealed).map(|i| Event::ScrewRevealed {
        screw: id(i as u8),
        removed: sim.is_removed(i as u8),
    }));
    out.extend(bits(rec.opened()).map(|i| Event::LockOpened {
        screw: id(i as u8),
        key: id(rec.screw()),
    }));
    push_bomb_events(sim, rec, &mut out);
    if rec.status_before() == Status::Playing {
        match sim.status() {
            Status::Won => out.push(Event::LevelWon),
            Status::Lost => out.push(Event::LevelLost {
                bomb: match sim.loss() {
                    Some(Loss::Bomb(i)) => id(i) as i32,
                    _ => -1,
                },
                reason: sim.loss().map_or("", Loss::name),
            }),
            Status::Playing => {}
        }
    }
    out
}

/// The bombs the move defused (the screw it removed) and counted down, in screw order.
fn push_bomb_events(sim: &GameSim, rec: &MoveRecord, out: &mut Vec<Event>) {
    let level = sim.level();
    for (k, &i) in level.bombs().iter().enumerate() {
        let (before, now) = (rec.bombs_before().0[k], sim.bomb_clocks().0[k]);
        let screw = level.screws()[i as usize].id;
        if i == rec.screw() && rec.removed() {
            out.push(Event::BombDefused { screw, left: now });
        } else if now < before {
            out.push(Event::BombTicked { screw, left: now });
        }
    }
}

/// Events of an undo that took back `rec` (`sim` after the undo), given what it changed.
///
/// Order: `Undone`; `ScrewReturned` (the screw back from its crate or rail place); the flows of the
/// move reversed, last first (`FlowReturned`); each part whose cells changed; the locks the move had
/// opened, closed again (`LockClosed`, in screw order).
pub fn undo_events(sim: &GameSim, rec: &MoveRecord, diff: &Diff) -> Vec<Event> {
    let id = |i: u8| sim.level().screws()[i as usize].id;
    let (from, index) = place_of(rec.dest());
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
    push_part_changes(sim, diff, &mut out);
    out.extend(
        bits(rec.opened() & sim.locked_mask()).map(|i| Event::LockClosed { screw: id(i as u8) }),
    );
    out
}

fn push_part_changes(sim: &GameSim, diff: &Diff, out: &mut Vec<Event>) {
    let level = sim.level();
    for change in &diff.parts {
        let before = board::part_in(sim, change.part, change.pose_before, change.cells_before);
        let after = board::part(sim, change.part);
        let hang = match (after.pose, before.pose) {
            (Pose::Hang(s), _) | (_, Pose::Hang(s)) => Some(s),
            _ => None,
        };
        out.push(Event::PartChanged {
            before,
            after,
            pivot: hang.map(|s| level.screws()[s as usize].xy),
        });
    }
}
