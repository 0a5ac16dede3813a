//! GDScript calls into the extension only through the contract in `docs/godot-api.md`. Without a
//! Godot binary a misspelt method (`App.save.continue_levle(…)`) would only fail on a phone, so every
//! `receiver.name(` / `receiver.name.connect` on a variable that holds an extension object must name
//! a method or signal listed in that class's section of the contract.
//!
//! A receiver's class is read from the script where it says it (`var sim: GameSim`,
//! `sim = ClassDB.instantiate("GameSim")`, `GameSim.new()`; `App.x` from `app.gd`'s own), so any name
//! works. Only a variable whose object arrives from elsewhere (a parameter, an `await`) falls back to
//! the project's names for them, [`NAMED`].

use screwsmith_checks::project::{path_to_res, project_files, read, repo_root};
use std::collections::{BTreeMap, BTreeSet};

/// What every extension object has from the engine (Object, Node), not from the contract.
const ENGINE_METHODS: [&str; 3] = ["free", "queue_free", "set_process"];

/// How the scripts name the extension objects they are handed (the fallback when a script does not say).
const NAMED: [(&str, &str); 14] = [
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

/// `(variable, class)` for every variable `source` says holds an extension class of `classes`:
/// `var v: C`, `v = ClassDB.instantiate("C")`, `v := C.new()` (with or without `var`).
fn declared(source: &str, classes: &BTreeSet<String>) -> Vec<(String, String)> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for line in source.lines() {
        let code = line.split('#').next().unwrap_or("").trim_start();
        let code = code.strip_prefix("@onready ").unwrap_or(code);
        let code = code.strip_prefix("var ").unwrap_or(code);
        let name = ident(code);
        if name.is_empty() {
            continue;
        }
        let rest = code[name.len()..].trim_start();
        let class = if let Some(t) = rest.strip_prefix(':').filter(|t| !t.starts_with('=')) {
            ident(t.trim_start())
        } else if let Some(i) = rest.find("ClassDB.instantiate(\"") {
            // The object itself, not what a call on it returns (`ClassDB.instantiate("C").f()`).
            let class = ident(&rest[i + "ClassDB.instantiate(\"".len()..]);
            let after = &rest[i + "ClassDB.instantiate(\"".len() + class.len()..];
            if after.trim_end() == "\")" {
                class
            } else {
                String::new()
            }
        } else if let Some(t) = rest.strip_prefix(":=").or_else(|| rest.strip_prefix('=')) {
            let t = t.trim_start();
            let c = ident(t);
            if t[c.len()..].starts_with(".new(") {
                c
            } else {
                String::new()
            }
        } else {
            String::new()
        };
        if classes.contains(&class) {
            out.push((name, class));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The receivers of one script: what it declares, `App.x` as `app.gd` declares it, then the
/// project's names for variables it does not declare.
fn receivers(
    source: &str,
    app: &[(String, String)],
    classes: &BTreeSet<String>,
) -> Vec<(String, String)> {
    let mut out = declared(source, classes);
    out.extend(app.iter().map(|(n, c)| (format!("App.{n}"), c.clone())));
    for (name, class) in NAMED {
        if !out.iter().any(|(n, _)| n == name) {
            out.push((name.to_string(), class.to_string()));
        }
    }
    out
}

/// `(class, member)` for every use of a receiver in `source`.
fn uses(source: &str, receivers: &[(String, String)]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in source.lines() {
        let code = line.split('#').next().unwrap_or("");
        for (receiver, class) in receivers {
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
                    out.push((class.clone(), member));
                }
            }
        }
    }
    out
}

#[test]
fn scripts_call_only_what_the_contract_lists() {
    let contract = contract();
    let classes: BTreeSet<String> = contract.keys().filter(|c| !c.is_empty()).cloned().collect();
    let app = declared(
        &read(&repo_root().join("godot_project/scripts/app.gd")),
        &classes,
    );
    assert!(
        app.contains(&("save".to_string(), "SaveData".to_string())),
        "App's own are read"
    );
    let mut checked = 0;
    let mut problems = Vec::new();
    for file in project_files(&[".gd"]) {
        let source = read(&file);
        for (class, member) in uses(&source, &receivers(&source, &app, &classes)) {
            checked += 1;
            if !ENGINE_METHODS.contains(&member.as_str())
                && !contract
                    .get(&class)
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
    let classes: BTreeSet<String> = ["GameSim", "SaveData"].map(String::from).into();
    let app = vec![("save".to_string(), "SaveData".to_string())];
    let src = "var a = App.save.stars(3)\n_sim.state_changed.connect(f)\nmy_sim.tap(1)\n_sim.x = 1 # _sim.y()";
    let pairs = |v: Vec<(String, String)>| -> Vec<(String, String)> { v };
    assert_eq!(
        uses(src, &receivers(src, &app, &classes)),
        pairs(vec![
            ("SaveData".into(), "stars".into()),
            ("GameSim".into(), "state_changed".into())
        ])
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

#[test]
fn a_receiver_s_class_is_read_from_its_declaration_whatever_its_name() {
    let classes: BTreeSet<String> = ["GameSim", "LevelLibrary"].map(String::from).into();
    let src = "var board_state: GameSim\nvar shelf = ClassDB.instantiate(\"LevelLibrary\")\n\
               var other := GameSim.new()\nboard_state.tpa(1)\nshelf.count()\nother.undo()\n";
    assert_eq!(
        declared(src, &classes),
        [
            ("board_state".to_string(), "GameSim".to_string()),
            ("other".to_string(), "GameSim".to_string()),
            ("shelf".to_string(), "LevelLibrary".to_string())
        ]
    );
    let found = uses(src, &receivers(src, &[], &classes));
    assert!(
        found.contains(&("GameSim".to_string(), "tpa".to_string())),
        "{found:?}"
    );
    assert!(found.contains(&("LevelLibrary".to_string(), "count".to_string())));
    assert!(found.contains(&("GameSim".to_string(), "undo".to_string())));
}
