//! The bundled Noto subsets draw every character the game can show.
//!
//! Some Android builds have no working CJK fallback (every glyph turns into tofu), so the game ships
//! its own subsets and this test reads each one's cmap: every character of every translated string
//! must be in the Latin face or in that language's CJK face (Han characters differ per language, so
//! any CJK face is not good enough; non-CJK languages may use the whole fallback chain), and every non-ASCII character a scene or script draws must be
//! in some bundled face. It also keeps the copies Godot loads identical to `fonts/`, the licence
//! records inside each subset, and the total size near the ~200 KB budget.

use screwsmith_checks::project::{path_to_res, project_dir, project_files, read, repo_root};
use screwsmith_checks::strings::{gd_literals, Translations};
use screwsmith_checks::tscn::Resource;
use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

const LATIN: &str = "NotoSans-Subset.ttf";
/// Locale → its CJK face (the same table as `fonts/build_fonts.py`).
const CJK: [(&str, &str); 4] = [
    ("ja", "NotoSansJP-Subset.otf"),
    ("zh_CN", "NotoSansSC-Subset.otf"),
    ("zh_TW", "NotoSansTC-Subset.otf"),
    ("ko", "NotoSansKR-Subset.otf"),
];
const THEME: &str = "theme/main_theme.tres";
/// What the bundled font subsets may weigh together. Every message the game says is in four CJK
/// faces as well as Latin, and each new CJK character costs a glyph in each face that shows it; the
/// budget keeps that cost in sight (a tenth of the shipping library) rather than forbidding words.
const BUDGET_BYTES: u64 = 400_000;

/// A face's code points (from its cmap), read with ttf-parser.
struct Cmap {
    file: String,
    chars: BTreeSet<char>,
}

impl Cmap {
    fn load(file: &str) -> Cmap {
        let data = fs::read(project_dir().join("fonts").join(file))
            .unwrap_or_else(|e| panic!("{file}: {e} (run fonts/build_fonts.py)"));
        let face = ttf_parser::Face::parse(&data, 0).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut chars = BTreeSet::new();
        if let Some(cmap) = face.tables().cmap {
            for sub in cmap.subtables.into_iter().filter(|s| s.is_unicode()) {
                sub.codepoints(|cp| {
                    if let Some(c) = char::from_u32(cp) {
                        if face.glyph_index(c).is_some() {
                            chars.insert(c);
                        }
                    }
                });
            }
        }
        Cmap {
            file: file.to_string(),
            chars,
        }
    }
}

/// Characters no face in `faces` draws (line breaks and tabs are layout, not glyphs).
fn uncovered(text: &str, faces: &[&Cmap]) -> BTreeSet<char> {
    text.chars()
        .filter(|c| !matches!(c, '\n' | '\r' | '\t'))
        .filter(|c| !faces.iter().any(|f| f.chars.contains(c)))
        .collect()
}

fn all_faces() -> Vec<Cmap> {
    std::iter::once(LATIN)
        .chain(CJK.iter().map(|(_, f)| *f))
        .map(Cmap::load)
        .collect()
}

#[test]
fn every_translated_string_is_covered_by_its_languages_fonts() {
    let t = Translations::load();
    let all = all_faces();
    let mut problems = Vec::new();
    for locale in &t.locales {
        // A CJK language must be drawn by its own face; other languages (the language list shows
        // every language's own name) may use the whole fallback chain.
        let faces: Vec<&Cmap> = match CJK.iter().find(|(l, _)| l == locale) {
            Some((_, own)) => all
                .iter()
                .filter(|f| f.file == LATIN || f.file == *own)
                .collect(),
            None => all.iter().collect(),
        };
        let text: String = t.column(locale).concat();
        let missing = uncovered(&text, &faces);
        if !missing.is_empty() {
            let names: Vec<_> = faces.iter().map(|f| f.file.as_str()).collect();
            problems.push(format!("[{locale}] not in {names:?}: {missing:?}"));
        }
    }
    assert!(
        problems.is_empty(),
        "{}\n(re-run fonts/build_fonts.py)",
        problems.join("\n")
    );
}

#[test]
fn scene_and_script_text_is_covered_by_some_bundled_font() {
    let faces = all_faces();
    let refs: Vec<&Cmap> = faces.iter().collect();
    let mut problems = Vec::new();
    for file in project_files(&[".gd", ".tscn", ".tres"]) {
        let text: String = gd_literals(&read(&file)).concat();
        let missing = uncovered(&text, &refs);
        if !missing.is_empty() {
            problems.push(format!("{}: {missing:?}", path_to_res(&file)));
        }
    }
    let ascii: String = (0x20u8..0x7f).map(char::from).collect();
    let missing = uncovered(&ascii, &[&faces[0]]);
    assert!(missing.is_empty(), "Latin face lacks ASCII {missing:?}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_check_fails_on_a_character_no_font_has() {
    let faces = all_faces();
    let refs: Vec<&Cmap> = faces.iter().collect();
    assert_eq!(uncovered("Aℵ", &refs), BTreeSet::from(['ℵ']));
    // a Japanese-only kana is not in the Korean subset
    assert!(!uncovered("ス", &[&Cmap::load("NotoSansKR-Subset.otf")]).is_empty());
}

#[test]
fn theme_uses_exactly_the_bundled_fonts() {
    let theme = Resource::parse(&read(&project_dir().join(THEME)));
    let used: BTreeSet<String> = theme
        .ext_resources()
        .into_values()
        .filter(|p| p.starts_with("res://fonts/"))
        .collect();
    let bundled: BTreeSet<String> = project_files(&[".ttf", ".otf"])
        .iter()
        .map(|p| path_to_res(p))
        .collect();
    assert_eq!(used, bundled);
    assert_eq!(bundled.len(), 1 + CJK.len());
}

fn font_files(dir: PathBuf) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("ttf" | "otf" | "txt")
            )
        })
        .filter(|p| {
            !p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("charset-")
        })
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                fs::read(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn project_copies_match_fonts_dir_with_licence_and_budget() {
    let source = font_files(repo_root().join("fonts"));
    let copies = font_files(project_dir().join("fonts"));
    let names: Vec<_> = source.iter().map(|(n, _)| n.as_str()).collect();
    assert!(names.contains(&"OFL.txt"), "fonts/OFL.txt missing");
    assert_eq!(
        source, copies,
        "godot_project/fonts differs from fonts/: re-run build_fonts.py"
    );
    let total: u64 = source
        .iter()
        .filter(|(n, _)| !n.ends_with(".txt"))
        .map(|(_, b)| b.len() as u64)
        .sum();
    assert!(
        total <= BUDGET_BYTES,
        "fonts total {total} bytes > {BUDGET_BYTES}"
    );
}

#[test]
fn subsets_keep_their_licence_name_records() {
    for (name, bytes) in font_files(repo_root().join("fonts")) {
        if name.ends_with(".txt") {
            continue;
        }
        let face = ttf_parser::Face::parse(&bytes, 0).unwrap();
        let ids: BTreeSet<u16> = face.names().into_iter().map(|n| n.name_id).collect();
        for id in [
            ttf_parser::name_id::COPYRIGHT_NOTICE,
            ttf_parser::name_id::LICENSE,
            ttf_parser::name_id::LICENSE_URL,
        ] {
            assert!(ids.contains(&id), "{name}: name record {id} dropped");
        }
    }
}
