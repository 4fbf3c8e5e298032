//! Concept checks: each chapter's `kuis.toml` (`file`), one answer judged (`judge`),
//! a chapter's questions and score, what the answers are (`reveal`), the quiz in the
//! book's page (`page`), the terminal's question-by-question run (`run`) and what
//! `kursus periksa` proves of every file (`verify`). Front ends go through `Session`'s
//! quiz methods, which use these.

pub mod file;
pub mod judge;
pub mod page;
pub mod reveal;
pub mod run;
pub mod verify;

pub use file::QuizFile;

use super::catalog::Course;
use super::progress::QuizRecord;
use file::Question;

/// A question as one chapter asks it, under the id of the chapter it was written
/// for (`bab/id`).
#[derive(Debug, Clone, Copy)]
pub struct Asked<'a> {
    pub chapter: &'a str,
    pub question: &'a Question,
}

impl Asked<'_> {
    pub fn full_id(&self) -> String {
        format!("{}/{}", self.chapter, self.question.id)
    }
}

/// `chapter`'s quiz in order: its own questions, then those of earlier chapters it
/// asks again (one that cannot be found is left out; `periksa` reports it).
pub fn questions<'a>(course: &'a Course, chapter: &str) -> Vec<Asked<'a>> {
    let Ok(lesson) = course.find_lesson(chapter) else {
        return Vec::new();
    };
    let Some(quiz) = &lesson.kuis else {
        return Vec::new();
    };
    let own = quiz.soal.iter().map(|question| Asked {
        chapter: &lesson.file.id,
        question,
    });
    let again = quiz.ulang.iter().filter_map(|id| find(course, id));
    own.chain(again).collect()
}

/// The question `bab/id`, wherever it was written.
pub fn find<'a>(course: &'a Course, full_id: &str) -> Option<Asked<'a>> {
    let (chapter, id) = full_id.split_once('/')?;
    let lesson = course.find_lesson(chapter).ok()?;
    let question = lesson.kuis.as_ref()?.soal.iter().find(|q| q.id == id)?;
    Some(Asked {
        chapter: &lesson.file.id,
        question,
    })
}

/// (right, total) of a chapter's quiz as recorded.
pub fn score(record: Option<&QuizRecord>, asked: &[Asked]) -> (usize, usize) {
    let right = asked
        .iter()
        .filter(|a| record.is_some_and(|r| r.benar.contains(&a.full_id())))
        .count();
    (right, asked.len())
}
