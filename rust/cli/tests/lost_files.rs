//! Lost or mixed-up files: a partial bake, another set's report and a one-level bundle never
//! replace the shipped outputs; a report's thumbnails are the current set's only.

mod support;

use support::*;

#[test]
fn a_partial_bake_never_replaces_the_shipped_set() {
    let root = scratch_checkout("partial-bake");
    let before = snapshot(&root);
    let err = one_line_failure(&run_in(&root, &["bake", "--levels", "1-2"]));
    assert!(err.contains("--out"), "{err}");
    assert_eq!(snapshot(&root), before);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn the_report_of_another_set_needs_its_own_out() {
    let root = scratch_checkout("report-other");
    let other = root.join("other.json");
    std::fs::copy(root.join("levels/levels.json"), &other).unwrap();
    let before = snapshot(&root);
    let err = one_line_failure(&run_in(&root, &["report", "--file", s(&other)]));
    assert!(err.contains("--out"), "{err}");
    assert_eq!(snapshot(&root), before);
    let _ = std::fs::remove_dir_all(&root);
}

/// The first `n` levels of the shipped set as a level file.
fn first_levels(n: usize) -> String {
    let v = shipped_prefix(n);
    serde_json::to_string(&v).unwrap()
}

#[test]
fn a_report_leaves_no_stale_thumbnails() {
    let dir = tmp_dir("report-stale");
    let (big, small) = (dir.join("big.json"), dir.join("small.json"));
    std::fs::write(&big, first_levels(60)).unwrap();
    std::fs::write(&small, first_levels(1)).unwrap();
    let out = dir.join("out/REPORT.md");
    for set in [&big, &small] {
        let o = run(&["report", "--file", s(set), "--out", s(&out)]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    let thumbs: Vec<_> = std::fs::read_dir(dir.join("out/thumbs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(thumbs.len(), 1, "only level 1's band is drawn: {thumbs:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_single_level_is_never_bundled_but_is_validated_as_one_level() {
    let dir = tmp_dir("one-level-bundle");
    let to = dir.join("bundled.json");
    std::fs::write(&to, "previous").unwrap();
    let one = level_path("cascade");
    let err = one_line_failure(&run(&["bundle", "--from", s(&one), "--to", s(&to)]));
    assert!(err.contains("one level"), "{err}");
    assert_eq!(std::fs::read(&to).unwrap(), b"previous");
    // A shipped level saved as a designer's one-level file passes every check of one level.
    let shipped = shipped_prefix(1)["levels"][0].clone();
    let level = dir.join("level1.json");
    std::fs::write(&level, serde_json::to_string_pretty(&shipped).unwrap()).unwrap();
    let o = run(&["validate", "--file", s(&level)]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("one level (number 1)"),
        "{}",
        stdout(&o)
    );
    // A tampered stored value of that level is found, as in a set.
    let mut tampered = shipped;
    tampered["measure"]["taps"] = 999.into();
    std::fs::write(&level, serde_json::to_string_pretty(&tampered).unwrap()).unwrap();
    let o = run(&["validate", "--file", s(&level)]);
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("level 1"), "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(&dir);
}
