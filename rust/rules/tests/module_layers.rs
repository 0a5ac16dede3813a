//! Inside this crate the modules have floors too: `cells`, `rng` and `moves` at the bottom, the level
//! file (`level`) on them, the rules (`sim`) on the level, the audits (`audit`) on top. A module may use
//! only the floors below its own; the file format above all must never depend on the rules that play
//! it (it once imported `sim::Move`). This reads the sources and fails on an import running back up.

use std::path::Path;

/// Module (a file or directory under `src/`) → the modules it must not name.
const FLOORS: [(&str, &[&str]); 5] = [
    ("cells.rs", &["level", "sim", "audit", "moves"]),
    ("rng.rs", &["level", "sim", "audit", "moves"]),
    ("moves.rs", &["level", "sim", "audit"]),
    ("level", &["sim", "audit"]),
    ("sim", &["audit"]),
];

/// `(line number, line)` of every code line in `source` that names `crate::<module>` for a module
/// in `forbidden` (comments are skipped: a doc may mention the layer above).
fn upward_uses<'a>(source: &'a str, forbidden: &[&str]) -> Vec<(usize, &'a str)> {
    source
        .lines()
        .enumerate()
        .filter(|(_, line)| {
            let code = line.split("//").next().unwrap_or("");
            forbidden
                .iter()
                .any(|m| code.contains(&format!("crate::{m}")))
        })
        .map(|(i, line)| (i + 1, line))
        .collect()
}

fn sources(path: &Path) -> Vec<std::path::PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    let mut out: Vec<_> = std::fs::read_dir(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .flat_map(|entry| sources(&entry.expect("dir entry").path()))
        .collect();
    out.sort();
    out
}

#[test]
fn no_module_imports_a_floor_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for (module, forbidden) in FLOORS {
        for file in sources(&src.join(module)) {
            let text = std::fs::read_to_string(&file).expect("readable source");
            for (n, line) in upward_uses(&text, forbidden) {
                found.push(format!("{}:{n}: {}", file.display(), line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "imports running back up:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_the_old_upward_import() {
    let old = "use std::collections::BTreeMap;\n\nuse crate::sim::Move;\n";
    assert_eq!(
        upward_uses(old, &["sim", "audit"]),
        vec![(3, "use crate::sim::Move;")]
    );
    let doc = "/// see `crate::sim::crate_queue`\npub struct X;\n";
    assert!(
        upward_uses(doc, &["sim"]).is_empty(),
        "comments may name the floor above"
    );
}
