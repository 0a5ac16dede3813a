//! [`Refusal`]: a player's tap the rules turned down, as the board tells it. The rules keep their typed
//! [`MoveError`]; here each one a finger can cause becomes a message key of
//! `godot_project/translations/strings.csv` and what the view points at (a lock's key), so a refused tap
//! is a line on screen and never an engine error. Errors no finger can cause (an unknown id, an undo)
//! stay errors.

use screwsmith_readability::marks::pair_numbers;
use screwsmith_rules::sim::{GameSim, MoveError};

/// Every line a refusal can show: the keys reach GDScript only at run time, so the translation check
/// (`tests/translations.rs`) reads them here.
pub const MESSAGE_KEYS: [&str; 5] = [
    "REFUSED_COVERED",
    "REFUSED_LOCKED",
    "REFUSED_BOLT",
    "REFUSED_WRENCH_NORMAL",
    "REFUSED_NO_WRENCH",
];

/// Why a tap on the board did nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A plate above covers the screw.
    Covered { screw: u16 },
    /// The screw's lock is shut: `key` (a screw id) still holds its key; `tag` is the pair's badge
    /// (the `key_tag` / `lock_tag` both screws' rows carry), so the view links the two.
    Locked { screw: u16, key: u16, tag: i32 },
    /// A bolt tapped by finger: only the wrench turns it.
    BoltNeedsWrench { screw: u16 },
    /// The armed wrench tapped on a screw that is not a bolt.
    WrenchOnNormal { screw: u16 },
    /// The wrench has no charge left.
    NoWrenchCharges { screw: u16 },
    /// The screw has already left the board (a tap racing its own flight).
    Removed { screw: u16 },
    /// The level is won or lost: the board takes no more moves.
    GameOver { screw: u16 },
}

impl Refusal {
    /// The refusal a finger caused, or `None` for an error no tap on a drawn screw can cause (an
    /// unknown id, nothing to undo): those stay faults.
    pub fn of(sim: &GameSim, error: &MoveError, screw: u16) -> Option<Refusal> {
        Some(match *error {
            MoveError::NotAccessible(screw) => Refusal::Covered { screw },
            MoveError::Locked { screw, key } => Refusal::Locked {
                screw,
                key,
                tag: lock_tag(sim, screw),
            },
            // A bolt with no wrench left to turn it: "tap the wrench" would point at nothing.
            MoveError::BoltNeedsWrench(screw) if sim.wrench_charges() == 0 => {
                Refusal::NoWrenchCharges { screw }
            }
            MoveError::BoltNeedsWrench(screw) => Refusal::BoltNeedsWrench { screw },
            MoveError::WrenchOnNonBolt(screw) => Refusal::WrenchOnNormal { screw },
            MoveError::NoWrenchCharges => Refusal::NoWrenchCharges { screw },
            MoveError::AlreadyRemoved(screw) => Refusal::Removed { screw },
            MoveError::GameOver(_) => Refusal::GameOver { screw },
            MoveError::UnknownScrew(_) | MoveError::NothingToUndo => return None,
        })
    }

    /// The translation key of the line the HUD shows ("" for a refusal that needs no words: the tap
    /// raced a flight or the game just ended, and the board already shows why).
    pub fn message_key(self) -> &'static str {
        match self {
            Refusal::Covered { .. } => "REFUSED_COVERED",
            Refusal::Locked { .. } => "REFUSED_LOCKED",
            Refusal::BoltNeedsWrench { .. } => "REFUSED_BOLT",
            Refusal::WrenchOnNormal { .. } => "REFUSED_WRENCH_NORMAL",
            Refusal::NoWrenchCharges { .. } => "REFUSED_NO_WRENCH",
            Refusal::Removed { .. } | Refusal::GameOver { .. } => "",
        }
    }

    /// The screw tapped.
    pub fn screw(self) -> u16 {
        match self {
            Refusal::Covered { screw }
            | Refusal::Locked { screw, .. }
            | Refusal::BoltNeedsWrench { screw }
            | Refusal::WrenchOnNormal { screw }
            | Refusal::NoWrenchCharges { screw }
            | Refusal::Removed { screw }
            | Refusal::GameOver { screw } => screw,
        }
    }

    /// The screw holding a refused lock's key (the view pulses it and draws the link); `None` for
    /// every other refusal.
    pub fn key(self) -> Option<u16> {
        match self {
            Refusal::Locked { key, .. } => Some(key),
            _ => None,
        }
    }

    /// The pair's badge of a refused lock, -1 for every other refusal.
    pub fn tag(self) -> i32 {
        match self {
            Refusal::Locked { tag, .. } => tag,
            _ => -1,
        }
    }

    /// Whether an armed wrench stays armed after this refusal. A refused tap spends nothing, and a
    /// player who armed the wrench still means to turn a bolt with it: aimed at the wrong screw
    /// (a normal one, a covered or a locked one) it stays in the hand, the line says why, and the
    /// wrench button puts it down. Only a wrench with no charge, or a game that ended, drops it.
    pub fn keeps_wrench(self) -> bool {
        !matches!(
            self,
            Refusal::NoWrenchCharges { .. } | Refusal::GameOver { .. }
        )
    }
}

/// The badge of screw `id`'s lock (its key holder's number), -1 when it has none.
fn lock_tag(sim: &GameSim, id: u16) -> i32 {
    sim.level()
        .screw_index(id)
        .and_then(|i| pair_numbers(sim.level(), i).1)
        .map_or(-1, i32::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVERY: [Refusal; 7] = [
        Refusal::Covered { screw: 1 },
        Refusal::Locked {
            screw: 2,
            key: 3,
            tag: 0,
        },
        Refusal::BoltNeedsWrench { screw: 4 },
        Refusal::WrenchOnNormal { screw: 5 },
        Refusal::NoWrenchCharges { screw: 6 },
        Refusal::Removed { screw: 7 },
        Refusal::GameOver { screw: 8 },
    ];

    #[test]
    fn every_refusal_a_player_can_read_has_its_own_message() {
        let keys: Vec<&str> = EVERY
            .iter()
            .map(|r| r.message_key())
            .filter(|k| !k.is_empty())
            .collect();
        assert_eq!(keys, MESSAGE_KEYS, "every key listed, in order");
        for (i, a) in keys.iter().enumerate() {
            assert!(a.starts_with("REFUSED_"), "{a}");
            assert!(!keys[i + 1..].contains(a), "{a} twice");
        }
    }

    #[test]
    fn only_a_lock_names_a_key_and_a_badge() {
        for r in EVERY {
            let locked = matches!(r, Refusal::Locked { .. });
            assert_eq!(r.key().is_some(), locked, "{r:?}");
            assert_eq!(r.tag() >= 0, locked, "{r:?}");
        }
        assert_eq!(EVERY[1].key(), Some(3));
        assert_eq!(
            EVERY.map(Refusal::screw),
            [1, 2, 4, 5, 6, 7, 8],
            "the tapped screw"
        );
    }

    #[test]
    fn the_wrench_stays_armed_unless_it_is_spent_or_the_game_ended() {
        let kept: Vec<bool> = EVERY.iter().map(|r| r.keeps_wrench()).collect();
        assert_eq!(kept, [true, true, true, true, false, true, false]);
    }
}
