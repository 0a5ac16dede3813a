//! References to the design: the repository must stand alone. Code and documents cite
//! `docs/design.md §N`; a citation of a section the design does not have, or any pointer to a design
//! document outside the repository (the product brief or the write-ups the game began from), is a
//! dangling reference for whoever reads a clone.
//!
//! `../shared/tools/` is allowed: it is where CI lays out the Godot binary and its export templates, a
//! tool like cargo, not a document the code depends on to be understood.

use std::collections::BTreeSet;

/// Text that points out of the repository, each with why it is refused. Assembled at run time so this
/// file does not match itself.
fn outside_markers() -> Vec<(String, &'static str)> {
    let spec = ["SP", "EC"].concat();
    vec![
        (
            format!("{spec}.md"),
            "the product brief is not in the repository",
        ),
        (format!("{spec} §"), "a section of the product brief"),
        (format!("{spec}'s"), "the product brief"),
        (format!("{spec}:"), "the product brief"),
        ("/work/shared".to_string(), "a path on one machine"),
        (["../sha", "red/"].concat(), "a file outside the repository"),
        (
            ["see", "ds/"].concat(),
            "the source write-ups are not in the repository",
        ),
        (
            ["seed ", "article"].concat(),
            "the source write-ups are not in the repository",
        ),
        (
            ["seed `", "0"].concat(),
            "the source write-ups are not in the repository",
        ),
    ]
}

/// Lines (1-based) that point out of the repository, with the text found and why it is refused.
pub fn outside_references(text: &str) -> Vec<(usize, String, &'static str)> {
    let markers = outside_markers();
    let tools = ["../sha", "red/tools/"].concat();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for (marker, why) in &markers {
            let hits = line.match_indices(marker.as_str());
            let mut hits = hits.filter(|(at, _)| !line[*at..].starts_with(&tools));
            if hits.next().is_some() {
                out.push((i + 1, marker.clone(), *why));
            }
        }
    }
    out
}

/// The section numbers a `§` citation names in `text`: every `design.md §N[.M]` (and, with `bare`, every
/// `§N[.M]`, as the design cites itself), each with its line.
pub fn section_citations(text: &str, bare: bool) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for (at, _) in line.match_indices('§') {
            if !bare && !line[..at].ends_with("design.md ") {
                continue;
            }
            let number = section_number(&line[at + '§'.len_utf8()..]);
            if !number.is_empty() {
                out.push((i + 1, number));
            }
        }
    }
    out
}

/// `4.6, …` → `4.6`; `3.` (a sentence's end) → `3`.
fn section_number(after: &str) -> String {
    let n: String = after
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    n.trim_end_matches('.').to_string()
}

/// The sections the design has: `## N. Title` and `### N.M Title` headings.
pub fn sections(design: &str) -> BTreeSet<String> {
    design
        .lines()
        .filter_map(|l| l.strip_prefix("### ").or_else(|| l.strip_prefix("## ")))
        .map(section_number)
        .filter(|n| !n.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const DESIGN: &str = "# D\n## 2. Rules\n### 2.1 Board\n## 4. Curve\n### 4.6 Figures\n";

    #[test]
    fn headings_are_the_sections() {
        let s: Vec<String> = sections(DESIGN).into_iter().collect();
        assert_eq!(s, ["2", "2.1", "4", "4.6"]);
    }

    #[test]
    fn citations_are_read_with_their_lines() {
        let rs = "//! GenerateTuned (docs/design.md §4.4): twelve shapes.\n// see §9\n// design.md §3.\n";
        assert_eq!(
            section_citations(rs, false),
            vec![(1, "4.4".to_string()), (3, "3".to_string())]
        );
        assert_eq!(section_citations(rs, true).len(), 3);
    }

    #[test]
    fn a_citation_of_a_missing_section_is_caught() {
        let have = sections(DESIGN);
        let cited = section_citations("/// the wall (docs/design.md §4.7)\n", false);
        let missing: Vec<_> = cited.iter().filter(|(_, n)| !have.contains(n)).collect();
        assert_eq!(missing, vec![&(1, "4.7".to_string())]);
    }

    #[test]
    fn pointers_out_of_the_repository_are_caught() {
        let spec = ["SP", "EC"].concat();
        let text = format!(
            "//! GenerateTuned ({spec} §4)\nRead `{}{spec}.md`.\n//! Two bugs (seed {}001)\n",
            ["../sha", "red/"].concat(),
            "article "
        );
        let lines: Vec<usize> = outside_references(&text).iter().map(|r| r.0).collect();
        assert_eq!(lines, [1, 2, 2, 3]);
    }

    #[test]
    fn the_engine_binary_and_level_seeds_are_not_pointers_out() {
        let text = format!(
            "CI uses `{}tools/godot/godot`.\n/// shuffled from the seed; the seed's order\n",
            ["../sha", "red/"].concat()
        );
        assert!(outside_references(&text).is_empty());
    }
}
