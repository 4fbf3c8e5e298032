//! One word per concept: the wordings that drifted away from the book's term are
//! flagged wherever a learner reads them, in the book, the lesson files (prompts,
//! hints, sample feedback) and the catalogue of the program's own messages.

use super::chapter;
use crate::pesan;
use std::collections::BTreeSet;

/// The catalogue's sources, read as text: its wording is checked like the book's
/// (all but `pesan/istilah.rs`, which names the drifted wordings).
pub const CATALOGUE: [(&str, &str); 5] = [
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
];

/// Drifted wordings of `text` (named `source`), outside code blocks and code spans.
pub fn problems(source: &str, text: &str) -> Vec<String> {
    let inside: BTreeSet<usize> = chapter::fences(text)
        .iter()
        .flat_map(|f| f.open..=f.close)
        .collect();
    let mut out = Vec::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(i, _)| !inside.contains(i))
    {
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        for (wrong, right) in pesan::ISTILAH_MELENCENG {
            if contains_word(&prose, wrong) {
                out.push(pesan::istilah_melenceng(source, i + 1, wrong, right));
            }
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
    fn the_catalogue_keeps_to_the_book_terms() {
        let found: Vec<String> = CATALOGUE
            .iter()
            .flat_map(|(name, text)| problems(name, text))
            .collect();
        assert_eq!(found, Vec::<String>::new());
    }
}
