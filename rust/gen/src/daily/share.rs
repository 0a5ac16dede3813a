//! The shareable result of a bench ("Screwsmith Bench #97 — 23 moves"). The parts are returned separately
//! so the game can put them into a translated template; the English string is the fallback and the CLI's.

use serde::Serialize;

/// What a share message says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ShareParts {
    pub bench: u32,
    pub moves: u32,
}

impl ShareParts {
    /// The English share text.
    pub fn english(&self) -> String {
        let unit = if self.moves == 1 { "move" } else { "moves" };
        format!("Screwsmith Bench #{} — {} {unit}", self.bench, self.moves)
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
                moves: 23
            }
            .english(),
            "Screwsmith Bench #97 — 23 moves"
        );
        assert_eq!(
            ShareParts { bench: 3, moves: 1 }.english(),
            "Screwsmith Bench #3 — 1 move"
        );
    }
}
