//! When two moves commute: the independence relation behind the proof search's sleep sets
//! ([`crate::prover`]) — the same relation docs/design.md §3's "unique solution up to independent moves" is about.
//!
//! Two legal moves `a`, `b` of a state `S` are *independent at `S`* when both orders are legal and lead
//! to the same state: `S·a·b = S·b·a` (the Mazurkiewicz diamond). Deciding that by playing both orders
//! costs four moves per pair, so [`independent`] checks a sufficient condition from what each move does
//! at `S` ([`Effect`]), and answers "dependent" whenever it is not sure (a false "dependent" only costs
//! search time; a false "independent" would lose wins, so every "independent" below is argued):
//!
//! - **Same colour.** The crates and the rail only ever see a screw's colour: where it goes, which
//!   crate seals, what is pulled and what flows are decided by colours alone (the rail is a colour
//!   multiset in the key). So removing two screws of one colour in either order plays the same two
//!   colour events and ends in the same state — even when one of them seals a crate or wins — unless
//!   the first already loses.
//! - **Loosening** a rusty screw touches only its own bit: it commutes with any move that does not lose.
//! - A move that **seals** a crate (or wins) is otherwise dependent: sealing pulls the next queued crate
//!   and lets rail screws flow, which can change where the other screw goes. A move that **loses** is
//!   dependent with everything.
//! - Otherwise both moves send a screw of a different colour *into a crate* that it does not fill (the
//!   crate keeps accepting its colour) or *to the rail*. Neither changes which crate accepts which
//!   colour, so each move's destination is the same in both orders, provided two rail-bound moves find
//!   two free places. Two wrench taps need two charges.
//! - **Poses**: removing a screw can swing its part into a hang pose that covers cells it did not cover,
//!   which may hide a screw on a lower layer. `a` and `b` are dependent when either's newly covered cells
//!   hold the other's screw below it. Uncovering never disables a move, and the final poses agree because
//!   a pose depends only on which screws are left.
//!
//! Then both orders are legal and end with the same removed and loosened screws, the same crate fills,
//! the same rail multiset and the same charges: the same [`crate::key::StateKey`].

use screwsmith_rules::cells::Mask;
use screwsmith_rules::level::ScrewKind;
use screwsmith_rules::sim::GameSim;

/// Where a move's screw goes, for commuting purposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dest {
    /// A rusty screw's first tap.
    Loosen,
    /// Into the crate in this slot, without filling it.
    Crate(u8),
    /// Onto a free rail place.
    Rail,
    /// Seals a crate, wins, or loses: dependent with every move.
    Barrier,
    /// No rail place and no crate: the move loses at once.
    Lose,
}

/// What one legal move does at the state it is played from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effect {
    pub screw: u8,
    pub wrench: bool,
    pub dest: Dest,
    /// The screw's colour.
    color: u8,
    /// Layer of the screw (its part's layer).
    layer: u8,
    /// The screw's cell.
    cell: Mask,
    /// Cells its part covers after the move and did not before.
    covers: Mask,
}

/// The state facts [`independent`] needs besides the two effects.
#[derive(Debug, Clone, Copy)]
pub struct Room {
    free_rail: u8,
    wrench: u8,
}

impl Room {
    /// The sim's free rail places and wrench charges.
    pub fn of(sim: &GameSim) -> Self {
        Room {
            free_rail: sim.rail().len() - sim.rail_occupancy(),
            wrench: sim.wrench_charges(),
        }
    }
}

/// The effect of the legal move `(i, wrench)` at the sim's state.
pub fn effect(sim: &GameSim, i: u8, wrench: bool) -> Effect {
    let level = sim.level();
    let s = &level.screws()[i as usize];
    let bit = 1u128 << i;
    let mut e = Effect {
        screw: i,
        wrench,
        dest: Dest::Loosen,
        color: s.color,
        layer: s.layer,
        cell: s.cell,
        covers: 0,
    };
    if s.kind == ScrewKind::Rusty && sim.loosened_mask() & bit == 0 {
        return e;
    }
    let part = s.part as usize;
    let pose = sim.pose_cells(part, sim.pose_with(part, sim.removed_mask() | bit));
    e.covers = pose & !sim.poses()[part];
    e.dest = match sim.accepting_slot(s.color) {
        Some(_) if sim.seals(s.color) => Dest::Barrier,
        Some(k) => Dest::Crate(k as u8),
        None if sim.rail_occupancy() < sim.rail().len() => Dest::Rail,
        None => Dest::Lose,
    };
    e
}

/// Whether `a` then `b` and `b` then `a` are both legal at the state `room` was taken from and end in
/// the same state (a sufficient condition; see the module doc).
#[inline]
pub fn independent(a: &Effect, b: &Effect, room: &Room) -> bool {
    use Dest::*;
    if a.dest == Lose || b.dest == Lose || a.screw == b.screw {
        return false;
    }
    if (a.covers & b.cell != 0 && b.layer < a.layer)
        || (b.covers & a.cell != 0 && a.layer < b.layer)
    {
        return false;
    }
    if a.wrench && b.wrench && room.wrench < 2 {
        return false;
    }
    if a.dest == Loosen || b.dest == Loosen || a.color == b.color {
        return true;
    }
    match (a.dest, b.dest) {
        (Barrier, _) | (_, Barrier) => false,
        (Rail, Rail) => room.free_rail >= 2,
        _ => true, // different colours, so never the same crate
    }
}

/// A state's legal moves grouped by what [`independent`] looks at, as screw masks, so that the sleep
/// set of a child is a few mask operations instead of a pass over the moves.
#[derive(Debug, Clone, Copy, Default)]
pub struct Classes {
    loosen: u128,
    lose: u128,
    barrier: u128,
    rail: u128,
    wrench: u128,
    /// Moves whose part covers new cells.
    grows: u128,
    colour: [u128; 16],
}

impl Classes {
    /// The classes of a state's moves.
    pub fn of(moves: &[Effect]) -> Self {
        let mut c = Classes::default();
        for e in moves {
            let bit = 1u128 << e.screw;
            match e.dest {
                Dest::Loosen => c.loosen |= bit,
                Dest::Lose => c.lose |= bit,
                Dest::Barrier => c.barrier |= bit,
                Dest::Rail => c.rail |= bit,
                Dest::Crate(_) => {}
            }
            if e.wrench {
                c.wrench |= bit;
            }
            if e.covers != 0 {
                c.grows |= bit;
            }
            c.colour[e.color as usize & 15] |= bit;
        }
        c
    }

    /// The moves of `moves` (a screw mask of moves in `all`) independent of `of` at this state: the
    /// same answer as [`independent`] pair by pair (a test checks), from masks.
    #[inline]
    pub fn independent_of(&self, of: &Effect, moves: u128, all: &[Effect], room: &Room) -> u128 {
        let cand = moves & !self.lose & !(1u128 << of.screw);
        if cand == 0 || of.dest == Dest::Lose {
            return 0;
        }
        let mut ok = match of.dest {
            Dest::Loosen => cand,
            _ => {
                let mut with = self.loosen | self.colour[of.color as usize & 15];
                if of.dest != Dest::Barrier {
                    let mut others = !self.barrier;
                    if of.dest == Dest::Rail && room.free_rail < 2 {
                        others &= !self.rail;
                    }
                    with |= others;
                }
                cand & with
            }
        };
        if of.wrench && room.wrench < 2 {
            ok &= !self.wrench;
        }
        if ok != 0 && (of.covers != 0 || ok & self.grows != 0) {
            for e in all {
                if ok >> e.screw & 1 == 1
                    && ((of.covers & e.cell != 0 && e.layer < of.layer)
                        || (e.covers & of.cell != 0 && of.layer < e.layer))
                {
                    ok &= !(1u128 << e.screw);
                }
            }
        }
        ok
    }
}

/// The moves of `moves` (a screw mask) independent at this state of `of`, pair by pair (the reference
/// [`Classes::independent_of`] is tested against).
pub fn independent_of(of: &Effect, moves: u128, all: &[Effect], room: &Room) -> u128 {
    let mut out = 0;
    for e in all {
        if moves >> e.screw & 1 == 1 && independent(of, e, room) {
            out |= 1u128 << e.screw;
        }
    }
    out
}
