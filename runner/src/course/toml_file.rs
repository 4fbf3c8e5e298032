//! Reading a TOML course file into serde structs with errors that name file and line.

use super::error::{CourseError, Result};
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};

/// Reads and parses `path`; every error names the file and, when toml knows it, the line.
pub fn read<T: DeserializeOwned>(path: &Path) -> Result<T> {
    let text = std::fs::read_to_string(path).map_err(|cause| CourseError::Unreadable {
        path: path.to_path_buf(),
        cause,
    })?;
    parse(&text, &path.display().to_string())
}

/// Parses TOML text; `name` is only used in messages.
pub fn parse<T: DeserializeOwned>(text: &str, name: &str) -> Result<T> {
    toml::from_str(text).map_err(|e| CourseError::Toml {
        file: PathBuf::from(name),
        line: e.span().map(|span| line_of(text, span.start)),
        cause: e.message().trim().to_string(),
    })
}

/// 1-based line number of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

/// Rejects a `format_version` other than the one this build understands.
pub fn check_version(name: &str, found: u32, known: u32) -> Result<()> {
    if found == known {
        Ok(())
    } else {
        Err(CourseError::FormatVersion {
            file: PathBuf::from(name),
            found,
            known,
        })
    }
}
