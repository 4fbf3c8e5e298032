//! Terms: the book marks a term where it explains it, `{{#istilah item collection}}`
//! (or `{{#istilah teks di kalimat|istilah}}` when the sentence inflects it), and the
//! glossary lists exactly the marked terms, one per row of its tables.

use super::chapter;
use super::dataset_table::tables;
use crate::pesan;
use std::collections::BTreeSet;

/// One marked term: where it is, the words the sentence shows, the glossary term.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    pub line: usize,
    pub shown: String,
    pub term: String,
}

/// The marks of a chapter, outside code blocks and code spans.
pub fn marks(text: &str) -> Vec<Mark> {
    let inside: BTreeSet<usize> = chapter::fences(text)
        .iter()
        .flat_map(|f| f.open..=f.close)
        .collect();
    text.lines()
        .enumerate()
        .filter(|(i, _)| !inside.contains(i))
        .flat_map(|(i, line)| {
            prose_parts(line)
                .into_iter()
                .flat_map(move |p| marks_in(i, &p))
        })
        .collect()
}

/// The parts of a line outside `code` spans.
fn prose_parts(line: &str) -> Vec<String> {
    line.split('`').step_by(2).map(str::to_string).collect()
}

fn marks_in(line: usize, text: &str) -> Vec<Mark> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some((inner, after)) = next_mark(rest) {
        let (shown, term) = inner.split_once('|').unwrap_or((inner, inner));
        out.push(Mark {
            line,
            shown: shown.trim().to_string(),
            term: term.trim().to_string(),
        });
        rest = after;
    }
    out
}

/// The inside of the next mark and the text after it.
fn next_mark(text: &str) -> Option<(&str, &str)> {
    let start = text.find(pesan::TANDA_ISTILAH)? + pesan::TANDA_ISTILAH.len();
    let rest = text.get(start..)?;
    let end = rest.find("}}")?;
    Some((rest.get(..end)?, rest.get(end + 2..)?))
}

/// A line of prose with its marks rendered as HTML (code spans left alone).
pub fn render_line(line: &str) -> String {
    let parts: Vec<String> = line
        .split('`')
        .enumerate()
        .map(|(n, part)| {
            if n % 2 == 0 {
                render_prose(part)
            } else {
                part.to_string()
            }
        })
        .collect();
    parts.join("`")
}

fn render_prose(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let (Some(start), Some((inner, after))) =
        (rest.find(pesan::TANDA_ISTILAH), next_mark(rest))
    {
        out.push_str(rest.get(..start).unwrap_or_default());
        let shown = inner.split_once('|').map_or(inner, |(s, _)| s).trim();
        out.push_str(&format!(
            "<dfn class=\"istilah\"><a href=\"{}\">{shown}</a></dfn>",
            pesan::HALAMAN_GLOSARIUM
        ));
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The terms of the glossary: the first cell of every row of its tables.
pub fn terms(glossary: &str) -> Vec<String> {
    tables(glossary)
        .iter()
        .flat_map(|t| t.iter().skip(2).filter_map(|row| row.first().cloned()))
        .map(|cell| {
            cell.trim_matches(|c| c == '*' || c == '`')
                .trim()
                .to_string()
        })
        .filter(|term| !term.is_empty())
        .collect()
}

/// Every term of the glossary in lower case, in either language: the first two cells
/// of each row, without emphasis or a parenthesised note (`partition key (`HASH`)`).
pub fn all_terms(glossary: &str) -> BTreeSet<String> {
    tables(glossary)
        .iter()
        .flat_map(|t| t.iter().skip(2))
        .flat_map(|row| row.iter().take(2))
        .map(|cell| {
            let bare = cell.split(" (").next().unwrap_or_default();
            bare.trim_matches(|c| c == '*' || c == '`')
                .trim()
                .to_lowercase()
        })
        .filter(|term| !term.is_empty())
        .collect()
}

/// Marked terms missing from the glossary and glossary terms marked nowhere;
/// `chapters` are (file name, text) pairs of the book without the glossary.
pub fn problems(glossary: &str, chapters: &[(String, String)]) -> Vec<String> {
    let listed: BTreeSet<String> = terms(glossary).iter().map(|t| t.to_lowercase()).collect();
    let mut marked = BTreeSet::new();
    let mut out = Vec::new();
    for (name, text) in chapters {
        for mark in marks(text) {
            let key = mark.term.to_lowercase();
            if !listed.contains(&key) {
                out.push(pesan::istilah_tanpa_glosarium(
                    name,
                    mark.line + 1,
                    &mark.term,
                ));
            }
            marked.insert(key);
        }
    }
    for term in terms(glossary) {
        if !marked.contains(&term.to_lowercase()) {
            out.push(pesan::glosarium_tanpa_tanda(&term));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GLOSARIUM: &str = "# Glosarium\n\n| istilah | Inggris | arti |\n| --- | --- | --- |\n| **subdokumen** | embedded document | dokumen di dalam dokumen |\n| `ObjectId` | ObjectId | |\n";

    #[test]
    fn marks_outside_code_with_and_without_inflection() {
        let text = "Ini {{#istilah subdokumen}}, itu {{#istilah ObjectId-nya|ObjectId}}.\n`{{#istilah bukan}}`\n```\n{{#istilah juga bukan}}\n```\n";
        let mark = |shown: &str, term: &str| Mark {
            line: 0,
            shown: shown.into(),
            term: term.into(),
        };
        assert_eq!(
            marks(text),
            vec![
                mark("subdokumen", "subdokumen"),
                mark("ObjectId-nya", "ObjectId")
            ]
        );
    }

    #[test]
    fn glossary_terms_are_first_cells_without_emphasis() {
        assert_eq!(terms(GLOSARIUM), vec!["subdokumen", "ObjectId"]);
    }

    #[test]
    fn unmarked_and_unlisted_terms_fail_both_ways() {
        let chapters = vec![(
            "a.md".to_string(),
            "{{#istilah Subdokumen}} dan {{#istilah tenant}}\n".to_string(),
        )];
        assert_eq!(
            problems(GLOSARIUM, &chapters),
            vec![
                pesan::istilah_tanpa_glosarium("a.md", 1, "tenant"),
                pesan::glosarium_tanpa_tanda("ObjectId"),
            ]
        );
    }

    #[test]
    fn rendering_keeps_code_spans_and_shows_the_sentence_words() {
        let line = "Satu {{#istilah partisinya|partisi}} dan `{{#istilah x}}`.";
        assert_eq!(
            render_line(line),
            format!(
                "Satu <dfn class=\"istilah\"><a href=\"{}\">partisinya</a></dfn> dan `{{{{#istilah x}}}}`.",
                pesan::HALAMAN_GLOSARIUM
            )
        );
    }
}
