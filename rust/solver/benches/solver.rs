//! LevelSolver costs (targets, one core): DFS ≥ 2 million nodes/s; `solve` of a 60-screw level
//! ≤ 1 ms median when a trial wins. Levels: small = `min_rail` (6 screws), medium = `mid` (30),
//! large = `large` (60).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use screwsmith_rules::level::parse_level;
use screwsmith_rules::{CompiledLevel, GameSim};
use screwsmith_solver::dfs::Dfs;
use screwsmith_solver::human::Human;
use screwsmith_solver::trial::play_trial;
use screwsmith_solver::{solve_shared, trial_seed, verify_shared, SolveOptions};
use std::sync::Arc;
use std::time::Instant;

/// A compiled level from `tests/levels/`.
fn level(name: &str) -> Arc<CompiledLevel> {
    let path = format!(
        "{}/../rules/tests/levels/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("bench level file");
    Arc::new(CompiledLevel::new(parse_level(&text).expect("valid level")).expect("compiles"))
}

const SIZES: [(&str, &str); 3] = [("small", "min_rail"), ("medium", "mid"), ("large", "large")];

fn human_trials(c: &mut Criterion) {
    let mut group = c.benchmark_group("human_trials");
    group.throughput(Throughput::Elements(24));
    for (size, name) in SIZES {
        let level = level(name);
        let mut sim = GameSim::new(level.clone());
        let mut human = Human::default();
        group.bench_function(BenchmarkId::new("24_trials", size), |b| {
            b.iter(|| {
                (0..24)
                    .filter(|&t| {
                        play_trial(&mut sim, &mut human, trial_seed(level.data().seed, t), None).won
                    })
                    .count()
            })
        });
    }
    group.finish();
}

fn dfs_nodes(c: &mut Criterion) {
    // Counting winning sequences of the large level up to 255 explores far more of the space than a
    // proof (which stops at the first win). The search may end before the limit, so the time is scaled
    // to a fixed number of nodes: throughput is then nodes per second, whatever each run played.
    const LIMIT: u64 = 200_000;
    let level = level("large");
    let mut group = c.benchmark_group("dfs");
    group.sample_size(10);
    group.throughput(Throughput::Elements(LIMIT));
    for (cap, rail) in [(u8::MAX, 5u8), (u8::MAX, 2), (2, 5)] {
        let id = format!("cap{cap}_rail{rail}");
        let mut probe = Dfs::new(cap, LIMIT, None);
        let _ = probe.count(&mut GameSim::with_rail(level.clone(), rail).expect("valid"));
        eprintln!("dfs {id}: {} nodes per run", probe.nodes);
        group.bench_function(BenchmarkId::new("nodes_large", id), |b| {
            b.iter_custom(|iters| {
                let (mut nodes, started) = (0u64, Instant::now());
                for _ in 0..iters {
                    let mut sim = GameSim::with_rail(level.clone(), rail).expect("valid");
                    let mut dfs = Dfs::new(cap, LIMIT, None);
                    let _ = std::hint::black_box(dfs.count(&mut sim));
                    nodes += dfs.nodes.max(1);
                }
                started
                    .elapsed()
                    .mul_f64((iters * LIMIT) as f64 / nodes as f64)
            })
        });
    }
    group.finish();
}

fn solve_and_verify(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    for (size, name) in SIZES {
        let level = level(name);
        let opts = SolveOptions::default();
        group.bench_function(BenchmarkId::new("solve", size), |b| {
            b.iter(|| solve_shared(&level, &opts).status)
        });
    }
    group.finish();
    let mut group = c.benchmark_group("verify");
    group.sample_size(10);
    for (size, name) in SIZES {
        let level = level(name);
        let opts = SolveOptions::default();
        let report = solve_shared(&level, &opts);
        group.bench_function(BenchmarkId::new("verify", size), |b| {
            b.iter(|| {
                let mut r = report.clone();
                verify_shared(&level, &mut r, &opts);
                r.unique_solution
            })
        });
    }
    group.finish();
}

criterion_group!(benches, human_trials, dfs_nodes, solve_and_verify);
criterion_main!(benches);
