//! The Daily Bench of the day, kept in one file so that a second visit (or a replay) on the same UTC
//! day does not generate the board again: generating runs the solver over up to 30 candidates.
//!
//! The file holds exactly what `DailyBench` delivers (the bench's JSON with `level_json`), plus the
//! build that made it. It is read only when it is for the bench asked for, was made by this build of
//! the generator (a new build may make a different board; everyone must play the same one) and its
//! level parses; anything else — another day, a damaged or hand-edited file — is generated again and
//! the file replaced, written atomically like the save.

use std::path::Path;

use screwsmith_gen::daily::bench::JSON_KEYS;
use screwsmith_rules::level::parse_level;
use serde_json::Value;

use crate::save::write_atomic;

/// The key naming the build that wrote a cache file.
pub const MADE_BY_KEY: &str = "made_by";

/// This build's name in the caches (this one and the endless levels'): a cache from another version, or
/// from sources of the generator, rules or solver that differ from this build's (a fingerprint
/// `build.rs` takes), is not trusted.
pub fn this_build() -> String {
    format!(
        "screwsmith-gen {} {}",
        env!("CARGO_PKG_VERSION"),
        env!("SCREWSMITH_GENERATOR_SOURCES")
    )
}

/// The cached bench `bench`, or `None` when the file is missing, for another bench or build, or
/// damaged in any way.
pub fn read(path: &Path, bench: u32) -> Option<Value> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut value: Value = serde_json::from_str(&text).ok()?;
    let object = value.as_object_mut()?;
    if object.remove(MADE_BY_KEY)?.as_str()? != this_build() {
        return None;
    }
    if object.get("bench")?.as_u64()? != u64::from(bench) {
        return None;
    }
    let keys_present = JSON_KEYS
        .iter()
        .filter(|&&k| k != "level")
        .all(|k| object.contains_key(*k));
    let level = parse_level(object.get("level_json")?.as_str()?).ok()?;
    (keys_present && level.number == bench).then_some(value)
}

/// Writes a generated bench (`DailyBench`'s result JSON) as the cache, atomically.
pub fn write(path: &Path, bench: &Value) -> std::io::Result<()> {
    let mut value = bench.clone();
    if let Some(object) = value.as_object_mut() {
        object.insert(MADE_BY_KEY.into(), Value::String(this_build()));
    }
    write_atomic(path, value.to_string().as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("screwsmith-daily-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("daily_bench.json")
    }

    /// A bench result as the job makes it, without running the generator: a real level of number 97.
    fn bench_97() -> Value {
        let mut level = parse_level(include_str!("../../../rules/tests/levels/mid.json")).unwrap();
        level.number = 97;
        serde_json::json!({
            "bench": 97, "date": "2026-11-30", "machine": 1, "band": 5, "seed": 7, "proven": true,
            "difficulty": 0.5, "level_json": serde_json::to_string(&level).unwrap(),
        })
    }

    #[test]
    fn the_build_stamp_names_the_version_and_the_generator_sources() {
        let stamp = this_build();
        let parts: Vec<&str> = stamp.split(' ').collect();
        assert_eq!(parts[..2], ["screwsmith-gen", env!("CARGO_PKG_VERSION")]);
        assert_eq!(parts[2].len(), 16, "{stamp}");
        assert!(parts[2].chars().all(|c| c.is_ascii_hexdigit()), "{stamp}");
        assert_ne!(
            parts[2], "cbf29ce484222325",
            "the fingerprint read no source"
        );
    }

    #[test]
    fn a_written_bench_reads_back_for_its_day_only() {
        let path = scratch("roundtrip");
        assert_eq!(read(&path, 97), None, "no file yet");
        write(&path, &bench_97()).unwrap();
        assert_eq!(read(&path, 97), Some(bench_97()));
        assert_eq!(read(&path, 98), None, "another day's bench is not served");
        assert!(
            !path.with_extension("json.tmp").exists(),
            "temp file renamed"
        );
    }

    #[test]
    fn a_damaged_or_foreign_cache_is_not_read() {
        let path = scratch("damaged");
        for text in [
            String::new(),
            "{\"bench\":97".into(),
            "[97]".into(),
            bench_97().to_string(),
            {
                let mut v = bench_97();
                v[MADE_BY_KEY] = "screwsmith-gen 0.0.0".into();
                v.to_string()
            },
            {
                let mut v = bench_97();
                v[MADE_BY_KEY] = this_build().into();
                v["level_json"] = "{\"number\":97}".into();
                v.to_string()
            },
            {
                let mut v = bench_97();
                v[MADE_BY_KEY] = this_build().into();
                v.as_object_mut().unwrap().remove("proven");
                v.to_string()
            },
        ] {
            std::fs::write(&path, &text).unwrap();
            assert_eq!(read(&path, 97), None, "{text:.80}");
        }
    }
}
