//! How long a fresh level's generation runs on after it is told to stop: the time a stopped prefetch
//! keeps a core from the level the player opened instead. Four of the slowest levels of 201–300 to make,
//! each stopped 50, 130, 210 or 290 ms into its generation (one per iteration, in turn); the figure is
//! the time from the stop to the generator's return.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use screwsmith_gen::endless::{generate, EndlessError};

/// Generous: only the stop ends a run here.
const ROOMY: Duration = Duration::from_secs(600);

fn stopped_after(n: u32, delay: Duration) -> Duration {
    let flag = Arc::new(AtomicBool::new(false));
    let theirs = Arc::clone(&flag);
    let run = std::thread::spawn(move || {
        let result = generate(n, ROOMY, Some(theirs));
        (result.err(), Instant::now())
    });
    std::thread::sleep(delay);
    let stop = Instant::now();
    flag.store(true, Ordering::Relaxed);
    let (err, ended) = run.join().expect("the generation thread");
    assert_eq!(
        err,
        Some(EndlessError::Cancelled),
        "level {n} finished first"
    );
    ended.saturating_duration_since(stop)
}

fn endless_cancel(c: &mut Criterion) {
    let mut group = c.benchmark_group("endless_cancel");
    group.sample_size(10);
    for n in [232u32, 237, 244, 263] {
        group.bench_function(format!("level_{n}"), |b| {
            b.iter_custom(|iters| {
                (0..iters)
                    .map(|i| stopped_after(n, Duration::from_millis(50 + 80 * (i % 4))))
                    .sum()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, endless_cancel);
criterion_main!(benches);
