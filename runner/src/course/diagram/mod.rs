//! Pictures of a lesson's data model: declared in `pelajaran.toml` (`[[gambar]]`),
//! checked against the lesson's data by `kursus periksa`, drawn as inline SVG when the
//! book is built (`{{#gambar PELAJARAN/NAMA}}`).

pub mod check;
pub mod declare;
pub mod dynamo;
pub mod figure;
pub mod mongo;
pub mod shape;
pub mod svg;

pub use declare::Picture;

/// The directive that places a picture in a chapter.
pub const DIRECTIVE: &str = "{{#gambar ";

/// `lesson/name` when `line` is a picture directive.
pub fn directive_target(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix(DIRECTIVE)?.strip_suffix("}}")?;
    let (lesson, name) = inner.trim().split_once('/')?;
    let valid = |s: &str| !s.is_empty() && !s.contains(char::is_whitespace);
    (valid(lesson) && valid(name)).then(|| (lesson.to_string(), name.to_string()))
}
