//! The bundle step: the Godot project ships a byte-identical copy of the validated set, and `validate`
//! fails when the two differ (a stale bundle would ship levels nobody validated).

/// The shipped set, relative to the repository root.
pub const LEVELS_PATH: &str = "levels/levels.json";
/// The Godot project's copy.
pub const BUNDLE_PATH: &str = "godot_project/levels/levels.json";
/// The report, relative to the repository root.
pub const REPORT_PATH: &str = "levels/REPORT.md";

/// Whether the bundled copy equals the set, byte for byte. `None` = the copy is missing.
pub fn bundle_matches(set: &[u8], bundled: Option<&[u8]>) -> Result<(), String> {
    match bundled {
        None => Err(format!(
            "{BUNDLE_PATH} is missing (run `screwsmith bundle`)"
        )),
        Some(b) if b == set => Ok(()),
        Some(_) => Err(format!(
            "{BUNDLE_PATH} differs from {LEVELS_PATH} (run `screwsmith bundle`)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_copy_passes_and_any_difference_fails() {
        assert!(bundle_matches(b"abc", Some(b"abc")).is_ok());
        assert!(bundle_matches(b"abc", Some(b"abd")).is_err());
        assert!(bundle_matches(b"abc", None)
            .unwrap_err()
            .contains("missing"));
    }
}
