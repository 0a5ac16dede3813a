//! Writing files the atomic way: the whole content goes to a temporary file next to the target, which is
//! then renamed over it, so a crash or Ctrl-C never leaves a half-written level set or report.

use std::path::Path;

use crate::error::CliError;

/// Writes `bytes` to `path` atomically, creating the parent directory when needed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let err = |source| CliError::Write {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(err)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp-{}", std::process::id()));
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
