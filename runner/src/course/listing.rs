//! `kursus daftar` / `.daftar`: lessons and exercises with ✓ and a progress bar.

use super::catalog::Course;
use super::progress::Progress;
use crate::pesan;

const BAR_WIDTH: usize = 20;

pub fn render(course: &Course, progress: &Progress) -> String {
    let mut lines = Vec::new();
    for lesson in &course.lessons {
        lines.push(format!("{} — {}", lesson.file.id, lesson.file.judul));
        for exercise in &lesson.file.latihan {
            let full_id = format!("{}/{}", lesson.file.id, exercise.id);
            lines.push(exercise_line(&full_id, &exercise.judul, progress));
        }
        lines.extend(quiz_line(course, &lesson.file.id, progress));
        lines.push(String::new());
    }
    let total = course.exercises().count();
    let done = course
        .exercises()
        .filter(|e| progress.is_done(&e.full_id()))
        .count();
    lines.push(pesan::bilah_kemajuan(&bar(done, total), done, total));
    lines.join("\n")
}

/// The chapter quiz's score, when the chapter has a quiz.
fn quiz_line(course: &Course, chapter: &str, progress: &Progress) -> Option<String> {
    let asked = super::quiz::questions(course, chapter);
    if asked.is_empty() {
        return None;
    }
    let Some(record) = progress.kuis.get(chapter) else {
        return Some(pesan::kuis::DAFTAR_KUIS_BELUM.to_string());
    };
    let (right, total) = super::quiz::score(Some(record), &asked);
    Some(pesan::kuis::baris_daftar_kuis(
        right,
        total,
        record.jawaban_dilihat,
    ))
}

fn exercise_line(full_id: &str, title: &str, progress: &Progress) -> String {
    let mark = if progress.is_done(full_id) {
        "✓"
    } else {
        " "
    };
    let here = if progress.aktif.as_deref() == Some(full_id) {
        " ←"
    } else {
        ""
    };
    format!("  [{mark}] {full_id}  {title}{here}")
}

pub fn bar(done: usize, total: usize) -> String {
    let filled = (done * BAR_WIDTH)
        .checked_div(total)
        .unwrap_or(0)
        .min(BAR_WIDTH);
    format!("[{}{}]", "█".repeat(filled), "░".repeat(BAR_WIDTH - filled))
}
