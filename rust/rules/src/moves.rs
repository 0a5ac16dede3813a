//! A move, by screw id: what a level file's stored solution lists, what GDScript sends and what the
//! rules play. It sits below both the level file ([`crate::level`], whose `measure.solution` holds
//! moves) and the rules ([`crate::sim`], which play them), so the file format never depends on the
//! layer that plays it.

use serde::{Deserialize, Serialize};

/// A player action on a screw, named by the screw's id in the level file.
/// Serialises as `{"tap": 7}` or `{"wrench": 12}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Move {
    /// A finger tap: loosens a rusty screw, removes any other non-bolt screw.
    Tap(u16),
    /// A wrench tap: spends a charge, removes a bolt (the only way to).
    Wrench(u16),
}

impl Move {
    /// The screw id the move acts on.
    pub fn screw(self) -> u16 {
        match self {
            Move::Tap(s) | Move::Wrench(s) => s,
        }
    }

    /// Whether this is a wrench tap.
    pub fn is_wrench(self) -> bool {
        matches!(self, Move::Wrench(_))
    }
}

/// A move in words ("tap on screw 21", "wrench on screw 4"): what messages show instead of `Tap(21)`.
impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Move::Tap(s) => write!(f, "tap on screw {s}"),
            Move::Wrench(s) => write!(f, "wrench on screw {s}"),
        }
    }
}
