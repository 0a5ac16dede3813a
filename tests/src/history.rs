//! "Comments say why, not when": an issue number means nothing to whoever carries the code on, so no
//! source file, README, ARCHITECTURE.md or doc names one. [`issue_references`] finds the word issue (or
//! issues) followed by a number, with or without a space or '#', in any case; a bench or level number
//! ("Bench #97") is not one. The examples in the tests are split with `concat!` so this file passes.

/// Every line of `text` (1-based) that names an issue by number.
pub fn issue_references(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| names_an_issue(line))
        .map(|(i, _)| i + 1)
        .collect()
}

fn names_an_issue(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.match_indices("issue").any(|(at, _)| {
        let before_ok = lower[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_alphanumeric());
        let rest = &lower[at + "issue".len()..];
        let rest = rest.strip_prefix('s').unwrap_or(rest);
        let rest = rest.strip_prefix(' ').unwrap_or(rest);
        let rest = rest.strip_prefix('#').unwrap_or(rest);
        before_ok && rest.starts_with(|c: char| c.is_ascii_digit())
    })
}

#[cfg(test)]
mod tests {
    use super::issue_references;

    #[test]
    fn issue_numbers_in_any_form_are_found() {
        let text = concat!(
            "// Iss",
            "ue #26: hint latency\n",
            "/// raised (iss",
            "ue 29) so that\n",
            "# Iss",
            "ues #16 and #29\n",
            "ok\n",
            "//! iss",
            "ue#3 targets"
        );
        assert_eq!(issue_references(text), vec![1, 2, 3, 5]);
    }

    #[test]
    fn bench_numbers_and_words_are_not_issues() {
        let text =
            "share \"Bench #97\"\n// the issue is that a rail fills\n// tissue 4\nissues: none";
        assert!(issue_references(text).is_empty());
    }
}
