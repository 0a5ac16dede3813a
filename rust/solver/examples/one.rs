use screwsmith_rules::level::parse_level;
use screwsmith_rules::{CompiledLevel, GameSim};
use screwsmith_solver::prover::{ProofSearch, Reductions};
use std::sync::Arc;
use std::time::Instant;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let level = Arc::new(
        CompiledLevel::new(parse_level(&std::fs::read_to_string(&a[1]).unwrap()).unwrap()).unwrap(),
    );
    let f = |i: usize| a[2].as_bytes()[i] == b'1';
    let r = Reductions {
        sleep_sets: f(0),
        dead_states: f(1),
        ordering: f(2),
        eager_loosen: f(3),
    };
    for _ in 0..5 {
        let mut sim = GameSim::new(level.clone());
        let t = Instant::now();
        let mut pr = ProofSearch::with(&sim, r, u64::MAX, 1 << 22, None);
        let w = pr.wins(&mut sim);
        println!(
            "{:?} {} {:.1}ms {:?}",
            w,
            pr.nodes(),
            t.elapsed().as_secs_f64() * 1e3,
            pr.states()
        );
    }
}
