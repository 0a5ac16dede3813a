//! Shared helpers for the integration tests: load the hand-made levels in `tests/levels/`.
#![allow(dead_code)]

use std::sync::Arc;

use screwsmith_rules::level::parse_level;
use screwsmith_rules::{CompiledLevel, GameSim, LevelData};

/// The hand-made levels live in `screwsmith-rules` (the bottom layer); every crate's tests include this
/// module by path, so the directory is named from this crate, not the including one.
const LEVELS_ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules");

pub fn level_text(name: &str) -> String {
    let path = format!("{}/tests/levels/{name}.json", LEVELS_ROOT);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

pub fn level(name: &str) -> LevelData {
    parse_level(&level_text(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub fn compiled(name: &str) -> Arc<CompiledLevel> {
    Arc::new(CompiledLevel::new(level(name)).expect("valid"))
}

pub fn sim(name: &str) -> GameSim {
    GameSim::new(compiled(name))
}

/// The first legal move, again and again, until none is left (hand-made levels carry no solution to
/// replay): the moves and the game they end in.
pub fn first_legal_line(name: &str) -> (Vec<screwsmith_rules::Move>, GameSim) {
    let mut sim = sim(name);
    let mut moves = Vec::new();
    while let Some(&mv) = sim.legal_moves().first() {
        sim.apply(mv).expect("legal");
        moves.push(mv);
    }
    (moves, sim)
}

pub const ALL: [&str; 14] = [
    "swing_uncovers",
    "hang_covers",
    "cascade",
    "rusty",
    "hidden",
    "bolt",
    "overflow",
    "mid",
    "all_hidden",
    "min_rail",
    "chain",
    "buried",
    "locks",
    "bomb",
];
