//! Bad level input gives a typed error naming the level and the field — never a panic.

mod common;

use common::*;
use proptest::prelude::*;
use screwsmith_rules::level::validate::{is_accounting, validate, validate_all};
use screwsmith_rules::level::{parse_file, parse_file_or_level, parse_level, LevelError, Problem};
use screwsmith_rules::{CompiledLevel, LevelData};

fn rejects(mutate: impl FnOnce(&mut LevelData)) -> (String, Problem) {
    let mut level = level("mid");
    mutate(&mut level);
    // The collecting check finds the same first fault, whatever else it finds after it.
    let all = validate_all(&level);
    match CompiledLevel::new(level) {
        Err(e) if all.first() != Some(&e) => panic!("validate_all's first {all:?} is not {e:?}"),
        Err(LevelError::Invalid {
            level: 8,
            field,
            problem,
        }) => (field, problem),
        other => panic!("expected an Invalid error for level 8, got {other:?}"),
    }
}

#[test]
fn unknown_and_duplicate_ids() {
    let (field, p) = rejects(|l| l.screws[3].part = 999);
    assert_eq!(
        (field.as_str(), p),
        ("screws[3].part", Problem::UnknownId(999))
    );
    let (field, p) = rejects(|l| l.screws[4].id = l.screws[0].id);
    assert_eq!(field, "screws[4].id");
    assert!(matches!(p, Problem::DuplicateId(_)));
    let (field, p) = rejects(|l| l.parts[1].id = l.parts[0].id);
    assert_eq!(field, "parts[1].id");
    assert!(matches!(p, Problem::DuplicateId(_)));
}

#[test]
fn cells_outside_the_board_and_screws_outside_their_part() {
    let (field, p) = rejects(|l| l.parts[0].rest.push([9, 0]));
    assert_eq!(field, "parts[0].rest");
    assert!(matches!(p, Problem::CellOutside { x: 9, .. }));
    let (field, p) = rejects(|l| l.screws[0].cell = [5, 7]);
    assert_eq!(field, "screws[0].cell");
    assert!(matches!(p, Problem::ScrewOutsidePart { x: 5, y: 7 }));
}

#[test]
fn overlap_on_a_layer() {
    let (field, p) = rejects(|l| {
        let stolen = l.parts[1].rest[0];
        l.parts[0].rest.push(stolen);
    });
    assert_eq!(field, "parts[1].rest");
    assert!(matches!(p, Problem::Overlap { layer: 0, .. }));
}

#[test]
fn colour_counts_and_queue() {
    let (field, p) = rejects(|l| l.screws[0].color = 1);
    assert_eq!(field, "screws");
    assert!(matches!(p, Problem::ColourCount { .. }));
    let (field, p) = rejects(|l| l.crate_queue = Some(vec![0, 0, 1, 1, 2, 2, 3, 3, 4]));
    assert_eq!(field, "crate_queue");
    assert!(matches!(
        p,
        Problem::QueueMismatch {
            color: 4,
            found: 1,
            expected: 2
        }
    ));
    let (field, p) = rejects(|l| l.screws[0].color = 9);
    assert_eq!(field, "screws[0].color");
    assert_eq!(p, Problem::UnknownColour { color: 9 });
}

#[test]
fn sizes_over_limits() {
    let (f, p) = rejects(|l| l.width = 8);
    assert_eq!(
        (f.as_str(), p),
        ("width", Problem::TooLarge { value: 8, limit: 7 })
    );
    let (f, p) = rejects(|l| l.height = 11);
    assert_eq!(
        (f.as_str(), p),
        (
            "height",
            Problem::TooLarge {
                value: 11,
                limit: 10
            }
        )
    );
    let (f, p) = rejects(|l| l.rail_slots = 0);
    assert_eq!(
        (f.as_str(), p),
        ("rail_slots", Problem::TooSmall { value: 0, min: 1 })
    );
    let (f, p) = rejects(|l| l.rail_slots = 8);
    assert_eq!(
        (f.as_str(), p),
        ("rail_slots", Problem::TooLarge { value: 8, limit: 7 })
    );
    let (f, p) = rejects(|l| l.parts[0].layer = 4);
    assert_eq!(
        (f.as_str(), p),
        ("parts[0].layer", Problem::TooLarge { value: 4, limit: 3 })
    );
    let (f, _) = rejects(|l| {
        let s = l.screws[0].clone();
        for k in 0..120 {
            let mut t = s.clone();
            t.id = 1000 + k;
            l.screws.push(t);
        }
    });
    assert_eq!(f, "screws");
}

#[test]
fn a_bomb_count_out_of_range_names_the_screw() {
    let (f, p) = rejects(|l| l.screws[2].bomb = Some(0));
    assert_eq!(
        (f.as_str(), p),
        ("screws[2].bomb", Problem::TooSmall { value: 0, min: 1 })
    );
    let (f, p) = rejects(|l| l.screws[4].bomb = Some(100));
    assert_eq!(
        (f.as_str(), p),
        (
            "screws[4].bomb",
            Problem::TooLarge {
                value: 100,
                limit: 99
            }
        )
    );
    let (f, p) = rejects(|l| (0..5).for_each(|k| l.screws[k].bomb = Some(9)));
    assert_eq!(
        (f.as_str(), p),
        ("bombs", Problem::TooLarge { value: 5, limit: 4 })
    );
    let message = CompiledLevel::new({
        let mut l = level("mid");
        l.screws[1].bomb = Some(0);
        l
    })
    .unwrap_err()
    .to_string();
    assert_eq!(
        message,
        "level 8: screws[1].bomb: 0 is under the minimum of 1"
    );
}

#[test]
fn hang_poses_must_belong_and_hang_from_their_screw() {
    let (f, p) = rejects(|l| {
        let foreign = l
            .screws
            .iter()
            .find(|s| s.part != l.parts[0].id)
            .unwrap()
            .id;
        l.parts[0].hang.insert(foreign, vec![[0, 0]]);
    });
    assert!(f.starts_with("parts[0].hang."));
    assert!(matches!(p, Problem::HangForForeignScrew { .. }));
    let (_, p) = rejects(|l| {
        let own = l
            .screws
            .iter()
            .find(|s| s.part == l.parts[0].id)
            .unwrap()
            .id;
        l.parts[0].hang.insert(own, vec![[5, 5]]);
    });
    assert!(matches!(p, Problem::HangMissesPivot { .. }));
}

#[test]
fn malformed_json_and_wrong_format() {
    assert!(matches!(parse_file("{"), Err(LevelError::Json(_))));
    assert!(matches!(parse_file("[]"), Err(LevelError::Json(_))));
    assert!(matches!(
        parse_file(r#"{"format":2,"levels":[]}"#),
        Err(LevelError::Format {
            found: 2,
            expected: 1
        })
    ));
    let text = level_text("mid").replace("\"kind\": \"normal\"", "\"kind\": \"golden\"");
    assert!(matches!(
        parse_level(&text),
        Err(LevelError::LevelShape {
            number: Some(8),
            ..
        })
    ));
    let text = level_text("mid").replacen("\"width\": 6", "\"width\": 300", 1);
    assert!(
        matches!(parse_level(&text), Err(LevelError::LevelShape { .. })),
        "u8 overflow is a typed error"
    );
}

#[test]
fn unknown_fields_are_errors_naming_field_and_level() {
    let typo = level_text("mid").replacen("\"seed\"", "\"crate_que\": [0], \"seed\"", 1);
    let e = parse_level(&typo).unwrap_err().to_string();
    assert!(e.starts_with("level 8: unknown field `crate_que`"), "{e}");
    let file = format!(
        "{{\"format\": 1, \"levels\": [{}, {typo}]}}",
        level_text("cascade")
    );
    let e = parse_file(&file).unwrap_err().to_string();
    assert!(e.starts_with("level 8: unknown field `crate_que`"), "{e}");
    let nameless = typo.replacen("\"number\"", "\"numbr\"", 1);
    let file = format!("{{\"format\": 1, \"levels\": [{nameless}]}}");
    let e = parse_file(&file).unwrap_err().to_string();
    assert!(
        e.starts_with("the level at position 1 of the file: unknown field"),
        "{e}"
    );
    let screw = level_text("mid").replacen("\"hidden\"", "\"hiden\"", 1);
    assert_ne!(screw, level_text("mid"), "mid.json names `hidden`");
    assert!(parse_level(&screw)
        .unwrap_err()
        .to_string()
        .contains("`hiden`"));
    let top = r#"{"format": 1, "levels": [], "extra": 1}"#;
    assert!(parse_file(top).unwrap_err().to_string().contains("`extra`"));
}

#[test]
fn one_level_is_not_a_file_and_its_own_fault_is_reported() {
    let one = level_text("cascade");
    assert_eq!(parse_file(&one), Err(LevelError::NotAFile));
    assert_eq!(
        parse_file_or_level(&one).unwrap().levels,
        vec![level("cascade")]
    );
    let faulty = level_text("mid").replacen("\"color\": 0", "\"color\": 1", 1);
    let e = parse_file_or_level(&faulty).unwrap_err().to_string();
    assert!(e.ends_with("not a multiple of 3"), "{e}");
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let text = format!("\u{feff}{}", level_text("cascade"));
    assert_eq!(parse_level(&text).unwrap(), level("cascade"));
}

#[test]
fn every_shipped_file_parses_with_unknown_fields_denied() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    for rel in ["levels/levels.json", "godot_project/levels/levels.json"] {
        let text = std::fs::read_to_string(format!("{root}/{rel}")).unwrap();
        let file = parse_file(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let read: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            serde_json::to_value(&file).unwrap(),
            read,
            "{rel}: nothing dropped"
        );
    }
}

#[test]
fn every_hand_made_level_round_trips() {
    for name in ALL {
        let l = level(name);
        let text = serde_json::to_string(&l).unwrap();
        assert_eq!(parse_level(&text).unwrap(), l, "{name}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_file(&text);
        let _ = parse_level(&text);
    }

    #[test]
    fn mutated_valid_files_never_panic(edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)) {
        let mut bytes = level_text("mid").into_bytes();
        for (at, b) in edits {
            let i = at.index(bytes.len());
            bytes[i] = b"0123456789[]{},:\"-ab "[b as usize % 21];
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(level) = parse_level(&text) {
            // Whatever survives validation must be playable without a panic.
            let mut sim = screwsmith_rules::GameSim::from_level(level).unwrap();
            for _ in 0..200 {
                let Some(&mv) = sim.legal_moves().first() else { break };
                sim.apply(mv).unwrap();
            }
        }
    }

    #[test]
    fn mutated_numbers_in_structs_never_panic(w in 0u8..12, h in 0u8..12, rail in 0u8..9, slots in 0u8..6, x in 0u8..12, y in 0u8..12, layer in 0u8..6, colour in 0u8..18) {
        let mut l = level("mid");
        l.width = w; l.height = h; l.rail_slots = rail; l.crate_slots = slots;
        l.parts[2].rest.push([x, y]);
        l.parts[3].layer = layer;
        l.screws[1].color = colour;
        let all = validate_all(&l);
        prop_assert_eq!(all.first().cloned(), validate(&l).err());
        // The board-only compile takes exactly the levels whose faults are all colour accounting.
        prop_assert_eq!(CompiledLevel::geometry(l.clone()).is_ok(), all.iter().all(is_accounting));
        if let Ok(c) = CompiledLevel::new(l) {
            let mut sim = screwsmith_rules::GameSim::new(std::sync::Arc::new(c));
            while let Some(&mv) = sim.legal_moves().first() { sim.apply(mv).unwrap(); }
        }
    }
}

#[test]
fn a_part_in_two_pieces_is_named_by_level_part_and_pose() {
    use screwsmith_rules::level::one_piece::check_one_piece;
    // Every shipped-style level is one piece per shape; the hand-made `rusty` board keeps a part whose
    // two cells do not touch (the rules allow it; shipping does not).
    check_one_piece(&level("mid")).expect("mid's parts are one piece each");
    let err = check_one_piece(&level("rusty")).unwrap_err();
    assert_eq!(
        err,
        LevelError::Invalid {
            level: 4,
            field: "parts[1].rest".into(),
            problem: Problem::NotOnePiece { part: 2, pieces: 2 },
        }
    );
    // A hang pose is checked too: break one of mid's hang shapes at a corner.
    let mut l = level("mid");
    let (&sid, cells) = l.parts[0].hang.iter_mut().next().expect("mid hangs a part");
    let pivot = cells[0];
    *cells = vec![pivot, [pivot[0] + 1, pivot[1] + 1]];
    let err = check_one_piece(&l).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("level 8: parts[0].hang.{sid}: part {} is not one piece: 2 pieces touch at most at a corner (every shape must be 4-connected)", l.parts[0].id)
    );
}

#[test]
fn stray_cells_and_layers_still_overlap_and_repeat() {
    // Cells past the largest board and layers past the limit are kept apart from the board's bits:
    // overlaps and repeats there are found all the same.
    let mut l = level("mid");
    l.parts[0].rest.extend([[200, 250], [200, 250]]);
    l.parts[1].rest.push([200, 250]);
    l.parts[1].layer = l.parts[0].layer;
    let problems: Vec<Problem> = validate_all(&l)
        .iter()
        .filter_map(|e| e.problem().cloned())
        .collect();
    assert!(problems.contains(&Problem::DuplicateCell { x: 200, y: 250 }));
    assert!(problems
        .iter()
        .any(|p| matches!(p, Problem::Overlap { x: 200, y: 250, .. })));
    let mut l = level("mid");
    l.parts[0].layer = 9;
    l.parts[1].layer = 9;
    let stolen = l.parts[1].rest[0];
    l.parts[0].rest.push(stolen);
    assert!(validate_all(&l)
        .iter()
        .any(|e| matches!(e.problem(), Some(Problem::Overlap { layer: 9, .. }))));
}

#[test]
fn every_fault_is_collected_each_naming_its_field() {
    let mut l = level("mid");
    l.screws[0].color = 1; // colours 0 and 1 both off a multiple of 3
    l.screws[2].cell = [9, 9]; // outside the board
    l.parts[1].layer = 7; // over the layer limit
    let all = validate_all(&l);
    let fields: Vec<String> = all
        .iter()
        .map(|e| match e {
            LevelError::Invalid { field, .. } => field.clone(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        fields,
        // The moved screw's hang pose no longer holds its cell: named too.
        [
            "parts[1].layer",
            "screws[2].cell",
            "parts[0].hang.3",
            "screws",
            "screws"
        ],
        "{all:?}"
    );
    assert_eq!(validate(&l).err().as_ref(), all.first());
    assert!(validate_all(&level("mid")).is_empty());
    // Two parts overlapping on several cells are one fault, not one per cell.
    let mut l = level("mid");
    let stolen = l.parts[1].rest.clone();
    l.parts[0].rest.extend(stolen);
    let overlaps = validate_all(&l)
        .into_iter()
        .filter(|e| matches!(e.problem(), Some(Problem::Overlap { .. })))
        .count();
    assert_eq!(overlaps, 1);
}

#[test]
fn a_board_with_only_colour_faults_compiles_for_static_analysis() {
    let mut l = level("mid");
    l.screws[0].color = 1;
    assert!(CompiledLevel::new(l.clone()).is_err());
    let board = CompiledLevel::geometry(l.clone()).expect("only colour counts are wrong");
    assert_eq!(board.screws().len(), l.screws.len());
    assert!(board.queue().is_empty(), "not a level to play");
    l.screws[2].cell = [9, 9];
    assert!(matches!(
        CompiledLevel::geometry(l),
        Err(LevelError::Invalid {
            problem: Problem::CellOutside { .. },
            ..
        })
    ));
}

#[test]
fn every_broken_shape_is_collected() {
    use screwsmith_rules::level::one_piece::{check_one_piece, one_piece_faults};
    let mut l = level("rusty");
    assert_eq!(one_piece_faults(&l).len(), 1);
    let first = l.parts[1].clone();
    let mut second = first.clone();
    second.id = 99;
    second.layer = 3;
    second.hang.clear();
    l.parts.push(second);
    let all = one_piece_faults(&l);
    assert_eq!(all.len(), 2, "{all:?}");
    assert_eq!(check_one_piece(&l).err().as_ref(), all.first());
}
