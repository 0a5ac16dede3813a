use std::sync::Arc;
use std::time::Instant;
use screwsmith_rules::level::parse_level;
use screwsmith_rules::{CompiledLevel, GameSim};
use screwsmith_solver::prover::{ProofSearch, Reductions, Limits};

fn main() {
    let dir = std::env::args().nth(1).unwrap();
    let limit: u64 = std::env::args().nth(2).map(|s| s.parse().unwrap()).unwrap_or(20_000_000);
    let mut paths: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    for p in paths {
        let data = parse_level(&std::fs::read_to_string(&p).unwrap()).unwrap();
        let level = Arc::new(CompiledLevel::new(data).unwrap());
        let mut sim = GameSim::new(level.clone());
        let t = Instant::now();
        let off = std::env::var_os("OFF").is_some();
        let mut prover = ProofSearch::with(&sim, Reductions { horizon: !off, ..Default::default() }, Limits::nodes(limit, None));
        let r = prover.wins(&mut sim);
        let (exp, dead) = prover.states(); let hz = prover.horizon_hits();
        println!("{:<45} scr {} rail {} slots {} {:?} nodes {} exp {} dead {} hz {:?} {:.1} ms",
            p.file_name().unwrap().to_string_lossy(), level.screw_count(), level.data().rail_slots, level.data().crate_slots,
            r, prover.nodes(), exp, dead, hz, t.elapsed().as_secs_f64()*1e3);
    }
}
