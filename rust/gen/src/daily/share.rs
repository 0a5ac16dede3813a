//! The shareable result of a bench in the CLI's `play` ("Screwsmith Bench #97 — 25 actions"; the game
//! puts the same score into its translated template). The score is [`super::score`]'s.

use serde::Serialize;

/// What a share message says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ShareParts {
    pub bench: u32,
    /// The attempt's score ([`super::score::score`]).
    pub score: u32,
}

impl ShareParts {
    /// The English share text.
    pub fn english(&self) -> String {
        let unit = if self.score == 1 { "action" } else { "actions" };
        format!("Screwsmith Bench #{} — {} {unit}", self.bench, self.score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_share_text() {
        assert_eq!(
            ShareParts {
                bench: 97,
                score: 25
            }
            .english(),
            "Screwsmith Bench #97 — 25 actions"
        );
        assert_eq!(
            ShareParts { bench: 3, score: 1 }.english(),
            "Screwsmith Bench #3 — 1 action"
        );
    }
}
