//! Loads the hand-made levels the benches run on (shared by every bench target).

use std::sync::Arc;

use screwsmith_core::level::parse_level;
use screwsmith_core::CompiledLevel;

/// A compiled level from `tests/levels/`.
pub fn level(name: &str) -> Arc<CompiledLevel> {
    let path = format!("{}/tests/levels/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("bench level file");
    Arc::new(CompiledLevel::new(parse_level(&text).expect("valid level")).expect("compiles"))
}
