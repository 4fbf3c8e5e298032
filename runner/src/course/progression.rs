//! How a lesson leads to its exercises: the book places them in the order of
//! `pelajaran.toml`, and every technique a reference solution (or a design exercise's
//! reference model) uses appears in an executed example before the exercise, in its
//! chapter or an earlier one.

use super::catalog::Lesson;
use super::chapter;
use super::technique::techniques;
use crate::pesan;
use std::collections::BTreeSet;

/// A lesson's chapter as text, next to the lesson.
pub struct LessonChapter<'a> {
    pub lesson: &'a Lesson,
    pub name: String,
    pub text: String,
}

/// Problems of every lesson, chapters given in course order.
pub fn problems(chapters: &[LessonChapter]) -> Vec<String> {
    let mut shown_before = BTreeSet::new();
    let mut out = Vec::new();
    for chapter in chapters {
        out.extend(order_problem(chapter));
        out.extend(technique_problems(chapter, &shown_before));
        shown_before.extend(shown_until(&chapter.text, usize::MAX));
    }
    out
}

/// The lesson's own exercises in the order the chapter places them must be the
/// order of `pelajaran.toml`.
fn order_problem(chapter: &LessonChapter) -> Option<String> {
    let lesson_id = &chapter.lesson.file.id;
    let in_book: Vec<String> = chapter::directives(&chapter.text)
        .into_iter()
        .filter_map(|d| own_exercise(&d.id, lesson_id))
        .collect();
    let in_file: Vec<String> = chapter
        .lesson
        .file
        .latihan
        .iter()
        .map(|e| e.id.clone())
        .collect();
    let placed: Vec<String> = in_file
        .iter()
        .filter(|id| in_book.contains(id))
        .cloned()
        .collect();
    (placed != in_book).then(|| pesan::urutan_latihan_beda(&chapter.name, &in_book, &placed))
}

fn own_exercise(full_id: &str, lesson_id: &str) -> Option<String> {
    let (lesson, id) = full_id.split_once('/')?;
    (lesson == lesson_id).then(|| id.to_string())
}

/// Techniques of the solutions not shown before their exercise.
fn technique_problems(chapter: &LessonChapter, shown_before: &BTreeSet<String>) -> Vec<String> {
    let lesson_id = &chapter.lesson.file.id;
    let directives = chapter::directives(&chapter.text);
    let mut out = Vec::new();
    // A design exercise's reference model counts too: it is one sound model among many,
    // but a learner must be able to write one like it from what the book has shown.
    for exercise in &chapter.lesson.file.latihan {
        let full_id = format!("{lesson_id}/{}", exercise.id);
        let line = directives
            .iter()
            .find(|d| d.id == full_id)
            .map_or(usize::MAX, |d| d.line);
        let mut shown = shown_until(&chapter.text, line);
        shown.extend(shown_before.iter().cloned());
        let missing: Vec<String> = techniques(&exercise.solusi)
            .difference(&shown)
            .cloned()
            .collect();
        if !missing.is_empty() {
            out.push(pesan::teknik_belum_ditunjukkan(&full_id, &missing));
        }
    }
    out
}

/// Techniques of the chapter's executed examples that open before `line`.
fn shown_until(text: &str, line: usize) -> BTreeSet<String> {
    chapter::examples(text)
        .iter()
        .filter(|e| e.code.open < line)
        .flat_map(|e| techniques(&e.code.body))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::dataset::Dataset;
    use crate::course::lesson::LessonFile;

    const TOML: &str = r#"
format_version = 1
id = "p"
judul = "P"
bab = "p.md"
objectid = "6ae8992ef71ce5016d8de666"
[dataset.utama]
[dataset.varian]
[[latihan]]
id = "urut"
judul = "Urut"
soal = "s"
penilaian = "keluaran"
solusi = "db.m.find({}).sort({ a: 1 })"
[[latihan]]
id = "jumlah"
judul = "Jumlah"
soal = "s"
penilaian = "keluaran"
solusi = "db.m.aggregate([{ $group: { _id: null, n: { $sum: 1 } } }])"
"#;

    fn lesson() -> Lesson {
        Lesson {
            file: LessonFile::parse(TOML, "p.toml", "p").unwrap(),
            dir: std::path::PathBuf::new(),
            utama: Dataset::default(),
            varian: Dataset::default(),
            kuis: None,
        }
    }

    fn chapter<'a>(lesson: &'a Lesson, text: &str) -> LessonChapter<'a> {
        LessonChapter {
            lesson,
            name: "p.md".into(),
            text: text.into(),
        }
    }

    const EXAMPLE: &str =
        "```js kursus\ndb.m.find({}).sort({ a: -1 })\n```\n\n```text keluaran\n[]\n```\n";

    #[test]
    fn techniques_must_come_before_their_exercise() {
        let lesson = lesson();
        let late = format!("{{{{#latihan p/urut}}}}\n\n{EXAMPLE}\n{{{{#latihan p/jumlah}}}}\n");
        assert_eq!(
            problems(&[chapter(&lesson, &late)]),
            vec![
                pesan::teknik_belum_ditunjukkan("p/urut", &[".find()".into(), ".sort()".into()]),
                pesan::teknik_belum_ditunjukkan(
                    "p/jumlah",
                    &["$group".into(), "$sum".into(), ".aggregate()".into()]
                ),
            ]
        );
    }

    #[test]
    fn an_earlier_chapter_counts_as_shown() {
        let lesson = lesson();
        let earlier =
            "```js kursus\ndb.m.aggregate([{ $group: { _id: 1, n: { $sum: 2 } } }])\n```\n";
        let text = format!("{EXAMPLE}\n{{{{#latihan p/urut}}}}\n\n{{{{#latihan p/jumlah}}}}\n");
        let found = problems(&[chapter(&lesson, earlier), chapter(&lesson, &text)]);
        assert!(found.iter().all(|p| !p.contains("p/jumlah")), "{found:?}");
    }

    #[test]
    fn the_book_order_must_be_the_file_order() {
        let lesson = lesson();
        let text = format!("{EXAMPLE}\n{{{{#latihan p/jumlah}}}}\n\n{{{{#latihan p/urut}}}}\n");
        let found = problems(&[chapter(&lesson, &text)]);
        let book = ["jumlah".to_string(), "urut".to_string()];
        let file = ["urut".to_string(), "jumlah".to_string()];
        assert!(
            found.contains(&pesan::urutan_latihan_beda("p.md", &book, &file)),
            "{found:?}"
        );
    }
}
