//! A chapter's quiz as the book's page shows it: HTML with markdown between blank lines
//! (as the exercise boxes are written), so mdBook renders the questions, options and code
//! like the rest of the chapter. The `data-kursus-*` attributes are what the page script
//! (`book/theme/kursus.js`) wires to the course's WebAssembly module, which judges; the
//! page holds the questions only, never which answer is right.

use super::super::catalog::Course;
use super::file::{Candidate, Choice, Kind};
use super::judge::{letter, right_options};
use super::{questions, Asked};
use crate::pesan::kuis as pesan;

/// The quiz of `chapter`'s page (without its heading: the chapter's own "Kuis bab ini"
/// section introduces it), or `None` without a quiz.
pub fn section(course: &Course, chapter: &str) -> Option<String> {
    let asked = questions(course, chapter);
    if asked.is_empty() {
        return None;
    }
    let again = asked.iter().filter(|a| a.chapter != chapter).count();
    let mut parts = vec![
        format!(
            "<div class=\"kursus-kuis\" data-kursus-kuis=\"{}\">\n",
            attr(chapter)
        ),
        format!("{}\n", pesan::pembuka_kuis_buku(asked.len(), again)),
    ];
    parts.extend(
        asked
            .iter()
            .enumerate()
            .map(|(i, a)| question(chapter, a, i + 1, asked.len())),
    );
    parts.push(closing());
    Some(parts.join("\n"))
}

/// The score, the buttons for the whole quiz, and what seeing the answers means.
fn closing() -> String {
    let ulang = button(pesan::LABEL_ULANG_KUIS, "data-kursus-ulang-kuis", "");
    let lihat = button(pesan::LABEL_LIHAT_JAWABAN, "data-kursus-lihat-jawaban", "");
    format!(
        "<div class=\"kursus-kuis-akhir\">\n\
         <p class=\"kursus-nilai\" data-kursus-nilai role=\"status\" aria-live=\"polite\"></p>\n\
         <div class=\"kursus-buttons\">{ulang}{lihat}</div>\n</div>\n\n\
         {}\n\n</div>\n",
        pesan::CATATAN_LIHAT_JAWABAN
    )
}

/// One question: a fieldset whose legend says its number (and "pilih semua yang benar"
/// where the terminal says it), the question, how it is answered, and room for feedback.
fn question(page: &str, asked: &Asked, n: usize, total: usize) -> String {
    let q = asked.question;
    let id = asked.full_id();
    // Element ids name the asking chapter too: a question asked again in a later chapter
    // appears twice in the printable book, which holds every chapter.
    let element = format!("{page}/{id}");
    let several = right_options(q).len() > 1 || matches!(q.kind, Kind::Rancangan { .. });
    let kind = match &q.kind {
        Kind::Pilihan(_) => "pilihan",
        Kind::Rancangan { .. } => "rancangan",
        Kind::Tebak { .. } => "tebak",
        Kind::Isian { .. } => "isian",
    };
    let mut parts = vec![
        format!(
            "<fieldset class=\"kursus-soal\" id=\"{}\" data-kursus-soal=\"{}\" data-kursus-jenis=\"{kind}\">\n<legend>{}</legend>\n",
            dom_id(&element),
            attr(&id),
            escape(&pesan::judul_soal(n, total, several))
        ),
        format!("{}\n", q.tanya.trim()),
    ];
    parts.push(answer_area(&element, &q.kind, several));
    parts.push(feedback_area());
    parts.join("\n")
}

/// Options to tick (checkboxes where several may be right), or a text box.
fn answer_area(id: &str, kind: &Kind, several: bool) -> String {
    let input = if several { "checkbox" } else { "radio" };
    match kind {
        Kind::Pilihan(choices) => {
            let options = choices
                .iter()
                .enumerate()
                .map(|(i, c)| choice(id, i, c, input));
            list(options.collect())
        }
        Kind::Rancangan { kandidat, .. } => {
            let options = kandidat
                .iter()
                .enumerate()
                .map(|(i, c)| candidate(id, i, c));
            list(options.collect())
        }
        Kind::Tebak { kode, .. } => {
            format!(
                "{}\n{}",
                fence("js", kode.trim()),
                text_box(id, pesan::LABEL_TEBAK)
            )
        }
        Kind::Isian { .. } => text_box(id, pesan::LABEL_ISIAN),
    }
}

fn list(options: Vec<String>) -> String {
    format!(
        "<div class=\"kursus-pilihan-daftar\">\n\n{}\n</div>\n",
        options.join("\n")
    )
}

/// An option: its input and label on one markdown line, so the label's text (code
/// spans, emphasis) is rendered as markdown.
fn option_line(id: &str, i: usize, input: &str, text: &str) -> String {
    let l = letter(i);
    let dom = format!("{}-{l}", dom_id(id));
    format!(
        "<input type=\"{input}\" id=\"{dom}\" name=\"{}\" value=\"{l}\" data-kursus-pilihan=\"{l}\" disabled> <label for=\"{dom}\">{l}) {}</label>",
        dom_id(id),
        one_line(text)
    )
}

fn choice(id: &str, i: usize, c: &Choice, input: &str) -> String {
    format!(
        "<div class=\"kursus-pilihan\">\n\n{}\n\n</div>\n",
        option_line(id, i, input, &c.teks)
    )
}

/// A candidate design: its description to tick, its model code folded away.
fn candidate(id: &str, i: usize, c: &Candidate) -> String {
    format!(
        "<div class=\"kursus-pilihan kursus-kandidat\">\n\n{}\n\n<details>\n<summary>{}</summary>\n\n{}\n</details>\n</div>\n",
        option_line(id, i, "checkbox", &c.teks),
        pesan::ringkasan_model(letter(i)),
        fence("js", c.model.trim())
    )
}

fn text_box(id: &str, label: &str) -> String {
    let dom = format!("{}-isian", dom_id(id));
    format!(
        "<p class=\"kursus-isian-baris\"><label for=\"{dom}\">{label}</label> <input type=\"text\" id=\"{dom}\" data-kursus-isian autocomplete=\"off\" autocapitalize=\"off\" spellcheck=\"false\" disabled></p>\n"
    )
}

/// The question's Jawab button, its feedback, and where its answer goes when shown.
fn feedback_area() -> String {
    format!(
        "<div class=\"kursus-buttons\">{}</div>\n\
         <div class=\"kursus-umpan-balik\" data-kursus-umpan-balik role=\"status\" aria-live=\"polite\"></div>\n\
         <div class=\"kursus-jawaban\" data-kursus-jawaban hidden></div>\n\
         </fieldset>\n",
        button(pesan::LABEL_JAWAB, "data-kursus-jawab", " kursus-primary")
    )
}

fn button(label: &str, marker: &str, class: &str) -> String {
    format!(
        "<button type=\"button\" class=\"kursus-button{class}\" {marker} disabled>{label}</button>"
    )
}

/// A fenced block longer than any run of backticks in the code.
fn fence(info: &str, code: &str) -> String {
    let longest = code.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let marker = "`".repeat(longest.max(2) + 1);
    format!("{marker}{info}\n{code}\n{marker}\n")
}

/// An option's text inside one markdown paragraph: a blank line would end it.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An element id for a question from `page/bab/id` (slashes are awkward in CSS selectors).
fn dom_id(full_id: &str) -> String {
    format!("kuis-{}", full_id.replace('/', "--"))
}

fn attr(text: &str) -> String {
    escape(text).replace('"', "&quot;")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
