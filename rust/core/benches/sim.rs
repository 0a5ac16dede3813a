//! GameSim throughput: tap + undo pairs per second on `tests/levels/mid.json` (the solver's inner loop).

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use screwsmith_core::GameSim;

fn tap_undo(c: &mut Criterion) {
    let level = common::level("mid");
    let mut sim = GameSim::new(level);
    let mut legal = Vec::new();
    sim.for_each_legal(|i, w| legal.push((i, w)));
    let mut group = c.benchmark_group("gamesim");
    group.throughput(Throughput::Elements(legal.len() as u64));
    group.bench_function("tap_undo_pairs/mid", |b| {
        b.iter(|| {
            for &(i, w) in &legal {
                let _ = std::hint::black_box(sim.play(i, w).map(|r| r.dest));
                let _ = sim.undo();
            }
        })
    });
    group.finish();
}

criterion_group!(benches, tap_undo);
criterion_main!(benches);
