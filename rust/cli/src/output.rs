//! Writing output files atomically: write a sibling temporary file, then rename it over the target, so
//! an interrupted run never leaves a half-written picture or report.

use std::path::Path;

use crate::error::CliError;

/// Writes `bytes` to `path` atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let err = |source| CliError::Write {
        path: path.to_path_buf(),
        source,
    };
    let name = path
        .file_name()
        .ok_or_else(|| CliError::arg(format!("{} is not a file path", path.display())))?;
    let tmp = path.with_file_name(format!(".{}.tmp", name.to_string_lossy()));
    std::fs::write(&tmp, bytes).map_err(err)?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        err(e)
    })
}
