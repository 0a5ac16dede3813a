//! The level editor's live verdict (≤ 1 s for a 40-screw level on 2 cores): validation,
//! proof, full verification (min rail, uniqueness, blunder rate) and the readability audit of shipped
//! levels with 39 and 42 screws, on one thread as the editor runs it.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use screwsmith_editor::verdict;
use screwsmith_rules::level::parse_file;

fn live_verdict(c: &mut Criterion) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let file = parse_file(&std::fs::read_to_string(path).expect("levels.json")).expect("valid");
    let mut group = c.benchmark_group("editor_verdict");
    group.sample_size(10);
    for number in [47u32, 167] {
        let level = file.levels[number as usize - 1].clone();
        let id = format!("level_{number}_{}_screws", level.screws.len());
        group.bench_function(BenchmarkId::new("verdict", id), |b| {
            b.iter(|| verdict(&level, Arc::new(AtomicBool::new(false))))
        });
    }
    group.finish();
}

criterion_group!(benches, live_verdict);
criterion_main!(benches);
