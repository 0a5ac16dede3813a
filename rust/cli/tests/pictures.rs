//! `render`, `plot curve` and `audit readability` end to end: the files they write open as images
//! (valid SVG XML with the right size, a PNG with the right header and dimensions), and the exit codes
//! follow the CLI convention.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn screwsmith(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_screwsmith"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("runs")
}

fn out_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("screwsmith-pictures-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn svg_size(path: &Path) -> (String, String) {
    let text = std::fs::read_to_string(path).expect("svg written");
    let doc = roxmltree::Document::parse(&text).expect("valid XML");
    let svg = doc.root_element();
    assert_eq!(svg.tag_name().name(), "svg");
    assert!(svg.descendants().count() > 3, "the picture has content");
    (
        svg.attribute("width").expect("width").to_string(),
        svg.attribute("height").expect("height").to_string(),
    )
}

fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).expect("png written");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    (be(16), be(20))
}

#[test]
fn render_writes_svg_and_png_of_the_device_size() {
    let dir = out_dir("render");
    let svg = dir.join("level.svg");
    let png = dir.join("level.png");
    let file = "rust/rules/tests/levels/too_small.json";
    let o = screwsmith(&[
        "render",
        "--file",
        file,
        "--level",
        "901",
        "--state",
        "2",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The device's width; its height plus the footer with caption and legend.
    let (w, h) = svg_size(&svg);
    assert_eq!(w, "1080");
    assert!(h.parse::<u32>().unwrap() > 2400, "{h}");
    let o = screwsmith(&[
        "render",
        "--file",
        file,
        "--level",
        "901",
        "--device",
        "iPad",
        "--out",
        png.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (w, h) = png_size(&png);
    assert_eq!(w, 1620);
    assert!(h > 2160, "{h}");
    // The PNG decodes fully, not just its header.
    let pix = tiny_skia::Pixmap::decode_png(&std::fs::read(&png).unwrap()).expect("decodes");
    assert_eq!((pix.width(), pix.height()), (w, h));
    std::fs::remove_dir_all(dir).ok();
}

/// The frame count of an APNG's `acTL` chunk.
fn apng_frames(bytes: &[u8]) -> Option<u32> {
    let at = bytes.windows(4).position(|w| w == b"acTL")?;
    Some(u32::from_be_bytes(bytes[at + 4..at + 8].try_into().ok()?))
}

#[test]
fn render_solution_writes_one_frame_per_state() {
    let dir = out_dir("solution");
    let file = "rust/rules/tests/levels/too_small.json";
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let moves = text.matches("\"tap\"").count() + text.matches("\"wrench\"").count();
    assert!(moves > 0, "the level stores a solution");
    let anim = dir.join("level.apng");
    let sheet = dir.join("level.png");
    let render = |view: &str, out: &str| {
        screwsmith(&[
            "render",
            "--file",
            file,
            "--level",
            "901",
            "--solution",
            "--view",
            view,
            "--out",
            out,
        ])
    };
    for (out, view) in [(&anim, "camera"), (&sheet, "designer")] {
        let o = render(view, out.to_str().unwrap());
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    assert_eq!(
        apng_frames(&std::fs::read(&anim).unwrap()),
        Some(moves as u32 + 1)
    );
    assert_eq!(apng_frames(&std::fs::read(&sheet).unwrap()), None);
    let pix = tiny_skia::Pixmap::decode_png(&std::fs::read(&sheet).unwrap()).expect("decodes");
    assert!(pix.width() > 1080 / 4, "several frames side by side");
    // Frames need a raster format.
    assert_eq!(render("camera", "x.svg").status.code(), Some(2));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn render_rejects_bad_arguments_with_exit_2() {
    let dir = out_dir("bad");
    let file = "rust/rules/tests/levels/too_small.json";
    let out = dir.join("level.gif");
    for args in [
        vec![
            "render",
            "--file",
            file,
            "--level",
            "901",
            "--out",
            out.to_str().unwrap(),
        ],
        vec!["render", "--file", file, "--level", "7", "--out", "x.svg"],
        vec![
            "render", "--file", file, "--level", "901", "--state", "99", "--out", "x.svg",
        ],
        vec![
            "render", "--file", file, "--level", "901", "--device", "nokia", "--out", "x.svg",
        ],
        vec![
            "render",
            "--file",
            "no/such.json",
            "--level",
            "1",
            "--out",
            "x.svg",
        ],
    ] {
        let o = screwsmith(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty());
    }
    assert!(!out.exists());
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn plot_curve_writes_an_svg() {
    let dir = out_dir("plot");
    let out = dir.join("curve.svg");
    let o = screwsmith(&["plot", "curve", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(svg_size(&out), ("1600".into(), "700".into()));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn audit_readability_exit_codes() {
    let ok = screwsmith(&[
        "audit",
        "readability",
        "--file",
        "rust/rules/tests/levels/mid.json",
    ]);
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stdout)
    );
    let small = screwsmith(&[
        "audit",
        "readability",
        "--file",
        "rust/rules/tests/levels/too_small.json",
        "--json",
    ]);
    assert_eq!(small.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&small.stdout).expect("json");
    assert_eq!(v["failing_levels"], serde_json::json!([901]));
    assert!(v["smallest"]["target"]["fraction"].as_f64().unwrap() < 0.085);
    let bad = screwsmith(&["audit", "readability", "--levels", "5-2"]);
    assert_eq!(bad.status.code(), Some(2));
    // The plate check's bug switch: one tint per layer makes mid's touching panels fail.
    let one_tint = screwsmith(&[
        "audit",
        "readability",
        "--file",
        "rust/rules/tests/levels/mid.json",
        "--one-tint-per-layer",
    ]);
    assert_eq!(one_tint.status.code(), Some(1));
    let text = String::from_utf8_lossy(&one_tint.stdout);
    assert!(text.contains("touch at move"), "{text}");
}

#[test]
fn render_draws_the_help_copy() {
    let dir = out_dir("help_copy");
    let (level, help) = (dir.join("level.svg"), dir.join("help.svg"));
    for (out, extra) in [(&level, None), (&help, Some("--help-copy"))] {
        let mut args = vec!["render", "--level", "36", "--view", "designer"];
        args.extend(extra);
        args.extend(["--out", out.to_str().unwrap()]);
        let o = screwsmith(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    // One colour fewer on the help copy: its legend and crates differ from the level's.
    let (a, b) = (
        std::fs::read_to_string(&level).unwrap(),
        std::fs::read_to_string(&help).unwrap(),
    );
    assert_ne!(a, b);
    std::fs::remove_dir_all(dir).ok();
}
