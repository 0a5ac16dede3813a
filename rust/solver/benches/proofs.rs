//! The reduced proof search against the plain one, and the bounded search (the reduced one with the
//! queue-horizon bound, what ships) against both, on the committed board set
//! (see `benches/boards/README.md`): `boards/*.json` (50–60-screw generated boards, rail- and
//! crate-tightened until they are unsolvable or barely solvable), `boards/large/` (generated 50–60-screw
//! machines at rails 1–3 whose proofs are expensive) and `boards/shipped/` (shipped levels at their own
//! rail, and with the rail shrunk and the crate queue reversed).
//!
//! First a summary pass, one line per board: verdict (which must agree), nodes, time (best of 3 runs,
//! or of as many as fit in 40 ms; the reduced and the shipped search in turn) and nodes per second of
//! each search, the ratios, the horizon bound's hits (states it settled / states it was asked about),
//! `prove`'s time (the proof as `solve` runs it, building its game included) and `solve`'s time
//! with its trials won (the proof runs when none wins); then the median ratios and the totals per
//! directory. Then the min-rail verification of the shipped levels (`levels/levels.json`),
//! without and with the horizon bound, in the same run. Then criterion's group `proofs` times each
//! board's `plain`, `reduced` and `bounded` search in the same run, and `prove` on the shipped boards.
//! `PROOFS_SUMMARY_ONLY=1` stops after the summary.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use screwsmith_rules::level::{parse_level, SolveStatus};
use screwsmith_rules::{CompiledLevel, GameSim};
use screwsmith_solver::bounds::BoundStats;
use screwsmith_solver::dfs::Dfs;
use screwsmith_solver::proof::{min_rail_with, prove};
use screwsmith_solver::prover::{Limits, ProofSearch, Reductions};
use screwsmith_solver::schedule::HORIZON_AFTER;
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

/// The plain search: the original design's memoised DFS (docs/design.md §9), cap 1, no budget.
fn plain(level: &Arc<CompiledLevel>) -> (bool, u64) {
    let mut sim = GameSim::new(level.clone());
    let mut dfs = Dfs::new(1, u64::MAX, None);
    let wins = dfs.count(&mut sim).expect("no budget") > 0;
    (wins, dfs.nodes)
}

/// The reduced search without the horizon and reach bounds (the search before them).
fn prior() -> Reductions {
    Reductions::without_bounds()
}

/// The shipped search without the reach bound (the search before it).
fn unreached() -> Reductions {
    Reductions {
        reach: false,
        ..Reductions::default()
    }
}

/// The shipped search with the reach bound asked only on the search's start, and the start's bounds
/// asked again after 16,384 moves (the search before the bound inside it).
fn start_only() -> Reductions {
    Reductions {
        reach_depth: 0,
        ..Reductions::default()
    }
}

/// The first stretch of [`start_only`]'s search.
const START_ONLY_AFTER: u64 = 16_384;

/// [`reduced`] with the limits of [`start_only`]'s search.
fn before(level: &Arc<CompiledLevel>) -> (bool, u64, (u64, u64)) {
    let mut sim = GameSim::new(level.clone());
    let limits = Limits {
        horizon_after: START_ONLY_AFTER,
        ..Limits::nodes(u64::MAX, None)
    };
    let mut prover = ProofSearch::with(&sim, start_only(), limits);
    let wins = prover.wins(&mut sim).expect("no budget");
    (wins, prover.nodes(), prover.horizon_hits())
}

/// A search with these reductions, no budget: verdict, moves played, and the horizon bound's
/// (settled, asked).
fn reduced(level: &Arc<CompiledLevel>, r: Reductions) -> (bool, u64, (u64, u64)) {
    let (wins, nodes, hits, _) = counted(level, r);
    (wins, nodes, hits)
}

/// [`reduced`], with the dead-state bound's (settled, states it was asked about: settled + expanded).
fn counted(level: &Arc<CompiledLevel>, r: Reductions) -> (bool, u64, (u64, u64), (u64, u64)) {
    let mut sim = GameSim::new(level.clone());
    let mut prover = ProofSearch::with(&sim, r, Limits::nodes(u64::MAX, None));
    let wins = prover.wins(&mut sim).expect("no budget");
    let (expanded, dead) = prover.states();
    (
        wins,
        prover.nodes(),
        prover.horizon_hits(),
        (dead, dead + expanded),
    )
}

/// The best time of at least 3 runs, and of as many more as fit in 40 ms (at most 1,000): a board
/// whose search takes microseconds is timed often enough that its best run is not noise.
fn best_of_3<T: Copy + Default>(f: impl Fn() -> T) -> (T, Duration) {
    best_of_pair(f, || ()).0
}

/// The best time of each of two searches over at least 3 runs, and as many more as fit in 40 ms (at
/// most 1,000), their runs taken in turn: the comparison the bench reports ("slower
/// than reduced") then sees the same drift of the machine's speed and the same cache on both sides.
fn best_of_pair<A: Copy + Default, B: Copy + Default>(
    f: impl Fn() -> A,
    g: impl Fn() -> B,
) -> ((A, Duration), (B, Duration)) {
    let (mut best_f, mut best_g) = (Duration::MAX, Duration::MAX);
    let (mut a, mut b) = (A::default(), B::default());
    let start = Instant::now();
    let mut runs = 0;
    while runs < 3 || (runs < 1_000 && start.elapsed() < Duration::from_millis(40)) {
        let t = Instant::now();
        a = std::hint::black_box(f());
        best_f = best_f.min(t.elapsed());
        let t = Instant::now();
        b = std::hint::black_box(g());
        best_g = best_g.min(t.elapsed());
        runs += 1;
    }
    ((a, best_f), (b, best_g))
}

/// The proof as `solve` runs it on the board's own rail (the game built inside included).
fn proved(level: &Arc<CompiledLevel>) -> SolveStatus {
    prove(level, &SolveOptions::default()).status
}

fn summary(boards: &[(String, Arc<CompiledLevel>)]) {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let rate = |n: u64, d: Duration| n as f64 / d.as_secs_f64().max(1e-9) / 1e6;
    eprintln!(
        "{:<26} {:>3} {:>5} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>6} {:>6} {:>7} {:>7} {:>15} {:>8} {:>8} {:>6}",
        "board",
        "scr",
        "wins",
        "plain n",
        "reduced n",
        "bound n",
        "plain ms",
        "red. ms",
        "bound ms",
        "p Mn/s",
        "b Mn/s",
        "p/b",
        "r/b",
        "horizon hits",
        "prove ms",
        "solve ms",
        "trials"
    );
    let (mut ratios, mut priors) = (Vec::new(), Vec::new());
    let mut worst = Duration::ZERO;
    // Boards the bounded search took longer on than the reduced one (by more than 5 %), and the
    // unsolvable boards at rails 1–2 with the bounded search's time.
    let mut slower: Vec<String> = Vec::new();
    let mut no_win: Vec<(Duration, String)> = Vec::new();
    let (mut settled, mut asked) = (0u64, 0u64);
    let mut dead_hits = (0u64, 0u64);
    // The reach bound: searches it settled, and the shipped search against the one without it.
    let mut reach_hits = (0u64, 0u64);
    let mut reach_total = (Duration::ZERO, Duration::ZERO);
    // The reach bound inside the search: the shipped search against the one asking it on the start
    // only; and every bound's counters over the shipped searches.
    let mut inner_reach_total = (Duration::ZERO, Duration::ZERO);
    let mut stats = BoundStats::default();
    // Per directory: plain, reduced and bounded time, boards.
    let mut totals: Vec<(String, Duration, Duration, Duration, u32)> = Vec::new();
    for (name, level) in boards {
        let ((pw, pn), pt) = best_of_3(|| plain(level));
        let (((rw, rn, _), rt), ((bw, bn, hits, dead), bt)) = best_of_pair(
            || reduced(level, prior()),
            || counted(level, Reductions::default()),
        );
        dead_hits.0 += dead.0;
        dead_hits.1 += dead.1;
        let ((ow, _, _), ot) = best_of_3(|| before(level));
        assert_eq!(
            pw, ow,
            "{name}: verdicts differ (plain {pw}, reach on the start only {ow})"
        );
        inner_reach_total.0 += ot;
        inner_reach_total.1 += bt;
        if ot.max(bt) > Duration::from_millis(1) || name.contains("_r1_") || name.contains("_r2_") {
            eprintln!(
                "{name:<26} reach on the start only {:>9.3} ms, inside too {:>9.3} ms: {:.2}x",
                ms(ot),
                ms(bt),
                ot.as_secs_f64() / bt.as_secs_f64().max(1e-9)
            );
        }
        let ((uw, _, _), ut) = best_of_3(|| reduced(level, unreached()));
        assert_eq!(
            pw, uw,
            "{name}: verdicts differ (plain {pw}, without reach {uw})"
        );
        reach_total.0 += ut;
        reach_total.1 += bt;
        {
            let mut sim = GameSim::new(level.clone());
            let mut p =
                ProofSearch::with(&sim, Reductions::default(), Limits::nodes(u64::MAX, None));
            let _ = p.wins(&mut sim);
            let h = p.reach_hits();
            reach_hits.0 += h.0;
            reach_hits.1 += h.1;
            stats.add(&p.stats());
        }
        eprintln!(
            "{name:<26} without reach {:>9.3} ms, with {:>9.3} ms: {:.1}x",
            ms(ut),
            ms(bt),
            ut.as_secs_f64() / bt.as_secs_f64().max(1e-9)
        );
        assert_eq!(pw, rw, "{name}: verdicts differ (plain {pw}, reduced {rw})");
        assert_eq!(pw, bw, "{name}: verdicts differ (plain {pw}, bounded {bw})");
        settled += hits.0;
        asked += hits.1;
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
        let ratio = pt.as_secs_f64() / bt.as_secs_f64().max(1e-9);
        let prior_ratio = rt.as_secs_f64() / bt.as_secs_f64().max(1e-9);
        ratios.push(ratio);
        priors.push(prior_ratio);
        if bt.as_secs_f64() > rt.as_secs_f64() * 1.05 {
            slower.push(format!("{name} {:.3}/{:.3} ms", ms(bt), ms(rt)));
        }
        if !pw && (name.contains("_r1_") || name.contains("_r2_")) {
            no_win.push((bt, name.clone()));
        }
        worst = worst.max(bt);
        let dir = name.rsplit_once('/').map_or("", |(d, _)| d).to_string();
        match totals.iter_mut().find(|t| t.0 == dir) {
            Some(t) => {
                t.1 += pt;
                t.2 += rt;
                t.3 += bt;
                t.4 += 1;
            }
            None => totals.push((dir, pt, rt, bt, 1)),
        }
        // `solve` as the CLI runs it (24 trials, then the proof on the board's own rail).
        let t = Instant::now();
        let report = solve_shared(level, &SolveOptions::default());
        let solve_ms = ms(t.elapsed());
        let won = report.trials.iter().filter(|t| t.won).count();
        eprintln!(
            "{name:<26} {:>3} {pw:>5} {pn:>9} {rn:>9} {bn:>9} {:>9.3} {:>9.3} {:>9.3} {:>6.2} {:>6.2} {ratio:>7.1} {prior_ratio:>7.2} {:>15} {:>8.3}{prove_note} {solve_ms:>8.2} {won:>3}/24",
            level.screw_count(),
            ms(pt),
            ms(rt),
            ms(bt),
            rate(pn, pt),
            rate(bn, bt),
            format!("{}/{}", hits.0, hits.1),
            ms(prove_t),
        );
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        (v[v.len() / 2], v[0], v[v.len() - 1])
    };
    let (m, lo, hi) = median(&mut ratios);
    let (pm, plo, phi) = median(&mut priors);
    eprintln!(
        "{} boards: plain/bounded median {m:.1}x (min {lo:.1}x, max {hi:.1}x); reduced/bounded median {pm:.2}x (min {plo:.2}x, max {phi:.2}x); slowest bounded {:.2} ms",
        boards.len(),
        ms(worst)
    );
    eprintln!(
        "bounded slower than reduced by more than 5 %: {} ({})",
        slower.len(),
        slower.join("; ")
    );
    no_win.sort();
    if let Some((t, name)) = no_win.last() {
        eprintln!(
            "unsolvable boards at rails 1-2: {}, slowest {name} {:.3} ms, over 10 ms: {}",
            no_win.len(),
            ms(*t),
            no_win
                .iter()
                .filter(|(t, _)| *t > Duration::from_millis(10))
                .count()
        );
    }
    eprintln!(
        "dead-state bound: settled {} of the {} states it was asked about ({:.1} %)",
        dead_hits.0,
        dead_hits.1,
        dead_hits.0 as f64 * 100.0 / dead_hits.1.max(1) as f64
    );
    eprintln!(
        "reach bound on the start: settled {} of the {} searches it was asked about; without it {:.1} ms, with it {:.1} ms in all (with/without {:.3})",
        reach_hits.0,
        reach_hits.1,
        ms(reach_total.0),
        ms(reach_total.1),
        reach_total.1.as_secs_f64() / reach_total.0.as_secs_f64().max(1e-9)
    );
    eprintln!(
        "reach bound inside the search too: {:.1} ms against {:.1} ms on the start only (inside/start {:.3})",
        ms(inner_reach_total.1),
        ms(inner_reach_total.0),
        inner_reach_total.1.as_secs_f64() / inner_reach_total.0.as_secs_f64().max(1e-9)
    );
    eprint!(
        "per bound, over the shipped searches of the {} boards:\n{stats}",
        boards.len()
    );
    eprintln!(
        "horizon bound on the start: settled {settled} of the {asked} searches it was asked about ({:.1} %)",
        settled as f64 * 100.0 / asked.max(1) as f64
    );
    for (dir, pt, rt, bt, n) in totals {
        eprintln!(
            "boards/{dir}: {n} boards, plain {:.1} ms, reduced {:.1} ms, bounded {:.1} ms in all (bounded/plain {:.3}, bounded/reduced {:.3})",
            ms(pt),
            ms(rt),
            ms(bt),
            bt.as_secs_f64() / pt.as_secs_f64().max(1e-9),
            bt.as_secs_f64() / rt.as_secs_f64().max(1e-9)
        );
    }
}

/// The shipped set's levels with their stored solutions (the min-rail verification's input).
fn shipped() -> Vec<(Arc<CompiledLevel>, Vec<screwsmith_rules::Move>)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../levels/levels.json");
    let text = std::fs::read_to_string(path).expect("levels/levels.json");
    let file: serde_json::Value = serde_json::from_str(&text).expect("json");
    file["levels"]
        .as_array()
        .expect("levels")
        .iter()
        .filter_map(|l| {
            let mut l = l.clone();
            let solution = l["measure"]["solution"].clone();
            let object = l.as_object_mut()?;
            object.remove("measure");
            object.remove("help");
            let data = parse_level(&serde_json::to_string(&l).ok()?).ok()?;
            let moves: Vec<screwsmith_rules::Move> = serde_json::from_value(solution).ok()?;
            Some((Arc::new(CompiledLevel::new(data).ok()?), moves))
        })
        .collect()
}

/// The min-rail verification of every shipped level, without and with the horizon and reach bounds, alternated
/// level by level (best of 3 each), in the same run.
fn min_rail_summary() {
    let levels = shipped();
    let opts = SolveOptions::default();
    let (mut without, mut with) = (Duration::ZERO, Duration::ZERO);
    let (mut nodes_without, mut nodes_with) = (0u64, 0u64);
    let (mut start, mut nodes_start) = (Duration::ZERO, 0u64);
    let mut unknown: Vec<String> = Vec::new();
    for (level, solution) in &levels {
        let (c, tc) = best_of_3(|| {
            Some(min_rail_with(
                level,
                solution,
                &opts,
                start_only(),
                START_ONLY_AFTER,
            ))
        });
        let c = c.unwrap();
        nodes_start += c.nodes;
        start += tc;
        let (a, ta) = best_of_3(|| {
            Some(min_rail_with(
                level,
                solution,
                &opts,
                prior(),
                HORIZON_AFTER,
            ))
        });
        let (b, tb) = best_of_3(|| {
            Some(min_rail_with(
                level,
                solution,
                &opts,
                Reductions::default(),
                HORIZON_AFTER,
            ))
        });
        let (a, b) = (a.unwrap(), b.unwrap());
        // A configuration that runs out of its budget knows no min rail (`None`): only settled answers
        // must agree, and the ones left unknown are counted.
        let n = level.data().number;
        for (name, other) in [("without the bounds", a.slots), ("start only", c.slots)] {
            match (b.slots, other) {
                (Some(x), Some(y)) => assert_eq!(x, y, "level {n}: bounded against {name}"),
                (x, y) if x == y => {}
                _ => unknown.push(format!(
                    "level {n} {name}: {other:?}, bounded {:?}",
                    b.slots
                )),
            }
        }
        nodes_without += a.nodes;
        nodes_with += b.nodes;
        without += ta;
        with += tb;
    }
    eprintln!(
        "min rail of the {} shipped levels: without the horizon and reach bounds {:.1} ms ({nodes_without} nodes), with them {:.1} ms ({nodes_with} nodes): with/without {:.3}",
        levels.len(),
        without.as_secs_f64() * 1e3,
        with.as_secs_f64() * 1e3,
        with.as_secs_f64() / without.as_secs_f64().max(1e-9)
    );
    eprintln!(
        "min rail with the reach bound on each search's start only: {:.1} ms ({nodes_start} nodes); inside too/start only {:.3}",
        start.as_secs_f64() * 1e3,
        with.as_secs_f64() / start.as_secs_f64().max(1e-9)
    );
    eprintln!(
        "min rail left unknown within the budget by one configuration only: {} ({})",
        unknown.len(),
        unknown.join("; ")
    );
}

fn proofs(c: &mut Criterion) {
    let boards = boards();
    summary(&boards);
    min_rail_summary();
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
            b.iter(|| reduced(level, prior()))
        });
        group.bench_function(BenchmarkId::new("bounded", name), |b| {
            b.iter(|| reduced(level, Reductions::default()))
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
