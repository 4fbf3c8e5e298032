//! What a question's answer is, with the explanation: shown on "lihat jawaban", in
//! the terminal and in the book.

use super::file::{figure, Kind, Question};
use super::judge::{feedback, letter, right_options};
use crate::pesan::kuis as pesan;

/// The answer and why, as lines.
pub fn answer(q: &Question) -> Vec<String> {
    match &q.kind {
        Kind::Pilihan(choices) => options(q, choices.len()),
        Kind::Rancangan {
            kandidat, syarat, ..
        } => {
            let mut lines = options(q, kandidat.len());
            lines.insert(1, pesan::batas_syarat(&figure(syarat.paling_banyak)));
            lines
        }
        Kind::Tebak {
            keluaran,
            penjelasan,
            ..
        } => with_explanation(pesan::jawaban_keluaran(keluaran), penjelasan),
        Kind::Isian {
            jawaban,
            penjelasan,
        } => with_explanation(pesan::jawaban_isian(jawaban), penjelasan),
    }
}

/// The right letters, then every option's feedback.
fn options(q: &Question, count: usize) -> Vec<String> {
    let right: Vec<char> = right_options(q).into_iter().map(letter).collect();
    let mut lines = vec![pesan::jawaban_huruf(&right)];
    lines.extend((0..count).map(|i| pesan::umpan_pilihan(letter(i), &feedback(q, i))));
    lines
}

fn with_explanation(first: String, explanation: &str) -> Vec<String> {
    let mut lines = vec![first];
    if !explanation.trim().is_empty() {
        lines.push(explanation.trim().to_string());
    }
    lines
}
