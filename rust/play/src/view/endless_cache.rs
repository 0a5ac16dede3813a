//! Fresh levels past the baked set kept on disk beside the save, one file per level number
//! (`endless-<n>.json`), so that opening a level made once — Continue after a restart, a replay from the
//! map — does not run the generator again: a generation runs the solver over up to 192 candidates.
//!
//! The discipline is the Daily Bench cache's: a file is written atomically like the save, and it is read
//! only when it was made by this build of the generator (a new build may make a different board for the
//! number; every device must play the same one), names the level asked for and its board still is the
//! one that was proven — the level validates, its measure says proven, its board key matches the one
//! written beside it, its stored solution replays to a win, and so does its help copy's. Anything else is a typed
//! [`CacheError`]: the caller generates again and the file is replaced. Only fresh boards are written
//! (a fallback to the cycle is the baked level, already on the phone).
//!
//! Bounded: after a write the folder keeps the level just written and the [`KEEP`] − 1 highest others
//! (the player's frontier and the level made ahead of it); an older level opened again from the map is
//! generated again.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use screwsmith_gen::help::help_copy;
use screwsmith_gen::library::board_key;
use screwsmith_rules::level::{parse_level, LevelData, LevelError, SolveStatus};
use screwsmith_rules::sim::CompiledLevel;

use crate::save::write_atomic;
use crate::view::daily_cache::this_build;

/// How many level files the folder keeps.
pub const KEEP: usize = 6;

/// The file name's start: `endless-<n>.json`.
const PREFIX: &str = "endless-";
const SUFFIX: &str = ".json";

/// Why a cached level was not served (the caller generates it again).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CacheError {
    #[error("no cached level")]
    Missing,
    #[error("{path}: {reason}")]
    Io { path: PathBuf, reason: String },
    #[error("{path} is not a cached level: {reason}")]
    Corrupt { path: PathBuf, reason: String },
    #[error("cached by {found}, this build is {}", this_build())]
    Foreign { found: String },
    #[error("the file for level {asked} holds level {found}")]
    WrongLevel { asked: u32, found: u32 },
    #[error("the cached level does not validate: {0}")]
    Level(#[from] LevelError),
    #[error("the cached level is not proven")]
    Unproven,
    #[error("the cached board is not the one its key names (edited or damaged)")]
    Tampered,
    #[error("the cached level's solution does not replay to a win")]
    NoWin,
    #[error("the cached level's help copy is missing, not proven or its solution does not win it")]
    Help,
}

/// What one file holds. The level is kept as the JSON text `GameSim.load_json` takes, so the board
/// read back is the board written, byte for byte.
#[derive(Debug, Serialize, Deserialize)]
struct Entry {
    made_by: String,
    number: u32,
    /// `board_key` of the level: a check that the board is the one proven.
    board: String,
    /// How long the generation took on this device (shown by the tests and the bench, never decides).
    generation_ms: u64,
    level_json: String,
}

/// The cache file of level `n` in `dir`.
pub fn path_for(dir: &Path, n: u32) -> PathBuf {
    dir.join(format!("{PREFIX}{n}{SUFFIX}"))
}

/// The cached level `n`, checked as the module header says.
pub fn read(dir: &Path, n: u32) -> Result<LevelData, CacheError> {
    let path = path_for(dir, n);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(CacheError::Missing),
        Err(e) => {
            return Err(CacheError::Io {
                path,
                reason: e.to_string(),
            })
        }
    };
    let corrupt = |reason: String| CacheError::Corrupt {
        path: path.clone(),
        reason,
    };
    let entry: Entry = serde_json::from_slice(&bytes).map_err(|e| corrupt(e.to_string()))?;
    if entry.made_by != this_build() {
        return Err(CacheError::Foreign {
            found: entry.made_by,
        });
    }
    if entry.number != n {
        return Err(CacheError::WrongLevel {
            asked: n,
            found: entry.number,
        });
    }
    let level = parse_level(&entry.level_json)?;
    if level.number != n {
        return Err(CacheError::WrongLevel {
            asked: n,
            found: level.number,
        });
    }
    let Some(measure) = level
        .measure
        .as_ref()
        .filter(|m| m.status == SolveStatus::Proven)
    else {
        return Err(CacheError::Unproven);
    };
    if board_key(&level) != entry.board {
        return Err(CacheError::Tampered);
    }
    let solution = measure.solution.clone();
    let compiled = Arc::new(CompiledLevel::new(level.clone())?);
    if !screwsmith_solver::replays_to_win(&compiled, Some(&solution)) {
        return Err(CacheError::NoWin);
    }
    check_help(&level)?;
    Ok(level)
}

/// A fresh level is served with the help copy its curation chose and proved: the copy the game
/// would play after three losses must be there, proven, and won by its stored solution.
fn check_help(level: &LevelData) -> Result<(), CacheError> {
    let Some(help) = level
        .help
        .as_ref()
        .filter(|h| h.measure.status == SolveStatus::Proven)
    else {
        return Err(CacheError::Help);
    };
    let copy = CompiledLevel::new(help_copy(level)).map_err(|_| CacheError::Help)?;
    if !screwsmith_solver::replays_to_win(&Arc::new(copy), Some(&help.measure.solution)) {
        return Err(CacheError::Help);
    }
    Ok(())
}

/// Writes a fresh level (already proven and measured) as the cache of its number, atomically, then
/// trims the folder to [`KEEP`] files. The folder is made when missing.
pub fn write(dir: &Path, level: &LevelData, generation: Duration) -> Result<(), CacheError> {
    let io = |path: &Path, e: std::io::Error| CacheError::Io {
        path: path.to_path_buf(),
        reason: e.to_string(),
    };
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let entry = Entry {
        made_by: this_build(),
        number: level.number,
        board: board_key(level),
        generation_ms: u64::try_from(generation.as_millis()).unwrap_or(u64::MAX),
        level_json: serde_json::to_string(level).expect("level data serialises"),
    };
    let path = path_for(dir, level.number);
    let text = serde_json::to_string(&entry).expect("a cache entry serialises");
    write_atomic(&path, text.as_bytes()).map_err(|e| io(&path, e))?;
    prune(dir, level.number)
}

/// Removes the cache files beyond [`KEEP`]: `just` stays, then the highest numbers. Other files in the
/// folder (the save, its journals, the Daily Bench cache) are never touched.
pub fn prune(dir: &Path, just: u32) -> Result<(), CacheError> {
    let listing = std::fs::read_dir(dir).map_err(|e| CacheError::Io {
        path: dir.to_path_buf(),
        reason: e.to_string(),
    })?;
    let cached: Vec<u32> = listing
        .filter_map(|e| e.ok())
        .filter_map(|e| cached_number(&e.file_name().to_string_lossy()))
        .collect();
    let kept = kept(cached.iter().copied(), just, KEEP);
    for n in cached.into_iter().filter(|n| !kept.contains(n)) {
        let path = path_for(dir, n);
        std::fs::remove_file(&path).map_err(|e| CacheError::Io {
            path,
            reason: e.to_string(),
        })?;
    }
    Ok(())
}

/// The level number of a cache file's name (`endless-201.json` → 201); `None` for any other file.
fn cached_number(name: &str) -> Option<u32> {
    let digits = name.strip_prefix(PREFIX)?.strip_suffix(SUFFIX)?;
    // "endless-0201.json" is not a name this module writes.
    if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Which of `numbers` a bounded store of `keep` keeps after storing `just`: `just`, then the highest.
/// Why the highest: the player's frontier is the highest level opened and the one made ahead of it is
/// one above; an older level replayed from the map is the one worth losing.
pub fn kept(numbers: impl IntoIterator<Item = u32>, just: u32, keep: usize) -> Vec<u32> {
    let mut others: Vec<u32> = numbers.into_iter().filter(|&n| n != just).collect();
    others.sort_unstable_by(|a, b| b.cmp(a));
    others.dedup();
    others.truncate(keep.saturating_sub(1));
    let mut all = vec![just];
    all.extend(others);
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("screwsmith-endless-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A proven level numbered `n` without running the generator: the hand-made mid level, measured
    /// with its stored solution (a cache test is about the file, not the generator).
    fn proven(n: u32) -> LevelData {
        let mut level = parse_level(include_str!("../../../rules/tests/levels/mid.json")).unwrap();
        level.number = n;
        let compiled = Arc::new(CompiledLevel::new(level.clone()).unwrap());
        let mut report = screwsmith_solver::solve_shared(&compiled, &Default::default());
        screwsmith_solver::verify_shared(&compiled, &mut report, &Default::default());
        assert_eq!(report.status, SolveStatus::Proven, "the fixture is proven");
        level.measure = Some(report.to_measure());
        // Its first recolouring, measured: the cache checks that a help copy is there and wins, not
        // the help rule (curation did that).
        let (from, to) = screwsmith_gen::help::recolourings(&level)[0];
        let copy = screwsmith_gen::help::recoloured(&level, from, to);
        let measure = screwsmith_gen::help::measure_copy(&copy, &Default::default())
            .expect("the fixture's copy is measured");
        assert_eq!(measure.status, SolveStatus::Proven, "the copy is proven");
        level.help = Some(screwsmith_rules::level::HelpData { from, to, measure });
        level
    }

    #[test]
    fn a_written_level_reads_back_byte_identical_for_its_number_only() {
        let dir = scratch("roundtrip");
        assert_eq!(read(&dir, 201), Err(CacheError::Missing));
        let level = proven(201);
        write(&dir, &level, Duration::from_millis(812)).unwrap();
        let back = read(&dir, 201).unwrap();
        assert_eq!(
            serde_json::to_string(&back).unwrap(),
            serde_json::to_string(&level).unwrap()
        );
        assert_eq!(read(&dir, 202), Err(CacheError::Missing));
        assert!(!dir.join("endless-201.json.tmp").exists(), "temp renamed");
        // A file copied under another number is not that number's level.
        std::fs::copy(path_for(&dir, 201), path_for(&dir, 202)).unwrap();
        assert_eq!(
            read(&dir, 202),
            Err(CacheError::WrongLevel {
                asked: 202,
                found: 201
            })
        );
    }

    #[test]
    fn a_missing_folder_is_made() {
        let dir = scratch("folder").join("a").join("b");
        write(&dir, &proven(230), Duration::ZERO).unwrap();
        assert!(read(&dir, 230).is_ok());
    }

    /// Which error a damaged file must give.
    type Expect = fn(&CacheError) -> bool;

    #[test]
    fn a_damaged_foreign_or_edited_file_is_a_typed_error() {
        let dir = scratch("damaged");
        let level = proven(201);
        write(&dir, &level, Duration::ZERO).unwrap();
        let path = path_for(&dir, 201);
        let good: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let with = |key: &str, value: serde_json::Value| {
            let mut v = good.clone();
            v[key] = value;
            v.to_string()
        };
        let level_with = |edit: &dyn Fn(&mut LevelData)| {
            let mut l = level.clone();
            edit(&mut l);
            with("level_json", serde_json::to_string(&l).unwrap().into())
        };
        let cases: Vec<(String, Expect)> = vec![
            (String::new(), |e| matches!(e, CacheError::Corrupt { .. })),
            (good.to_string()[..40].into(), |e| {
                matches!(e, CacheError::Corrupt { .. })
            }),
            ("[201]".into(), |e| matches!(e, CacheError::Corrupt { .. })),
            (with("made_by", "screwsmith-gen 0.0.0".into()), |e| {
                matches!(e, CacheError::Foreign { .. })
            }),
            (with("number", 202.into()), |e| {
                matches!(e, CacheError::WrongLevel { .. })
            }),
            (with("level_json", "{\"number\":201}".into()), |e| {
                matches!(e, CacheError::Level(_))
            }),
            (level_with(&|l| l.measure = None), |e| {
                matches!(e, CacheError::Unproven)
            }),
            (
                level_with(&|l| l.measure.as_mut().unwrap().status = SolveStatus::SearchExhausted),
                |e| matches!(e, CacheError::Unproven),
            ),
            (level_with(&|l| l.rail_slots += 1), |e| {
                matches!(e, CacheError::Tampered)
            }),
            (with("board", "0000000000000000".into()), |e| {
                matches!(e, CacheError::Tampered)
            }),
            (
                level_with(&|l| {
                    l.measure.as_mut().unwrap().solution.pop();
                }),
                |e| {
                    // The key ignores the measure, so only the replay catches a cut solution.
                    matches!(e, CacheError::NoWin)
                },
            ),
            (level_with(&|l| l.help = None), |e| {
                matches!(e, CacheError::Help)
            }),
            (
                level_with(&|l| {
                    l.help.as_mut().unwrap().measure.solution.pop();
                }),
                |e| matches!(e, CacheError::Help),
            ),
            (
                level_with(&|l| {
                    l.help.as_mut().unwrap().measure.status = SolveStatus::SearchExhausted;
                }),
                |e| matches!(e, CacheError::Help),
            ),
        ];
        for (text, expected) in cases {
            std::fs::write(&path, &text).unwrap();
            let err = read(&dir, 201).unwrap_err();
            assert!(expected(&err), "{text:.80}: {err}");
        }
        // The next write replaces the damaged file.
        write(&dir, &level, Duration::ZERO).unwrap();
        assert_eq!(read(&dir, 201), Ok(level));
    }

    #[test]
    fn an_unreadable_path_is_an_io_error() {
        let dir = scratch("unreadable");
        std::fs::create_dir(path_for(&dir, 201)).unwrap();
        assert!(matches!(read(&dir, 201), Err(CacheError::Io { .. })));
        let blocked = dir.join("file");
        std::fs::write(&blocked, b"x").unwrap();
        assert!(matches!(
            write(&blocked.join("sub"), &proven(201), Duration::ZERO),
            Err(CacheError::Io { .. })
        ));
    }

    #[test]
    fn the_folder_keeps_the_level_just_written_and_the_highest_others() {
        let dir = scratch("bounded");
        std::fs::write(dir.join("save.json"), b"{}").unwrap();
        std::fs::write(dir.join("daily_bench.json"), b"{}").unwrap();
        std::fs::write(dir.join("endless-0207.json"), b"{}").unwrap();
        let level = proven(201);
        for n in 201..=210 {
            let mut l = level.clone();
            l.number = n;
            write(&dir, &l, Duration::ZERO).unwrap();
        }
        let mut replayed = level.clone();
        replayed.number = 203;
        write(&dir, &replayed, Duration::ZERO).unwrap();
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        let expected = [
            "daily_bench.json",
            "endless-0207.json",
            "endless-203.json",
            "endless-206.json",
            "endless-207.json",
            "endless-208.json",
            "endless-209.json",
            "endless-210.json",
            "save.json",
        ];
        assert_eq!(names, expected);
        assert_eq!(read(&dir, 210).map(|l| l.number), Ok(210));
    }

    #[test]
    fn kept_is_the_newest_then_the_highest() {
        assert_eq!(kept([5, 9, 7, 9], 3, 3), vec![3, 9, 7]);
        assert_eq!(kept([], 3, 3), vec![3]);
        assert_eq!(kept([3, 4], 3, 1), vec![3]);
        assert_eq!(cached_number("endless-201.json"), Some(201));
        for other in [
            "endless-.json",
            "endless-0201.json",
            "endless-2a.json",
            "endless-201.json.tmp",
            "save.json",
        ] {
            assert_eq!(cached_number(other), None, "{other}");
        }
    }
}
