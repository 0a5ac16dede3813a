//! Designer files: one level object of the level file format (format 1), saved under `levels/custom/`
//! by name: the one-level file `screwsmith validate --file`, `solve` and `render` take (a whole file
//! `{"format": 1, "levels": [...]}` is a set to them), and that the game's `parse_level` reads too. Saving writes atomically (temp file, flush, rename), so a crash never leaves
//! half a level. Loading does not validate: a designer opens a broken level to fix it, and the verdict
//! names what is wrong.

use std::fs;
use std::path::{Path, PathBuf};

use thiserror::Error;

use screwsmith_rules::level::{LevelData, FORMAT};

use screwsmith_play::save::write_atomic;

/// Why a designer file could not be read or written.
#[derive(Debug, Error)]
pub enum FileError {
    #[error("file name {0:?}: use letters, digits, '-' and '_' only")]
    BadName(String),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("not a level: {0}")]
    Json(String),
    #[error("expected exactly one level, found {0}")]
    NotOneLevel(usize),
    #[error("level file format {0} is not supported (this build reads format {FORMAT})")]
    Format(u32),
}

/// Reads one level from a one-level file or a bare level object, without validating it.
pub fn load_level_text(text: &str) -> Result<LevelData, FileError> {
    load_level_at(text, None)
}

/// [`load_level_text`], or with `index` the level at that position (0-based) of a whole level file
/// (the shipped set): only that level is read into a level, the others stay JSON.
pub fn load_level_at(text: &str, index: Option<usize>) -> Result<LevelData, FileError> {
    let json = |e: serde_json::Error| FileError::Json(e.to_string());
    let mut value: serde_json::Value = serde_json::from_str(text).map_err(json)?;
    let Some(format) = value.get("format") else {
        return serde_json::from_value(value).map_err(json);
    };
    let format = format.as_u64().unwrap_or(0) as u32;
    if format != FORMAT {
        return Err(FileError::Format(format));
    }
    let levels = match value.get_mut("levels").map(serde_json::Value::take) {
        Some(serde_json::Value::Array(levels)) => levels,
        _ => {
            return Err(FileError::Json(
                "a level file needs a \"levels\" array".into(),
            ))
        }
    };
    let at = match index {
        None if levels.len() == 1 => 0,
        None => return Err(FileError::NotOneLevel(levels.len())),
        Some(i) if i < levels.len() => i,
        Some(_) => return Err(FileError::NotOneLevel(levels.len())),
    };
    serde_json::from_value(levels.into_iter().nth(at).unwrap_or_default()).map_err(json)
}

/// The text of a one-level file holding `level`: the level object, pretty, with a trailing newline.
pub fn one_level_file(level: &LevelData) -> String {
    let mut s = serde_json::to_string_pretty(level).expect("level data always serialises");
    s.push('\n');
    s
}

/// Saves `level` as `<dir>/<name>.json` (the directory is created); returns the path written.
pub fn save_custom(dir: &Path, name: &str, level: &LevelData) -> Result<PathBuf, FileError> {
    let ok = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !ok {
        return Err(FileError::BadName(name.into()));
    }
    let path = dir.join(format!("{name}.json"));
    let io = |e| FileError::Io {
        path: path.clone(),
        source: e,
    };
    fs::create_dir_all(dir).map_err(io)?;
    write_atomic(&path, one_level_file(level).as_bytes()).map_err(io)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EditedLevel;
    use screwsmith_rules::level::parse_level;

    #[test]
    fn a_saved_level_reads_back_as_a_one_level_file() {
        let dir = std::env::temp_dir().join(format!("screwsmith-custom-{}", std::process::id()));
        let level = EditedLevel::blank(5, 6).level().clone();
        let path = save_custom(&dir, "my_level-1", &level).unwrap();
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("{\n  \"number\": 1,"));
        assert_eq!(load_level_text(&text).unwrap(), level);
        assert!(!dir.join("my_level-1.json.tmp").exists());
        // The game's own single-level reader takes it too (it validates: a blank level has no screws).
        assert!(parse_level(&text).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_names_and_files_are_refused() {
        let level = EditedLevel::blank(5, 6).level().clone();
        let dir = std::env::temp_dir();
        assert!(matches!(
            save_custom(&dir, "../escape", &level),
            Err(FileError::BadName(_))
        ));
        assert!(matches!(
            load_level_text(r#"{"format": 1, "levels": []}"#),
            Err(FileError::NotOneLevel(0))
        ));
        assert!(matches!(
            load_level_text(r#"{"format": 2, "levels": []}"#),
            Err(FileError::Format(2))
        ));
        assert!(matches!(load_level_text("{"), Err(FileError::Json(_))));
        let two = format!(
            r#"{{"format": 1, "levels": [{0}, {0}]}}"#,
            serde_json::to_string(EditedLevel::blank(5, 6).level()).unwrap()
        );
        assert!(matches!(
            load_level_text(&two),
            Err(FileError::NotOneLevel(2))
        ));
        assert_eq!(load_level_at(&two, Some(1)).unwrap(), level);
        assert!(matches!(
            load_level_at(&two, Some(2)),
            Err(FileError::NotOneLevel(2))
        ));
    }
}
