//! The typed reasons a move (a [`Move`], defined below the level file in [`crate::moves`]) is
//! rejected. A rejected move changes nothing.

use thiserror::Error;

pub use crate::moves::Move;

/// Why a move or undo was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("no screw with id {0} in this level")]
    UnknownScrew(u16),
    #[error("screw {0} was already removed")]
    AlreadyRemoved(u16),
    #[error("screw {0} is covered by a part above it")]
    NotAccessible(u16),
    #[error("screw {screw} is locked: its key is screw {key}, still on the board")]
    Locked { screw: u16, key: u16 },
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
