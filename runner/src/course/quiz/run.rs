//! A chapter's quiz in the terminal, one question at a time: an answer is judged and
//! recorded at once; after the last, the score and the choice between retrying the
//! wrong ones and seeing every answer (which ends retrying).

use super::super::catalog::Course;
use super::super::progress::QuizRecord;
use super::super::render;
use super::file::Kind;
use super::judge::{judge, letter, option_count, right_options};
use super::{find, questions, reveal, score, Asked};
use crate::pesan::kuis as pesan;

/// Typed at any time to leave the quiz; what was answered stays recorded.
pub const LEAVE: &str = ".keluar";

#[derive(Debug, Clone, PartialEq)]
pub struct QuizRun {
    chapter: String,
    /// The questions (`bab/id`) of this round, in order.
    queue: Vec<String>,
    position: usize,
    round_over: bool,
    colour: bool,
}

/// What a line typed into the quiz gave: the text, and whether the quiz goes on.
pub struct Reply {
    pub text: String,
    pub running: bool,
}

impl QuizRun {
    /// The quiz of `chapter` from where its record stands: the questions not yet
    /// right. `None` (with the text to show) when there is nothing to ask.
    pub fn start(
        course: &Course,
        chapter: &str,
        record: Option<&QuizRecord>,
        colour: bool,
    ) -> (Option<QuizRun>, String) {
        let asked = questions(course, chapter);
        if asked.is_empty() {
            return (None, pesan::tanpa_kuis(chapter));
        }
        let (right, total) = score(record, &asked);
        if record.is_some_and(|r| r.jawaban_dilihat) {
            let text = format!("{}\n\n{}", pesan::nilai(right, total), all_answers(&asked));
            return (None, format!("{}\n\n{text}", pesan::JAWABAN_SUDAH_DILIHAT));
        }
        let queue: Vec<String> = asked
            .iter()
            .map(Asked::full_id)
            .filter(|id| !record.is_some_and(|r| r.benar.contains(id)))
            .collect();
        if queue.is_empty() {
            return (None, pesan::semua_benar(total));
        }
        let run = QuizRun {
            chapter: chapter.to_string(),
            queue,
            position: 0,
            round_over: false,
            colour,
        };
        let intro = pesan::pembuka_kuis(chapter, run.queue.len(), total);
        let text = format!("{intro}\n\n{}", run.ask(course));
        (Some(run), text)
    }

    pub fn chapter(&self) -> &str {
        &self.chapter
    }

    /// One typed line: an answer, or at the end of a round `ulang` or `jawaban`.
    pub fn input(&mut self, course: &Course, record: &mut QuizRecord, line: &str) -> Reply {
        let line = line.trim();
        if line == LEAVE {
            let (right, total) = score(Some(record), &questions(course, &self.chapter));
            return done(format!(
                "{} {}",
                pesan::KUIS_DITINGGALKAN,
                pesan::nilai(right, total)
            ));
        }
        if self.round_over {
            return self.after_round(course, record, line);
        }
        let Some(asked) = self.current(course) else {
            return done(pesan::tanpa_kuis(&self.chapter));
        };
        let judged = match judge(asked.question, line) {
            Ok(judged) => judged,
            Err(why) => return going(why),
        };
        record.note(&asked.full_id(), judged.correct);
        let mut text = judged.notes.join("\n");
        self.position += 1;
        if self.position < self.queue.len() {
            text = format!("{text}\n\n{}", self.ask(course));
        } else {
            self.round_over = true;
            text = format!("{text}\n\n{}", self.round_end(course, record));
        }
        going(text)
    }

    fn after_round(&mut self, course: &Course, record: &mut QuizRecord, line: &str) -> Reply {
        let asked = questions(course, &self.chapter);
        match line.to_lowercase().as_str() {
            "ulang" => {
                self.queue = asked
                    .iter()
                    .map(Asked::full_id)
                    .filter(|id| !record.benar.contains(id))
                    .collect();
                self.position = 0;
                self.round_over = false;
                going(self.ask(course))
            }
            "jawaban" | "lihat jawaban" => {
                record.jawaban_dilihat = true;
                let (right, total) = score(Some(record), &asked);
                done(format!(
                    "{}\n\n{}",
                    all_answers(&asked),
                    pesan::nilai(right, total)
                ))
            }
            _ => going(pesan::PILIHAN_AKHIR_KUIS.to_string()),
        }
    }

    /// The score, and what can be done next (nothing to retry when all are right).
    fn round_end(&self, course: &Course, record: &QuizRecord) -> String {
        let (right, total) = score(Some(record), &questions(course, &self.chapter));
        if right == total {
            return format!("{}\n{}", pesan::nilai(right, total), pesan::KUIS_TUNTAS);
        }
        format!(
            "{}\n{}",
            pesan::nilai(right, total),
            pesan::PILIHAN_AKHIR_KUIS
        )
    }

    /// The line the REPL shows while the quiz waits.
    pub fn prompt(&self) -> &'static str {
        if self.round_over {
            "kuis (ulang/jawaban)> "
        } else {
            "kuis> "
        }
    }

    fn current<'a>(&self, course: &'a Course) -> Option<Asked<'a>> {
        find(course, self.queue.get(self.position)?)
    }

    /// The current question as the terminal shows it.
    fn ask(&self, course: &Course) -> String {
        let Some(asked) = self.current(course) else {
            return String::new();
        };
        let q = asked.question;
        let heading = pesan::judul_soal(
            self.position + 1,
            self.queue.len(),
            right_options(q).len() > 1 || matches!(q.kind, Kind::Rancangan { .. }),
        );
        let mut lines = vec![heading, render::prose(q.tanya.trim(), self.colour)];
        match &q.kind {
            Kind::Pilihan(choices) => {
                lines.extend(
                    choices
                        .iter()
                        .enumerate()
                        .map(|(i, c)| option_line(i, &c.teks)),
                );
            }
            Kind::Rancangan { kandidat, .. } => {
                lines.extend(
                    kandidat
                        .iter()
                        .enumerate()
                        .map(|(i, c)| option_line(i, &c.teks)),
                );
            }
            Kind::Tebak { kode, .. } => {
                lines.push(indent(kode.trim()));
            }
            Kind::Isian { .. } => {}
        }
        lines.push(pesan::cara_menjawab(option_count(q) > 0));
        lines.join("\n")
    }
}

fn option_line(i: usize, text: &str) -> String {
    format!("  {}) {}", letter(i), text.trim())
}

fn indent(code: &str) -> String {
    code.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every question with its answer and explanation.
pub fn all_answers(asked: &[Asked]) -> String {
    asked
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let mut lines = vec![pesan::judul_jawaban(i + 1, &a.question.id)];
            lines.extend(reveal::answer(a.question));
            lines.join("\n")
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

fn going(text: String) -> Reply {
    Reply {
        text,
        running: true,
    }
}

fn done(text: String) -> Reply {
    Reply {
        text,
        running: false,
    }
}
