//! "Each limit once": a number the game, the baker and the validator share is defined by one constant.
//! [`definitions_of`] finds every constant a source text defines with a given value, in Rust
//! (`const`/`static`), GDScript (`const`) and Python (a module-level `UPPER_CASE = …`), so a second copy
//! of the number (a fallback in a script, a mirror in another crate) is found by its value, whatever its
//! name.

use std::fs;
use std::path::{Path, PathBuf};

use crate::project::repo_root;

/// The name of every constant in `text` whose value is exactly the integer `value`, with its line (1-based).
pub fn definitions_of(text: &str, value: u64) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_start();
        let rest = line.strip_prefix("pub ").unwrap_or(line);
        let rest = rest.strip_prefix("pub(crate) ").unwrap_or(rest);
        let rest = rest
            .strip_prefix("const ")
            .or_else(|| rest.strip_prefix("static "))
            .map(str::trim_start);
        let (name, after) = match rest {
            Some(decl) => split_name(decl),
            // Python: NAME = value at the start of a line.
            None if line.len() == raw.len() => split_name(line),
            None => continue,
        };
        if name.is_empty() || (rest.is_none() && !is_upper_snake(name)) {
            continue;
        }
        let Some(eq) = after.find('=') else { continue };
        // Skip a type (`: u32`, GDScript's `:=` leaves an empty one).
        if !after[..eq].trim().is_empty() && !after[..eq].trim_start().starts_with(':') {
            continue;
        }
        let value_text = after[eq + 1..].trim_start();
        let end = value_text
            .find(|c: char| !(c.is_ascii_digit() || c == '_'))
            .unwrap_or(value_text.len());
        let literal = value_text[..end].replace('_', "");
        let tail = value_text[end..].trim_start();
        let ends = tail.is_empty()
            || tail.starts_with(';')
            || tail.starts_with('#')
            || tail.starts_with("//");
        if ends && literal.parse::<u64>() == Ok(value) {
            out.push((i + 1, name.to_string()));
        }
    }
    out
}

fn split_name(decl: &str) -> (&str, &str) {
    let end = decl
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(decl.len());
    (&decl[..end], &decl[end..])
}

fn is_upper_snake(name: &str) -> bool {
    name.chars().next().is_some_and(|c| c.is_ascii_uppercase())
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// Every source file the rule covers: Rust under `rust/` and `tests/`, GDScript under `godot_project/`,
/// Python and shell under `scripts/`; build output and Godot's cache skipped.
pub fn source_files() -> Vec<PathBuf> {
    let root = repo_root();
    let mut out = Vec::new();
    for (dir, exts) in [
        ("rust", &["rs"][..]),
        ("tests", &["rs"][..]),
        ("godot_project", &["gd"][..]),
        ("scripts", &["py", "sh"][..]),
    ] {
        walk(&root.join(dir), exts, &mut out);
    }
    out.sort();
    out
}

fn walk(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "target" && name != ".godot" && name != "bin" {
                walk(&path, exts, out);
            }
        } else if path
            .extension()
            .is_some_and(|e| exts.iter().any(|x| e == *x))
        {
            out.push(path);
        }
    }
}

/// Every bare use of the integer `value` in the code of a Rust (`rust = true`) or GDScript source
/// text, with its line (1-based): a literal outside comments, or, inside a string, a level range from 1
/// to it (`"1-200"`, `"1..=200"`: "every level" spelled as a number). Test code is skipped (a Rust
/// file's `#[cfg(test)]` module, which ends the file, by the project's layout): a test may assert the
/// figure it expects.
pub fn literal_uses_of(text: &str, value: u64, rust: bool) -> Vec<usize> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if rust && line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        if line_uses(line, value, rust) {
            out.push(i + 1);
        }
    }
    out
}

fn line_uses(line: &str, value: u64, rust: bool) -> bool {
    let chars: Vec<char> = line.chars().collect();
    let mut quote: Option<char> = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match quote {
            None if rust && c == '/' && chars.get(i + 1) == Some(&'/') => return false,
            None if !rust && c == '#' => return false,
            None if c == '"' || (!rust && c == '\'') => quote = Some(c),
            Some(_) if c == '\\' => i += 1,
            Some(q) if c == q => quote = None,
            _ => {}
        }
        let starts_number = c.is_ascii_digit()
            && (i == 0
                || !(chars[i - 1].is_ascii_alphanumeric()
                    || chars[i - 1] == '_'
                    || chars[i - 1] == '.'));
        if starts_number {
            let end = (i..chars.len())
                .find(|&j| !(chars[j].is_ascii_digit() || chars[j] == '_'))
                .unwrap_or(chars.len());
            // A name (`v200x`) or a float (`200.0`) goes on; a type suffix (`200u32`) does not.
            let followed = chars.get(end).is_some_and(|&n| {
                (n.is_ascii_alphanumeric() && !(rust && (n == 'u' || n == 'i')))
                    || (n == '.' && chars.get(end + 1).is_some_and(char::is_ascii_digit))
            });
            let digits: String = chars[i..end].iter().filter(|c| **c != '_').collect();
            if !followed && digits.parse::<u64>() == Ok(value) {
                let before: String = chars[..i].iter().collect();
                let whole_set = ["1-", "1..="].iter().any(|r| {
                    before
                        .strip_suffix(r)
                        .is_some_and(|b| !b.ends_with(|p: char| p.is_ascii_digit()))
                });
                if quote.is_none() || whole_set {
                    return true;
                }
            }
            i = end;
            continue;
        }
        i += 1;
    }
    false
}

/// The Rust and GDScript files the literal rule covers: [`source_files`] without test code (the
/// `tests/` and `benches/` folders of the crates, this checks crate, the engine tests).
pub fn code_files() -> Vec<PathBuf> {
    let root = repo_root();
    source_files()
        .into_iter()
        .filter(|p| {
            let rel = p.strip_prefix(&root).unwrap_or(p);
            let parts: Vec<_> = rel.components().map(|c| c.as_os_str().to_owned()).collect();
            let is_code = p.extension().is_some_and(|e| e == "rs" || e == "gd");
            let in_tests = parts.first().is_some_and(|f| f == "tests")
                || parts.iter().skip(1).any(|c| c == "tests" || c == "benches");
            is_code && !in_tests
        })
        .collect()
}
