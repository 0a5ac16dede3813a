//! Issue #16: the reduced proof search against the plain one, on the committed board set
//! (`benches/boards/*.json`: 50–60-screw generated boards, rail- and crate-tightened until they are
//! unsolvable or barely solvable; see `benches/boards/README.md`).
//!
//! First a summary pass, one line per board: verdict (which must agree), nodes and time of each search
//! (best of 3 runs), the ratio, and `solve`'s time with its trials won (the proof runs when none
//! wins); then the median ratio. Then criterion's group `proofs` times each board's `plain`
//! and `reduced` search in the same run. `PROOFS_SUMMARY_ONLY=1` stops after the summary.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use screwsmith_rules::level::parse_level;
use screwsmith_rules::{CompiledLevel, GameSim};
use screwsmith_solver::dfs::Dfs;
use screwsmith_solver::prover::ProofSearch;
use screwsmith_solver::{solve_shared, SolveOptions};

/// The board set, sorted by file name.
fn boards() -> Vec<(String, Arc<CompiledLevel>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/boards");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("benches/boards")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("board file");
            let level =
                CompiledLevel::new(parse_level(&text).expect("valid board")).expect("compiles");
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, Arc::new(level))
        })
        .collect()
}

/// The plain search: the seed's memoised DFS, cap 1, no budget.
fn plain(level: &Arc<CompiledLevel>) -> (bool, u64) {
    let mut sim = GameSim::new(level.clone());
    let mut dfs = Dfs::new(1, u64::MAX, None);
    let wins = dfs.count(&mut sim).expect("no budget") > 0;
    (wins, dfs.nodes)
}

/// The reduced search, no budget: verdict, moves played, states expanded.
fn reduced(level: &Arc<CompiledLevel>) -> (bool, u64, u64) {
    let mut sim = GameSim::new(level.clone());
    let mut prover = ProofSearch::new(&sim, u64::MAX, None);
    let wins = prover.wins(&mut sim).expect("no budget");
    (wins, prover.nodes(), prover.states().0)
}

fn best_of_3<T: Copy + Default>(f: impl Fn() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut out = T::default();
    for _ in 0..3 {
        let t = Instant::now();
        out = std::hint::black_box(f());
        best = best.min(t.elapsed());
    }
    (out, best)
}

fn summary(boards: &[(String, Arc<CompiledLevel>)]) {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    eprintln!(
        "{:<22} {:>6} {:>10} {:>10} {:>9} {:>9} {:>7} {:>9} {:>6}",
        "board",
        "wins",
        "plain n",
        "reduced n",
        "plain ms",
        "red. ms",
        "ratio",
        "solve ms",
        "trials"
    );
    let mut ratios = Vec::new();
    let mut worst = Duration::ZERO;
    for (name, level) in boards {
        let ((pw, pn), pt) = best_of_3(|| plain(level));
        let ((rw, rn, rs), rt) = best_of_3(|| reduced(level));
        assert_eq!(pw, rw, "{name}: verdicts differ (plain {pw}, reduced {rw})");
        let ratio = pt.as_secs_f64() / rt.as_secs_f64().max(1e-9);
        ratios.push(ratio);
        worst = worst.max(rt);
        // `solve` as the CLI runs it (24 trials, then the proof on the board's own rail).
        let t = Instant::now();
        let report = solve_shared(level, &SolveOptions::default());
        let solve_ms = ms(t.elapsed());
        let won = report.trials.iter().filter(|t| t.won).count();
        eprintln!(
            "{name:<22} {pw:>6} {pn:>10} {rn:>10} {rs:>9} {:>9.2} {:>9.3} {ratio:>7.1} {solve_ms:>9.2} {won:>3}/24",
            ms(pt),
            ms(rt)
        );
    }
    ratios.sort_by(f64::total_cmp);
    let median = ratios[ratios.len() / 2];
    eprintln!(
        "{} boards: median ratio {median:.1}x (min {:.1}x, max {:.1}x); slowest reduced {:.2} ms",
        ratios.len(),
        ratios[0],
        ratios[ratios.len() - 1],
        ms(worst)
    );
}

fn proofs(c: &mut Criterion) {
    let boards = boards();
    summary(&boards);
    if std::env::var_os("PROOFS_SUMMARY_ONLY").is_some() {
        return;
    }
    let mut group = c.benchmark_group("proofs");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    for (name, level) in &boards {
        group.bench_function(BenchmarkId::new("plain", name), |b| b.iter(|| plain(level)));
        group.bench_function(BenchmarkId::new("reduced", name), |b| {
            b.iter(|| reduced(level))
        });
    }
    group.finish();
}

criterion_group!(benches, proofs);
criterion_main!(benches);
