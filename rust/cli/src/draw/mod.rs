//! Picture backends: a [`screwsmith_core::readability::scene::Picture`] to SVG text or PNG bytes.
//! The geometry is the core's (the audit's camera); these only paint it.

pub mod png;
pub mod svg;

use std::path::Path;

use screwsmith_core::readability::scene::Picture;

use crate::error::CliError;

/// Output format, from the file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    /// `.svg` or `.png` (case-insensitive); anything else is a bad argument.
    pub fn of(path: &Path) -> Result<Format, CliError> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            _ => Err(CliError::arg(format!(
                "{}: the output must end in .svg or .png",
                path.display()
            ))),
        }
    }
}

/// Encodes a picture in `format`.
pub fn encode(picture: &Picture, format: Format) -> Result<Vec<u8>, CliError> {
    match format {
        Format::Svg => Ok(svg::picture_svg(picture).into_bytes()),
        Format::Png => png::picture_png(picture),
    }
}

/// `#rrggbb`.
pub fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}
