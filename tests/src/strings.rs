//! The translation file and the string literals of scripts and scenes.

use crate::project::{project_dir, read};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// `res://translations/strings.csv`.
pub fn csv_path() -> PathBuf {
    project_dir().join("translations").join("strings.csv")
}

/// The translation table: locales in column order, and key → one string per locale.
#[derive(Debug, Clone)]
pub struct Translations {
    pub locales: Vec<String>,
    pub rows: BTreeMap<String, Vec<String>>,
    /// Keys in file order, duplicates included (so a duplicate can be reported).
    pub keys_in_order: Vec<String>,
}

impl Translations {
    pub fn load() -> Translations {
        let text = read(&csv_path());
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(true)
            .flexible(true)
            .from_reader(text.as_bytes());
        let header = reader.headers().expect("CSV header").clone();
        let locales: Vec<String> = header.iter().skip(1).map(str::to_string).collect();
        let mut rows = BTreeMap::new();
        let mut keys_in_order = Vec::new();
        for record in reader.records() {
            let record = record.unwrap_or_else(|e| panic!("strings.csv: {e}"));
            let key = record.get(0).unwrap_or_default().to_string();
            keys_in_order.push(key.clone());
            rows.insert(key, record.iter().skip(1).map(str::to_string).collect());
        }
        Translations {
            locales,
            rows,
            keys_in_order,
        }
    }

    /// All strings of one locale column.
    pub fn column(&self, locale: &str) -> Vec<&str> {
        let Some(i) = self.locales.iter().position(|l| l == locale) else {
            return Vec::new();
        };
        self.rows
            .values()
            .filter_map(|r| r.get(i).map(String::as_str))
            .collect()
    }
}

/// Whether `s` looks like a translation key (`UPPER_SNAKE` with at least one underscore).
pub fn is_key(s: &str) -> bool {
    let mut parts = s.split('_');
    let first_ok = parts
        .next()
        .is_some_and(|p| p.chars().next().is_some_and(|c| c.is_ascii_uppercase()));
    first_ok
        && s.contains('_')
        && s.split('_').all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        })
}

/// The double-quoted string literals of a GDScript file (comments skipped).
pub fn gd_literals(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in source.lines() {
        let mut chars = line.chars();
        let mut current: Option<String> = None;
        while let Some(c) = chars.next() {
            match (&mut current, c) {
                (None, '#') => break,
                (None, '"') => current = Some(String::new()),
                (Some(s), '\\') => {
                    if let Some(next) = chars.next() {
                        s.push(next);
                    }
                }
                (Some(s), '"') => {
                    out.push(std::mem::take(s));
                    current = None;
                }
                (Some(s), c) => s.push(c),
                (None, _) => {}
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_upper_snake() {
        assert!(is_key("MENU_TITLE"));
        assert!(is_key("LANG_ZH_CN"));
        assert!(!is_key("MENU"));
        assert!(!is_key("Menu_Title"));
        assert!(!is_key("res://x"));
        assert!(!is_key("A__B"));
    }

    #[test]
    fn literals_skip_comments_and_unescape() {
        let src = "var a := tr(\"X_Y\") # \"not this\"\nvar b = \"say \\\"hi\\\"\"";
        assert_eq!(gd_literals(src), ["X_Y", "say \"hi\""]);
    }
}
