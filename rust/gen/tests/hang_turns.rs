//! Every hanging pose a player can be given is the part's rest shape turned about its screw: the
//! shipped levels (both copies), every board a year of Daily Benches can serve, and every candidate
//! the endless levels 201–230 are chosen from. The boards are built, not solved: a served board is
//! always one of these candidates, so checking them all checks whatever the solver picks.

use screwsmith_gen::daily::bench::{board, machine_for_bench, seed_for, STEPS};
use screwsmith_gen::tuned::level_specs;
use screwsmith_gen::{build, GenError};
use screwsmith_rules::level::turn::turn_of;
use screwsmith_rules::level::{parse_file, LevelData};

/// Every hang pose of `level` that is no quarter turn of its rest shape, as "part P screw S".
fn not_turns(level: &LevelData) -> Vec<String> {
    let mut out = Vec::new();
    for p in &level.parts {
        for (sid, pose) in &p.hang {
            let s = level.screws.iter().find(|s| s.id == *sid).expect("a screw");
            if turn_of(&p.rest, s.cell, pose, level.width, level.height).is_none() {
                out.push(format!("part {} screw {sid}", p.id));
            }
        }
    }
    out
}

#[test]
fn the_check_sees_a_pose_of_another_shape() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../levels/levels.json"
    ))
    .unwrap();
    let mut level = parse_file(&text).unwrap().levels.remove(0);
    assert!(not_turns(&level).is_empty());
    let part = level.parts[0].id;
    let sid = *level.parts[0].hang.keys().next().expect("a hang pose");
    let pivot = level.screws.iter().find(|s| s.id == sid).unwrap().cell;
    level.parts[0].hang.insert(sid, vec![pivot]);
    assert_eq!(not_turns(&level), vec![format!("part {part} screw {sid}")]);
}

#[test]
fn every_shipped_hang_pose_is_a_turn_of_the_rest_shape() {
    for path in ["levels/levels.json", "godot_project/levels/levels.json"] {
        let text = std::fs::read_to_string(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR")))
            .unwrap();
        let file = parse_file(&text).unwrap();
        assert_eq!(file.levels.len(), 200, "{path}");
        let poses: usize = file
            .levels
            .iter()
            .map(|l| l.parts.iter().map(|p| p.hang.len()).sum::<usize>())
            .sum();
        assert!(poses > 1000, "{path}: {poses} hang poses");
        for level in &file.levels {
            assert_eq!(
                not_turns(level),
                Vec::<String>::new(),
                "{path} level {}",
                level.number
            );
        }
    }
}

#[test]
fn every_board_a_year_of_daily_benches_can_serve_hangs_by_turns() {
    // Benches 1–366: the year from the first bench, across the day locks and bombs arrive.
    let mut boards = 0;
    for bench in 1..=366 {
        let machine = machine_for_bench(bench);
        for &(band, seeds) in &STEPS {
            for index in 0..seeds {
                let Ok(level) = board(bench, machine, band, seed_for(bench, band, index)) else {
                    continue;
                };
                boards += 1;
                assert_eq!(
                    not_turns(&level),
                    Vec::<String>::new(),
                    "bench {bench} band {band} seed index {index}"
                );
            }
        }
    }
    assert!(boards > 366 * 20, "{boards} boards built");
}

#[test]
fn every_candidate_of_endless_levels_201_to_230_hangs_by_turns() {
    let mut boards = 0;
    for n in 201..=230 {
        for spec in level_specs(n) {
            match build(&spec) {
                Ok(level) => {
                    boards += 1;
                    assert_eq!(
                        not_turns(&level),
                        Vec::<String>::new(),
                        "level {n} {spec:?}"
                    );
                }
                Err(GenError::NoLockPlace | GenError::NoHumanWin) => {}
                Err(e) => panic!("level {n} {spec:?}: {e}"),
            }
        }
    }
    assert!(boards > 30 * 100, "{boards} boards built");
}
