//! Building the book with the mdBook library and our preprocessor.

use super::catalog::Course;
use super::error::{CourseError, Result};
use super::preprocessor::KursusPreprocessor;
use mdbook_driver::MDBook;
use std::path::{Path, PathBuf};

/// Where `cargo xtask web` puts the WebAssembly bundle: `KURSUS_WEB_DIR`, else
/// `target/web/` in the project folder.
pub fn web_bundle_dir(root: &Path) -> PathBuf {
    std::env::var_os("KURSUS_WEB_DIR")
        .map_or_else(|| root.join("target").join("web"), PathBuf::from)
}

/// Copies the bundle's files into `html/web/` so the built book can run its examples;
/// `Ok(None)` when the bundle was not built (the book still reads).
pub fn copy_web_bundle(root: &Path, html: &Path) -> Result<Option<PathBuf>> {
    let from = web_bundle_dir(root);
    if !from.join("kursus.wasm").is_file() {
        return Ok(None);
    }
    let to = html.join("web");
    copy_files(&from, &to).map_err(|cause| CourseError::Unwritable {
        path: to.clone(),
        cause,
    })?;
    Ok(Some(to))
}

fn copy_files(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name()))?;
        }
    }
    Ok(())
}

/// Builds `book/` and returns the folder holding the HTML.
pub fn build(course: Course) -> Result<PathBuf> {
    let root = course.root.join("book");
    let fail = |e: anyhow::Error| CourseError::Book {
        cause: format!("{e:#}"),
    };
    let mut book = MDBook::load(&root).map_err(fail)?;
    book.with_preprocessor(KursusPreprocessor { course });
    book.build().map_err(fail)?;
    Ok(book.build_dir_for("html"))
}
