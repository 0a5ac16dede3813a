//! `screwsmith report` draws the pictures REPORT.md links from the committed levels: every link resolves
//! to a file that parses as SVG with a size, and the committed copies are what the command produces.

use std::path::Path;
use std::process::Command;

fn svg_size(path: &Path) -> (f64, f64) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let doc =
        roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{}", path.display());
    let num = |k: &str| {
        root.attribute(k)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (num("width"), num("height"))
}

#[test]
fn report_links_resolve_to_valid_pictures_and_committed_ones_are_fresh() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = std::env::temp_dir().join(format!("screwsmith-report-{}", std::process::id()));
    let out = dir.join("REPORT.md");
    let run = Command::new(env!("CARGO_BIN_EXE_screwsmith"))
        .args(["report", "--file"])
        .arg(root.join("levels/levels.json"))
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let report = std::fs::read_to_string(&out).unwrap();
    let links: Vec<&str> = report
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter(|l| l.ends_with(".svg"))
        .collect();
    assert!(links.contains(&"curve.svg"));
    assert!(
        links.len() >= 9,
        "curve + one thumbnail per band: {links:?}"
    );
    for link in &links {
        let (w, h) = svg_size(&dir.join(link));
        assert!(w > 100.0 && h > 100.0, "{link}: {w}x{h}");
        let committed = root.join("levels").join(link);
        assert_eq!(
            std::fs::read(&committed).ok(),
            std::fs::read(dir.join(link)).ok(),
            "levels/{link} is stale: run `screwsmith report`"
        );
    }
    assert_eq!(
        std::fs::read_to_string(root.join("levels/REPORT.md")).unwrap(),
        report,
        "levels/REPORT.md is stale: run `screwsmith report`"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
