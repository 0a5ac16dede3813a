//! The competent player earns its name (docs/design.md §3.7): on every board the game serves — the 200
//! baked levels, the Daily Benches, the levels past 200 — it wins at least as often as the shallow human on
//! the same trial seeds, one trial of noise allowed. The default tests check the baked set and a few
//! benches and fresh levels; the long sweep (`#[ignore]`d, run by `.ci/run` in the release profile) checks a
//! year of benches from their first board with locks and bombs, and fresh levels 201-300.

use std::sync::Arc;
use std::time::Duration;

use screwsmith_gen::curve::{target_for, MAX_BAND};
use screwsmith_gen::daily::bench::{DailyBench, LOCKS_AND_BOMBS_FROM};
use screwsmith_gen::daily::date::bench_date;
use screwsmith_gen::endless;
use screwsmith_rules::level::{parse_file, LevelData};
use screwsmith_rules::sim::{CompiledLevel, GameSim};
use screwsmith_solver::competent::{Competent, NOISE_TRIALS};
use screwsmith_solver::human::Human;
use screwsmith_solver::trial::{play_trial, trial_seed, Strategy};

/// The trials each player plays on a board, as the solver's measure does.
const TRIALS: u32 = 24;

/// Wins of `player` on `level` over the level's trial seeds.
fn wins(level: &Arc<CompiledLevel>, player: &mut impl Strategy) -> u32 {
    let mut sim = GameSim::new(level.clone());
    (0..TRIALS)
        .filter(|&t| play_trial(&mut sim, player, trial_seed(level.data().seed, t), None).won)
        .count() as u32
}

/// One board: (what it is, shallow wins, competent wins).
fn row(what: String, level: &LevelData) -> (String, u32, u32) {
    let compiled = Arc::new(CompiledLevel::new(level.clone()).expect("a valid board"));
    let shallow = wins(&compiled, &mut Human::default());
    let competent = wins(&compiled, &mut Competent::default());
    (what, shallow, competent)
}

/// Prints the boards where the competent player loses to the shallow one beyond the noise and returns
/// how many there are.
fn worse(rows: &[(String, u32, u32)]) -> Vec<String> {
    let mut out = Vec::new();
    for (what, shallow, competent) in rows {
        if competent + NOISE_TRIALS < *shallow {
            println!(
                "{what:>14}  shallow {shallow:>2}/{TRIALS}  competent {competent:>2}/{TRIALS}"
            );
            out.push(what.clone());
        }
    }
    let (s, c): (u32, u32) = rows.iter().fold((0, 0), |(s, c), r| (s + r.1, c + r.2));
    println!(
        "{} boards: shallow {:.1} %, competent {:.1} %, {} worse beyond one trial",
        rows.len(),
        100.0 * s as f64 / (rows.len() as u32 * TRIALS).max(1) as f64,
        100.0 * c as f64 / (rows.len() as u32 * TRIALS).max(1) as f64,
        out.len()
    );
    out
}

/// Both players' win rates per band of the baked set (rows in level order): what the ladder reads.
fn print_bands(rows: &[(String, u32, u32)]) {
    let mut band = [(0u32, 0u32, 0u32); MAX_BAND as usize + 1];
    for (n, r) in rows.iter().enumerate() {
        let b = &mut band[target_for(n as u32 + 1) as usize];
        *b = (b.0 + 1, b.1 + r.1, b.2 + r.2);
    }
    for (b, &(n, s, c)) in band.iter().enumerate().filter(|(_, b)| b.0 > 0) {
        let pct = |w: u32| 100.0 * w as f64 / (n * TRIALS) as f64;
        println!(
            "band {b}: shallow {:.1} %, competent {:.1} %",
            pct(s),
            pct(c)
        );
    }
}

fn shipped() -> Vec<LevelData> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../levels/levels.json"
    ))
    .unwrap();
    parse_file(&text).unwrap().levels
}

fn benches(from: u32, count: u32) -> Vec<(String, u32, u32)> {
    (from..from + count)
        .map(|b| {
            let bench = DailyBench::for_date(bench_date(b).unwrap(), None).unwrap();
            row(format!("bench {b}"), &bench.level)
        })
        .collect()
}

/// Fresh levels' rows, and how many of them carry a lock and a bomb.
fn fresh(levels: std::ops::RangeInclusive<u32>) -> (Vec<(String, u32, u32)>, u32, u32) {
    let (mut locks, mut bombs) = (0, 0);
    let rows = levels
        .filter_map(|n| {
            let f = endless::generate(n, Duration::from_secs(3600), None).ok()?;
            locks += u32::from(f.level.screws.iter().any(|s| s.locked_by.is_some()));
            bombs += u32::from(f.level.screws.iter().any(|s| s.bomb.is_some()));
            Some(row(format!("level {n}"), &f.level))
        })
        .collect();
    (rows, locks, bombs)
}

#[test]
fn on_every_baked_level_the_competent_player_wins_as_often_as_the_shallow_one() {
    let rows: Vec<_> = shipped()
        .iter()
        .map(|l| row(format!("level {}", l.number), l))
        .collect();
    print_bands(&rows);
    assert_eq!(worse(&rows), Vec::<String>::new());
}

#[test]
fn on_a_few_benches_and_fresh_levels_too() {
    let mut rows = benches(LOCKS_AND_BOMBS_FROM, 4);
    rows.extend(fresh(201..=202).0);
    assert_eq!(worse(&rows), Vec::<String>::new());
}

/// Long sweep: a year of Daily Benches from the first with locks and bombs.
#[test]
#[ignore]
fn on_a_year_of_benches() {
    let rows = benches(LOCKS_AND_BOMBS_FROM, 365);
    assert_eq!(worse(&rows), Vec::<String>::new());
}

/// Long sweep: fresh levels 201-300, and their share of locks and bombs.
#[test]
#[ignore]
fn on_fresh_levels_201_to_300() {
    let (rows, locks, bombs) = fresh(201..=300);
    assert_eq!(rows.len(), 100, "every fresh level generated");
    println!("levels 201-300: {locks} with a lock, {bombs} with a bomb");
    // docs/design.md §4.5: locks on at least 25 % of the levels past the wall, bombs on 20 %.
    assert!(locks >= 25 && bombs >= 20, "{locks} locks, {bombs} bombs");
    assert_eq!(worse(&rows), Vec::<String>::new());
}
