//! What the player's helpers did in one attempt: hints shown, rewinds taken, and where a
//! loss stands while the lose panel still offers the rescue. It lives beside the game in
//! [`Session`](super::Session) so that the star cap and "a loss is counted once" are decided here, once,
//! and tested here; the board only asks.

/// Where the loss of a lost board stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Loss {
    /// No loss on the board.
    #[default]
    None,
    /// The rail filled and the lose panel is up, but the loss is not counted yet: the rescue ("Undo last
    /// move") may still take it back.
    Pending,
    /// The loss was handed to the save (the player left the board, or the app was closed on it): it is
    /// final and the board stays lost.
    Counted,
}

/// The helpers one attempt used.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Assist {
    /// Hints the player was shown this attempt.
    pub hints_used: u32,
    /// Whether the board was rewound to its last winnable point this attempt.
    pub rewound: bool,
    pub loss: Loss,
}

impl Assist {
    /// Whether a win now was helped by the solver (it then earns at most
    /// [`HELPED_MAX_STARS`](crate::save::HELPED_MAX_STARS)).
    pub fn helped(&self) -> bool {
        self.hints_used > 0 || self.rewound
    }

    /// A move lost the game: the loss waits for the player's next step.
    pub fn lost(&mut self) {
        if self.loss == Loss::None {
            self.loss = Loss::Pending;
        }
    }

    /// The loss may still be taken back (the rescue, or a rewind from the lost board).
    pub fn open(&self) -> bool {
        self.loss != Loss::Counted
    }

    /// The lost move was taken back: nothing is counted.
    pub fn taken_back(&mut self) {
        if self.loss == Loss::Pending {
            self.loss = Loss::None;
        }
    }

    /// `true` exactly once per loss: the caller records it in the save now. Afterwards the loss is final.
    pub fn settle(&mut self) -> bool {
        let pending = self.loss == Loss::Pending;
        if pending {
            self.loss = Loss::Counted;
        }
        pending
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loss_is_counted_once() {
        let mut a = Assist::default();
        assert!(!a.settle(), "no loss, nothing to count");
        a.lost();
        assert!(a.settle());
        assert!(!a.settle(), "never twice");
        a.lost();
        assert_eq!(a.loss, Loss::Counted, "a counted loss stays counted");
        a.taken_back();
        assert!(!a.open(), "a counted loss cannot be taken back");
    }

    #[test]
    fn a_loss_taken_back_is_never_counted_and_a_second_one_is() {
        let mut a = Assist::default();
        a.lost();
        assert!(a.open());
        a.taken_back();
        assert!(!a.settle(), "a rescued loss is not counted");
        a.lost();
        assert!(a.settle(), "the next loss of the attempt is");
    }

    #[test]
    fn hints_and_rewinds_count_as_help() {
        let mut a = Assist::default();
        assert!(!a.helped());
        a.hints_used = 1;
        assert!(a.helped());
        let rewound = Assist {
            rewound: true,
            ..Assist::default()
        };
        assert!(rewound.helped());
    }
}
