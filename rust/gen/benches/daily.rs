//! Daily Bench generation time for single dates (target: ≤ 50 ms median on one core, docs/design.md §5).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use screwsmith_gen::daily::bench::DailyBench;
use screwsmith_gen::daily::parse_date;

fn daily(c: &mut Criterion) {
    let mut group = c.benchmark_group("daily");
    for d in ["2026-11-30", "2027-06-15", "2028-02-29"] {
        let date = parse_date(d).expect("valid date");
        group.bench_function(d, |b| {
            b.iter(|| black_box(DailyBench::for_date(date, None).expect("a bench")))
        });
    }
    group.finish();
}

criterion_group!(benches, daily);
criterion_main!(benches);
