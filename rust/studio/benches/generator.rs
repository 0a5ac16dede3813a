//! Generator throughput: building one candidate (no measuring), and GenerateTuned for one cheap and one
//! hard level end to end (search + curation). The full bake's own timing is printed by `screwsmith bake`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use screwsmith_gen::build;
use screwsmith_gen::tuned::level_specs;
use screwsmith_solver::SolveOptions;
use screwsmith_studio::{bake_level, Curator};

fn generator(c: &mut Criterion) {
    let mut group = c.benchmark_group("generator");
    let spec = level_specs(150)[0];
    group.bench_function("candidate_build/band8", |b| {
        b.iter(|| black_box(build(&spec)))
    });
    let (opts, curator) = (SolveOptions::default(), Curator::shipping());
    group.sample_size(10);
    for n in [20u32, 36] {
        group.bench_function(format!("bake_level/{n}"), |b| {
            b.iter(|| black_box(bake_level(n, &opts, &curator, || {}).map(|l| l.winner)))
        });
    }
    group.finish();
}

criterion_group!(benches, generator);
criterion_main!(benches);
