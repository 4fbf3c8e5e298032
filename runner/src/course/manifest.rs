//! `lessons/kursus.toml`: the course's lessons in order.

use super::error::Result;
use super::toml_file;
use serde::Deserialize;
use std::path::Path;

pub const FORMAT_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub format_version: u32,
    /// Lesson ids in course order; each is a folder `lessons/<id>/`.
    pub pelajaran: Vec<String>,
}

impl Manifest {
    pub fn load(path: &Path) -> Result<Manifest> {
        let manifest: Manifest = toml_file::read(path)?;
        manifest.checked(&path.display().to_string())
    }

    pub fn parse(text: &str, name: &str) -> Result<Manifest> {
        toml_file::parse::<Manifest>(text, name)?.checked(name)
    }

    fn checked(self, name: &str) -> Result<Manifest> {
        toml_file::check_version(name, self.format_version, FORMAT_VERSION)?;
        Ok(self)
    }
}
