//! GameSim throughput: tap+undo pairs per second on the mid-size hand-made level (30 screws, 3 layers).
//! The solver's DFS is exactly this loop, so this number bounds its nodes per second.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use screwsmith_rules::level::parse_level;
use screwsmith_rules::{CompiledLevel, GameSim};

fn mid_level() -> Arc<CompiledLevel> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rules/tests/levels/mid.json"
    );
    let text = std::fs::read_to_string(path).expect("mid.json");
    Arc::new(CompiledLevel::new(parse_level(&text).expect("valid")).expect("compiles"))
}

fn tap_undo(c: &mut Criterion) {
    let level = mid_level();
    let mut sim = GameSim::new(level);
    // A mid-game state: play a few moves so crates, rail and poses are all in use.
    for _ in 0..6 {
        let mv = sim.legal_moves()[0];
        sim.apply(mv).unwrap();
    }
    let mut moves = Vec::new();
    sim.for_each_legal(|i, w| moves.push((i, w)));
    let mut group = c.benchmark_group("gamesim");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("tap_undo_pairs_mid", |b| {
        b.iter(|| {
            for &(i, w) in &moves {
                black_box(sim.play(i, w).is_ok());
                black_box(sim.undo().is_ok());
            }
        })
    });
    group.bench_function("legal_moves_enumeration_mid", |b| {
        b.iter(|| {
            let mut n = 0u32;
            sim.for_each_legal(|_, _| n += 1);
            black_box(n)
        })
    });
    group.finish();
}

criterion_group!(benches, tap_undo);
criterion_main!(benches);
