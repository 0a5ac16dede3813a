//! The level file the game loads (`res://levels/levels.json`, written by the generator's `bundle`
//! command) is a valid level file for this build's core, and every level in it replays its stored
//! solution to a win through `GameSim` — the same replay `res://tests/run_all.gd` does inside Godot.

use screwsmith_checks::project::{project_dir, read};
use screwsmith_rules::level::parse_file;
use screwsmith_rules::{GameSim, Move, Status};

#[test]
fn bundled_levels_load_and_their_solutions_win() {
    let text = read(&project_dir().join("levels/levels.json"));
    let file = parse_file(&text).unwrap_or_else(|e| panic!("res://levels/levels.json: {e}"));
    assert!(!file.levels.is_empty(), "no levels bundled");
    let count = file.levels.len();
    let mut replayed = 0;
    for level in file.levels {
        let number = level.number;
        let solution: Vec<Move> = level
            .measure
            .as_ref()
            .map(|m| m.solution.clone())
            .unwrap_or_default();
        let mut sim = GameSim::from_level(level).unwrap_or_else(|e| panic!("level {number}: {e}"));
        if solution.is_empty() {
            continue;
        }
        for m in solution {
            sim.apply(m)
                .unwrap_or_else(|e| panic!("level {number}: {m:?} rejected: {e}"));
        }
        assert_eq!(sim.status(), Status::Won, "level {number}");
        replayed += 1;
    }
    // Every shipped level is proven solvable, so every one carries its solution.
    assert_eq!(replayed, count, "levels without a stored solution");
    eprintln!("replayed {replayed} stored solutions");
}
