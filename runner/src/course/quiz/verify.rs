//! What `kursus periksa` proves of a chapter's quiz: its shape (enough questions, half
//! of them conceptual, a design trade-off, earlier questions asked again), every option
//! with feedback, and every computed answer as the engine computes it now: a
//! statement's output run on the chapter's dataset, each candidate design loaded,
//! measured on the design exercise's generated data and judged against the
//! requirement. A stale answer fails; `--perbarui` writes the computed one.

use super::super::catalog::{Course, Lesson};
use super::super::design::measure::{measure, Figure, Measured};
use super::super::design::{Blueprint, Spec};
use super::super::grade::trim_output;
use super::super::shell_port::{visible_output, ShellFactory, ShellPort};
use super::file::{figure, Candidate, Kind, Measure, Question, QuizFile, Requirement};
use crate::pesan::kuis as pesan;

/// Fewest own questions per chapter.
pub const MIN_QUESTIONS: usize = 6;

/// A computed value the file should hold.
#[derive(Debug, Clone, PartialEq)]
pub enum Update {
    Keluaran {
        question: String,
        value: String,
    },
    Candidate {
        question: String,
        index: usize,
        memenuhi: bool,
        angka: f64,
    },
}

/// What the check found in one chapter's quiz: failures, and the computed values.
#[derive(Debug, Default)]
pub struct Found {
    pub problems: Vec<String>,
    pub updates: Vec<Update>,
}

/// Checks `lesson`'s quiz; `plan` finds a design exercise's reference plan by full id.
pub fn check<'a, F: ShellFactory>(
    factory: &F,
    course: &Course,
    lesson: &Lesson,
    plan: impl Fn(&str) -> Option<&'a Blueprint>,
) -> Found {
    let mut found = Found::default();
    let chapter = &lesson.file.id;
    let Some(quiz) = &lesson.kuis else {
        found.problems.push(pesan::bab_tanpa_kuis(chapter));
        return found;
    };
    found.problems.extend(shape(course, lesson, quiz));
    for q in &quiz.soal {
        let label = format!("{chapter}/{}", q.id);
        match &q.kind {
            Kind::Pilihan(choices) => found.problems.extend(choice_problems(&label, choices)),
            Kind::Isian { jawaban, .. } => {
                if jawaban.iter().all(|a| a.trim().is_empty()) {
                    found.problems.push(pesan::isian_tanpa_jawaban(&label));
                }
            }
            Kind::Tebak { kode, keluaran, .. } => {
                let actual = run_statement(factory, lesson, kode);
                if actual != trim_output(keluaran) {
                    found
                        .problems
                        .push(pesan::keluaran_basi(&label, keluaran, &actual));
                    found.updates.push(Update::Keluaran {
                        question: q.id.clone(),
                        value: actual,
                    });
                }
            }
            Kind::Rancangan {
                latihan,
                syarat,
                kandidat,
            } => {
                let design = lesson
                    .file
                    .latihan
                    .iter()
                    .find(|e| e.id == *latihan)
                    .and_then(|e| e.design());
                let blueprint = plan(&format!("{chapter}/{latihan}"));
                match (design, blueprint) {
                    (Some(spec), Some(blueprint)) => {
                        let checked = Design {
                            spec,
                            blueprint,
                            syarat,
                        };
                        checked.candidates(factory, &label, q, kandidat, &mut found);
                    }
                    _ => found
                        .problems
                        .push(pesan::latihan_rancangan_tak_ada(&label, latihan)),
                }
            }
        }
    }
    found
}

/// Counts and references: enough own questions, half conceptual, a design question,
/// unique ids, and each question asked again found in an earlier chapter.
fn shape(course: &Course, lesson: &Lesson, quiz: &QuizFile) -> Vec<String> {
    let chapter = &lesson.file.id;
    let mut problems = Vec::new();
    let own = quiz.soal.len();
    let conceptual = quiz.soal.iter().filter(|q| q.konsep).count();
    let designs = quiz
        .soal
        .iter()
        .filter(|q| matches!(q.kind, Kind::Rancangan { .. }))
        .count();
    // A design question runs candidates in a design exercise's contract: a chapter with
    // design exercises must have one.
    let has_designs = lesson.file.latihan.iter().any(|e| e.design().is_some());
    if own < MIN_QUESTIONS || conceptual * 2 < own || (has_designs && designs == 0) {
        problems.push(pesan::kuis_kurang(chapter, own, conceptual, designs));
    }
    for (i, q) in quiz.soal.iter().enumerate() {
        if quiz.soal[..i].iter().any(|p| p.id == q.id) {
            problems.push(pesan::id_ganda(chapter, &q.id));
        }
    }
    let position = |id: &str| course.lessons.iter().position(|l| l.file.id == id);
    let here = position(chapter).unwrap_or(0);
    for id in &quiz.ulang {
        let earlier = id
            .split_once('/')
            .and_then(|(c, _)| position(c))
            .is_some_and(|at| at < here);
        if !earlier || super::find(course, id).is_none() {
            problems.push(pesan::ulang_tak_ada(chapter, id));
        }
    }
    if here > 0 && !(1..=2).contains(&quiz.ulang.len()) {
        problems.push(pesan::ulang_berapa(chapter, quiz.ulang.len()));
    }
    problems
}

fn choice_problems(label: &str, choices: &[super::file::Choice]) -> Vec<String> {
    let mut problems = Vec::new();
    if !(2..=5).contains(&choices.len()) || !choices.iter().any(|c| c.benar) {
        problems.push(pesan::pilihan_salah_bentuk(label, choices.len()));
    }
    for (i, c) in choices.iter().enumerate() {
        if c.umpan.trim().is_empty() || c.teks.trim().is_empty() {
            problems.push(pesan::pilihan_tanpa_umpan(label, super::judge::letter(i)));
        }
    }
    problems
}

/// What a statement prints on the chapter's main dataset, as an example's keluaran.
fn run_statement<F: ShellFactory>(factory: &F, lesson: &Lesson, code: &str) -> String {
    let mut shell = factory.create(lesson.file.seed());
    if let Err(e) = lesson.utama.load_into(&mut shell) {
        return e.to_string();
    }
    trim_output(&visible_output(&shell.run_statements(code)))
}

struct Design<'a> {
    spec: &'a Spec,
    blueprint: &'a Blueprint,
    syarat: &'a Requirement,
}

impl Design<'_> {
    fn candidates<F: ShellFactory>(
        &self,
        factory: &F,
        label: &str,
        q: &Question,
        kandidat: &[Candidate],
        found: &mut Found,
    ) {
        if let Some(problem) = self.requirement_problem(label) {
            found.problems.push(problem);
            return;
        }
        if !(2..=5).contains(&kandidat.len()) {
            found
                .problems
                .push(pesan::pilihan_salah_bentuk(label, kandidat.len()));
        }
        let mut meeting = Vec::new();
        for (i, c) in kandidat.iter().enumerate() {
            let letter = super::judge::letter(i);
            let measured = match measure(factory, self.spec, self.blueprint, &c.model) {
                Ok(measured) => measured,
                Err(why) => {
                    found
                        .problems
                        .push(pesan::kandidat_gagal(label, letter, &why));
                    continue;
                }
            };
            let (memenuhi, angka) = self.judge(&measured);
            meeting.push(memenuhi);
            if memenuhi != c.memenuhi || (angka - c.angka).abs() > 1e-9 {
                found.problems.push(pesan::kandidat_basi(
                    label,
                    letter,
                    (memenuhi, &figure(angka)),
                    (c.memenuhi, &figure(c.angka)),
                    measured.correct,
                ));
                found.updates.push(Update::Candidate {
                    question: q.id.clone(),
                    index: i,
                    memenuhi,
                    angka,
                });
            }
            if c.umpan.trim().is_empty() {
                found
                    .problems
                    .push(pesan::pilihan_tanpa_umpan(label, letter));
            }
        }
        let all_same = meeting.windows(2).all(|w| w[0] == w[1]);
        if meeting.len() == kandidat.len() && all_same {
            found.problems.push(pesan::kandidat_seragam(label));
        }
    }

    /// A requirement on a pattern must name one the exercise has.
    fn requirement_problem(&self, label: &str) -> Option<String> {
        let per_pattern = self.syarat.ukuran.per_pattern();
        match &self.syarat.pola {
            Some(p) if per_pattern && self.spec.pattern(p).is_some() => None,
            None if !per_pattern => None,
            other => Some(pesan::syarat_pola_salah(label, other.as_deref())),
        }
    }

    /// Whether the measured model meets the requirement, and its figure.
    fn judge(&self, measured: &Measured) -> (bool, f64) {
        let m = &measured.metrics;
        let pattern = self.syarat.pola.as_deref().unwrap_or_default();
        let angka = match self.syarat.ukuran {
            Measure::Baca => m.get(pattern, Figure::Reads),
            Measure::Tulis => m.get(pattern, Figure::Writes),
            Measure::Rcu => m.get(pattern, Figure::Rcu),
            Measure::Diperiksa => m.get(pattern, Figure::Examined),
            Measure::Larik => m.longest as f64,
            Measure::Dokumen => m.largest as f64,
        };
        let within = angka <= self.syarat.paling_banyak + 1e-9;
        (measured.correct && within, angka)
    }
}
