//! ReadabilityAudit cost per level: the generator's curate step runs it on every candidate it keeps, so it
//! must stay far below 10 ms. Measured on the hand-made 6×8, 30-screw, 3-layer level along a full clear.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use screwsmith_readability::audit::{audit_level, AuditConfig};
use screwsmith_rules::level::parse_level;
use screwsmith_rules::{CompiledLevel, GameSim};

fn bench(c: &mut Criterion) {
    let text = include_str!("../../rules/tests/levels/mid.json");
    let level = Arc::new(CompiledLevel::new(parse_level(text).expect("mid.json")).expect("valid"));
    let mut sim = GameSim::new(level.clone());
    let mut moves = Vec::new();
    while let Some(&mv) = sim.legal_moves().first() {
        sim.apply(mv).expect("legal");
        moves.push(mv);
    }
    let cfg = AuditConfig::default();
    c.bench_function("readability audit_level mid.json, 8 devices", |b| {
        b.iter(|| audit_level(&level, &moves, &cfg))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
