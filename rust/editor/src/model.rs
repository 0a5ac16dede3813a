//! [`EditedLevel`]: the level a designer is editing and its own history. Each [`Edit`] is applied to a
//! copy and swapped in only when it succeeds, and returns its inverse (the whole level before it, so the
//! inverse is exact whatever the edit touched: hang poses, screw ids, cell order). The Godot editor puts
//! the same pair on `EditorUndoRedoManager`; the history here serves everything without an editor
//! (tests, a headless view).
//!
//! The colour list is derived from the screws after every edit (sorted, each colour once), so painting
//! a screw a new colour never leaves an "unknown colour" error to fix by hand; the crate queue and the
//! colour counts stay the designer's (the verdict names a count that is not a multiple of 3).

use std::collections::BTreeSet;

use screwsmith_rules::level::turn::hang_cells;
use screwsmith_rules::level::{Cell, LevelData, PartData, ScrewData};
use screwsmith_rules::sim::crate_queue;

use super::edit::{Edit, EditError, NewScrew};
use super::locks::{self, OpenedLock};
use super::settings::apply_setting;

/// A level being edited, with undo and redo stacks of inverse edits.
#[derive(Debug, Clone, PartialEq)]
pub struct EditedLevel {
    level: LevelData,
    undo: Vec<Edit>,
    redo: Vec<Edit>,
    /// The locks the last applied edit opened because it deleted their key screw.
    opened: Vec<OpenedLock>,
}

impl EditedLevel {
    /// Starts editing `level` with an empty history.
    pub fn new(level: LevelData) -> Self {
        EditedLevel {
            level,
            undo: Vec::new(),
            redo: Vec::new(),
            opened: Vec::new(),
        }
    }

    /// An empty `width × height` board: no parts, no screws, rail 5, two crate places.
    pub fn blank(width: u8, height: u8) -> Self {
        EditedLevel::new(LevelData {
            number: 1,
            seed: 1,
            machine: 0,
            band: 1,
            width,
            height,
            rail_slots: 5,
            crate_slots: 2,
            wrench_charges: 0,
            colors: Vec::new(),
            parts: Vec::new(),
            screws: Vec::new(),
            crate_queue: None,
            measure: None,
            help: None,
        })
    }

    /// The level as it stands.
    pub fn level(&self) -> &LevelData {
        &self.level
    }

    /// Applies `edit` without touching the history; returns the edit that undoes it. A refused edit
    /// changes nothing.
    pub fn apply(&mut self, edit: &Edit) -> Result<Edit, EditError> {
        let mut next = self.level.clone();
        let mut opened = Vec::new();
        match edit {
            Edit::Replace { level } => next = (**level).clone(),
            other => {
                apply_to(&mut next, other)?;
                opened = locks::open_orphaned(&self.level, &mut next);
                next.colors = next
                    .screws
                    .iter()
                    .map(|s| s.color)
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .collect();
                // A stored measure or help copy no longer describes the edited level.
                next.measure = None;
                next.help = None;
            }
        }
        let before = std::mem::replace(&mut self.level, next);
        self.opened = opened;
        Ok(Edit::Replace {
            level: Box::new(before),
        })
    }

    /// The locks the last applied edit cleared because it deleted the screw holding their key; empty
    /// when it deleted no key screw, and after an undo or redo of the core's own history (those put a
    /// whole level back, locks included).
    pub fn opened_locks(&self) -> &[OpenedLock] {
        &self.opened
    }

    /// Applies `edit` and records it: undo takes it back, and the redo stack is cleared.
    pub fn edit(&mut self, edit: &Edit) -> Result<(), EditError> {
        let inverse = self.apply(edit)?;
        self.undo.push(inverse);
        self.redo.clear();
        Ok(())
    }

    /// Takes back the last recorded edit.
    pub fn undo(&mut self) -> Result<(), EditError> {
        let inverse = self.undo.pop().ok_or(EditError::NothingToUndo)?;
        let back = self.apply(&inverse)?;
        self.redo.push(back);
        Ok(())
    }

    /// Applies again the last edit undone.
    pub fn redo(&mut self) -> Result<(), EditError> {
        let again = self.redo.pop().ok_or(EditError::NothingToRedo)?;
        let back = self.apply(&again)?;
        self.undo.push(back);
        Ok(())
    }
}

fn part_mut(level: &mut LevelData, id: u16) -> Result<&mut PartData, EditError> {
    level
        .parts
        .iter_mut()
        .find(|p| p.id == id)
        .ok_or(EditError::NoPart(id))
}

fn screw_index(level: &LevelData, id: u16) -> Result<usize, EditError> {
    level
        .screws
        .iter()
        .position(|s| s.id == id)
        .ok_or(EditError::NoScrew(id))
}

fn inside(level: &LevelData, c: Cell) -> Result<Cell, EditError> {
    if c[0] < level.width && c[1] < level.height {
        Ok(c)
    } else {
        Err(EditError::Outside {
            x: c[0],
            y: c[1],
            width: level.width,
            height: level.height,
        })
    }
}

fn shifted(level: &LevelData, c: Cell, dx: i8, dy: i8) -> Result<Cell, EditError> {
    let x = c[0] as i16 + dx as i16;
    let y = c[1] as i16 + dy as i16;
    let outside = EditError::Outside {
        x: x.clamp(0, 255) as u8,
        y: y.clamp(0, 255) as u8,
        width: level.width,
        height: level.height,
    };
    if x < 0 || y < 0 {
        return Err(outside);
    }
    inside(level, [x as u8, y as u8]).map_err(|_| outside)
}

fn drop_hang(level: &mut LevelData, screw: u16) {
    for p in &mut level.parts {
        p.hang.remove(&screw);
    }
}

/// The screws of part `part` whose hang pose is the turn gravity gives its rest shape (what the
/// generator and the Hang tool make), in the part's pose order. A pose the designer painted by hand
/// is none of them.
fn gravity_poses(level: &LevelData, part: u16) -> Vec<u16> {
    let Some(p) = level.parts.iter().find(|p| p.id == part) else {
        return Vec::new();
    };
    p.hang
        .iter()
        .filter(|&(&id, pose)| {
            level.screws.iter().find(|s| s.id == id).is_some_and(|s| {
                let mut want = hang_cells(&p.rest, s.cell, level.width, level.height);
                let mut have = pose.clone();
                want.sort_unstable();
                have.sort_unstable();
                want == have
            })
        })
        .map(|(&id, _)| id)
        .collect()
}

/// Gives each of `screws` gravity's hang pose for part `part`'s rest shape as it is now: a plate's
/// generated poses follow its shape while it is painted, so the level never holds a pose that is no
/// turn of its plate (the game would refuse it) unless the designer painted that pose by hand.
fn follow_gravity(level: &mut LevelData, part: u16, screws: &[u16]) -> Result<(), EditError> {
    let (width, height) = (level.width, level.height);
    let pivots: Vec<(u16, Cell)> = level
        .screws
        .iter()
        .filter(|s| screws.contains(&s.id))
        .map(|s| (s.id, s.cell))
        .collect();
    let p = part_mut(level, part)?;
    for (id, cell) in pivots {
        p.hang.insert(id, hang_cells(&p.rest, cell, width, height));
    }
    Ok(())
}

/// A screw newly holding part `part` (placed or moved there) hangs it as gravity turns it, unless the
/// designer painted one of the part's poses by hand: then the part's poses are theirs to make.
fn gravity_for_new_pivot(level: &mut LevelData, part: u16, screw: u16) -> Result<(), EditError> {
    let Some(p) = level.parts.iter().find(|p| p.id == part) else {
        return Ok(());
    };
    let poses = p.hang.len();
    if gravity_poses(level, part).len() == poses {
        follow_gravity(level, part, &[screw])?;
    }
    Ok(())
}

/// Changes part `part`'s rest shape by `reshape`, and gives the poses that were gravity's turn of the
/// old shape gravity's turn of the new one. They are found before the change, while they still match
/// the shape they were turned from; a pose painted by hand is left as the designer made it.
fn reshaping(
    level: &mut LevelData,
    part: u16,
    reshape: impl FnOnce(&mut PartData) -> Result<(), EditError>,
) -> Result<(), EditError> {
    let following = gravity_poses(level, part);
    reshape(part_mut(level, part)?)?;
    follow_gravity(level, part, &following)
}

/// Applies one edit to `level` in place. A paint or an erase goes through [`reshaping`], which brings
/// the part's gravity poses along; a screw placed or moved onto a part hangs it by gravity after.
fn apply_to(level: &mut LevelData, edit: &Edit) -> Result<(), EditError> {
    match *edit {
        Edit::Paint { part, cell } => {
            let cell = inside(level, cell)?;
            reshaping(level, part, |p| {
                if p.rest.contains(&cell) {
                    return Err(EditError::AlreadyPainted {
                        part,
                        x: cell[0],
                        y: cell[1],
                    });
                }
                p.rest.push(cell);
                Ok(())
            })?;
        }
        Edit::Erase { part, cell } => reshaping(level, part, |p| {
            let at = p
                .rest
                .iter()
                .position(|&c| c == cell)
                .ok_or(EditError::NotPainted {
                    part,
                    x: cell[0],
                    y: cell[1],
                })?;
            p.rest.remove(at);
            Ok(())
        })?,
        Edit::AddPart { layer, cell } => {
            let cell = inside(level, cell)?;
            let id = level.parts.iter().map(|p| p.id).max().unwrap_or(0) + 1;
            level.parts.push(PartData {
                id,
                layer,
                rest: vec![cell],
                hang: Default::default(),
            });
        }
        Edit::DeletePart { part } => {
            let at = level
                .parts
                .iter()
                .position(|p| p.id == part)
                .ok_or(EditError::NoPart(part))?;
            level.parts.remove(at);
            level.screws.retain(|s| s.part != part);
        }
        Edit::SetLayer { part, layer } => part_mut(level, part)?.layer = layer,
        Edit::MovePart { part, dx, dy } => {
            let p = level
                .parts
                .iter()
                .find(|p| p.id == part)
                .ok_or(EditError::NoPart(part))?;
            let rest = p
                .rest
                .iter()
                .map(|&c| shifted(level, c, dx, dy))
                .collect::<Result<Vec<_>, _>>()?;
            let mut hang = p.hang.clone();
            for cells in hang.values_mut() {
                // A hang pose hangs from the board's edge too: cells pushed off it are clipped.
                *cells = cells
                    .iter()
                    .filter_map(|&c| shifted(level, c, dx, dy).ok())
                    .collect();
            }
            let mut screws = level.screws.clone();
            for s in screws.iter_mut().filter(|s| s.part == part) {
                s.cell = shifted(level, s.cell, dx, dy)?;
            }
            let p = part_mut(level, part)?;
            p.rest = rest;
            p.hang = hang;
            level.screws = screws;
        }
        Edit::AddScrew {
            part,
            cell,
            color,
            kind,
            hidden,
        } => {
            let cell = inside(level, cell)?;
            let [x, y] = cell;
            if part == 0 {
                return Err(EditError::NoPlateUnder { x, y });
            }
            if !part_mut(level, part)?.rest.contains(&cell) {
                return Err(EditError::OffPlate { part, x, y });
            }
            let id = level.screws.iter().map(|s| s.id).max().unwrap_or(0) + 1;
            level.screws.push(ScrewData {
                locked_by: None,
                id,
                part,
                cell,
                color,
                kind: kind.unwrap_or_default(),
                hidden: hidden.unwrap_or(false),
                bomb: None,
            });
            gravity_for_new_pivot(level, part, id)?;
        }
        Edit::MoveScrew { screw, cell, part } => {
            let cell = inside(level, cell)?;
            let i = screw_index(level, screw)?;
            if let Some(part) = part {
                part_mut(level, part)?;
                level.screws[i].part = part;
            }
            level.screws[i].cell = cell;
            drop_hang(level, screw);
            gravity_for_new_pivot(level, level.screws[i].part, screw)?;
        }
        Edit::DeleteScrew { screw } => {
            let i = screw_index(level, screw)?;
            level.screws.remove(i);
            drop_hang(level, screw);
        }
        Edit::SetScrew {
            screw,
            color,
            kind,
            hidden,
        } => {
            let i = screw_index(level, screw)?;
            let s = &mut level.screws[i];
            s.color = color.unwrap_or(s.color);
            s.kind = kind.unwrap_or(s.kind);
            s.hidden = hidden.unwrap_or(s.hidden);
        }
        Edit::SetLock { screw, key } => locks::set_lock(level, screw, key)?,
        Edit::SetBomb { screw, moves } => locks::set_bomb(level, screw, moves)?,
        Edit::SetHang { screw, ref cells } => {
            let i = screw_index(level, screw)?;
            for &c in cells {
                inside(level, c)?;
            }
            let part = level.screws[i].part;
            let p = part_mut(level, part)?;
            if cells.is_empty() {
                p.hang.remove(&screw);
            } else {
                p.hang.insert(screw, cells.clone());
            }
        }
        Edit::GenerateHangs { part } => {
            let (width, height) = (level.width, level.height);
            let pivots: Vec<(u16, Cell)> = level
                .screws
                .iter()
                .filter(|s| s.part == part)
                .map(|s| (s.id, s.cell))
                .collect();
            let p = part_mut(level, part)?;
            p.hang = pivots
                .into_iter()
                .map(|(id, cell)| (id, hang_cells(&p.rest, cell, width, height)))
                .collect();
        }
        Edit::SetRail { .. }
        | Edit::SetCrateSlots { .. }
        | Edit::SetWrench { .. }
        | Edit::SetSeed { .. }
        | Edit::SetBand { .. }
        | Edit::SetMachine { .. }
        | Edit::SetNumber { .. }
        | Edit::SetSize { .. } => {
            apply_setting(level, edit)?;
        }
        Edit::SetQueue { ref queue } => level.crate_queue = queue.clone(),
        Edit::MoveCrate { from, to } => {
            let mut queue = crate_queue(level);
            let len = queue.len();
            for index in [from, to] {
                if index as usize >= len {
                    return Err(EditError::NoCrate { index, len });
                }
            }
            let moved = queue.remove(from as usize);
            queue.insert(to as usize, moved);
            level.crate_queue = Some(queue);
        }
        Edit::ToggleHang { screw, cell } => {
            let cell = inside(level, cell)?;
            let i = screw_index(level, screw)?;
            let (pivot, part) = (level.screws[i].cell, level.screws[i].part);
            if cell == pivot {
                return Err(EditError::HangKeepsPivot {
                    screw,
                    x: cell[0],
                    y: cell[1],
                });
            }
            let p = part_mut(level, part)?;
            let rest = p.rest.clone();
            let pose = p.hang.entry(screw).or_insert(rest);
            match pose.iter().position(|&c| c == cell) {
                Some(at) => {
                    pose.remove(at);
                }
                None => pose.push(cell),
            }
        }
        Edit::NewPart {
            layer,
            ref cells,
            ref screws,
        } => new_part(level, layer, cells, screws)?,
        Edit::PaintCells { part, ref cells } => {
            for &cell in cells {
                apply_to(level, &Edit::Paint { part, cell })?;
            }
        }
        Edit::Batch { ref edits } => {
            if edits.is_empty() {
                return Err(EditError::EmptyBatch);
            }
            for edit in edits {
                apply_to(level, edit)?;
            }
        }
        // Inside a batch (at the top, `EditedLevel::apply` swaps the level in as it is).
        Edit::Replace { level: ref whole } => *level = (**whole).clone(),
    }
    Ok(())
}

/// A part of `cells` on `layer` with `screws`, under the next free ids. The caller's copy of the level
/// is dropped when a cell is refused, so nothing is half-added. A pasted screw's key is the new id of
/// the screw copied as it when that one is pasted too, else the same screw of the level, else none;
/// its lock and bomb are set like a `set_lock` / `set_bomb` (refused past the bomb limit).
fn new_part(
    level: &mut LevelData,
    layer: u8,
    cells: &[Cell],
    screws: &[NewScrew],
) -> Result<(), EditError> {
    let (&first, more) = cells.split_first().ok_or(EditError::EmptyPart)?;
    apply_to(level, &Edit::AddPart { layer, cell: first })?;
    let part = level.parts.last().map_or(0, |p| p.id);
    apply_to(
        level,
        &Edit::PaintCells {
            part,
            cells: more.to_vec(),
        },
    )?;
    let first_new = level.screws.iter().map(|s| s.id).max().unwrap_or(0) + 1;
    let mut ids = Vec::with_capacity(screws.len());
    for s in screws {
        apply_to(
            level,
            &Edit::AddScrew {
                part,
                cell: s.cell,
                color: s.color,
                kind: Some(s.kind),
                hidden: Some(s.hidden),
            },
        )?;
        let id = level.screws.last().map_or(0, |s| s.id);
        ids.push(id);
        let hang = Edit::SetHang {
            screw: id,
            cells: s.hang.clone(),
        };
        apply_to(level, &hang)?;
    }
    for (s, &id) in screws.iter().zip(&ids) {
        let key = s.locked_by.and_then(|k| {
            let pasted = screws.iter().position(|o| o.copied == Some(k));
            match pasted {
                Some(at) => Some(ids[at]),
                None => (k < first_new && level.screws.iter().any(|o| o.id == k)).then_some(k),
            }
        });
        locks::set_lock(level, id, key)?;
        locks::set_bomb(level, id, s.bomb)?;
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use screwsmith_rules::level::validate::validate;
    use screwsmith_rules::level::ScrewKind;

    /// Three screws of one colour on one part: the smallest valid level, built by edits.
    pub(crate) fn three_screws() -> EditedLevel {
        three_screws_of(2)
    }

    /// A 4×4 level: one 3×1 plate on row 0 with a screw of `color` on each of its cells.
    pub(crate) fn three_screws_of(color: u8) -> EditedLevel {
        let mut e = EditedLevel::blank(4, 4);
        e.edit(&Edit::AddPart {
            layer: 0,
            cell: [0, 0],
        })
        .unwrap();
        for c in [[1, 0], [2, 0]] {
            e.edit(&Edit::Paint { part: 1, cell: c }).unwrap();
        }
        for c in [[0, 0], [1, 0], [2, 0]] {
            e.edit(&Edit::AddScrew {
                part: 1,
                cell: c,
                color,
                kind: None,
                hidden: None,
            })
            .unwrap();
        }
        e
    }

    #[test]
    fn edits_build_a_valid_level_and_derive_its_colours() {
        let e = three_screws();
        assert_eq!(e.level().colors, vec![2]);
        assert_eq!(e.level().parts[0].rest.len(), 3);
        assert_eq!(validate(e.level()), Ok(()));
    }

    #[test]
    fn undo_and_redo_walk_the_history_exactly() {
        let mut e = three_screws();
        let full = e.level().clone();
        e.edit(&Edit::SetScrew {
            screw: 2,
            color: Some(5),
            kind: Some(ScrewKind::Rusty),
            hidden: Some(true),
        })
        .unwrap();
        assert_eq!(e.level().colors, vec![2, 5]);
        let changed = e.level().clone();
        e.undo().unwrap();
        assert_eq!(e.level(), &full);
        e.redo().unwrap();
        assert_eq!(e.level(), &changed);
        assert_eq!(e.redo(), Err(EditError::NothingToRedo));
        for _ in 0..7 {
            e.undo().unwrap();
        }
        assert_eq!(e.level(), EditedLevel::blank(4, 4).level());
        assert_eq!(e.undo(), Err(EditError::NothingToUndo));
    }

    #[test]
    fn a_refused_edit_changes_nothing_and_is_not_recorded() {
        let mut e = three_screws();
        let before = e.clone();
        assert_eq!(
            e.edit(&Edit::Paint {
                part: 1,
                cell: [0, 0]
            }),
            Err(EditError::AlreadyPainted {
                part: 1,
                x: 0,
                y: 0
            })
        );
        assert_eq!(
            e.edit(&Edit::DeleteScrew { screw: 9 }),
            Err(EditError::NoScrew(9))
        );
        assert_eq!(
            e.edit(&Edit::MovePart {
                part: 1,
                dx: 0,
                dy: -1
            }),
            Err(EditError::Outside {
                x: 0,
                y: 0,
                width: 4,
                height: 4
            })
        );
        assert_eq!(e, before);
    }

    #[test]
    fn moving_a_part_carries_its_screws_and_hangs() {
        let mut e = three_screws();
        e.edit(&Edit::GenerateHangs { part: 1 }).unwrap();
        assert_eq!(e.level().parts[0].hang.len(), 3);
        e.edit(&Edit::MovePart {
            part: 1,
            dx: 1,
            dy: 1,
        })
        .unwrap();
        assert_eq!(e.level().screws[0].cell, [1, 1]);
        assert_eq!(validate(e.level()), Ok(()));
        e.edit(&Edit::DeletePart { part: 1 }).unwrap();
        assert!(e.level().screws.is_empty() && e.level().colors.is_empty());
    }

    #[test]
    fn a_placed_screw_hangs_its_plate_as_gravity_turns_it() {
        let e = three_screws();
        let p = &e.level().parts[0];
        for s in &e.level().screws {
            assert_eq!(
                p.hang[&s.id],
                hang_cells(&p.rest, s.cell, 4, 4),
                "screw {}",
                s.id
            );
        }
    }

    #[test]
    fn gravitys_poses_follow_the_painted_shape_and_hand_painted_ones_stay() {
        let mut e = three_screws();
        e.edit(&Edit::ToggleHang {
            screw: 3,
            cell: [3, 3],
        })
        .unwrap();
        let hand = e.level().parts[0].hang[&3].clone();
        e.edit(&Edit::Paint {
            part: 1,
            cell: [1, 1],
        })
        .unwrap();
        let p = &e.level().parts[0];
        for (id, cell) in [(1u16, [0u8, 0u8]), (2, [1, 0])] {
            assert_eq!(p.hang[&id], hang_cells(&p.rest, cell, 4, 4), "screw {id}");
        }
        assert_eq!(p.hang[&3], hand, "the hand-painted pose is the designer's");
        // With a hand-painted pose on the plate, a new screw's pose is left to the designer too.
        e.edit(&Edit::AddScrew {
            part: 1,
            cell: [1, 1],
            color: 2,
            kind: None,
            hidden: None,
        })
        .unwrap();
        assert!(!e.level().parts[0].hang.contains_key(&4));
    }

    /// A screw moved within its plate hangs it by gravity from where it now stands, and an erase
    /// brings gravity's poses along as a paint does.
    #[test]
    fn a_moved_screw_hangs_its_plate_from_its_new_place() {
        let mut e = three_screws();
        let (part, cell) = (1, [1, 1]);
        e.edit(&Edit::Paint { part, cell }).unwrap();
        let moved = Edit::MoveScrew {
            screw: 3,
            cell,
            part: None,
        };
        e.edit(&moved).unwrap();
        let p = &e.level().parts[0];
        assert_eq!(p.hang[&3], hang_cells(&p.rest, cell, 4, 4));
        e.edit(&Edit::Erase { part, cell: [2, 0] }).unwrap();
        let p = &e.level().parts[0];
        for s in &e.level().screws {
            let want = hang_cells(&p.rest, s.cell, 4, 4);
            assert_eq!(p.hang[&s.id], want, "screw {}", s.id);
        }
    }

    #[test]
    fn generated_hangs_are_the_generators_poses() {
        let mut e = three_screws();
        e.edit(&Edit::GenerateHangs { part: 1 }).unwrap();
        // A 3x1 panel held at its end swings a quarter turn and hangs down from its pivot.
        let rest = e.level().parts[0].rest.clone();
        assert_eq!(e.level().parts[0].hang[&1], hang_cells(&rest, [0, 0], 4, 4));
        assert_eq!(e.level().parts[0].hang[&1], vec![[0, 0], [0, 1], [0, 2]]);
    }

    #[test]
    fn a_dragged_crate_makes_the_queue_explicit_and_moves() {
        let mut e = three_screws();
        for (x, colour) in [(0u8, 4u8), (1, 4), (2, 4)] {
            e.edit(&Edit::AddPart {
                layer: 1,
                cell: [x, 2],
            })
            .unwrap();
            let part = e.level().parts.last().unwrap().id;
            e.edit(&Edit::AddScrew {
                part,
                cell: [x, 2],
                color: colour,
                kind: None,
                hidden: None,
            })
            .unwrap();
        }
        let seeded = crate_queue(e.level());
        assert_eq!(seeded.len(), 2);
        assert_eq!(e.level().crate_queue, None);
        e.edit(&Edit::MoveCrate { from: 1, to: 0 }).unwrap();
        assert_eq!(e.level().crate_queue, Some(vec![seeded[1], seeded[0]]));
        assert_eq!(validate(e.level()), Ok(()));
        assert_eq!(
            e.edit(&Edit::MoveCrate { from: 2, to: 0 }),
            Err(EditError::NoCrate { index: 2, len: 2 })
        );
        e.undo().unwrap();
        assert_eq!(e.level().crate_queue, None, "undo: from the seed again");
    }

    #[test]
    fn painting_a_hang_pose_starts_from_rest_and_keeps_the_pivot() {
        let mut e = three_screws();
        e.edit(&Edit::SetHang {
            screw: 1,
            cells: Vec::new(),
        })
        .unwrap();
        e.edit(&Edit::ToggleHang {
            screw: 1,
            cell: [0, 1],
        })
        .unwrap();
        assert_eq!(
            e.level().parts[0].hang[&1],
            vec![[0, 0], [1, 0], [2, 0], [0, 1]]
        );
        for cell in [[1, 0], [2, 0]] {
            e.edit(&Edit::ToggleHang { screw: 1, cell }).unwrap();
        }
        assert_eq!(e.level().parts[0].hang[&1], vec![[0, 0], [0, 1]]);
        assert_eq!(validate(e.level()), Ok(()));
        assert_eq!(
            e.edit(&Edit::ToggleHang {
                screw: 1,
                cell: [0, 0]
            }),
            Err(EditError::HangKeepsPivot {
                screw: 1,
                x: 0,
                y: 0
            })
        );
    }

    #[test]
    fn edits_round_trip_through_json() {
        let edit = Edit::from_json(r#"{"op":"set_screw","screw":3,"kind":"bolt"}"#).unwrap();
        assert_eq!(
            edit,
            Edit::SetScrew {
                screw: 3,
                color: None,
                kind: Some(ScrewKind::Bolt),
                hidden: None
            }
        );
        assert!(matches!(
            Edit::from_json(r#"{"op":"paint","part":1}"#),
            Err(EditError::Json(_))
        ));
    }
}
