//! Dictionary keys across the Godot boundary. The extension hands GDScript dictionaries (`vdict!`
//! literals in `rust/gdext`, and serde-serialised core structs turned into dictionaries); GDScript reads
//! them by string key, which no compiler checks: a misspelt `result["provn"]` is `null` on a phone.
//! [`gd_reads`] finds every key a script reads (`d["key"]`, `d.get("key"…)`), [`rs_writes`] every key
//! Rust can write (a string literal before `=>` or `:` — `vdict!`, `json!` — a struct field, a serde
//! `rename`), [`gd_writes`] every key a script makes itself (`{"key": …}`, `d["key"] = …`). The check:
//! every key read is written by one of them or is one of the engine's own (listed with why).

use std::collections::{BTreeMap, BTreeSet};

/// A `"identifier"` literal starting at `at` in `line`: the identifier and the text after the quote.
fn quoted_ident(line: &str, at: usize) -> Option<(&str, &str)> {
    let rest = line.get(at..)?.strip_prefix('"')?;
    let end = rest.find('"')?;
    let key = &rest[..end];
    let ok = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    ok.then(|| (key, &rest[end + 1..]))
}

/// GDScript without its `#` comment (a `#` inside a string stays).
fn gd_code(line: &str) -> &str {
    let mut in_string = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return &line[..i],
            _ => {}
        }
    }
    line
}

/// Every key a GDScript source reads, with the lines (1-based) it is read on.
pub fn gd_reads(source: &str) -> BTreeMap<String, Vec<usize>> {
    let mut out: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, line) in source.lines().enumerate() {
        let code = gd_code(line);
        for (at, _) in code.match_indices('"') {
            let Some((key, after)) = quoted_ident(code, at) else {
                continue;
            };
            let before = code[..at].trim_end();
            let subscript = before.ends_with('[') && after.trim_start().starts_with(']');
            let assigned = subscript && {
                let tail = after.trim_start()[1..].trim_start();
                tail.starts_with('=') && !tail.starts_with("==")
            };
            let get = before.ends_with(".get(");
            if (subscript && !assigned) || get {
                out.entry(key.to_string()).or_default().push(i + 1);
            }
        }
    }
    out
}

/// Every key a GDScript source writes into a dictionary it makes: `{"key": …}` and `d["key"] = …`.
pub fn gd_writes(source: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in source.lines() {
        let code = gd_code(line);
        for (at, _) in code.match_indices('"') {
            let Some((key, after)) = quoted_ident(code, at) else {
                continue;
            };
            let after = after.trim_start();
            let literal = after.starts_with(':') && !after.starts_with(":=");
            let assigned = code[..at].trim_end().ends_with('[')
                && after.strip_prefix(']').is_some_and(|t| {
                    let t = t.trim_start();
                    t.starts_with('=') && !t.starts_with("==")
                });
            if literal || assigned {
                out.insert(key.to_string());
            }
        }
    }
    out
}

/// Every key Rust source can write into what reaches GDScript: a `"key" =>` / `"key":` literal, a
/// struct field (`name: Type` at the start of a line; serde writes it under that name), a serde
/// `rename = "key"`. A superset on purpose (any field of any crate): the check is that a script reads
/// nothing nobody writes.
pub fn rs_writes(source: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in source.lines() {
        for (at, _) in line.match_indices('"') {
            if let Some((key, after)) = quoted_ident(line, at) {
                let after = after.trim_start();
                let renamed = line[..at].trim_end().ends_with("rename =");
                if after.starts_with("=>") || after.starts_with(':') || renamed {
                    out.insert(key.to_string());
                }
            }
        }
        let field = line.trim_start();
        let field = field.strip_prefix("pub(crate) ").unwrap_or(field);
        let field = field.strip_prefix("pub ").unwrap_or(field);
        let name: String = field
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let typed = field[name.len()..].starts_with(": ");
        if typed && name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_') {
            out.insert(name);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_subscripts_and_gets_not_assignments_or_comments() {
        let gd = "var p = result[\"proven\"]\nvar d := info.get(\"difficulty\", 0)\n\
                  out[\"made\"] = 1\n# x[\"commented\"]\nif a[\"same\"] == 2:\n";
        let reads: Vec<String> = gd_reads(gd).into_keys().collect();
        assert_eq!(reads, ["difficulty", "proven", "same"]);
    }

    #[test]
    fn writes_are_literals_and_assignments() {
        let gd = "var d := {\"level\": 3, \"moves\": []}\nd[\"seen\"] = true\nvar t := \"plain\"\n";
        let w: Vec<String> = gd_writes(gd).into_iter().collect();
        assert_eq!(w, ["level", "moves", "seen"]);
    }

    #[test]
    fn rust_writes_are_dictionary_literals_fields_and_renames() {
        let rs = "vdict! { \"number\" => 1 }\njson!({\"proven\": true})\npub struct R {\n    pub fail_rate: f64,\n\
                  #[serde(rename = \"min_rail\")]\n    rail: u8,\n}\nlet s = \"not a key\";\n";
        let w: Vec<String> = rs_writes(rs).into_iter().collect();
        assert_eq!(w, ["fail_rate", "min_rail", "number", "proven", "rail"]);
    }

    #[test]
    fn a_misspelt_key_is_not_written() {
        let rs = rs_writes("vdict! { \"proven\" => true }\n");
        let reads = gd_reads("if result[\"provn\"]:\n");
        let unknown: Vec<&String> = reads.keys().filter(|k| !rs.contains(*k)).collect();
        assert_eq!(unknown, ["provn"]);
    }
}
