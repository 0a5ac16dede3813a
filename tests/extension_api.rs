//! GDScript calls into the extension only through the contract in `docs/godot-api.md`. Without a
//! Godot binary a misspelt method (`App.save.continue_levle(…)`) would only fail on a phone, so every
//! `receiver.name(` / `receiver.name.connect` on a variable that holds an extension object must name
//! a method or signal listed in that class's section of the contract.

use screwsmith_checks::project::{path_to_res, project_files, read, repo_root};
use std::collections::{BTreeMap, BTreeSet};

/// How the scripts name the extension objects they hold.
const RECEIVERS: [(&str, &str); 14] = [
    ("App.save", "SaveData"),
    ("App.endless", "EndlessLevels"),
    ("endless", "EndlessLevels"),
    ("App.library", "LevelLibrary"),
    ("App.audit", "ReadabilityAudit"),
    ("save", "SaveData"),
    ("audit", "ReadabilityAudit"),
    ("library", "LevelLibrary"),
    ("_sim", "GameSim"),
    ("sim", "GameSim"),
    ("_gate", "InputGate"),
    ("_bench", "DailyBench"),
    ("editor", "LevelEditor"),
    ("view.editor", "LevelEditor"),
];

/// Class → names (methods and signals) its contract section lists as `name(`.
fn contract() -> BTreeMap<String, BTreeSet<String>> {
    let text = read(&repo_root().join("docs/godot-api.md"));
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut class = String::new();
    for line in text.lines() {
        if let Some(heading) = line
            .strip_prefix("### ")
            .or_else(|| line.strip_prefix("## "))
        {
            class = heading
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_string();
        }
        for (i, _) in line.match_indices('(') {
            let name: String = line[..i]
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            if !name.is_empty() {
                out.entry(class.clone()).or_default().insert(name);
            }
        }
    }
    out
}

/// `(class, member)` for every use of a receiver in `source`.
fn uses(source: &str) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for line in source.lines() {
        let code = line.split('#').next().unwrap_or("");
        for (receiver, class) in RECEIVERS {
            let dotted = format!("{receiver}.");
            for (i, _) in code.match_indices(&dotted) {
                let before = code[..i].chars().next_back();
                if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
                    continue;
                }
                let rest = &code[i + dotted.len()..];
                let member: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let after = &rest[member.len()..];
                if after.starts_with('(') || after.starts_with(".connect") {
                    out.push((class, member));
                }
            }
        }
    }
    out
}

#[test]
fn scripts_call_only_what_the_contract_lists() {
    let contract = contract();
    let mut checked = 0;
    let mut problems = Vec::new();
    for file in project_files(&[".gd"]) {
        for (class, member) in uses(&read(&file)) {
            checked += 1;
            if !contract
                .get(class)
                .is_some_and(|names| names.contains(&member))
            {
                problems.push(format!(
                    "{}: {class}.{member} is not in docs/godot-api.md",
                    path_to_res(&file)
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked >= 40, "only {checked} extension calls found");
}

#[test]
fn scanner_finds_calls_and_signal_connections_only() {
    let src = "var a = App.save.stars(3)\n_sim.state_changed.connect(f)\nmy_sim.tap(1)\n_sim.x = 1 # _sim.y()";
    assert_eq!(
        uses(src),
        [
            ("SaveData", "stars".to_string()),
            ("GameSim", "state_changed".to_string())
        ]
    );
    let c = contract();
    assert!(c["GameSim"].contains("tap") && c["SaveData"].contains("record_win"));
}

/// The keys a row function of `rust/gdext/src/convert.rs` puts in its Dictionary (`"key" =>`).
fn row_keys(convert: &str, function: &str) -> Vec<String> {
    let start = convert
        .find(&format!("pub fn {function}("))
        .unwrap_or_else(|| panic!("convert.rs has no fn {function}"));
    let body = &convert[start..];
    let body = &body[..body.find("\n}\n").unwrap_or(body.len())];
    body.match_indices("\" =>")
        .map(|(i, _)| {
            let open = body[..i].rfind('"').unwrap_or(i);
            body[open + 1..i].to_string()
        })
        .collect()
}

/// The contract's text about `call` (from its bullet to the next bullet).
fn contract_entry(text: &str, call: &str) -> String {
    let start = text
        .find(&format!("- `{call}"))
        .unwrap_or_else(|| panic!("docs/godot-api.md lists no {call}"));
    let rest = &text[start + 2..];
    rest[..rest.find("\n- ").unwrap_or(rest.len())].to_string()
}

#[test]
fn screw_and_part_rows_carry_every_key_the_contract_names() {
    let convert = read(&repo_root().join("rust/gdext/src/convert.rs"));
    let docs = read(&repo_root().join("docs/godot-api.md"));
    for (function, call) in [("screw", "screws()"), ("part", "parts()")] {
        let keys = row_keys(&convert, function);
        assert!(keys.len() >= 4, "{function}: only {keys:?}");
        let entry = contract_entry(&docs, call);
        for key in keys {
            let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
            let named = entry.match_indices(key.as_str()).any(|(i, _)| {
                let before = entry[..i].chars().next_back().unwrap_or(' ');
                let after = entry[i + key.len()..].chars().next().unwrap_or(' ');
                !word(before) && !word(after)
            });
            assert!(
                named,
                "docs/godot-api.md's {call} does not name the key {key}"
            );
        }
    }
    // The scanner reads what a row function puts in its Dictionary, and only that.
    let src = "pub fn part(p: &P) -> D {\n    vdict! { \"id\" => p.id, \"turn\" => 1 }\n}\n";
    assert_eq!(row_keys(src, "part"), ["id", "turn"]);
}
