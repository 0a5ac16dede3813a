//! The reduced proof search against the plain one, on the committed board set
//! (see `benches/boards/README.md`): `boards/*.json` (50–60-screw generated boards, rail- and
//! crate-tightened until they are unsolvable or barely solvable), `boards/large/` (generated 50–60-screw
//! machines at rails 1–3 whose proofs are expensive) and `boards/shipped/` (shipped levels at their own
//! rail, and with the rail shrunk and the crate queue reversed).
//!
//! First a summary pass, one line per board: verdict (which must agree), nodes, time (best of 3 runs)
//! and nodes per second of each search, the ratio, `prove`'s time (the proof as `solve` runs it,
//! building its game included) and `solve`'s time with its trials won (the proof runs when none
//! wins); then the median ratio and the totals per directory. Then criterion's group `proofs` times
//! each board's `plain` and `reduced` search in the same run, and `prove` on the shipped boards.
//! `PROOFS_SUMMARY_ONLY=1` stops after the summary.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use screwsmith_rules::level::{parse_level, SolveStatus};
use screwsmith_rules::{CompiledLevel, GameSim};
use screwsmith_solver::dfs::Dfs;
use screwsmith_solver::proof::prove;
use screwsmith_solver::prover::ProofSearch;
use screwsmith_solver::{solve_shared, SolveOptions};

/// The board set: `boards/`, then `boards/large/`, then `boards/shipped/`, each sorted by file name.
fn boards() -> Vec<(String, Arc<CompiledLevel>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/boards");
    ["", "large", "shipped"]
        .iter()
        .flat_map(|sub| boards_in(&root.join(sub), sub))
        .collect()
}

/// The boards of one directory, named `sub/stem`.
fn boards_in(dir: &std::path::Path, sub: &str) -> Vec<(String, Arc<CompiledLevel>)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
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
            let stem = p.file_stem().unwrap().to_string_lossy();
            let name = if sub.is_empty() {
                stem.into_owned()
            } else {
                format!("{sub}/{stem}")
            };
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

/// The proof as `solve` runs it on the board's own rail (the game built inside included).
fn proved(level: &Arc<CompiledLevel>) -> SolveStatus {
    prove(level, &SolveOptions::default()).status
}

fn summary(boards: &[(String, Arc<CompiledLevel>)]) {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let rate = |n: u64, d: Duration| n as f64 / d.as_secs_f64().max(1e-9) / 1e6;
    eprintln!(
        "{:<26} {:>3} {:>5} {:>9} {:>9} {:>9} {:>9} {:>6} {:>6} {:>6} {:>8} {:>8} {:>6}",
        "board",
        "scr",
        "wins",
        "plain n",
        "reduced n",
        "plain ms",
        "red. ms",
        "p Mn/s",
        "r Mn/s",
        "ratio",
        "prove ms",
        "solve ms",
        "trials"
    );
    let mut ratios = Vec::new();
    let mut worst = Duration::ZERO;
    // Per directory: plain time, reduced time, boards.
    let mut totals: Vec<(String, Duration, Duration, u32)> = Vec::new();
    for (name, level) in boards {
        let ((pw, pn), pt) = best_of_3(|| plain(level));
        let ((rw, rn, _), rt) = best_of_3(|| reduced(level));
        assert_eq!(pw, rw, "{name}: verdicts differ (plain {pw}, reduced {rw})");
        let (status, prove_t) = best_of_3(|| Some(proved(level)));
        let expected = if pw {
            SolveStatus::Proven
        } else {
            SolveStatus::Unsolvable
        };
        let prove_note = if status == Some(expected) {
            ""
        } else {
            " (limit)"
        };
        let ratio = pt.as_secs_f64() / rt.as_secs_f64().max(1e-9);
        ratios.push(ratio);
        worst = worst.max(rt);
        let dir = name.rsplit_once('/').map_or("", |(d, _)| d).to_string();
        match totals.iter_mut().find(|t| t.0 == dir) {
            Some(t) => {
                t.1 += pt;
                t.2 += rt;
                t.3 += 1;
            }
            None => totals.push((dir, pt, rt, 1)),
        }
        // `solve` as the CLI runs it (24 trials, then the proof on the board's own rail).
        let t = Instant::now();
        let report = solve_shared(level, &SolveOptions::default());
        let solve_ms = ms(t.elapsed());
        let won = report.trials.iter().filter(|t| t.won).count();
        eprintln!(
            "{name:<26} {:>3} {pw:>5} {pn:>9} {rn:>9} {:>9.3} {:>9.3} {:>6.2} {:>6.2} {ratio:>6.1} {:>8.3}{prove_note} {solve_ms:>8.2} {won:>3}/24",
            level.screw_count(),
            ms(pt),
            ms(rt),
            rate(pn, pt),
            rate(rn, rt),
            ms(prove_t),
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
    for (dir, pt, rt, n) in totals {
        eprintln!(
            "boards/{dir}: {n} boards, plain {:.1} ms, reduced {:.1} ms in all (reduced/plain {:.3})",
            ms(pt),
            ms(rt),
            rt.as_secs_f64() / pt.as_secs_f64().max(1e-9)
        );
    }
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
        if name.starts_with("shipped/") {
            group.bench_function(BenchmarkId::new("prove", name), |b| {
                b.iter(|| proved(level))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, proofs);
criterion_main!(benches);
