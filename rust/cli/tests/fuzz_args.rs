//! The property: generated arguments and mutated level files never make the CLI panic; every
//! failure exits 2 with exactly one line on stderr. (The CLI reads level files only; saves are the game's.)

mod support;

use proptest::prelude::*;
use support::*;

const COMMANDS: &[&[&str]] = &[
    &["solve"],
    &["hint"],
    &["render"],
    &["plot", "curve"],
    &["audit", "undo"],
    &["audit", "readability"],
    &["report"],
    &["bundle"],
    &["validate"],
    &["play"],
    &["daily"],
];

const FLAGS: &[&str] = &[
    "--level",
    "--levels",
    "--state",
    "--device",
    "--date",
    "--json",
    "--verify",
    "--moves",
    "--node-limit",
    "--count",
    "--jobs",
    "--strict",
    "--no-bundle",
    "--placements",
    "--max-moves",
    "--seed",
    "--daily",
    "--to",
    "--bogus",
    "-x",
    "--",
];

const VALUES: &[&str] = &[
    "0",
    "1",
    "2",
    "36",
    "201",
    "4294967295",
    "4294967296",
    "-1",
    "1-3",
    "3-1",
    "1-99999",
    "1,2,x",
    "",
    " ",
    "x",
    "Pixel",
    "iphone",
    "99",
    "2026-02-29",
    "2026-09-01",
    "1999-01-01",
    "é",
    "\u{feff}",
    "x.svg",
    "x.png",
    "x.txt",
    "out/R.md",
];

/// A mutated copy of a hand-made level or of the first levels of the shipped set.
fn mutate(
    base: &[u8],
    edits: &[(prop::sample::Index, u8)],
    cut: Option<prop::sample::Index>,
) -> Vec<u8> {
    let mut bytes = base.to_vec();
    for (at, b) in edits {
        let i = at.index(bytes.len());
        bytes[i] = b"0123456789[]{},:\"-abe. \xef\xbb\xbf\xff"[*b as usize % 26];
    }
    if let Some(c) = cut {
        bytes.truncate(c.index(bytes.len() + 1));
    }
    bytes
}

fn bases() -> Vec<Vec<u8>> {
    let v = shipped_prefix(2);
    vec![
        level_text("cascade").into_bytes(),
        level_text("bolt").into_bytes(),
        serde_json::to_string_pretty(&v).unwrap().into_bytes(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn no_arguments_or_file_make_it_panic(
        cmd in 0..COMMANDS.len(),
        flags in prop::collection::vec((0..FLAGS.len(), 0..VALUES.len(), any::<bool>()), 0..4),
        base in 0..3usize,
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..5),
        cut in prop::option::weighted(0.2, any::<prop::sample::Index>()),
        with_file in any::<bool>(),
    ) {
        let dir = tmp_dir("fuzz");
        let file = dir.join("level.json");
        std::fs::write(&file, mutate(&bases()[base], &edits, cut)).unwrap();
        let mut args: Vec<String> = COMMANDS[cmd].iter().map(|s| s.to_string()).collect();
        if with_file {
            args.push(if COMMANDS[cmd] == ["bundle"] { "--from" } else { "--file" }.into());
            args.push(file.to_string_lossy().into_owned());
        }
        for (f, v, with_value) in flags {
            args.push(FLAGS[f].into());
            if with_value {
                args.push(VALUES[v].into());
            }
        }
        if ["render", "plot", "report"].contains(&COMMANDS[cmd][0]) && !args.iter().any(|a| a == "--out") {
            args.push("--out".into());
            args.push("out.svg".into());
        }
        if COMMANDS[cmd] == ["bundle"] {
            args.extend(["--to".into(), "bundled.json".into()]);
        }
        if COMMANDS[cmd] == ["validate"] && !with_file {
            // The shipped set takes seconds to validate: the property is about bad input.
            args.extend(["--file".into(), file.to_string_lossy().into_owned()]);
        }
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run_in(&dir, &refs);
        let err = stderr(&o);
        prop_assert!(!err.contains("panicked"), "{refs:?}: {err}");
        let code = o.status.code();
        prop_assert!(matches!(code, Some(0..=2)), "{refs:?}: exit {code:?}: {err}");
        if code == Some(2) {
            prop_assert_eq!(err.lines().count(), 1, "{:?}: {}", refs, err);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
