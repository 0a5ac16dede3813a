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
    /// A new screw of `color` at `cell` of part `part` (the next free id), of `kind` and hidden when
    /// given (a click with the screw tool places the screw the tool is set to).
    AddScrew {
        part: u16,
        cell: Cell,
        color: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<ScrewKind>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hidden: Option<bool>,
    },
    /// Moves a screw (its hang pose is dropped: it no longer holds at its pivot), onto part `part`
    /// when given (a screw dragged onto another plate is held by that plate).
    MoveScrew {
        screw: u16,
        cell: Cell,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        part: Option<u16>,
    },
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
    /// Locks `screw` with the key held by screw `key` (it cannot be turned while `key` is on the
    /// board), or opens it (`null`). Refused for a key that is no screw, the screw itself, or one whose
    /// own chain of keys leads back to `screw`.
    SetLock {
        screw: u16,
        #[serde(default)]
        key: Option<u16>,
    },
    /// Gives `screw` a countdown bomb of `moves` (1..=`MAX_BOMB_MOVES`), or takes it off (`null`).
    /// Refused past `MAX_BOMBS` bombs in the level.
    SetBomb {
        screw: u16,
        #[serde(default)]
        moves: Option<u8>,
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
    /// The level number (where it would be placed on the shipped curve).
    SetNumber { number: u32 },
    /// The band the level is made for (the verdict compares the band it fits with this one).
    SetBand { band: u8 },
    /// The machine (silhouette and look) the level is drawn as.
    SetMachine { machine: u8 },
    /// A new part on `layer` covering `cells` (the next free id) with `screws` on it (the next free
    /// ids, in order): a paint stroke that starts a part, or a pasted part.
    NewPart {
        layer: u8,
        cells: Vec<Cell>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        screws: Vec<NewScrew>,
    },
    /// Adds every cell of `cells` to part `part`'s rest pose: one paint stroke, one undo.
    PaintCells { part: u16, cells: Vec<Cell> },
    /// Several edits as one, applied in order, all or none: an erase stroke over several parts, a
    /// selection nudged or deleted. Its undo is one step.
    Batch { edits: Vec<Edit> },
    /// The whole level at once: what an undo restores.
    Replace {
        level: Box<screwsmith_rules::level::LevelData>,
    },
}

/// A screw of a [`Edit::NewPart`]: what a pasted screw carries over from the one copied.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewScrew {
    pub cell: Cell,
    pub color: u8,
    #[serde(default)]
    pub kind: ScrewKind,
    #[serde(default)]
    pub hidden: bool,
    /// The cells its part covers while this screw alone holds it (empty: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hang: Vec<Cell>,
    /// The id of the screw this one was copied from, so a lock among the pasted screws follows
    /// their new ids.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copied: Option<u16>,
    /// The id of its key screw when it was copied: a copied screw's new id when that screw is
    /// pasted with it, else the same screw of the level (dropped when no such screw is left).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locked_by: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bomb: Option<u8>,
}

/// Why an edit was refused (the level is unchanged).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EditError {
    #[error("edit is not valid JSON of a known op: {0}")]
    Json(String),
    #[error("there is no plate {0}")]
    NoPart(u16),
    #[error("there is no screw {0}")]
    NoScrew(u16),
    #[error("a screw goes on a plate: there is none at [{x},{y}] (paint one there first)")]
    NoPlateUnder { x: u8, y: u8 },
    #[error("a screw goes on its plate: plate {part} does not cover [{x},{y}]")]
    OffPlate { part: u16, x: u8, y: u8 },
    /// A level-wide setting outside what the game plays (`what` names it with its verb).
    #[error("{what} {lo} to {hi}, not {value}")]
    Setting {
        what: &'static str,
        value: u32,
        lo: u32,
        hi: u32,
    },
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
    #[error("screw {screw} cannot be locked by screw {key}: there is no screw {key}")]
    UnknownKey { screw: u16, key: u16 },
    #[error("screw {screw} cannot hold its own key: it could never leave the board")]
    SelfKey { screw: u16 },
    #[error("screw {screw} cannot be locked by screw {key}: that closes the lock cycle {}", cycle_text(.cycle))]
    LockCycle {
        screw: u16,
        key: u16,
        cycle: Vec<u16>,
    },
    #[error("screw {screw}'s bomb of {moves} moves: a bomb counts 1 to {max} moves")]
    BombMoves { screw: u16, moves: u8, max: u8 },
    #[error("screw {screw} cannot get a bomb: a level has at most {max} bombs")]
    TooManyBombs { screw: u16, max: usize },
    #[error("a part needs at least one cell")]
    EmptyPart,
    #[error("an edit of several edits needs at least one")]
    EmptyBatch,
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
    #[error("the edit was made on level document {edit}, but document {open} is open now (another level was opened since)")]
    OtherDocument { edit: u64, open: u64 },
}

/// "4 locked by 9 locked by 4": the screws of a lock cycle, each locked by the next.
fn cycle_text(cycle: &[u16]) -> String {
    let mut ids: Vec<String> = cycle.iter().map(u16::to_string).collect();
    if let Some(first) = cycle.first() {
        ids.push(first.to_string());
    }
    ids.join(" locked by ")
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
    /// Parses one edit from the JSON the editor view sends. A `replace` (an undo's inverse) reads its
    /// level directly: through the tagged enum serde would buffer it and could no longer read the hang
    /// poses' map keys, which JSON writes as strings ("3"), as screw ids.
    pub fn from_json(text: &str) -> Result<Edit, EditError> {
        let json = |e: serde_json::Error| EditError::Json(e.to_string());
        let value: serde_json::Value = serde_json::from_str(text).map_err(json)?;
        match value.as_object() {
            Some(o) if o.get("op").and_then(|op| op.as_str()) == Some("replace") => {
                if let Some(key) = o.keys().find(|k| !matches!(k.as_str(), "op" | "level")) {
                    return Err(EditError::Json(format!("unknown field `{key}` of replace")));
                }
                let level = o.get("level").cloned().unwrap_or_default();
                Ok(Edit::Replace {
                    level: Box::new(serde_json::from_value(level).map_err(json)?),
                })
            }
            _ => serde_json::from_value(value).map_err(json),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EditedLevel;

    #[test]
    fn an_edit_applies_only_to_the_document_it_was_made_on() {
        assert_eq!(same_document(3, 3), Ok(()));
        let stale = same_document(2, 3).unwrap_err();
        assert_eq!(stale, EditError::OtherDocument { edit: 2, open: 3 });
        assert!(stale.to_string().contains("another level was opened"));
    }

    #[test]
    fn an_undo_of_a_level_with_hang_poses_reads_back_from_json() {
        let mut e = EditedLevel::blank(4, 4);
        let part = Edit::from_json(
            r#"{"op":"new_part","layer":0,"cells":[[0,0],[1,0]],
                "screws":[{"cell":[0,0],"color":1,"hang":[[0,0],[0,1]]}]}"#,
        )
        .unwrap();
        e.apply(&part).unwrap();
        let inverse = e.apply(&Edit::SetRail { slots: 3 }).unwrap();
        let text = serde_json::to_string(&inverse).unwrap();
        assert!(text.contains(r#""hang":{"1":"#), "{text}");
        assert_eq!(Edit::from_json(&text), Ok(inverse.clone()));
        // What the derived parser alone made of it: the bug this reader exists for.
        let derived = serde_json::from_str::<Edit>(&text).map_err(|e| e.to_string());
        assert!(derived.unwrap_err().contains("expected u16"));
        assert!(matches!(
            Edit::from_json(r#"{"op":"replace","level":{},"extra":1}"#),
            Err(EditError::Json(m)) if m.contains("extra")
        ));
    }
}
