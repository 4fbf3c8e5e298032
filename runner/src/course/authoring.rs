//! The checks `kursus periksa` makes by reading the course's text, without a shell:
//! exercises in book order and led up to by the examples, prompts that show the
//! output's shape, hints in three tiers, dataset tables that match the data, chapters
//! that open with objectives, prerequisites and time and close with summary, reading
//! and quiz, design feedback that points to sections already read, a glossary of
//! exactly the marked terms and no drifted wording.

use super::catalog::Course;
use super::check::markdown_files;
use super::drift;
use super::error::{CourseError, Result};
use super::glossary;
use super::progression::{self, LessonChapter};
use super::{dataset_table, frame, hints, prompt, reading, sections};
use crate::pesan;
use std::path::Path;

/// Every problem found, in course order.
pub fn problems(course: &Course) -> Result<Vec<String>> {
    let chapters = lesson_chapters(course)?;
    let mut out = progression::problems(&chapters);
    out.extend(sections::problems(&chapters));
    for chapter in &chapters {
        out.extend(chapter_problems(chapter));
    }
    out.extend(book_problems(course)?);
    out.extend(lesson_file_problems(course)?);
    Ok(out)
}

fn lesson_chapters(course: &Course) -> Result<Vec<LessonChapter<'_>>> {
    course
        .lessons
        .iter()
        .map(|lesson| {
            let text = read_text(&course.chapter_path(lesson))?;
            let name = lesson.file.bab.clone();
            Ok(LessonChapter { lesson, name, text })
        })
        .collect()
}

fn chapter_problems(chapter: &LessonChapter) -> Vec<String> {
    let lesson = chapter.lesson;
    let prompts = lesson.file.latihan.iter().flat_map(|exercise| {
        let full_id = format!("{}/{}", lesson.file.id, exercise.id);
        let shape = prompt::problem(&full_id, exercise);
        shape
            .into_iter()
            .chain(prompt::unstated_rules(&full_id, exercise))
            .chain(hints::problems(&full_id, &exercise.petunjuk))
    });
    let mut out: Vec<String> = prompts.collect();
    out.extend(dataset_table::problems(
        &chapter.name,
        &chapter.text,
        &lesson.utama,
    ));
    out.extend(reading::problems(&chapter.name, &chapter.text));
    let has_quiz = lesson.kuis.is_some();
    out.extend(frame::problems(&chapter.name, &chapter.text, has_quiz));
    out
}

/// The glossary against the marks, and drifted wording in every page of the book.
fn book_problems(course: &Course) -> Result<Vec<String>> {
    let mut pages = Vec::new();
    let mut glossary_text = String::new();
    for path in markdown_files(&course.root.join("book").join("src")) {
        let name = file_name(&path);
        let text = read_text(&path)?;
        if name == pesan::BERKAS_GLOSARIUM {
            glossary_text = text;
        } else {
            pages.push((name, text));
        }
    }
    let mut out = glossary::problems(&glossary_text, &pages);
    let foreign = glossary::all_terms(&glossary_text);
    for (name, text) in &pages {
        out.extend(drift::problems(name, text));
        out.extend(drift::italic_terms(name, text, &foreign));
    }
    Ok(out)
}

/// Drifted wording in the prose of the lesson files and in the program's own messages.
/// `uji.toml` holds answers (code) and excerpts of the grader's feedback, whose words
/// are the catalogue's.
fn lesson_file_problems(course: &Course) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for lesson in &course.lessons {
        let path = lesson.dir.join("pelajaran.toml");
        let name = format!("{}/pelajaran.toml", lesson.file.id);
        out.extend(drift::lesson_prose(&name, &read_text(&path)?));
        let quiz = lesson.dir.join(super::quiz::file::FILE_NAME);
        if quiz.exists() {
            let name = format!("{}/{}", lesson.file.id, super::quiz::file::FILE_NAME);
            out.extend(drift::quiz_prose(&name, &read_text(&quiz)?));
        }
    }
    for (name, text) in drift::CATALOGUE {
        out.extend(drift::catalogue_problems(name, text));
    }
    Ok(out)
}

fn read_text(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|cause| CourseError::Unreadable {
        path: path.to_path_buf(),
        cause,
    })
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default()
}
