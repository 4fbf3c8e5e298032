//! Our mdBook preprocessor: renders `{{#latihan …}}` boxes, `{{#gambar …}}` pictures
//! and `{{#istilah …}}` terms,
//! labels keluaran blocks, strips the `kursus` marker from executed examples' fence info,
//! and adds a lesson's chapter its quiz (before its reading list, else at the end).

use super::catalog::{Course, ExerciseRef};
use super::chapter::{self, Fence};
use super::diagram;
use super::glossary;
use super::quiz;
use crate::pesan;
use mdbook_preprocessor::book::{Book, BookItem};
use mdbook_preprocessor::errors::Result;
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};
use std::path::Path;

pub struct KursusPreprocessor {
    pub course: Course,
}

impl Preprocessor for KursusPreprocessor {
    fn name(&self) -> &str {
        "kursus"
    }

    fn run(&self, _ctx: &PreprocessorContext, mut book: Book) -> Result<Book> {
        book.for_each_mut(|item| {
            if let BookItem::Chapter(ch) = item {
                let path = ch.path.clone();
                ch.content = chapter_page(&ch.content, &self.course, path.as_deref());
            }
        });
        Ok(book)
    }
}

/// The chapter's markdown as the renderer should see it.
pub fn transform(text: &str, course: &Course) -> String {
    let fences = chapter::fences(text);
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(fence) = fences.iter().find(|f| f.open == i) {
            out.extend(fence_opening(line, fence));
        } else if fences.iter().any(|f| f.open < i && i <= f.close) {
            out.push(line.to_string());
        } else if let Some(id) = chapter::directive_id(line) {
            out.push(exercise_box(&id, course.find_exercise(&id).ok()));
        } else if let Some((lesson, name)) = diagram::directive_target(line) {
            out.push(diagram::figure::html(course, &lesson, &name));
        } else {
            out.push(glossary::render_line(line));
        }
    }
    let mut joined = out.join("\n");
    if text.ends_with('\n') {
        joined.push('\n');
    }
    joined
}

/// A chapter as the renderer should see it: [`transform`]ed, with its lesson's quiz when
/// the page at `path` (relative to the book's source) is a lesson's chapter.
pub fn chapter_page(text: &str, course: &Course, path: Option<&Path>) -> String {
    let page = transform(text, course);
    let lesson = course
        .lessons
        .iter()
        .find(|l| path == Some(Path::new(&l.file.bab)));
    match lesson.and_then(|l| quiz::page::section(course, &l.file.id)) {
        Some(section) => with_quiz(&page, &section),
        None => page,
    }
}

/// `page` with the quiz at the end of its "Kuis bab ini" section (which says how to open
/// it in the terminal); a page without that section gets one before its reading list, or
/// at its end.
fn with_quiz(page: &str, quiz: &str) -> String {
    let fences = chapter::fences(page);
    let lines: Vec<&str> = page.lines().collect();
    let h2 = |i: usize, title: &str| {
        let line = lines[i];
        line.starts_with("## ")
            && line.trim_start_matches('#').trim() == title
            && !fences.iter().any(|f| f.open <= i && i <= f.close)
    };
    let own = (0..lines.len()).find(|&i| h2(i, pesan::JUDUL_KUIS));
    let (at, body) = match own {
        Some(start) => {
            let next = (start + 1..lines.len()).find(|&i| {
                lines[i].starts_with("## ") && !fences.iter().any(|f| f.open <= i && i <= f.close)
            });
            (next.unwrap_or(lines.len()), quiz.to_string())
        }
        None => {
            let reading = (0..lines.len()).find(|&i| h2(i, pesan::JUDUL_BACAAN_LANJUT));
            let heading = format!("## {}\n\n{quiz}", pesan::JUDUL_KUIS);
            (reading.unwrap_or(lines.len()), heading)
        }
    };
    let before = lines[..at].join("\n");
    let after = lines[at..].join("\n");
    format!("{before}\n\n{body}\n{after}\n")
}

fn fence_opening(line: &str, fence: &Fence) -> Vec<String> {
    let marker_end = line.len() - line.trim_start().len() + marker_len(line.trim_start());
    let marker = line.get(..marker_end).unwrap_or(line);
    if chapter::is_example(&fence.info) {
        let info: Vec<&str> = fence
            .info
            .split_whitespace()
            .filter(|w| *w != pesan::PENANDA_CONTOH)
            .collect();
        vec![format!("{marker}{}", info.join(" "))]
    } else if chapter::is_keluaran(&fence.info) {
        let label = format!(
            "<p class=\"keluaran-label\"><em>{}</em></p>",
            pesan::LABEL_KELUARAN
        );
        vec![label, String::new(), format!("{marker}text")]
    } else {
        vec![line.to_string()]
    }
}

fn marker_len(trimmed: &str) -> usize {
    let first = trimmed.chars().next().unwrap_or('`');
    trimmed.chars().take_while(|c| *c == first).count()
}

/// The HTML box for an exercise; markdown inside stays markdown (blank-line separated).
fn exercise_box(id: &str, exercise: Option<ExerciseRef<'_>>) -> String {
    let Some(e) = exercise else {
        return format!(
            "<div class=\"latihan latihan-salah\">{}</div>",
            escape(&pesan::latihan_tidak_ada(id))
        );
    };
    let mut parts = vec![
        "<div class=\"latihan\">".to_string(),
        format!(
            "<p class=\"latihan-judul\"><strong>{}: {}</strong></p>\n",
            pesan::LABEL_LATIHAN,
            escape(&e.exercise.judul)
        ),
        e.exercise.soal.trim().to_string(),
        format!("\n<p>{}</p>\n", pesan::LABEL_BUKA),
        format!("```sh\n{}\n```\n", pesan::cara_buka_latihan(id)),
    ];
    parts.extend(
        e.exercise
            .petunjuk
            .iter()
            .enumerate()
            .map(|(i, hint)| hint_details(i + 1, hint)),
    );
    parts.push("</div>\n".to_string());
    parts.join("\n")
}

fn hint_details(n: usize, hint: &str) -> String {
    format!(
        "<details>\n<summary>{} {n}</summary>\n\n{}\n\n</details>",
        pesan::LABEL_PETUNJUK,
        hint.trim()
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::quiz::file::Kind;
    use crate::course::quiz::judge::option_count;

    fn course() -> Course {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        Course::load(&root).expect("the course loads")
    }

    /// The part of `page` from question `id`'s fieldset to its end.
    fn fieldset<'a>(page: &'a str, id: &str) -> &'a str {
        let marker = format!("data-kursus-soal=\"{id}\"");
        let start = page.find(&marker).unwrap_or_else(|| panic!("{id} missing"));
        let rest = &page[start..];
        &rest[..rest.find("</fieldset>").expect("the fieldset closes")]
    }

    #[test]
    fn every_chapter_page_holds_every_question_of_its_quiz() {
        let course = course();
        for lesson in &course.lessons {
            let text = std::fs::read_to_string(course.chapter_path(lesson)).unwrap();
            let page = chapter_page(&text, &course, Some(Path::new(&lesson.file.bab)));
            let bab = &lesson.file.id;
            assert_eq!(
                page.matches(&format!("data-kursus-kuis=\"{bab}\"")).count(),
                1
            );
            let asked = quiz::questions(&course, bab);
            let file = lesson.kuis.as_ref().expect("every chapter has a quiz");
            assert_eq!(
                asked.len(),
                file.soal.len() + file.ulang.len(),
                "{bab}: re-asked too"
            );
            assert_eq!(
                page.matches("data-kursus-soal=").count(),
                asked.len(),
                "{bab}"
            );
            for a in &asked {
                let html = fieldset(&page, &a.full_id());
                let options = html.matches("data-kursus-pilihan=").count();
                assert_eq!(options, option_count(a.question), "{}", a.full_id());
                let typed = html.matches("data-kursus-isian").count();
                assert_eq!(typed, usize::from(options == 0), "{}", a.full_id());
                assert!(html.contains(a.question.tanya.trim()), "{}", a.full_id());
            }
        }
    }

    #[test]
    fn the_page_holds_no_answer_and_the_quiz_comes_before_the_reading_list() {
        let course = course();
        for lesson in &course.lessons {
            let text = std::fs::read_to_string(course.chapter_path(lesson)).unwrap();
            let page = chapter_page(&text, &course, Some(Path::new(&lesson.file.bab)));
            for a in quiz::questions(&course, &lesson.file.id) {
                let feedback: Vec<String> = match &a.question.kind {
                    Kind::Pilihan(choices) => choices.iter().map(|c| c.umpan.clone()).collect(),
                    Kind::Rancangan { kandidat, .. } => {
                        kandidat.iter().map(|c| c.umpan.clone()).collect()
                    }
                    Kind::Tebak { penjelasan, .. } | Kind::Isian { penjelasan, .. } => {
                        vec![penjelasan.clone()]
                    }
                };
                for text in feedback.iter().filter(|t| !t.trim().is_empty()) {
                    assert!(
                        !page.contains(text.trim()),
                        "{}: feedback in the page",
                        a.full_id()
                    );
                }
            }
            assert_eq!(
                page.matches(&format!("## {}\n", pesan::JUDUL_KUIS)).count(),
                1
            );
            let quiz_at = page.find("data-kursus-kuis=").unwrap();
            let reading = format!("## {}", pesan::JUDUL_BACAAN_LANJUT);
            if let Some(reading_at) = text
                .contains(&reading)
                .then(|| page.find(&reading).unwrap())
            {
                assert!(quiz_at < reading_at, "{}", lesson.file.id);
            }
        }
    }

    #[test]
    fn a_page_that_is_no_lesson_chapter_gets_no_quiz() {
        let course = course();
        let page = chapter_page(
            "# Pengantar\n\nTeks.\n",
            &course,
            Some(Path::new("pengantar.md")),
        );
        assert!(!page.contains("data-kursus-kuis"));
        assert_eq!(page, transform("# Pengantar\n\nTeks.\n", &course));
    }
}
