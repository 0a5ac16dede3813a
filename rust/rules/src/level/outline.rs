//! A level file read only as far as where each level's text lies and which number it carries: the
//! game opens one level at a time, so at start it never builds the other 199.
//!
//! [`parse_file`](super::parse_file) reads every level through these same two steps ([`outline`], then
//! [`level_at`] for each entry), so the full reading and the one-level-at-a-time reading cannot disagree:
//! there is one parser. The outline checks the file's shape and JSON syntax whole; a level's own fault
//! (its shape, its content) is found when that level is read, and names it.

use std::ops::Range;

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

use super::error::LevelError;
use super::{json, level_of, strip_bom, LevelData, FORMAT};

/// One level of a file, not yet read: where its text lies and the number it says it has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutlineEntry {
    /// Byte range of the level's JSON object in the file's text (as given, byte-order mark included).
    pub span: Range<usize>,
    /// Its `number` field, when that alone reads as a level number; `None` leaves the reason to
    /// [`level_at`] (the level is unreadable without one).
    pub number: Option<u32>,
}

/// The file's shape with each level kept as its raw text: no level is built.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOutline<'a> {
    format: u32,
    #[serde(borrow)]
    levels: Vec<&'a RawValue>,
}

/// A level's number, everything else skipped unread.
#[derive(Deserialize)]
struct Head {
    number: u32,
}

/// What a text holds: a level file (outlined, its format checked) or one JSON value that is not one
/// (with serde's reason it is not a file).
pub(super) enum Shape {
    File(Vec<OutlineEntry>),
    Bare(Value, serde_json::Error),
}

/// Whether a JSON value looks like a level file (`{"format", "levels"}`) rather than one level object.
fn is_file(value: &Value) -> bool {
    value.get("levels").is_some() || value.get("format").is_some()
}

/// Reads a text as far as its shape: a file's outline (a file that does not read as one is the
/// error), or the value of anything else.
pub(super) fn shape(text: &str) -> Result<Shape, LevelError> {
    let raw: RawOutline = match serde_json::from_str(strip_bom(text)) {
        Ok(raw) => raw,
        Err(why) => {
            let value = json(text)?;
            return if is_file(&value) {
                Err(LevelError::from_json(why))
            } else {
                Ok(Shape::Bare(value, why))
            };
        }
    };
    if raw.format != FORMAT {
        return Err(LevelError::Format {
            found: raw.format,
            expected: FORMAT,
        });
    }
    let base = text.as_ptr() as usize;
    Ok(Shape::File(
        raw.levels
            .iter()
            .map(|level| {
                let start = level.get().as_ptr() as usize - base;
                OutlineEntry {
                    span: start..start + level.get().len(),
                    number: serde_json::from_str::<Head>(level.get())
                        .ok()
                        .map(|h| h.number),
                }
            })
            .collect(),
    ))
}

/// The levels of a level file, in file order, none of them read: the format version and the file's
/// shape are checked here (the errors [`parse_file`](super::parse_file) gives for them; one bare
/// level object is [`LevelError::NotAFile`]), a level's own faults when it is read with [`level_at`].
pub fn outline(text: &str) -> Result<Vec<OutlineEntry>, LevelError> {
    match shape(text)? {
        Shape::File(entries) => Ok(entries),
        Shape::Bare(value, _) if value.get("number").is_some() => Err(LevelError::NotAFile),
        Shape::Bare(_, why) => Err(LevelError::from_json(why)),
    }
}

/// Reads and validates the level of `entry` (the `index`-th of the file, counted from 0, which names it
/// when its number cannot be read) from the same `text` [`outline`] was given.
pub fn level_at(text: &str, entry: &OutlineEntry, index: usize) -> Result<LevelData, LevelError> {
    let slice = text.get(entry.span.clone()).ok_or(LevelError::LevelShape {
        number: entry.number,
        index: Some(index),
        message: "its place in the file lies outside the text given".into(),
    })?;
    level_of(json(slice)?, Some(index))
}
