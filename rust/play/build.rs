//! Fingerprints the sources that decide which board a level number past the baked set becomes (the
//! generator, the rules and the solver that proves and measures its candidates), so a cached endless
//! level made by another build of them is not trusted even when the crate version did not change.
//! FNV-1a over the sorted relative paths and bytes: deterministic on every machine.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn main() {
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("..");
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for krate in ["gen", "rules", "solver"] {
        let src = root.join(krate).join("src");
        println!("cargo:rerun-if-changed={}", src.display());
        let mut found = Vec::new();
        files(&src, &mut found);
        found.sort();
        for path in found {
            let rel = path.strip_prefix(&root).unwrap_or(&path);
            feed(rel.to_string_lossy().replace('\\', "/").as_bytes());
            feed(&std::fs::read(&path).unwrap_or_default());
        }
    }
    println!("cargo:rustc-env=SCREWSMITH_GENERATOR_SOURCES={hash:016x}");
}
