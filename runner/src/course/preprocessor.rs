//! Our mdBook preprocessor: renders `{{#latihan …}}` boxes and `{{#istilah …}}` terms,
//! labels keluaran blocks and strips the `kursus` marker from executed examples' fence info.

use super::catalog::{Course, ExerciseRef};
use super::chapter::{self, Fence};
use super::glossary;
use crate::pesan;
use mdbook_preprocessor::book::{Book, BookItem};
use mdbook_preprocessor::errors::Result;
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};

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
                ch.content = transform(&ch.content, &self.course);
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
