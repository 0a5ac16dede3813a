//! How the baker writes a level file: serde's pretty JSON with every bracket that holds only numbers
//! (a cell `[x, y]`, a list of cells) or a one-key object (a move `{"tap": 7}`) folded onto one line.
//!
//! Why: fully pretty JSON spends four lines per cell and made the 200-level set 7 MB, twice (the Godot
//! project bundles a copy); folded it is a fraction of that and still diffs line by line per part,
//! screw and move. Parsing is unchanged — it is the same JSON.

use screwsmith_rules::level::{to_json, LevelFile};

/// The level file as the baker stores it (deterministic: a pure function of the data).
pub fn to_stored_json(file: &LevelFile) -> String {
    fold(&to_json(file))
}

/// Folds every `[...]` that contains no object or string, and every `{...}` that contains no bracket
/// and one key, onto one line.
pub fn fold(pretty: &str) -> String {
    let b = pretty.as_bytes();
    let mut out = String::with_capacity(pretty.len() / 2);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'[' || c == b'{' {
            if let Some(end) = foldable_end(b, i) {
                out.push_str(&squash(&pretty[i..=end]));
                i = end + 1;
                continue;
            }
        }
        out.push(c as char);
        i += 1;
    }
    out
}

/// The index of the bracket closing the one at `start`, when the span may be folded.
fn foldable_end(b: &[u8], start: usize) -> Option<usize> {
    let object = b[start] == b'{';
    let mut depth = 0usize;
    let mut colons = 0;
    for (j, &c) in b.iter().enumerate().skip(start) {
        match c {
            b'[' if !object => depth += 1,
            b']' if !object => {
                depth -= 1;
                if depth == 0 {
                    return Some(j);
                }
            }
            b'{' if object && j == start => depth += 1,
            b'}' if object => return (colons == 1).then_some(j),
            b':' if object => colons += 1,
            b'"' if !object => return None,
            b'{' | b'[' | b']' => return None,
            _ => {}
        }
    }
    None
}

/// Collapses the whitespace inside a folded span: `[\n  1,\n  2\n]` → `[1, 2]`.
fn squash(span: &str) -> String {
    let mut s = String::with_capacity(span.len());
    let mut pending_space = false;
    for c in span.chars() {
        if c.is_whitespace() {
            pending_space = true;
            continue;
        }
        if pending_space && !s.is_empty() && !s.ends_with(['[', '{']) && c != ']' && c != '}' {
            s.push(' ');
        }
        pending_space = false;
        s.push(c);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use screwsmith_rules::level::parse_file;

    #[test]
    fn folds_cells_and_moves_but_keeps_the_same_json() {
        let text = r#"{"format": 1, "levels": [{"number": 1, "seed": 5, "machine": 0, "band": 1, "width": 3,
            "height": 3, "rail_slots": 5, "colors": [0],
            "parts": [{"id": 1, "layer": 0, "rest": [[0,0],[1,0],[2,0]], "hang": {"1": [[0,0],[0,1]]}}],
            "screws": [{"id": 1, "part": 1, "cell": [0,0], "color": 0},
                       {"id": 2, "part": 1, "cell": [1,0], "color": 0},
                       {"id": 3, "part": 1, "cell": [2,0], "color": 0}],
            "measure": {"status": "proven", "human_fail_rate": 0.0, "average_peak_rail": 0.0, "taps": 3,
                        "difficulty": 1, "solution": [{"tap": 1}, {"tap": 2}, {"tap": 3}]}}]}"#;
        let file = parse_file(text).unwrap();
        let stored = to_stored_json(&file);
        assert_eq!(parse_file(&stored).unwrap(), file);
        assert!(
            stored.contains("\"rest\": [[0, 0], [1, 0], [2, 0]]"),
            "{stored}"
        );
        assert!(stored.contains("\"cell\": [1, 0]"), "{stored}");
        assert!(stored.contains("{\"tap\": 2}"), "{stored}");
        assert!(stored.len() < to_json(&file).len());
        assert!(stored.ends_with("}\n"));
        assert_eq!(fold(&stored), stored, "folding is idempotent");
    }
}
