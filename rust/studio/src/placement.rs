//! `levels/custom/placements.json`: which designer files ship, and at which level numbers.
//!
//! ```json
//! {"format": 1, "placements": [{"level": 42, "file": "my_level.json"}]}
//! ```
//!
//! Each `file` is a file name in the same folder as `placements.json` (a one-level file as the editor
//! saves it). Reading never trusts the file: every problem is a [`PlacementError`] naming the entry and
//! the file, and the bake stops before it measures anything. No placements file means no placed levels
//! (a checkout without designer levels bakes exactly the generated set).
//!
//! A placed level keeps everything its designer wrote but its number (the placement decides where it
//! ships) and its stored measure and help copy: the bake measures it and chooses its help copy exactly
//! as it does for a generated level ([`super::placed`]).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use screwsmith_rules::level::{parse_level, LevelData, LevelError};

/// The placements file, relative to the repository root.
pub const PLACEMENTS_PATH: &str = "levels/custom/placements.json";

/// The only placements format this build reads.
pub const PLACEMENTS_FORMAT: u32 = 1;

/// What `placements.json` holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementsFile {
    pub format: u32,
    pub placements: Vec<Placement>,
}

/// One entry: ship designer file `file` as level `level`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub level: u32,
    pub file: String,
}

/// A designer level read for its place.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// The level number it ships as.
    pub number: u32,
    /// The file as `placements.json` names it.
    pub file: String,
    /// The path it was read from.
    pub path: PathBuf,
    /// The board: numbered for its place, without a stored measure or help copy.
    pub level: LevelData,
}

/// Why the placements could not be read. Every variant names the file, and the entry where there is one.
#[derive(Debug, Error)]
pub enum PlacementError {
    #[error("cannot read {path}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}: not a placements file ({message}); expected {{\"format\": 1, \"placements\": [{{\"level\": 42, \"file\": \"my_level.json\"}}]}}")]
    BadPlacements { path: PathBuf, message: String },
    #[error("{path}: placements format {found} is not supported (this build reads format {PLACEMENTS_FORMAT})")]
    Format { path: PathBuf, found: u32 },
    #[error("{path}: placements[{entry}] puts {file} at level {level}, outside 1..={max}")]
    OutOfRange {
        path: PathBuf,
        entry: usize,
        level: u32,
        file: String,
        max: u32,
    },
    #[error("{path}: level {level} is placed twice: {first} (placements[{first_entry}]) and {second} (placements[{second_entry}])")]
    Duplicate {
        path: PathBuf,
        level: u32,
        first: String,
        first_entry: usize,
        second: String,
        second_entry: usize,
    },
    #[error("{path}: placements[{entry}]: {file:?} is not a file name of this folder (letters, digits, '-' and '_', ending in .json)")]
    BadName {
        path: PathBuf,
        entry: usize,
        file: String,
    },
    #[error("placements[{entry}] puts {path} at level {level}, but the file is missing")]
    Missing {
        entry: usize,
        level: u32,
        path: PathBuf,
    },
    #[error("cannot read {path} (placed at level {level})")]
    ReadLevel {
        path: PathBuf,
        level: u32,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} (placed at level {level}) is not JSON: {message}")]
    BadJson {
        path: PathBuf,
        level: u32,
        message: String,
    },
    #[error("{path} (placed at level {level}) is not one level")]
    NotOneLevel {
        path: PathBuf,
        level: u32,
        #[source]
        source: LevelError,
    },
    #[error("{path} (placed at level {level}) is not a valid level")]
    Invalid {
        path: PathBuf,
        level: u32,
        #[source]
        source: LevelError,
    },
}

/// A designer file name: what the editor saves (`screwsmith_editor::file`), and nothing that could
/// reach outside the folder.
fn plain_name(file: &str) -> bool {
    file.strip_suffix(".json").is_some_and(|stem| {
        !stem.is_empty()
            && stem
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    })
}

/// Parses the text of `path` (a placements file) and checks every entry: numbers in `1..=max`, each
/// number placed once, plain file names. Returned in level order with each entry's index in the file
/// (for messages; the order of the file does not matter).
pub fn parse_placements(
    text: &str,
    path: &Path,
    max: u32,
) -> Result<Vec<(usize, Placement)>, PlacementError> {
    let file: PlacementsFile =
        serde_json::from_str(text).map_err(|e| PlacementError::BadPlacements {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
    if file.format != PLACEMENTS_FORMAT {
        return Err(PlacementError::Format {
            path: path.to_path_buf(),
            found: file.format,
        });
    }
    let mut seen: std::collections::BTreeMap<u32, usize> = std::collections::BTreeMap::new();
    for (entry, p) in file.placements.iter().enumerate() {
        if !plain_name(&p.file) {
            return Err(PlacementError::BadName {
                path: path.to_path_buf(),
                entry,
                file: p.file.clone(),
            });
        }
        if !(1..=max).contains(&p.level) {
            return Err(PlacementError::OutOfRange {
                path: path.to_path_buf(),
                entry,
                level: p.level,
                file: p.file.clone(),
                max,
            });
        }
        if let Some(&first_entry) = seen.get(&p.level) {
            return Err(PlacementError::Duplicate {
                path: path.to_path_buf(),
                level: p.level,
                first: file.placements[first_entry].file.clone(),
                first_entry,
                second: p.file.clone(),
                second_entry: entry,
            });
        }
        seen.insert(p.level, entry);
    }
    let mut out: Vec<_> = file.placements.into_iter().enumerate().collect();
    out.sort_by_key(|(_, p)| p.level);
    Ok(out)
}

/// Reads one designer level from its text for the place `number`: a bare level object or a level file
/// of exactly one level, valid by the file format. `path` only names it in errors.
pub fn designer_level(text: &str, path: &Path, number: u32) -> Result<LevelData, PlacementError> {
    let at = || path.to_path_buf();
    if let Err(e) = serde_json::from_str::<serde_json::Value>(text.trim_start_matches('\u{feff}')) {
        return Err(PlacementError::BadJson {
            path: at(),
            level: number,
            message: e.to_string(),
        });
    }
    let mut level = parse_level(text).map_err(|source| match source {
        LevelError::Invalid { .. } => PlacementError::Invalid {
            path: at(),
            level: number,
            source,
        },
        _ => PlacementError::NotOneLevel {
            path: at(),
            level: number,
            source,
        },
    })?;
    level.number = number;
    level.measure = None;
    level.help = None;
    Ok(level)
}

/// Reads `placements.json` at `path` and every designer file it names (beside it). A missing placements
/// file is no placements; a missing designer file is an error.
pub fn read_placements(path: &Path, max: u32) -> Result<Vec<Placed>, PlacementError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(PlacementError::Read {
                path: path.to_path_buf(),
                source,
            })
        }
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    parse_placements(&text, path, max)?
        .into_iter()
        .map(|(entry, p)| {
            let file_path = dir.join(&p.file);
            let text = std::fs::read_to_string(&file_path).map_err(|source| {
                if source.kind() == std::io::ErrorKind::NotFound {
                    PlacementError::Missing {
                        entry,
                        level: p.level,
                        path: file_path.clone(),
                    }
                } else {
                    PlacementError::ReadLevel {
                        path: file_path.clone(),
                        level: p.level,
                        source,
                    }
                }
            })?;
            Ok(Placed {
                number: p.level,
                level: designer_level(&text, &file_path, p.level)?,
                file: p.file,
                path: file_path,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PATH: &str = "custom/placements.json";

    fn parse(text: &str) -> Result<Vec<(usize, Placement)>, PlacementError> {
        parse_placements(text, Path::new(PATH), 200)
    }

    fn entry(level: u32, file: &str) -> String {
        format!(r#"{{"level": {level}, "file": "{file}"}}"#)
    }

    fn file(entries: &[String]) -> String {
        format!(r#"{{"format": 1, "placements": [{}]}}"#, entries.join(","))
    }

    /// The text of shipped level `n` as a one-level designer file.
    fn shipped(n: u32) -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
        let text = std::fs::read_to_string(path).unwrap();
        let file = screwsmith_rules::level::parse_file(&text).unwrap();
        serde_json::to_string(&file.levels[n as usize - 1]).unwrap()
    }

    #[test]
    fn entries_come_back_in_level_order_with_their_place_in_the_file() {
        let got = parse(&file(&[entry(42, "b.json"), entry(7, "a_1-x.json")])).unwrap();
        assert_eq!(
            got.iter().map(|(i, p)| (*i, p.level)).collect::<Vec<_>>(),
            vec![(1, 7), (0, 42)]
        );
        assert!(parse(&file(&[])).unwrap().is_empty());
    }

    #[test]
    fn every_bad_entry_is_named() {
        let e = parse("{not json").unwrap_err();
        assert!(matches!(e, PlacementError::BadPlacements { .. }), "{e}");
        assert!(e.to_string().starts_with(PATH), "{e}");
        let e =
            parse(r#"{"format": 1, "placements": [{"level": 3, "fille": "a.json"}]}"#).unwrap_err();
        assert!(e.to_string().contains("fille"), "{e}");
        let e = parse(r#"{"format": 2, "placements": []}"#).unwrap_err();
        assert!(matches!(e, PlacementError::Format { found: 2, .. }), "{e}");
        for level in [0, 201] {
            let e = parse(&file(&[entry(5, "ok.json"), entry(level, "far.json")])).unwrap_err();
            assert!(
                matches!(e, PlacementError::OutOfRange { entry: 1, .. }),
                "{e}"
            );
            let text = e.to_string();
            assert!(
                text.contains("placements[1]") && text.contains("far.json"),
                "{text}"
            );
            assert!(
                text.contains(&format!("level {level}, outside 1..=200")),
                "{text}"
            );
        }
        let e = parse(&file(&[
            entry(9, "a.json"),
            entry(3, "b.json"),
            entry(9, "c.json"),
        ]))
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{PATH}: level 9 is placed twice: a.json (placements[0]) and c.json (placements[2])")
        );
        for name in ["../x.json", "sub/x.json", "x.txt", ".json", "x y.json"] {
            let e = parse(&file(&[entry(9, name)])).unwrap_err();
            assert!(matches!(e, PlacementError::BadName { .. }), "{name}: {e}");
        }
    }

    #[test]
    fn a_designer_file_is_one_valid_level_renumbered_for_its_place() {
        let at = Path::new("custom/mine.json");
        let level = designer_level(&shipped(3), at, 2).unwrap();
        assert_eq!(level.number, 2);
        assert!(level.measure.is_none() && level.help.is_none());
        let as_file = format!(r#"{{"format": 1, "levels": [{}]}}"#, shipped(3));
        assert_eq!(designer_level(&as_file, at, 2).unwrap(), level);

        let e = designer_level("{\"number\": ", at, 2).unwrap_err();
        assert!(matches!(e, PlacementError::BadJson { level: 2, .. }), "{e}");
        let two = format!(
            r#"{{"format": 1, "levels": [{}, {}]}}"#,
            shipped(3),
            shipped(4)
        );
        let e = designer_level(&two, at, 2).unwrap_err();
        assert!(matches!(e, PlacementError::NotOneLevel { .. }), "{e}");
        assert!(e
            .to_string()
            .starts_with("custom/mine.json (placed at level 2) is not one level"));
        let e = designer_level("[1, 2]", at, 2).unwrap_err();
        assert!(matches!(e, PlacementError::NotOneLevel { .. }), "{e}");
        // A colour count that is not a multiple of 3: valid JSON, not a valid level.
        let mut broken: serde_json::Value = serde_json::from_str(&shipped(3)).unwrap();
        broken["screws"].as_array_mut().unwrap().pop();
        let e = designer_level(&broken.to_string(), at, 2).unwrap_err();
        assert!(matches!(e, PlacementError::Invalid { .. }), "{e}");
    }

    #[test]
    fn files_are_read_beside_the_placements_and_a_missing_one_is_named() {
        let dir =
            std::env::temp_dir().join(format!("screwsmith-placements-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("placements.json");
        assert!(
            read_placements(&path, 200).unwrap().is_empty(),
            "no file: no placements"
        );
        std::fs::write(&path, file(&[entry(2, "mine.json"), entry(4, "gone.json")])).unwrap();
        std::fs::write(dir.join("mine.json"), shipped(3)).unwrap();
        let e = read_placements(&path, 200).unwrap_err();
        assert!(
            matches!(
                e,
                PlacementError::Missing {
                    entry: 1,
                    level: 4,
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("gone.json"), "{e}");
        std::fs::write(&path, file(&[entry(2, "mine.json")])).unwrap();
        let placed = read_placements(&path, 200).unwrap();
        assert_eq!(placed.len(), 1);
        assert_eq!(
            (placed[0].number, placed[0].file.as_str()),
            (2, "mine.json")
        );
        assert_eq!(placed[0].path, dir.join("mine.json"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
