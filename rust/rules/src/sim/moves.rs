//! Moves (by screw id, as stored in solutions and sent from GDScript) and the typed reasons a move is
//! rejected. A rejected move changes nothing.

use serde::{Deserialize, Serialize};
use thiserror::Error;

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

/// Why a move or undo was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("no screw with id {0} in this level")]
    UnknownScrew(u16),
    #[error("screw {0} was already removed")]
    AlreadyRemoved(u16),
    #[error("screw {0} is covered by a part above it")]
    NotAccessible(u16),
    #[error("screw {0} is a bolt: only a wrench tap removes it")]
    BoltNeedsWrench(u16),
    #[error("screw {0} is not a bolt: the wrench only turns bolts")]
    WrenchOnNonBolt(u16),
    #[error("no wrench charges left")]
    NoWrenchCharges,
    #[error("the level is over ({0})")]
    GameOver(&'static str),
    #[error("nothing to undo")]
    NothingToUndo,
}
