//! Writing output files atomically: write a sibling temporary file, then rename it over the target, so
//! an interrupted run never leaves a half-written level set, picture or report.

use std::path::Path;

use crate::error::CliError;

/// Writes `bytes` to `path` atomically, creating the parent directory when needed (the bundle goes into
/// `godot_project/levels/`).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let err = |source| CliError::Write {
        path: path.to_path_buf(),
        source,
    };
    let name = path
        .file_name()
        .ok_or_else(|| CliError::arg(format!("{} is not a file path", path.display())))?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(err)?;
    }
    let tmp = path.with_file_name(format!(".{}.tmp", name.to_string_lossy()));
    std::fs::write(&tmp, bytes).map_err(err)?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        err(e)
    })
}

/// Reads a file that may be missing (`None`), e.g. the bundled copy.
pub fn read_optional(path: &Path) -> Result<Option<Vec<u8>>, CliError> {
    match std::fs::read(path) {
        Ok(b) => Ok(Some(b)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(CliError::Read {
            path: path.to_path_buf(),
            source,
        }),
    }
}
