//! The edits one canvas gesture makes (a paint or erase stroke, a pasted part, a dragged screw, a
//! nudged selection): each is one edit, so one undo step, and its inverse restores the level byte
//! for byte. A refused gesture changes nothing.

use screwsmith_editor::edit::NewScrew;
use screwsmith_editor::{Edit, EditError, EditedLevel};
use screwsmith_rules::level::validate::validate;
use screwsmith_rules::level::ScrewKind;

/// One part of three cells on row 0 holding three screws of colour 2 (a valid level).
fn three_screws() -> EditedLevel {
    let mut e = EditedLevel::blank(5, 5);
    let screws = (0..3)
        .map(|x| NewScrew {
            cell: [x, 0],
            color: 2,
            kind: ScrewKind::Normal,
            hidden: false,
            hang: Vec::new(),
            ..Default::default()
        })
        .collect();
    e.edit(&Edit::NewPart {
        layer: 0,
        cells: vec![[0, 0], [1, 0], [2, 0]],
        screws,
    })
    .unwrap();
    e
}

fn json(e: &EditedLevel) -> String {
    serde_json::to_string(e.level()).unwrap()
}

/// Applies `edit`, then its inverse: the level must be exactly what it was. Returns the level as
/// the edit left it.
fn round_trip(e: &mut EditedLevel, edit: &Edit) -> String {
    let before = json(e);
    let inverse = e.apply(edit).unwrap();
    let after = json(e);
    assert_ne!(after, before, "{edit:?} changed nothing");
    e.apply(&inverse).unwrap();
    assert_eq!(
        json(e),
        before,
        "the inverse of {edit:?} restores the level"
    );
    e.apply(edit).unwrap();
    after
}

#[test]
fn a_new_part_with_its_screws_is_one_undo_step() {
    let mut e = three_screws();
    assert_eq!(validate(e.level()), Ok(()));
    assert_eq!(e.level().screws.len(), 3);
    e.undo().unwrap();
    assert_eq!(json(&e), json(&EditedLevel::blank(5, 5)));
    assert_eq!(e.undo(), Err(EditError::NothingToUndo));
}

#[test]
fn every_gesture_edit_is_undone_exactly() {
    let mut e = three_screws();
    round_trip(
        &mut e,
        &Edit::PaintCells {
            part: 1,
            cells: vec![[0, 1], [1, 1], [2, 1]],
        },
    );
    round_trip(
        &mut e,
        &Edit::Batch {
            edits: vec![
                Edit::Erase {
                    part: 1,
                    cell: [2, 1],
                },
                Edit::Erase {
                    part: 1,
                    cell: [1, 1],
                },
            ],
        },
    );
    let pasted = round_trip(
        &mut e,
        &Edit::NewPart {
            layer: 1,
            cells: vec![[0, 3], [1, 3]],
            screws: vec![NewScrew {
                cell: [0, 3],
                color: 4,
                kind: ScrewKind::Bolt,
                hidden: true,
                hang: vec![[0, 3], [0, 4]],
                ..Default::default()
            }],
        },
    );
    assert!(pasted.contains(r#""kind":"bolt""#), "{pasted}");
    assert_eq!(e.level().parts[1].hang[&4], vec![[0, 3], [0, 4]]);
    round_trip(
        &mut e,
        &Edit::MoveScrew {
            screw: 4,
            cell: [1, 3],
            part: None,
        },
    );
    round_trip(
        &mut e,
        &Edit::MoveScrew {
            screw: 3,
            cell: [1, 3],
            part: Some(2),
        },
    );
    assert_eq!(
        e.level().screws[2].part,
        2,
        "the dragged screw is held by part 2"
    );
    round_trip(
        &mut e,
        &Edit::Batch {
            edits: vec![
                Edit::MovePart {
                    part: 2,
                    dx: 1,
                    dy: 0,
                },
                Edit::MoveScrew {
                    screw: 1,
                    cell: [1, 1],
                    part: None,
                },
            ],
        },
    );
}

#[test]
fn a_refused_gesture_changes_nothing() {
    let mut e = three_screws();
    let before = e.clone();
    // The stroke's last cell is already painted: none of it is applied.
    assert_eq!(
        e.edit(&Edit::PaintCells {
            part: 1,
            cells: vec![[0, 1], [0, 0]]
        }),
        Err(EditError::AlreadyPainted {
            part: 1,
            x: 0,
            y: 0
        })
    );
    // The batch's second edit is refused: the first is taken back with it.
    assert_eq!(
        e.edit(&Edit::Batch {
            edits: vec![Edit::SetRail { slots: 3 }, Edit::DeleteScrew { screw: 9 }]
        }),
        Err(EditError::NoScrew(9))
    );
    assert_eq!(
        e.edit(&Edit::Batch { edits: vec![] }),
        Err(EditError::EmptyBatch)
    );
    assert_eq!(
        e.edit(&Edit::NewPart {
            layer: 0,
            cells: vec![],
            screws: vec![]
        }),
        Err(EditError::EmptyPart)
    );
    // A pasted part reaching off the board.
    assert!(matches!(
        e.edit(&Edit::NewPart {
            layer: 0,
            cells: vec![[4, 4], [5, 4]],
            screws: vec![]
        }),
        Err(EditError::Outside { x: 5, y: 4, .. })
    ));
    assert_eq!(
        e.edit(&Edit::MoveScrew {
            screw: 1,
            cell: [1, 1],
            part: Some(7)
        }),
        Err(EditError::NoPart(7))
    );
    assert_eq!(e, before);
}

#[test]
fn gesture_edits_read_from_the_canvas_json() {
    let stroke = r#"{"op":"batch","edits":[{"op":"paint_cells","part":1,"cells":[[0,1]]}]}"#;
    assert_eq!(
        Edit::from_json(stroke).unwrap(),
        Edit::Batch {
            edits: vec![Edit::PaintCells {
                part: 1,
                cells: vec![[0, 1]]
            }]
        }
    );
    let paste =
        r#"{"op":"new_part","layer":0,"cells":[[1,1]],"screws":[{"cell":[1,1],"color":3}]}"#;
    let Edit::NewPart { screws, .. } = Edit::from_json(paste).unwrap() else {
        panic!("not a new part");
    };
    assert_eq!(screws[0].kind, ScrewKind::Normal);
    // What the canvas's copy sends for a screw with no lock and no bomb (nulls), and with both.
    let copied = r#"{"op":"new_part","layer":0,"cells":[[1,1],[2,1]],"screws":[
        {"cell":[1,1],"color":3,"copied":4,"locked_by":null,"bomb":null},
        {"cell":[2,1],"color":3,"copied":5,"locked_by":4,"bomb":12}]}"#;
    let Edit::NewPart { screws, .. } = Edit::from_json(copied).unwrap() else {
        panic!("not a new part");
    };
    assert_eq!((screws[0].locked_by, screws[0].bomb), (None, None));
    assert_eq!(
        (screws[1].copied, screws[1].locked_by, screws[1].bomb),
        (Some(5), Some(4), Some(12))
    );
    assert!(matches!(
        Edit::from_json(r#"{"op":"move_screw","screw":1}"#),
        Err(EditError::Json(_))
    ));
}
