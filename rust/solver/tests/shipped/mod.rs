//! The shipped level set (`levels/levels.json`), compiled: shared by the hint tests and the `hints`
//! benchmark (included by path).

use std::sync::Arc;

use screwsmith_rules::level::parse_file;
use screwsmith_rules::CompiledLevel;

pub fn shipped() -> Vec<Arc<CompiledLevel>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let text = std::fs::read_to_string(path).expect("levels/levels.json");
    parse_file(&text)
        .expect("valid level file")
        .levels
        .into_iter()
        .map(|l| Arc::new(CompiledLevel::new(l).expect("compiles")))
        .collect()
}
