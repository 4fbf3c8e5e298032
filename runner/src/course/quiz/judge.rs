//! Judging one answer to one question: all or nothing, with the feedback that goes
//! with what was chosen. Front ends hand the learner's text (letters for options, the
//! answer itself otherwise) and show what comes back.

use super::file::{Kind, Question};
use crate::pesan::kuis as pesan;
use std::collections::BTreeSet;

/// A judged answer: right or not, and the feedback to show.
#[derive(Debug, Clone, PartialEq)]
pub struct Judged {
    pub correct: bool,
    pub notes: Vec<String>,
}

/// The letter of option `i` (`a`, `b`, …).
pub fn letter(i: usize) -> char {
    (b'a' + i as u8) as char
}

/// How many options the question offers (0 for a typed answer).
pub fn option_count(q: &Question) -> usize {
    match &q.kind {
        Kind::Pilihan(choices) => choices.len(),
        Kind::Rancangan { kandidat, .. } => kandidat.len(),
        _ => 0,
    }
}

/// The options that are right, by index.
pub fn right_options(q: &Question) -> BTreeSet<usize> {
    let flags: Vec<bool> = match &q.kind {
        Kind::Pilihan(choices) => choices.iter().map(|c| c.benar).collect(),
        Kind::Rancangan { kandidat, .. } => kandidat.iter().map(|c| c.memenuhi).collect(),
        _ => Vec::new(),
    };
    flags
        .iter()
        .enumerate()
        .filter(|(_, b)| **b)
        .map(|(i, _)| i)
        .collect()
}

/// The letters in `input` (`a`, `a,c`, `a c`, `ac`), or why they cannot be read.
pub fn letters(input: &str, options: usize) -> Result<BTreeSet<usize>, String> {
    let mut chosen = BTreeSet::new();
    for c in input.chars().filter(|c| !c.is_whitespace() && *c != ',') {
        let i = (c.to_ascii_lowercase() as usize).wrapping_sub('a' as usize);
        if i >= options {
            return Err(pesan::huruf_tidak_dikenal(c, letter(options - 1)));
        }
        chosen.insert(i);
    }
    if chosen.is_empty() {
        return Err(pesan::JAWABAN_KOSONG.to_string());
    }
    Ok(chosen)
}

/// Judges `input`; an error means it is not an answer (an unknown letter, nothing).
pub fn judge(q: &Question, input: &str) -> Result<Judged, String> {
    match &q.kind {
        Kind::Pilihan(_) | Kind::Rancangan { .. } => {
            let chosen = letters(input, option_count(q))?;
            Ok(judge_options(q, &chosen))
        }
        Kind::Tebak { keluaran, .. } => typed(input, same_output(input, keluaran)),
        Kind::Isian { jawaban, .. } => {
            let right = jawaban.iter().any(|a| same_words(a, input));
            typed(input, right)
        }
    }
}

fn typed(input: &str, correct: bool) -> Result<Judged, String> {
    if input.trim().is_empty() {
        return Err(pesan::JAWABAN_KOSONG.to_string());
    }
    let verdict = if correct {
        pesan::BENAR
    } else {
        pesan::BELUM_TEPAT
    };
    Ok(Judged {
        correct,
        notes: vec![verdict.to_string()],
    })
}

/// Right when exactly the right options were chosen. The notes: the verdict, then the
/// feedback of each option chosen (on a wrong answer only of the wrong ones, so the
/// right ones stay to be found), then whether right ones are still missing.
fn judge_options(q: &Question, chosen: &BTreeSet<usize>) -> Judged {
    let right = right_options(q);
    let correct = *chosen == right;
    let mut notes = vec![if correct {
        pesan::BENAR
    } else {
        pesan::BELUM_TEPAT
    }
    .to_string()];
    for &i in chosen {
        if correct || !right.contains(&i) {
            notes.push(pesan::umpan_pilihan(letter(i), &feedback(q, i)));
        }
    }
    if !correct && chosen.iter().all(|i| right.contains(i)) {
        notes.push(pesan::MASIH_ADA_YANG_BENAR.to_string());
    }
    Judged { correct, notes }
}

/// Option `i`'s feedback, figures filled in for a candidate design.
pub fn feedback(q: &Question, i: usize) -> String {
    match &q.kind {
        Kind::Pilihan(choices) => choices[i].umpan.clone(),
        Kind::Rancangan {
            kandidat, syarat, ..
        } => kandidat[i].explanation(syarat),
        _ => String::new(),
    }
}

/// Outputs compared as output grading compares them: layout aside, either quote.
pub fn same_output(a: &str, b: &str) -> bool {
    compact(a) == compact(b)
}

/// Whitespace runs made one space, then none beside punctuation; `"` read as `'`.
fn compact(text: &str) -> String {
    let spaced = text.replace('"', "'");
    let words = spaced.split_whitespace().collect::<Vec<_>>().join(" ");
    let punct = |c: char| "[]{}(),:".contains(c);
    let chars: Vec<char> = words.chars().collect();
    chars
        .iter()
        .enumerate()
        .filter(|(i, c)| {
            **c != ' '
                || !(chars.get(i.wrapping_sub(1)).copied().is_some_and(punct)
                    || chars.get(i + 1).copied().is_some_and(punct))
        })
        .map(|(_, c)| *c)
        .collect()
}

/// Short answers: case and surrounding or repeated spaces aside.
fn same_words(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    norm(a) == norm(b)
}

#[cfg(test)]
mod tests {
    use super::super::file::Choice;
    use super::*;

    fn choice(benar: bool, umpan: &str) -> Choice {
        Choice {
            teks: String::new(),
            benar,
            umpan: umpan.into(),
        }
    }

    fn question(kind: Kind) -> Question {
        Question {
            id: "q".into(),
            konsep: true,
            tanya: "?".into(),
            kind,
        }
    }

    #[test]
    fn options_are_all_or_nothing_and_wrong_ones_name_their_misconception() {
        let q = question(Kind::Pilihan(vec![
            choice(true, "benar A"),
            choice(false, "keliru B"),
            choice(true, "benar C"),
        ]));
        assert!(judge(&q, "a, c").unwrap().correct);
        assert!(judge(&q, "CA").unwrap().correct);
        let partial = judge(&q, "a").unwrap();
        assert!(!partial.correct);
        assert!(partial
            .notes
            .contains(&pesan::MASIH_ADA_YANG_BENAR.to_string()));
        assert!(!partial.notes.iter().any(|n| n.contains("benar A")));
        let wrong = judge(&q, "b").unwrap();
        assert!(wrong.notes.iter().any(|n| n.contains("keliru B")));
        assert!(judge(&q, "d").is_err());
        assert!(judge(&q, " ").is_err());
    }

    #[test]
    fn typed_answers_compare_without_layout_or_case() {
        let q = question(Kind::Tebak {
            kode: String::new(),
            keluaran: "[ { nim: '1' }, { nim: '2' } ]".into(),
            penjelasan: String::new(),
        });
        assert!(judge(&q, "[{nim:\"1\"},{ nim: '2' }]").unwrap().correct);
        assert!(!judge(&q, "[{nim:'1'}]").unwrap().correct);
        let q = question(Kind::Isian {
            jawaban: vec!["Foreign Key".into(), "kunci asing".into()],
            penjelasan: String::new(),
        });
        assert!(judge(&q, "  foreign   key ").unwrap().correct);
        assert!(!judge(&q, "primary key").unwrap().correct);
    }
}
