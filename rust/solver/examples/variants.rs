use screwsmith_rules::level::parse_level;
use screwsmith_rules::{CompiledLevel, GameSim};
use screwsmith_solver::prover::{ProofSearch, Reductions};
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let mut paths: Vec<_> = std::env::args().skip(1).collect();
    paths.sort();
    for p in paths {
        let level = Arc::new(
            CompiledLevel::new(parse_level(&std::fs::read_to_string(&p).unwrap()).unwrap())
                .unwrap(),
        );
        let name = p.rsplit('/').next().unwrap().to_string();
        let mut line = format!("{name:<24}");
        for (s, d, o) in [
            (false, false, false),
            (false, true, false),
            (true, false, false),
            (true, true, false),
            (true, true, true),
            (false, false, true),
        ] {
            let mut sim = GameSim::new(level.clone());
            let r = Reductions {
                sleep_sets: s,
                dead_states: d,
                ordering: o,
                eager_loosen: true,
            };
            let t = Instant::now();
            let mut pr = ProofSearch::with(&sim, r, 20_000_000, 1 << 22, None);
            let w = pr.wins(&mut sim);
            line += &format!(
                " | {}{}{} {:?} {:>8} {:>7.1}ms",
                s as u8,
                d as u8,
                o as u8,
                w.ok(),
                pr.nodes(),
                t.elapsed().as_secs_f64() * 1e3
            );
        }
        println!("{line}");
    }
}
