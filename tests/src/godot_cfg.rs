//! Godot's ConfigFile text (`export_presets.cfg`, `.gdextension`): `[section]` → key → value, with
//! the quotes around a string value removed and `;`/`#` comment lines skipped. A key listed twice in
//! one section is an error (Godot would keep the last one silently).

use std::collections::BTreeMap;

pub type Config = BTreeMap<String, BTreeMap<String, String>>;

/// Parses `text`; panics (these are test helpers) on a line that is not `[section]` or `key=value`.
pub fn parse(text: &str) -> Config {
    let mut out = Config::new();
    let mut section = String::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with(';') || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.to_string();
            out.entry(section.clone()).or_default();
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .unwrap_or_else(|| panic!("not `key = value`: {line}"));
        let value = value.trim().trim_matches('"').to_string();
        let previous = out
            .entry(section.clone())
            .or_default()
            .insert(key.trim().to_string(), value);
        assert!(previous.is_none(), "key listed twice: {line}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sections_keys_and_unquotes() {
        let cfg = parse("; c\n[preset.0]\nplatform=\"Android\"\n[preset.0.options]\na/b = true\n");
        assert_eq!(cfg["preset.0"]["platform"], "Android");
        assert_eq!(cfg["preset.0.options"]["a/b"], "true");
    }

    #[test]
    #[should_panic(expected = "key listed twice")]
    fn refuses_a_key_listed_twice() {
        parse("[a]\nk=1\nk=2\n");
    }
}
