//! The board as the view draws it: plain rows the Godot adapter turns 1:1 into Dictionaries
//! (`GameSim.screws()`, `parts()`, `crates()`, `legal_moves()`, `solution()`). Everything here reads a
//! [`GameSim`]; nothing decides a rule.

use screwsmith_readability::camera::SAME_LAYER_SINK_STEPS;
use screwsmith_readability::marks::{bomb_warning, pair_numbers};
use screwsmith_rules::cells::{bits, mask_cells, Mask};
use screwsmith_rules::level::turn::{turn_of, QuarterTurn};
use screwsmith_rules::level::{Cell, ScrewKind};
use screwsmith_rules::sim::rail::EMPTY;
use screwsmith_rules::sim::{GameSim, Move};

/// How a part hangs right now (what the view animates between): the rules' own [`Pose`], so the view
/// never re-derives a swing.
pub use screwsmith_rules::sim::Pose;

/// A pose as GDScript sees it: the integer of `GameSim.POSE_*`, like events and places (a hang's screw
/// is left out: the row's cells show where the part swung). Starts at 1 like
/// [`Place`](crate::view::Place), so an unset 0 is no pose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[repr(i64)]
pub enum PoseKind {
    Rest = 1,
    Hang = 2,
    Fallen = 3,
    Frame = 4,
}

impl PoseKind {
    /// Every kind, in integer order.
    pub const ALL: [PoseKind; 4] = [
        PoseKind::Rest,
        PoseKind::Hang,
        PoseKind::Fallen,
        PoseKind::Frame,
    ];

    /// The kind of a rules pose.
    pub fn of(pose: Pose) -> PoseKind {
        match pose {
            Pose::Rest => PoseKind::Rest,
            Pose::Hang(_) => PoseKind::Hang,
            Pose::Fallen => PoseKind::Fallen,
            Pose::Frame => PoseKind::Frame,
        }
    }

    /// The kind GDScript passed as `n`; `None` for any other integer.
    pub fn from_int(n: i64) -> Option<PoseKind> {
        PoseKind::ALL.into_iter().find(|k| *k as i64 == n)
    }

    /// A rules pose of this kind, for what depends on the kind only (the plate tints: every hang of a
    /// part has one tint).
    pub fn pose(self) -> Pose {
        match self {
            PoseKind::Rest => Pose::Rest,
            PoseKind::Hang => Pose::Hang(0),
            PoseKind::Fallen => Pose::Fallen,
            PoseKind::Frame => Pose::Frame,
        }
    }
}

/// Name of a screw kind for GDScript.
pub fn kind_name(kind: ScrewKind) -> &'static str {
    match kind {
        ScrewKind::Normal => "normal",
        ScrewKind::Rusty => "rusty",
        ScrewKind::Bolt => "bolt",
    }
}

/// One screw, as `GameSim.screws()` reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScrewView {
    pub id: u16,
    /// Part id (not index).
    pub part: u16,
    pub x: u8,
    pub y: u8,
    pub layer: u8,
    /// Palette colour the player may see; -1 while hidden and untouched.
    pub color: i32,
    pub known: bool,
    pub accessible: bool,
    pub removed: bool,
    pub kind: &'static str,
    /// Taps taken and kept (1 for a loosened rusty screw).
    pub touches: u8,
    pub hidden: bool,
    /// Id of the screw holding this screw's key; -1 for a screw without a lock.
    pub key: i32,
    /// Its lock is closed: the key screw is still on the board, so a tap is refused.
    pub locked: bool,
    /// A countdown bomb's moves left (its count when defused), -1 for a screw without one.
    pub bomb: i32,
    /// The bomb warns (1–2 moves left: `screwsmith_readability::marks::bomb_warning`).
    pub bomb_warning: bool,
    /// The pairing badge of the key this screw holds (`ReadabilityAudit.marks()`'s `tags` index,
    /// key holders in file order), -1 for a screw holding none.
    pub key_tag: i32,
    /// The pairing badge of this screw's lock (its key holder's `key_tag`), -1 without a lock.
    pub lock_tag: i32,
    /// The layer of the plate drawn over this screw (the topmost that covers its cell), -1 for a
    /// screw nothing covers or one that has left the board. The view draws a covered screw dimmed,
    /// lying on that plate's top face, so every screw in the board can be seen.
    pub cover: i32,
}

/// One part, as `GameSim.parts()` reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartView {
    pub id: u16,
    pub layer: u8,
    /// Cells covered now, in index order (empty once fallen).
    pub cells: Vec<Cell>,
    pub pose: Pose,
    /// The cells of its rest shape, in index order: the plate the view builds once and turns.
    pub rest: Vec<Cell>,
    /// The cell of the screw it hangs from while it hangs (the turn's centre).
    pub pivot: Option<Cell>,
    /// Which quarter turn of `rest` about `pivot` the cells are (`QuarterTurn::None` at rest and
    /// for a frame); `None` for a hang pose that is no turn of the rest shape (a hand-made board's
    /// pose), which the view draws as its cells.
    pub turn: Option<QuarterTurn>,
    /// How many screws of other plates on its layer, still on the board, lie in its cells (at most
    /// [`SAME_LAYER_SINK_STEPS`]). A hanging plate may swing over a plate of its own layer, and
    /// neither covers the other in the rules; the view draws it under such plates, so their screws
    /// read as on their own plate.
    pub beneath: u8,
}

/// One active crate slot, as `GameSim.crates()` reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrateView {
    pub slot: u8,
    /// 0 when the slot is empty (its queue ran out).
    pub id: u16,
    pub color: u8,
    pub fill: u8,
    pub active: bool,
}

/// A move as GDScript sees it: `{screw, wrench}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveView {
    pub screw: u16,
    pub wrench: bool,
}

impl From<Move> for MoveView {
    fn from(m: Move) -> Self {
        MoveView {
            screw: m.screw(),
            wrench: m.is_wrench(),
        }
    }
}

/// Every screw in file order.
pub fn screws(sim: &GameSim) -> Vec<ScrewView> {
    (0..sim.level().screw_count())
        .map(|i| screw(sim, i as u8))
        .collect()
}

/// The row of screw index `i`.
pub fn screw(sim: &GameSim, i: u8) -> ScrewView {
    let level = sim.level();
    let s = &level.screws()[i as usize];
    let known = sim.is_known(i);
    let (key, lock) = pair_numbers(level, i);
    let (key_tag, lock_tag) = (key.map_or(-1, i32::from), lock.map_or(-1, i32::from));
    ScrewView {
        id: s.id,
        part: level.parts()[s.part as usize].id,
        x: s.xy[0],
        y: s.xy[1],
        layer: s.layer,
        color: if known { s.color as i32 } else { -1 },
        known,
        accessible: sim.is_accessible(i),
        removed: sim.is_removed(i),
        kind: kind_name(s.kind),
        touches: sim.touches(i),
        hidden: s.hidden,
        key: s.key.map_or(-1, |k| level.screws()[k as usize].id as i32),
        locked: sim.is_locked(i),
        bomb: sim.bomb_left(i).map_or(-1, i32::from),
        bomb_warning: sim
            .bomb_left(i)
            .is_some_and(|left| !sim.is_removed(i) && bomb_warning(left)),
        key_tag,
        lock_tag,
        cover: cover(sim, i),
    }
}

/// The layer of the plate drawn over screw `i` ([`GameSim::cover_part`]), as [`ScrewView::cover`]
/// says: -1 exactly when the rules call it uncovered or it has left the board.
pub fn cover(sim: &GameSim, i: u8) -> i32 {
    sim.cover_part(i)
        .map_or(-1, |p| i32::from(sim.level().parts()[p].layer))
}

/// Every part in file order with its current cells.
pub fn parts(sim: &GameSim) -> Vec<PartView> {
    (0..sim.level().parts().len())
        .map(|p| part(sim, p))
        .collect()
}

/// The row of part index `p`, with its current cells.
pub fn part(sim: &GameSim, p: usize) -> PartView {
    part_in(sim, p, sim.pose(p), sim.poses()[p])
}

/// The row of part index `p` in `pose`, covering the cells of `mask`: with its rest shape, the cell
/// it hangs from and the quarter turn that takes the one to the other, so the view turns one plate.
pub fn part_in(sim: &GameSim, p: usize, pose: Pose, mask: Mask) -> PartView {
    let level = sim.level();
    let (w, h) = (level.data().width, level.data().height);
    let part = &level.parts()[p];
    let rest = mask_cells(w, part.rest);
    let cells = mask_cells(w, mask);
    let pivot = match pose {
        Pose::Hang(s) => Some(level.screws()[usize::from(s)].xy),
        _ => None,
    };
    let turn = match (pose, pivot) {
        (Pose::Hang(_), Some(pivot)) => turn_of(&rest, pivot, &cells, w, h),
        _ => Some(QuarterTurn::None),
    };
    PartView {
        id: part.id,
        layer: part.layer,
        cells,
        pose,
        rest,
        pivot,
        turn,
        beneath: beneath(sim, p, mask),
    }
}

/// [`PartView::beneath`] of part index `p` covering the cells of `mask`.
fn beneath(sim: &GameSim, p: usize, mask: Mask) -> u8 {
    let level = sim.level();
    let layer = level.parts()[p].layer;
    let held = level.screws().iter().enumerate().filter(|&(i, s)| {
        usize::from(s.part) != p
            && s.layer == layer
            && s.cell & mask != 0
            && !sim.is_removed(i as u8)
    });
    held.count().min(usize::from(SAME_LAYER_SINK_STEPS)) as u8
}

/// Every pose each part can take on the board, one row per distinct pose, parts in file order: the
/// pose it starts in, then the hang about each of its screws as the last one left (in screw order),
/// as the rules' own [`GameSim::pose_with`] decides them. Fallen parts have no plate and no row. The
/// view draws these plates ahead, while nothing moves, so a swing never builds one in a tap's frame.
pub fn part_poses(sim: &GameSim) -> Vec<PartView> {
    let level = sim.level();
    let mut rows = Vec::new();
    for (p, part) in level.parts().iter().enumerate() {
        let mut poses = vec![sim.pose_with(p, 0)];
        for s in bits(part.screws) {
            let pose = sim.pose_with(p, part.screws & !(1 << s));
            if !poses.contains(&pose) {
                poses.push(pose);
            }
        }
        rows.extend(
            poses
                .into_iter()
                .map(|pose| part_in(sim, p, pose, sim.pose_cells(p, pose))),
        );
    }
    rows
}

/// The active crate slots, left to right.
pub fn crates(sim: &GameSim) -> Vec<CrateView> {
    sim.crates()
        .iter()
        .enumerate()
        .map(|(slot, c)| CrateView {
            slot: slot as u8,
            id: c.id,
            color: c.color,
            fill: c.fill,
            active: c.is_active(),
        })
        .collect()
}

/// Screw id per rail place, -1 where free.
pub fn rail_ids(sim: &GameSim) -> Vec<i32> {
    rail_map(sim, |i| sim.level().screws()[i as usize].id as i32)
}

/// Palette colour per rail place, -1 where free. Rail screws are always known (they were tapped).
pub fn rail_colors(sim: &GameSim) -> Vec<i32> {
    rail_map(sim, |i| sim.level().screws()[i as usize].color as i32)
}

fn rail_map(sim: &GameSim, f: impl Fn(u8) -> i32) -> Vec<i32> {
    sim.rail()
        .slots()
        .iter()
        .map(|&i| if i == EMPTY { -1 } else { f(i) })
        .collect()
}

/// The moves played so far, oldest first, by screw id (what the save keeps and a hint is asked about).
pub fn history(sim: &GameSim) -> Vec<Move> {
    let screws = sim.level().screws();
    sim.history()
        .iter()
        .map(|r| {
            let id = screws[usize::from(r.screw())].id;
            if r.wrench() {
                Move::Wrench(id)
            } else {
                Move::Tap(id)
            }
        })
        .collect()
}

/// Legal moves right now (taps first, then wrench taps).
pub fn legal_moves(sim: &GameSim) -> Vec<MoveView> {
    sim.legal_moves().into_iter().map(MoveView::from).collect()
}

/// The level's stored solution, empty when the file has none.
pub fn solution(sim: &GameSim) -> Vec<MoveView> {
    sim.level()
        .data()
        .measure
        .iter()
        .flat_map(|m| m.solution.iter().copied().map(MoveView::from))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pose_kind_crosses_as_its_own_integer_and_back() {
        let poses = [Pose::Rest, Pose::Hang(3), Pose::Fallen, Pose::Frame];
        let ints: Vec<i64> = poses.iter().map(|p| PoseKind::of(*p) as i64).collect();
        assert_eq!(ints, [1, 2, 3, 4]);
        for (pose, n) in poses.iter().zip(ints) {
            let kind = PoseKind::from_int(n).unwrap();
            assert_eq!(PoseKind::of(kind.pose()), PoseKind::of(*pose));
        }
        assert_eq!(PoseKind::from_int(0), None, "0 is no pose");
        assert_eq!(PoseKind::from_int(5), None);
    }
}
