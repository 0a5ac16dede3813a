//! Typed errors for level files. Every structural problem names the level number and the field, so a
//! designer (or the validator's one-line-per-problem output) can go straight to it.

use thiserror::Error;

/// Why a level file or level was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LevelError {
    /// Not JSON, or JSON of the wrong shape (serde's message carries line and column).
    #[error("malformed level JSON: {0}")]
    Json(String),
    /// A file of another format version.
    #[error("level file format {found} is not supported (this build reads format {expected})")]
    Format { found: u32, expected: u32 },
    /// A single-level input held a file with another number of levels.
    #[error("expected exactly one level, found {0}")]
    NotOneLevel(usize),
    /// A level of the wrong shape (a missing, mistyped or unknown field), named by number or place.
    #[error("{}: {message}", level_name(*.number, *.index))]
    LevelShape {
        number: Option<u32>,
        index: Option<usize>,
        message: String,
    },
    /// One bare level object where a level file (`{"format": 1, "levels": [...]}`) is needed.
    #[error("holds one level object, not a level file {{\"format\": 1, \"levels\": [...]}}")]
    NotAFile,
    /// A level's content breaks a rule of the format.
    #[error("level {level}: {field}: {problem}")]
    Invalid {
        level: u32,
        field: String,
        problem: Problem,
    },
}

/// "level 12", or "the level at position 3" when its number cannot be read.
fn level_name(number: Option<u32>, index: Option<usize>) -> String {
    match (number, index) {
        (Some(n), _) => format!("level {n}"),
        (None, Some(i)) => format!("the level at position {} of the file", i + 1),
        (None, None) => "the level".into(),
    }
}

/// "4 locked by 9 locked by 4": the screws of a lock cycle, each locked by the next.
fn cycle_text(cycle: &[u16]) -> String {
    let mut ids: Vec<String> = cycle.iter().map(u16::to_string).collect();
    if let Some(first) = cycle.first() {
        ids.push(first.to_string());
    }
    ids.join(" locked by ")
}

impl LevelError {
    pub(crate) fn from_json(e: serde_json::Error) -> Self {
        LevelError::Json(e.to_string())
    }

    /// The problem, when this is a content error.
    pub fn problem(&self) -> Option<&Problem> {
        match self {
            LevelError::Invalid { problem, .. } => Some(problem),
            _ => None,
        }
    }
}

/// What is wrong with one field of one level.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Problem {
    #[error("unknown id {0}")]
    UnknownId(u16),
    #[error("duplicate id {0}")]
    DuplicateId(u16),
    #[error("cell [{x},{y}] is outside the {width}x{height} board")]
    CellOutside { x: u8, y: u8, width: u8, height: u8 },
    #[error("cell [{x},{y}] is listed twice")]
    DuplicateCell { x: u8, y: u8 },
    #[error("screw cell [{x},{y}] is not in its part's rest pose")]
    ScrewOutsidePart { x: u8, y: u8 },
    #[error("two screws of one part share cell [{x},{y}]")]
    ScrewsShareCell { x: u8, y: u8 },
    #[error("overlaps part {other} on layer {layer} at [{x},{y}]")]
    Overlap { other: u16, layer: u8, x: u8, y: u8 },
    #[error("colour {color} has {count} screws, not a multiple of 3")]
    ColourCount { color: u8, count: usize },
    #[error("colour {color} is not in the level's colour list")]
    UnknownColour { color: u8 },
    #[error("colour {color} is listed but no screw has it")]
    UnusedColour { color: u8 },
    #[error("colour {color}: {found} crates, but its screws need {expected}")]
    QueueMismatch {
        color: u8,
        found: usize,
        expected: usize,
    },
    #[error("hang pose for screw {screw}, which is not a screw of this part")]
    HangForForeignScrew { screw: u16 },
    #[error("hang pose for screw {screw} does not contain the screw's cell it hangs from")]
    HangMissesPivot { screw: u16 },
    #[error("part {part} is not one piece: {pieces} pieces touch at most at a corner (every shape must be 4-connected)")]
    NotOnePiece { part: u16, pieces: usize },
    #[error("part {part} hangs from screw {screw} in a shape it does not have: the pose is no quarter turn of its rest shape about the screw")]
    HangNotATurn { part: u16, screw: u16 },
    #[error("colour {color} recoloured into itself: a help copy must change a colour")]
    HelpKeepsColour { color: u8 },
    #[error("screw {screw} is locked by screw {key}, which is not a screw of this level")]
    UnknownKey { screw: u16, key: u16 },
    #[error("screw {screw} is locked by itself: its key could never leave the board")]
    SelfKey { screw: u16 },
    #[error("screw {screw} is in a lock cycle ({}): no key of it can ever leave the board", cycle_text(.cycle))]
    LockCycle { screw: u16, cycle: Vec<u16> },
    #[error("{value} is over the limit of {limit}")]
    TooLarge { value: usize, limit: usize },
    #[error("{value} is under the minimum of {min}")]
    TooSmall { value: usize, min: usize },
}
