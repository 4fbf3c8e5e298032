//! Where the course's files are read from: the project folder on disk, or a set of files
//! held in memory (the WebAssembly build carries the lessons inside itself, with no
//! filesystem to read them from). The loaders above parse the same way from either.

use super::error::{CourseError, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A source of course files, addressed by the paths the loaders build from the root.
pub trait CourseFiles {
    /// The whole file as UTF-8 text; a missing or unreadable file is `Unreadable`.
    fn read_text(&self, path: &Path) -> Result<String>;
}

/// The filesystem itself.
#[derive(Debug, Clone, Copy, Default)]
pub struct Disk;

impl CourseFiles for Disk {
    fn read_text(&self, path: &Path) -> Result<String> {
        std::fs::read_to_string(path).map_err(|cause| CourseError::Unreadable {
            path: path.to_path_buf(),
            cause,
        })
    }
}

/// Files held in memory, each under its path relative to the course root
/// (`lessons/kursus.toml`, `lessons/<id>/pelajaran.toml`, …).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MemoryFiles {
    files: BTreeMap<PathBuf, Vec<u8>>,
}

impl MemoryFiles {
    pub fn new() -> MemoryFiles {
        MemoryFiles::default()
    }

    pub fn insert(&mut self, path: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) {
        self.files.insert(path.into(), bytes.into());
    }

    /// Every file under `root/folder`, keyed by its path relative to `root`: what a
    /// bundle embeds, and what the tests compare the disk with.
    pub fn read_folder(root: &Path, folder: &Path) -> std::io::Result<MemoryFiles> {
        let mut files = MemoryFiles::new();
        let mut pending = vec![root.join(folder)];
        while let Some(dir) = pending.pop() {
            for entry in std::fs::read_dir(&dir)? {
                let path = entry?.path();
                if path.is_dir() {
                    pending.push(path);
                } else if let Ok(relative) = path.strip_prefix(root) {
                    files.insert(relative, std::fs::read(&path)?);
                }
            }
        }
        Ok(files)
    }

    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.files.keys().map(PathBuf::as_path)
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

impl<P: Into<PathBuf>, B: Into<Vec<u8>>> FromIterator<(P, B)> for MemoryFiles {
    fn from_iter<I: IntoIterator<Item = (P, B)>>(iter: I) -> MemoryFiles {
        let mut files = MemoryFiles::new();
        for (path, bytes) in iter {
            files.insert(path, bytes);
        }
        files
    }
}

impl CourseFiles for MemoryFiles {
    fn read_text(&self, path: &Path) -> Result<String> {
        let unreadable = |cause| CourseError::Unreadable {
            path: path.to_path_buf(),
            cause,
        };
        let bytes = self
            .files
            .get(path)
            .ok_or_else(|| unreadable(std::io::ErrorKind::NotFound.into()))?;
        String::from_utf8(bytes.clone())
            .map_err(|e| unreadable(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_is_unreadable_like_on_disk() {
        let files = MemoryFiles::from_iter([("lessons/kursus.toml", "x")]);
        let err = files.read_text(Path::new("lessons/lain.toml")).unwrap_err();
        let disk = Disk
            .read_text(Path::new("/nonexistent-kursus/lessons/lain.toml"))
            .unwrap_err();
        match (err, disk) {
            (
                CourseError::Unreadable { cause: a, .. },
                CourseError::Unreadable { cause: b, .. },
            ) => assert_eq!(a.kind(), b.kind()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn text_that_is_not_utf8_is_refused() {
        let files = MemoryFiles::from_iter([("a.json", vec![0xff, 0xfe])]);
        assert!(matches!(
            files.read_text(Path::new("a.json")),
            Err(CourseError::Unreadable { .. })
        ));
    }
}
