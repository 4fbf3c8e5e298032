//! Design feedback sends the learner to a section to reread (`bagian` in the design
//! spec, as «title»). That section must be one the learner has already met: a heading
//! of the exercise's chapter before the exercise, or of an earlier chapter.

use super::chapter;
use super::design::Spec;
use super::progression::LessonChapter;
use crate::pesan;
use std::collections::BTreeSet;

/// Problems of every design exercise, chapters given in course order.
pub fn problems(chapters: &[LessonChapter]) -> Vec<String> {
    let mut earlier: BTreeSet<String> = BTreeSet::new();
    let mut out = Vec::new();
    for chapter in chapters {
        let headings = chapter::headings(&chapter.text);
        let directives = chapter::directives(&chapter.text);
        let lesson_id = &chapter.lesson.file.id;
        for exercise in &chapter.lesson.file.latihan {
            let Some(spec) = exercise.design() else {
                continue;
            };
            let full_id = format!("{lesson_id}/{}", exercise.id);
            let line = directives
                .iter()
                .find(|d| d.id == full_id)
                .map_or(usize::MAX, |d| d.line);
            let before: BTreeSet<&str> = headings
                .iter()
                .filter(|h| h.line < line)
                .map(|h| h.title.as_str())
                .collect();
            let unknown = referenced(spec)
                .into_iter()
                .filter(|t| !before.contains(t.as_str()) && !earlier.contains(t));
            out.extend(unknown.map(|t| pesan::bagian_tidak_ada(&full_id, &t)));
        }
        earlier.extend(headings.into_iter().map(|h| h.title));
    }
    out
}

/// Every «title» the spec's feedback points to, once each.
fn referenced(spec: &Spec) -> BTreeSet<String> {
    let b = &spec.bagian;
    let fields = [&b.jawaban, &b.anggaran, &b.baca, &b.ukuran, &b.sumber]
        .into_iter()
        .chain(b.indeks.iter())
        .chain(b.sebaran.iter())
        .chain(spec.pola.iter().filter_map(|p| p.bagian.as_ref()));
    fields.flat_map(|text| titles(text)).collect()
}

/// The texts between « and ».
fn titles(text: &str) -> Vec<String> {
    text.split('«')
        .skip(1)
        .filter_map(|part| part.split_once('»').map(|(t, _)| t.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_read_between_guillemets() {
        assert_eq!(
            titles("«Satu» (bab X), lalu «Dua `$lookup`»"),
            vec!["Satu".to_string(), "Dua `$lookup`".to_string()]
        );
    }
}
