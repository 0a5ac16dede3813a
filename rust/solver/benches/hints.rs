//! Hint latency. Group `hints`, on shipped levels of several bands, at the states a hint is
//! asked in: the start (`start`), half way through the first lost shallow-human trial (`mid`), and that
//! trial's end, a full rail, where the hint is "lost" plus the rewind's probes (`lost`); and the state
//! of the level's 24 trials whose hint plays the most nodes (`worst`; by nodes, not by a timing pass,
//! so the choice does not depend on the machine's load). The full distribution over every trial state
//! of every level is `screwsmith audit hints` (release build).

use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use screwsmith_rules::sim::{CompiledLevel, Move, Status};
use screwsmith_solver::hint::paths::human_paths;
use screwsmith_solver::hint::{hint, HintOptions};

#[path = "../tests/shipped/mod.rs"]
mod shipped;

/// Shipped levels across the bands (level 95 is the engine benchmark's level).
const LEVELS: [u32; 5] = [20, 60, 95, 150, 200];

/// The states benchmarked on one level: (name, moves).
fn states(level: &Arc<CompiledLevel>) -> Vec<(&'static str, Vec<Move>)> {
    let paths = human_paths(level, 24);
    let mut out = vec![("start", Vec::new())];
    if let Some(lost) = paths.iter().find(|p| p.end != Status::Won) {
        out.push(("mid", lost.moves[..lost.moves.len() / 2].to_vec()));
        out.push(("lost", lost.moves.clone()));
    }
    let mut worst = (0, Vec::new());
    for p in &paths {
        for k in p.points() {
            let nodes = hint(level, &p.moves[..k], &HintOptions::default()).map_or(0, |r| r.nodes);
            if nodes > worst.0 {
                worst = (nodes, p.moves[..k].to_vec());
            }
        }
    }
    out.push(("worst", worst.1));
    out
}

fn hints(c: &mut Criterion) {
    let mut group = c.benchmark_group("hints");
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(300));
    group.measurement_time(Duration::from_secs(1));
    let opts = HintOptions::default();
    let levels = shipped::shipped();
    for level in levels.iter().filter(|l| LEVELS.contains(&l.data().number)) {
        for (name, moves) in states(level) {
            let id = BenchmarkId::new(name, format!("level{}", level.data().number));
            group.bench_function(id, |b| b.iter(|| hint(level, &moves, &opts)));
        }
    }
    group.finish();
}

criterion_group!(benches, hints);
criterion_main!(benches);
