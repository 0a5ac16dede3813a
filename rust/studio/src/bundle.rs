//! The bundle step: the Godot project ships a byte-identical copy of the validated set, and `validate`
//! fails when the two differ (a stale bundle would ship levels nobody validated).

/// The shipped set, relative to the repository root.
pub const LEVELS_PATH: &str = "levels/levels.json";
/// The Godot project's copy.
pub const BUNDLE_PATH: &str = "godot_project/levels/levels.json";
/// The report, relative to the repository root.
pub const REPORT_PATH: &str = "levels/REPORT.md";

/// The paths a bundle check names in its message: the ones the user passed, not the defaults.
pub struct BundleNames<'a> {
    pub set: &'a str,
    pub bundle: &'a str,
}

/// Whether the bundled copy equals the set, byte for byte. `None` = the copy is missing.
pub fn bundle_matches(
    set: &[u8],
    bundled: Option<&[u8]>,
    names: &BundleNames,
) -> Result<(), String> {
    let BundleNames { set: from, bundle } = names;
    match bundled {
        None => Err(format!(
            "{bundle} is missing (run `screwsmith bundle --from {from} --to {bundle}`)"
        )),
        Some(b) if b == set => Ok(()),
        Some(_) => Err(format!(
            "{bundle} differs from {from} (run `screwsmith bundle --from {from} --to {bundle}`)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_copy_passes_and_any_difference_fails_naming_the_paths() {
        let names = BundleNames {
            set: "mine.json",
            bundle: "copy.json",
        };
        assert!(bundle_matches(b"abc", Some(b"abc"), &names).is_ok());
        let e = bundle_matches(b"abc", Some(b"abd"), &names).unwrap_err();
        assert!(e.starts_with("copy.json differs from mine.json"), "{e}");
        let e = bundle_matches(b"abc", None, &names).unwrap_err();
        assert!(e.starts_with("copy.json is missing"), "{e}");
    }
}
