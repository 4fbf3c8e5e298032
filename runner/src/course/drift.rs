//! One word per concept: the wordings that drifted away from the book's term, and
//! calques of English, are flagged wherever a learner reads them: in the book, in the
//! prose of the lesson files (titles, prompts, hints) and in the catalogue of the
//! program's own messages. Foreign terms of the glossary are written upright.

use super::chapter;
use crate::pesan;
use std::collections::BTreeSet;

/// The catalogue's sources, read as text: its wording is checked like the book's
/// (all but `pesan/istilah.rs`, which names the drifted wordings).
pub const CATALOGUE: [(&str, &str); 10] = [
    ("runner/src/pesan.rs", include_str!("../pesan.rs")),
    ("runner/src/pesan/cli.rs", include_str!("../pesan/cli.rs")),
    (
        "runner/src/pesan/mesin.rs",
        include_str!("../pesan/mesin.rs"),
    ),
    (
        "runner/src/pesan/shell.rs",
        include_str!("../pesan/shell.rs"),
    ),
    (
        "runner/src/pesan/server.rs",
        include_str!("../pesan/server.rs"),
    ),
    ("runner/src/pesan/kuis.rs", include_str!("../pesan/kuis.rs")),
    (
        "runner/src/pesan/rancangan.rs",
        include_str!("../pesan/rancangan.rs"),
    ),
    (
        "runner/src/pesan/mutan.rs",
        include_str!("../pesan/mutan.rs"),
    ),
    (
        "runner/src/pesan/galat.rs",
        include_str!("../pesan/galat.rs"),
    ),
    (
        "runner/src/pesan/gambar.rs",
        include_str!("../pesan/gambar.rs"),
    ),
];

/// The fields of an exercise in `pelajaran.toml` that a learner reads as prose; the
/// rest is code (solutions, the starter file whose comments the learner's saved models
/// keep) or the grader's own figures.
const PROSE_FIELDS: [&str; 3] = ["judul", "soal", "petunjuk"];

/// Drifted wordings and calques of `text` (named `source`), outside code blocks and
/// code spans.
pub fn problems(source: &str, text: &str) -> Vec<String> {
    prose_lines(text)
        .flat_map(|(i, prose)| line_problems(source, i + 1, &prose))
        .collect()
}

fn line_problems(source: &str, line: usize, prose: &str) -> Vec<String> {
    let drifted = pesan::ISTILAH_MELENCENG
        .iter()
        .filter(|(wrong, _)| contains_word(prose, wrong))
        .map(|(wrong, right)| pesan::istilah_melenceng(source, line, wrong, right));
    let calques = pesan::KALKE
        .iter()
        .filter(|(calque, _)| contains_word(prose, calque))
        .map(|(calque, advice)| pesan::kalke(source, line, calque, advice));
    drifted.chain(calques).collect()
}

/// Lines outside code blocks, 0-based, with their code spans blanked.
fn prose_lines(text: &str) -> impl Iterator<Item = (usize, String)> + '_ {
    let inside: BTreeSet<usize> = chapter::fences(text)
        .iter()
        .flat_map(|f| f.open..=f.close)
        .collect();
    text.lines()
        .enumerate()
        .filter(move |(i, _)| !inside.contains(i))
        .map(|(i, line)| {
            let prose = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
            (i, prose)
        })
}

/// Glossary terms (`terms`, lower case) set in italics in `text`.
pub fn italic_terms(source: &str, text: &str, terms: &BTreeSet<String>) -> Vec<String> {
    prose_lines(text)
        .flat_map(|(i, prose)| {
            italics(&prose)
                .into_iter()
                .filter(|span| terms.contains(&span.trim().to_lowercase()))
                .map(move |span| pesan::istilah_miring(source, i + 1, span.trim()))
        })
        .collect()
}

/// The texts between single asterisks of a line (`**bold**` is not italic).
fn italics(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    let mut i = 0;
    while i < chars.len() {
        let run = chars[i..].iter().take_while(|c| **c == '*').count();
        if run == 0 {
            i += 1;
            continue;
        }
        // A run of one or three asterisks opens or closes an italic span.
        if run % 2 == 1 {
            match open.take() {
                Some(start) => out.push(chars[start..i].iter().collect::<String>()),
                None => open = Some(i + run),
            }
        }
        i += run;
    }
    out.iter()
        .map(|s| s.trim_matches('*').to_string())
        .collect()
}

/// Drifted wordings in the prose fields of a lesson file, with the file's line numbers.
pub fn lesson_prose(source: &str, text: &str) -> Vec<String> {
    let Ok(doc) = toml_edit::Document::parse(text) else {
        // A file that does not parse is reported by the lesson loader.
        return Vec::new();
    };
    let Some(exercises) = doc.get("latihan").and_then(|i| i.as_array_of_tables()) else {
        return Vec::new();
    };
    let spans = exercises
        .iter()
        .flat_map(|e| PROSE_FIELDS.iter().flat_map(move |f| value_spans(e.get(f))));
    span_problems(source, text, spans.collect())
}

/// Drifted wordings inside `spans` of `text`, with the file's line numbers.
fn span_problems(source: &str, text: &str, spans: Vec<std::ops::Range<usize>>) -> Vec<String> {
    spans
        .into_iter()
        .flat_map(|span| {
            let offset = super::toml_file::line_of(text, span.start) - 1;
            shifted(source, text.get(span).unwrap_or_default(), offset)
        })
        .collect()
}

/// The prose of a chapter's `kuis.toml`: questions, options, candidates' descriptions,
/// feedback and explanations (not the code to predict, the models or the accepted
/// answers, which are what the learner types).
pub fn quiz_prose(source: &str, text: &str) -> Vec<String> {
    let Ok(doc) = toml_edit::Document::parse(text) else {
        return Vec::new();
    };
    let Some(questions) = doc.get("soal").and_then(|i| i.as_array_of_tables()) else {
        return Vec::new();
    };
    let mut spans = Vec::new();
    for q in questions.iter() {
        spans.extend(
            ["tanya", "penjelasan"]
                .iter()
                .flat_map(|f| value_spans(q.get(f))),
        );
        for list in ["pilihan", "kandidat"] {
            let Some(options) = q.get(list).and_then(|i| i.as_array_of_tables()) else {
                continue;
            };
            for o in options.iter() {
                spans.extend(["teks", "umpan"].iter().flat_map(|f| value_spans(o.get(f))));
            }
        }
    }
    span_problems(source, text, spans)
}

/// The spans of a string value, or of each string of an array.
fn value_spans(item: Option<&toml_edit::Item>) -> Vec<std::ops::Range<usize>> {
    match item {
        Some(toml_edit::Item::Value(toml_edit::Value::Array(items))) => {
            items.iter().filter_map(toml_edit::Value::span).collect()
        }
        Some(item) => item.span().into_iter().collect(),
        None => Vec::new(),
    }
}

/// `problems` of a piece of a file that starts `offset` lines into it.
fn shifted(source: &str, piece: &str, offset: usize) -> Vec<String> {
    prose_lines(piece)
        .flat_map(|(i, prose)| line_problems(source, offset + i + 1, &prose))
        .collect()
}

/// Drifted wordings in the string literals of a Rust source: its identifiers are code.
pub fn catalogue_problems(source: &str, text: &str) -> Vec<String> {
    problems(source, &literals_only(text))
}

/// `text` with everything outside string literals blanked, lines kept.
fn literals_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        match c {
            '\n' => out.push('\n'),
            '\\' if in_string => {
                out.push(' ');
                if let Some(n) = chars.next() {
                    out.push(if n == '\n' { '\n' } else { ' ' });
                }
            }
            '"' => {
                in_string = !in_string;
                out.push(' ');
            }
            // A quote inside a char literal ('"') opens no string.
            '\'' if !in_string && chars.peek() == Some(&'"') => {
                chars.next();
                out.push_str("  ");
            }
            c if in_string => out.push(c),
            _ => out.push(' '),
        }
    }
    out
}

/// Whether `text` holds `phrase` as whole words, ignoring case.
fn contains_word(text: &str, phrase: &str) -> bool {
    let text = text.to_lowercase();
    let phrase = phrase.to_lowercase();
    text.match_indices(&phrase).any(|(at, _)| {
        let before = text.get(..at).and_then(|s| s.chars().next_back());
        let after = text.get(at + phrase.len()..).and_then(|s| s.chars().next());
        // `$project` and `projectName` are code, not a drifted word.
        let joined_before = before.is_some_and(|c| c.is_alphanumeric() || "$_.#".contains(c));
        let joined_after = after.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !joined_before && !joined_after
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drifted_words_are_found_outside_code_only() {
        let text = "Lihat Solusi Rujukan.\nSatu project-nya, `projectName` dan `project`.\n```\nproject\n```\nprojector, { $project: 1 }\n";
        assert_eq!(
            problems("a.md", text),
            vec![
                pesan::istilah_melenceng("a.md", 1, "solusi rujukan", "solusi acuan"),
                pesan::istilah_melenceng("a.md", 2, "project", "proyek"),
            ]
        );
    }

    #[test]
    fn calques_are_found_as_whole_words() {
        let text = "Tahap ini cepat. Ia ditaruh di depan.\nMedia dan via tidak.\n";
        let (calque, advice) = pesan::KALKE[0];
        assert_eq!(
            problems("a.md", text),
            vec![pesan::kalke("a.md", 1, calque, advice)]
        );
    }

    #[test]
    fn italic_glossary_terms_are_flagged_bold_ones_not() {
        let terms: BTreeSet<String> = ["hot partition".to_string()].into();
        let text = "Satu *hot partition*, satu **hot partition**, *milik* induknya.\n";
        assert_eq!(
            italic_terms("a.md", text, &terms),
            vec![pesan::istilah_miring("a.md", 1, "hot partition")]
        );
    }

    #[test]
    fn lesson_files_are_checked_in_their_prose_fields_only() {
        let text = "id = \"x\"\n[[latihan]]\nid = \"a\"\njudul = \"Judul\"\nsoal = \"\"\"\nKembalikan larik nim.\n\"\"\"\npetunjuk = [\n  \"Satu\",\n  \"Dua kueri\",\n]\nawal = '''\n// TODO: larik nim\n'''\n";
        assert_eq!(
            lesson_prose("p.toml", text),
            vec![
                pesan::istilah_melenceng("p.toml", 6, "larik", "array"),
                pesan::istilah_melenceng("p.toml", 10, "kueri", "query"),
            ]
        );
    }

    #[test]
    fn the_catalogue_is_read_in_its_literals_only() {
        let source = "pub fn rekaman(x: &str) -> String {\n    format!(\"satu \\\"rekaman\\\" {x}\")\n}\nconst C: char = '\"';\nconst D: &str = \"ok\";\n";
        assert_eq!(
            catalogue_problems("k.rs", source),
            vec![pesan::istilah_melenceng("k.rs", 2, "rekaman", "catatan")]
        );
    }

    #[test]
    fn the_catalogue_keeps_to_the_book_terms() {
        let found: Vec<String> = CATALOGUE
            .iter()
            .flat_map(|(name, text)| catalogue_problems(name, text))
            .collect();
        assert_eq!(found, Vec::<String>::new());
    }
}
