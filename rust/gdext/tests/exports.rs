//! The cdylib cargo built for these tests exports the entry symbol Godot looks up (the `.gdextension`'s
//! `entry_symbol`), read from its dynamic symbol table.

mod common;

use std::path::PathBuf;

use object::read::NameOrOrdinal;
use object::Object;

/// The cdylib cargo built for this very test run: it sits next to the test executable in
/// `target/<profile>/deps/` (the crate is also an `rlib` precisely so that `cargo test` builds it).
fn built_library() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    let name = format!(
        "{}screwsmith_gdext{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    );
    let path = deps.join(&name);
    assert!(path.exists(), "{} not built", path.display());
    path
}

#[test]
fn the_library_exports_the_entry_symbol() {
    let entry = common::gdextension()["configuration"]["entry_symbol"].clone();
    let data = std::fs::read(built_library()).unwrap();
    let file = object::File::parse(&*data).expect("a shared library");
    let exports: Vec<String> = file
        .exports()
        .expect("export table")
        .filter_map(|e| match e.expect("readable export").name() {
            NameOrOrdinal::Name(n) => Some(String::from_utf8_lossy(n).into_owned()),
            NameOrOrdinal::Ordinal(_) => None,
        })
        .collect();
    // Mach-O prefixes C symbols with an underscore.
    let found = exports
        .iter()
        .any(|e| e.trim_start_matches('_') == entry.trim_start_matches('_'));
    assert!(found, "{entry} not among {} exports", exports.len());
}
