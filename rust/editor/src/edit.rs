//! One edit of a level, as the editor view sends it (JSON, `{"op": "paint", ...}`), and why an edit is
//! refused. An edit names parts and screws by id and cells as `[x, y]`; a refused edit leaves the level
//! untouched, so a designer's mis-click never half-applies.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use screwsmith_rules::level::{Cell, ScrewKind};

/// One change to the level being edited. Every edit is reversible: [`super::EditedLevel::apply`]
/// returns the edit that undoes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Edit {
    /// Adds `cell` to part `part`'s rest pose.
    Paint { part: u16, cell: Cell },
    /// Removes `cell` from part `part`'s rest pose.
    Erase { part: u16, cell: Cell },
    /// A new part of one cell on `layer` (the next free id).
    AddPart { layer: u8, cell: Cell },
    /// Removes a part with its screws.
    DeletePart { part: u16 },
    /// Moves a part to another layer.
    SetLayer { part: u16, layer: u8 },
    /// Shifts a part's rest and hang poses and its screws by `(dx, dy)` cells.
    MovePart { part: u16, dx: i8, dy: i8 },
    /// A new screw of `color` at `cell` of part `part` (the next free id).
    AddScrew { part: u16, cell: Cell, color: u8 },
    /// Moves a screw within its part (its hang pose is dropped: it no longer holds at its pivot).
    MoveScrew { screw: u16, cell: Cell },
    /// Removes a screw and its hang pose.
    DeleteScrew { screw: u16 },
    /// Changes a screw's colour, kind or hidden flag (the fields given).
    SetScrew {
        screw: u16,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        color: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<ScrewKind>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hidden: Option<bool>,
    },
    /// Sets the cells a part covers while `screw` alone holds it (empty: the part stays at rest).
    SetHang { screw: u16, cells: Vec<Cell> },
    /// Hang poses for every screw of `part`, made the way the generator makes them.
    GenerateHangs { part: u16 },
    /// Rail places.
    SetRail { slots: u8 },
    /// Crate places on screen.
    SetCrateSlots { slots: u8 },
    /// Wrench charges.
    SetWrench { charges: u8 },
    /// The level's seed (shuffles the crate queue when it is not explicit).
    SetSeed { seed: u32 },
    /// An explicit crate order, or `null`: shuffled from the seed.
    SetQueue { queue: Option<Vec<u8>> },
    /// Moves the crate at place `from` of the queue to place `to` (a drag in the queue list); the
    /// queue becomes explicit, starting from the one the seed shuffles when there was none.
    MoveCrate { from: u8, to: u8 },
    /// Adds `cell` to, or takes it from, the cells part of `screw` covers while that screw alone holds
    /// it (painting a hang pose); a screw with no hang pose starts from its part's rest cells.
    ToggleHang { screw: u16, cell: Cell },
    /// Board size in cells.
    SetSize { width: u8, height: u8 },
    /// The level number (where it would be placed; the verdict's curve band follows it).
    SetNumber { number: u32 },
    /// The whole level at once: what an undo restores.
    Replace {
        level: Box<screwsmith_rules::level::LevelData>,
    },
}

/// Why an edit was refused (the level is unchanged).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EditError {
    #[error("edit is not valid JSON of a known op: {0}")]
    Json(String),
    #[error("no part {0}")]
    NoPart(u16),
    #[error("no screw {0}")]
    NoScrew(u16),
    #[error("part {part} already covers [{x},{y}]")]
    AlreadyPainted { part: u16, x: u8, y: u8 },
    #[error("part {part} does not cover [{x},{y}]")]
    NotPainted { part: u16, x: u8, y: u8 },
    #[error("cell [{x},{y}] is outside the {width}x{height} board")]
    Outside { x: u8, y: u8, width: u8, height: u8 },
    #[error("no crate at place {index} of a queue of {len}")]
    NoCrate { index: u8, len: usize },
    #[error("screw {screw}'s hang pose must keep its own cell [{x},{y}]")]
    HangKeepsPivot { screw: u16, x: u8, y: u8 },
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
    #[error("the edit was made on level document {edit}, but document {open} is open now (another level was opened since)")]
    OtherDocument { edit: u64, open: u64 },
}

/// An edit recorded in the Godot editor's history may be undone after another level was opened: it
/// must then change nothing, not the new level. Every opened level is a new document number; an edit
/// applies only to the document it was made on.
pub fn same_document(edit: u64, open: u64) -> Result<(), EditError> {
    if edit == open {
        Ok(())
    } else {
        Err(EditError::OtherDocument { edit, open })
    }
}

impl Edit {
    /// Parses one edit from the JSON the editor view sends.
    pub fn from_json(text: &str) -> Result<Edit, EditError> {
        serde_json::from_str(text).map_err(|e| EditError::Json(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edit_applies_only_to_the_document_it_was_made_on() {
        assert_eq!(same_document(3, 3), Ok(()));
        let stale = same_document(2, 3).unwrap_err();
        assert_eq!(stale, EditError::OtherDocument { edit: 2, open: 3 });
        assert!(stale.to_string().contains("another level was opened"));
    }
}
