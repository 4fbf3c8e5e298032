//! Building the book with the mdBook library and our preprocessor.

use super::catalog::Course;
use super::error::{CourseError, Result};
use super::preprocessor::KursusPreprocessor;
use mdbook_driver::MDBook;
use std::path::PathBuf;

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
